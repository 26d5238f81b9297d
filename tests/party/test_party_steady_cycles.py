"""The party's long passage skips steady bleeding cycles (rules.party.steady) and gives
exactly the tick-by-tick answer: the same characters, history line and per-character
lines, for any party, span, demise goal and dice (A14, A16, R15, R31). And it does skip:
a day for six bleeders takes a handful of engine ticks, not 51,840 (R31: they meet their
checks at Endurance 0 within minutes, and no cycle is skipped past one)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import wounding
from rules.mechanics.dice import SeededDice
from rules.model.effects import Duration, Effect, Tick
from rules.model.party import Party
from rules.model.state import Combatant, Wound
from rules.party.between import new_party
from rules.party.clock import pass_time
from rules.party.errors import PartyError
from tests.support.soak import examples

LOCATIONS = ("chest", "head", "left leg", "right arm")


@st.composite
def characters(draw: st.DrawFn, index: int) -> Combatant:
    rate = draw(st.integers(0, 3))
    anchor = draw(st.one_of(st.none(), st.integers(-40, 0))) if rate else None
    stats = {"Wits": 5}
    if draw(st.integers(0, 5)):  # now and then a sheet with no Endurance
        stats["Endurance"] = draw(st.integers(0, 8))
    wounds = draw(
        st.lists(
            st.builds(
                Wound,
                wp=st.integers(1, 8),
                location=st.sampled_from(LOCATIONS),
                bleeding=st.booleans(),
            ),
            max_size=3,
        )
    )
    effects: list[Effect] = []
    if not draw(st.integers(0, 4)):  # now and then an effect: never steady while it lasts
        every = draw(st.integers(3, 40))
        span = draw(st.integers(1, 400))
        effects.append(
            Effect(
                id=100 + index,
                name="Poison",
                start=draw(st.integers(-20, 0)),
                duration=draw(st.sampled_from([Duration(kind="tu", amount=span), Duration()])),
                tick=draw(st.one_of(st.none(), st.just(Tick(every=every, wp=1)))),
            )
        )
    half = draw(st.booleans())
    return Combatant(
        id=f"c{index}",
        name=f"C{index}",
        side="PC",
        stats=stats,
        wounds=wounds,
        bleed_rate=rate,
        bleed_anchor=anchor,
        half_endurance_checked=half,
        zero_endurance_checked=half and draw(st.booleans()),
        dead=not draw(st.integers(0, 9)),
        effects=effects,
    )


@st.composite
def parties(draw: st.DrawFn) -> Party:
    count = draw(st.integers(1, 6))
    return new_party("Company", [draw(characters(i)) for i in range(count)], uid="company")


def _passage(party: Party, amount: int, unit: Any, seed: int, goal: int, exact: bool) -> object:
    try:
        return pass_time(party, amount, unit, SeededDice(seed), goal, tick_by_tick=exact)
    except PartyError as error:
        return f"refused: {error}"


@settings(max_examples=examples(300), deadline=None)
@given(
    party=parties(),
    span=st.one_of(
        st.tuples(st.integers(1, 3000), st.just("TU")),
        st.tuples(st.integers(1, 60), st.just("minutes")),
    ),
    seed=st.integers(0, 2**16),
    goal=st.integers(0, 20),
)
def test_skipping_steady_cycles_gives_the_tick_by_tick_answer(
    party: Party, span: tuple[int, str], seed: int, goal: int
) -> None:
    amount, unit = span
    skipped = _passage(party, amount, unit, seed, goal, exact=False)
    exact = _passage(party, amount, unit, seed, goal, exact=True)
    assert skipped == exact


def six_bleeders(checked: bool) -> Party:
    return new_party(
        "Bench",
        [
            Combatant(
                id=f"c{i}",
                name=f"C{i}",
                side="PC",
                stats={"Endurance": 6, "Wits": 5},
                wounds=[Wound(location="chest", wp=3, bleeding=True)],
                bleed_rate=1 + i % 3,
                bleed_anchor=-i,
                half_endurance_checked=checked,
                zero_endurance_checked=checked,
            )
            for i in range(6)
        ],
    )


@pytest.mark.parametrize("checked", [True, False])
def test_a_day_for_six_bleeders_is_the_same_and_takes_a_handful_of_ticks_R31(
    checked: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R31 (was: past both lines they bled 8,640 ticks a day, alive): each is checked at
    every tick that leaves it at Endurance 0, and dies of it within minutes; the cycles
    before are skipped up to where the checks begin, exactly."""
    party = six_bleeders(checked)
    exact = pass_time(party, 24, "hours", SeededDice(3), tick_by_tick=True)
    calls = 0
    real = wounding.bleed_tick

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        real(*args, **kwargs)

    monkeypatch.setattr(wounding, "bleed_tick", counted)
    skipped = pass_time(party, 24, "hours", SeededDice(3))
    assert skipped == exact
    lines = skipped.history[-1].lines
    for c, line in zip(skipped.characters.values(), lines, strict=True):
        assert c.dead, c.name  # goal 5 on row 0 (R15): no one survives a day of checks
        assert c.bleed_wp <= 60, c.name  # minutes of bleeding, not a day's
        assert f"{c.name} dies (failed demise check, " in line
    assert sum(line.count("(zero endurance): demise check") for line in lines) >= 6
    assert calls <= 6 * 20  # the ticks up to the checks, then none: not 51,840
