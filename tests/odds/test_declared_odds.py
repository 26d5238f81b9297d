"""Exact odds of a declared roll: equal to rules.odds.skill, to the engine's own rolls, by hand.

A declared special die (C1-C3) or exertion (A5) shifts a roll's odds; the
convolution is checked face by face against `rules.engine.roll.perform_roll`, and
the small pieces (die branches, dodge VS, an opposed round) against values
counted by hand.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.context import Context
from rules.engine.roll import perform_roll
from rules.mechanics import farad
from rules.mechanics.dice import RecordingDice, ScriptedDice
from rules.model.state import Combatant, Encounter
from rules.odds.declared import (
    at_least,
    convolve,
    roll_distribution,
    round_odds,
    special_branches,
    victory_distribution,
)
from rules.odds.skill import success_distribution
from tests.support.soak import examples

D10 = {face: Fraction(1, 10) for face in range(1, 11)}


def _lio(luck: int, drains: dict[str, int]) -> Combatant:
    """The seed's A10 shooter (Dexterity 8), with one Shoot die so every face can be listed."""
    stats = dict.fromkeys(("Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech"), 5)
    return Combatant(
        id="lio",
        name="Lio",
        side="PC",
        stats={**stats, "Dexterity": 8},
        skills={"Shoot": 1},
        luck=luck,
        drains=drains,
    )


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
    c = _lio(luck, drains)
    expected = _engine_distribution(c, special, exert)
    value = c.effective("Dexterity")
    assert roll_distribution(value, 1, 0, exert, special, luck >= 0) == expected


@given(st.integers(-2, 24), st.integers(0, 10), st.integers(-6, 6))
@settings(max_examples=examples(60), deadline=None)
def test_nothing_declared_is_the_plain_roll(stat: int, dice: int, modifier: int) -> None:
    """A1/R1: without exertion or a die the odds are exactly rules.odds.skill'."""
    assert roll_distribution(stat, dice, modifier) == success_distribution(stat, dice, modifier)


def test_exertion_adds_the_stat() -> None:
    """A5: exerting shifts every SS by the effective stat (Killick: Dex 6 adds 6)."""
    plain = success_distribution(6, 3)
    assert roll_distribution(6, 3, exert=True) == {ss + 6: p for ss, p in plain.items()}


def test_convolve_two_d10() -> None:
    """Two independent d10: 2..20, 11 the likeliest (10 ways in 100), summing to 1."""
    two = convolve(D10, D10)
    assert sorted(two) == list(range(2, 21))
    assert two[11] == Fraction(10, 100) and two[2] == two[20] == Fraction(1, 100)
    assert sum(two.values()) == 1


def test_no_die_is_one_unchanged_branch() -> None:
    assert special_branches(None) == ((farad.UNCHANGED, ((0, Fraction(1)),)),)


def test_chance_die_adds_a_plain_d10() -> None:
    """C1: the chance d10's face is the bonus; the stat never changes."""
    assert special_branches("chance-combat") == ((farad.UNCHANGED, tuple(D10.items())),)


def test_positive_luck_branches_r18() -> None:
    """C2/R18: no change on 2-3, or on 4-5 with a follow-up 1 (⌊1/2⌋ = 0); a 10 doubles."""
    branches = dict(special_branches("luck", True))
    assert set(branches) == {farad.UNCHANGED, farad.DOUBLED}
    unchanged = dict(branches[farad.UNCHANGED])
    assert unchanged[0] == Fraction(2, 10) + 2 * Fraction(1, 100)
    assert unchanged[-10] == Fraction(1, 100)  # a 1 turns against the die: penalty d10 10
    doubled = dict(branches[farad.DOUBLED])
    assert sum(doubled.values()) == Fraction(1, 10)
    assert min(doubled) == 2 and max(doubled) == 20  # bonus 2d10 with the doubling
    total = sum(p for _f, mods in branches.items() for _m, p in mods)
    assert total == 1


