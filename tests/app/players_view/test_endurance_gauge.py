"""The players' screen shows each party member's Endurance as a bar of its base (A9), so
the table sees across the room how near one is to 0, where each damage calls a demise
check (R31); a foe gets none (its stats are never shown, issue 16)."""

from __future__ import annotations

from rules.engine.public_view import public_view
from rules.model.state import Combatant, Encounter
from tracker.players_view.widgets.figures import GAUGE, foes_text, gauge, party_text


def test_the_bar_is_effective_endurance_over_its_base() -> None:
    assert gauge((6, 6)) == "█" * GAUGE + " End 6/6"
    assert gauge((3, 6)) == "█" * 6 + "░" * 6 + " End 3/6"
    assert gauge((0, 6)) == "░" * GAUGE + " End 0/6"
    assert gauge((-4, 6)) == "░" * GAUGE + " End -4/6"  # below 0: still said, bar empty
    assert gauge((1, 0)) == "░" * GAUGE + " End 1/0"  # a hand-made base of 0: no division


def test_the_party_has_its_bar_and_a_foe_none() -> None:
    ana = Combatant(id="ana", name="Ana", side="PC", stats={"Endurance": 6}, bleed_wp=9)
    vorn = Combatant(id="vorn", name="Vorn", side="enemy", stats={"Endurance": 5}, bleed_wp=3)
    vorn = vorn.model_copy(update={"reveal": "numbers"})
    view = public_view(Encounter(combatants={"ana": ana, "vorn": vorn}))
    assert view.party[0].endurance == (3, 6)  # A9: 9 WP, -3
    assert "██████░░░░░░ End 3/6 · WP 9" in party_text(view).plain
    assert view.foes[0].figures is not None and view.foes[0].figures.endurance is None
    assert "End" not in foes_text(view).plain and "End" not in view.text().split("Vorn")[-1]
