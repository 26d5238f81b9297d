"""R15 between fights: the GM gives the goal of the demise checks that come due while the
party passes time (A16), and each check's line says its goal, dice and outcome."""

from __future__ import annotations

import pytest

from rules.mechanics.dice import ScriptedDice
from rules.model.party import Party
from rules.model.state import Wound
from rules.party.clock import pass_time
from rules.party.errors import PartyError
from tests.support.party_steps import company

EIGHTEEN_VP = [10] * 6  # Kans's 6d10 on the Endurance 3 row: 18 VP


def bleeding_past_half() -> Party:
    """Kans (Endurance 6) with 8 WP, bleeding: the first tick crosses half Endurance."""
    party = company()
    kans = party.get("c1").model_copy(
        update={
            "wounds": [Wound(wp=8, location="chest", bleeding=True)],
            "bleed_rate": 1,
            "bleed_anchor": -4,
        }
    )
    return party.model_copy(update={"characters": {**party.characters, "c1": kans}})


def test_the_gms_goal_decides_the_check_and_the_line_names_it() -> None:
    party = bleeding_past_half()
    survived = pass_time(party, 40, "TU", ScriptedDice(EIGHTEEN_VP))  # the default goal 5
    assert not survived.get("c1").dead
    died = pass_time(party, 40, "TU", ScriptedDice(EIGHTEEN_VP), demise_goal=19)
    assert died.get("c1").dead
    entry = died.history[-1]
    assert entry.text.startswith("Time passes: 40 TU, demise checks at goal 19 (R15): ")
    line = entry.lines[0]
    assert "demise check: 6d10 vs Endurance 3 (10 10 10 10 10 10: 3+3+3+3+3+3 = 18 VP)" in line
    assert "= 18 VP) vs goal 19 → dies" in line
    assert "Kans dies (failed demise check, half endurance)" in line


def test_the_goal_given_equal_to_the_default_reads_the_same() -> None:
    party = bleeding_past_half()
    plain = pass_time(party, 40, "TU", ScriptedDice(EIGHTEEN_VP))
    given = pass_time(party, 40, "TU", ScriptedDice(EIGHTEEN_VP), demise_goal=5)
    assert plain.characters == given.characters
    assert plain.history[-1].text == given.history[-1].text
    assert "demise checks at goal 5 (R15)" in given.history[-1].text


def test_no_check_no_goal_in_the_line() -> None:
    party = company()
    after = pass_time(party, 10, "TU", ScriptedDice(), demise_goal=12)
    assert "goal" not in after.history[-1].text


@pytest.mark.parametrize("goal", [-1, 61, 100])
def test_a_goal_out_of_range_is_refused_naming_it(goal: int) -> None:
    party = bleeding_past_half()
    with pytest.raises(PartyError, match="^demise goal: "):
        pass_time(party, 40, "TU", ScriptedDice(EIGHTEEN_VP), demise_goal=goal)