def test_negative_luck_halves_on_a_ten() -> None:
    """C2/R17: a negative die's 10 is a 2d10 penalty and the stat halved."""
    branches = dict(special_branches("luck", False))
    halved = dict(branches[farad.HALVED])
    assert sum(halved.values()) == Fraction(1, 10)
    assert min(halved) == -20 and max(halved) == -2


def test_desperation_branches() -> None:
    """C3: 2-7 change nothing (6 in 10); a 10 doubles the stat with a 2d10 bonus."""
    branches = dict(special_branches("desperation"))
    assert dict(branches[farad.UNCHANGED])[0] == Fraction(6, 10)
    assert sum(dict(branches[farad.DOUBLED]).values()) == Fraction(1, 10)


def test_an_unknown_die_names_the_argument() -> None:
    with pytest.raises(ValueError, match="kind"):
        special_branches("fate")


def test_dodge_vs_is_zero_when_the_dodge_fails() -> None:
    """A10: a failed dodge adds 0 to the attacker's goal; a success adds its VS."""
    dist = {2: Fraction(1, 4), 5: Fraction(1, 4), 8: Fraction(1, 2)}
    assert victory_distribution(dist, 5) == {0: Fraction(1, 2), 3: Fraction(1, 2)}


def test_at_least_counts_the_goal_itself() -> None:
    """A2: SS equal to the goal succeeds."""
    dist = {4: Fraction(1, 3), 5: Fraction(1, 3), 6: Fraction(1, 3)}
    assert at_least(dist, 5) == Fraction(2, 3)
    assert at_least(dist, 7) == 0 and at_least(dist, -1) == 1


def test_round_odds_by_hand() -> None:
    """A6: A rolls 5, B rolls 0 or 5; A needs margin 4 (B's skill) and gets it half the time."""
    odds = round_odds({5: Fraction(1)}, {0: Fraction(1, 2), 5: Fraction(1, 2)}, 0, 3, 4)
    assert (odds.a_ahead, odds.tie, odds.b_ahead) == (Fraction(1, 2), Fraction(1, 2), 0)
    assert (odds.a_wins, odds.b_wins) == (Fraction(1, 2), 0)


def test_round_odds_both_at_zero_is_no_win() -> None:
    """A6: with both skills 0, a level round meets both lines at once: nobody wins it."""
    odds = round_odds({1: Fraction(1)}, {1: Fraction(1)}, 0, 0, 0)
    assert odds.tie == 1 and odds.a_wins == odds.b_wins == 0


@given(
    st.integers(0, 12),
    st.integers(0, 4),
    st.integers(0, 12),
    st.integers(0, 4),
    st.integers(-10, 10),
    st.integers(0, 10),
    st.integers(0, 10),
)
@settings(max_examples=examples(60), deadline=None)
def test_round_odds_count_every_pair(
    stat_a: int, dice_a: int, stat_b: int, dice_b: int, margin: int, skill_a: int, skill_b: int
) -> None:
    """A6/R4: margin += SS_A − SS_B over every pair of scores, counted directly."""
    da, db = success_distribution(stat_a, dice_a), success_distribution(stat_b, dice_b)
    a_wins = b_wins = ahead = behind = Fraction(0)
    for sa, p in da.items():
        for sb, q in db.items():
            new = margin + sa - sb
            ahead += p * q if sa > sb else 0
            behind += p * q if sa < sb else 0
            a_line, b_line = new >= skill_b, -new >= skill_a
            a_wins += p * q if a_line and not b_line else 0
            b_wins += p * q if b_line and not a_line else 0
    odds = round_odds(da, db, margin, skill_a, skill_b)
    assert (odds.a_ahead, odds.b_ahead, odds.tie) == (ahead, behind, 1 - ahead - behind)
    assert (odds.a_wins, odds.b_wins) == (a_wins, b_wins)
