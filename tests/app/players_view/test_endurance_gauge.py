"""The players' screen shows each party member's Endurance as a bar of its base (A9), with
the WP taken beside it, so the table sees across the room how near one is to 0, where
each damage calls a demise check (R31); a foe gets none (its stats are never shown,
issue 16)."""

from __future__ import annotations

from rules.engine.public_view import public_view
from rules.model.state import Combatant, Encounter
from tracker.players.view.widgets.figures import (
    EMPTY,
    FULL,
    GAUGE,
    MIN_BAR,
    figure_content,
    gauge,
)


def test_the_bar_is_effective_endurance_over_its_base() -> None:
    assert gauge((6, 6)) == FULL * GAUGE
    assert gauge((3, 6)) == FULL * 6 + EMPTY * 6
    assert gauge((0, 6)) == EMPTY * GAUGE
    assert gauge((-4, 6)) == EMPTY * GAUGE  # below 0: the bar empty (the number says -4)
    assert gauge((1, 0)) == EMPTY * GAUGE  # a hand-made base of 0: no division
    assert gauge((3, 6), cells=20) == FULL * 10 + EMPTY * 10  # as long as its card allows


def both() -> tuple[Combatant, Combatant]:
    ana = Combatant(id="ana", name="Ana", side="PC", stats={"Endurance": 6}, bleed_wp=9)
    vorn = Combatant(id="vorn", name="Vorn", side="enemy", stats={"Endurance": 5}, bleed_wp=3)
    return ana, vorn.model_copy(update={"reveal": "numbers"})


def test_the_party_has_its_bar_and_number_and_a_foe_only_its_number() -> None:
    view = public_view(Encounter(combatants={c.id: c for c in both()}))
    assert view.party[0].endurance == (3, 6)  # A9: 9 WP, -3
    card = figure_content(view.party[0], 30).plain.splitlines()
    assert card[0].startswith("badly hurt") and card[0].endswith("End 3/6")
    assert card[1] == FULL * 10 + EMPTY * 9 + " WP taken 9"  # the bar fills the card (19)
    foe = view.foes[0].figures
    assert foe is not None and foe.endurance is None
    shown = figure_content(foe, 30).plain
    assert "WP taken 3" in shown and "End" not in shown
    assert FULL not in shown and EMPTY not in shown


def test_a_narrow_card_keeps_a_bar_and_its_number() -> None:
    view = public_view(Encounter(combatants={c.id: c for c in both()}))
    row = figure_content(view.party[0], 14).plain.splitlines()[1]
    assert row.startswith(FULL * 3) and row.count(FULL) + row.count(EMPTY) == MIN_BAR
    assert row.endswith("WP taken 9")
