"""The A10 line in the act dialogs uses the engine's own surprise test.

A surprised combatant tied at `now` whose opportunity has not opened yet
(R5) already knows the fight: `rules.engine.reactions.eligible` lets it react, so the
dialog must show its TTU arithmetic, not "unaware" (A7, A10).
"""

from __future__ import annotations

from rules.engine.reactions import eligible
from rules.model.state import Encounter
from tests.support.act_fixtures import lio, markon
from tracker.modals.act.common import may_react, reaction_line


def tie(markon_ttu: int) -> Encounter:
    return Encounter(
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={
            "lio": lio(ttu=13),
            "markon": markon(ttu=markon_ttu, awareness="surprised"),
        },
    )


def test_surprised_but_tied_now_shows_the_arithmetic_the_engine_allows_A10() -> None:
    enc = tie(13)
    m = enc.combatants["markon"]
    assert eligible(m, 6, 13) and may_react(enc, m, 6)
    assert reaction_line(enc, m, "Dodge", 6) == "TTU 13 − Dodge 6 = 7 ≤ now 13"


def test_surprised_and_later_is_still_unaware_A10() -> None:
    enc = tie(16)
    m = enc.combatants["markon"]
    assert not may_react(enc, m, 6)
    assert reaction_line(enc, m, "Dodge", 6) == (
        "Markon is surprised: unaware, so it cannot react (A10)"
    )
