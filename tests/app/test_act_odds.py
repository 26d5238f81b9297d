"""The odds behind the act dialogs: equal to rules.odds, to the engine's own rolls, exact.

A declared special die (C1-C3) or exertion (A5) shifts a roll's odds; the
view's convolution is checked face by face against `rules.roll.perform_roll`.
The Anima odds are checked against values a GM can count by hand.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import farad
from rules.context import Context
from rules.dice import RecordingDice, ScriptedDice
from rules.odds import chance_of_success, expected_victory_score, victory_level_odds
from rules.roll import perform_roll
from rules.state import Combatant, Encounter
from tests.app.act_fixtures import lio
from tracker.widgets.odds import buckets, roll_distribution, summarize


@given(st.integers(0, 22), st.integers(0, 10), st.integers(-3, 25), st.integers(-6, 6))
@settings(max_examples=60, deadline=None)
def test_plain_odds_are_rules_odds(stat: int, dice: int, goal: int, modifier: int) -> None:
    """A2: with nothing declared the view's numbers are exactly rules.odds'."""
    s = summarize(roll_distribution(stat, dice, modifier), goal)
    assert s.chance == chance_of_success(stat, dice, goal, modifier)
    assert s.expected_vs == expected_victory_score(stat, dice, goal, modifier)
    levels = victory_level_odds(stat, dice, goal, modifier)
    assert all(s.levels[name] == p for name, p in levels.items() if name is not None)
    rows = buckets(roll_distribution(stat, dice, modifier), goal)
    assert 1 <= len(rows) <= 8
    assert all(b.success == (b.low >= goal) and (b.high < goal or b.low >= goal) for b in rows)


def _engine_distribution(c: Combatant, special: str, exert: bool) -> dict[int, Fraction]:
    """Every face sequence through the engine's own perform_roll (1 skill die)."""
    enc = Encounter(combatants={c.id: c})
    needs = {"luck": farad.luck_faces_needed, "desperation": farad.desperation_faces_needed}
    found: defaultdict[int, Fraction] = defaultdict(Fraction)
    for first in range(1, 11):
        extra = needs[special](first) if special in needs else 0
        for rest in product(range(1, 11), repeat=extra + 1):
            ctx = Context(enc, RecordingDice(ScriptedDice([first, *rest])))
            roll = perform_roll(
                ctx, c, skill="Shoot", stat="Dexterity", goal=None, exert=exert, special=special
            )
            ctx.j.undo()
            found[roll.success_score] += Fraction(1, 10 ** (extra + 2))
    return dict(found)


@pytest.mark.parametrize(
    ("special", "luck", "drains", "exert"),
    [
        ("luck", 2, {}, True),
        ("luck", -1, {}, False),
        ("desperation", 0, {"Dexterity": 7}, True),
        ("chance-roleplay", 0, {}, True),
    ],
)
def test_special_die_odds_match_the_engine(special, luck, drains, exert) -> None:
    """C1-C3, R18, A5: a declared die's odds equal the engine's rolls, face by face."""
    c = lio(luck=luck, drains=drains)
    c = c.model_copy(update={"skills": {"Shoot": 1}})
    expected = _engine_distribution(c, special, exert)
    value = c.effective("Dexterity")
    assert roll_distribution(value, 1, 0, exert, special, luck >= 0) == expected
