"""The special-die picker's words for a roleplay chance die in battle (C1)."""

from __future__ import annotations

from rules.model.state import Combatant, Encounter
from tracker.modals.act.common import special_choices


def test_the_roleplay_die_in_battle_reads_locked_in_battle() -> None:
    kans = Combatant(id="k", name="Kans", stats={"Wits": 7}, ttu=0)
    encounter = Encounter(combatants={"k": kans}, in_combat=True)
    line = next(c for c in special_choices(encounter, kans) if c.kind == "chance-roleplay")
    assert line.refused is not None
    assert line.label == "roleplay chance die: locked in battle (C1)"
