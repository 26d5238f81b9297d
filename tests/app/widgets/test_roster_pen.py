"""The roster's Pen column is the penalty the effective stats carry (A9, A5, R20).

Before, it counted wounds only (every 3 WP), so an exhausted or drained
combatant showed no penalty while every roll of theirs took one.
"""

from __future__ import annotations

from rules.model.state import Combatant, Encounter, Wound
from tracker.widgets.roster_columns import row_cells


def pen(c: Combatant) -> str:
    return row_cells(c, Encounter(combatants={c.id: c}))["pen"]


def test_exhaustion_counts_A5() -> None:
    c = Combatant(id="k", name="Kans", exhaustion=2)
    assert pen(c) == "-2" == f"-{c.stats['Wits'] - c.effective('Wits')}"


def test_a_desperation_drain_counts_at_its_worst_stat_R20() -> None:
    wound = Wound(location="chest", level="Wound", wp=3, time=0, source="GM")
    c = Combatant(id="k", name="Kans", wounds=[wound], drains={"Wits": 2})
    assert pen(c) == "-3*"  # Wits: 1 (A9, 3 WP) + 2 drained; the * says not every stat
    assert c.stats["Wits"] - c.effective("Wits") == 3


def test_an_unhurt_fresh_combatant_has_none() -> None:
    assert pen(Combatant(id="k", name="Kans")) == ""
