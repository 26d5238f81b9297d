"""A passage's steady cycles are skipped exactly (issue 23): the same encounter, the same
log as every tick through the engine (`effect_track.SKIP_STEADY = False`), and undo
exact. Before, a day of a 1-TU poison on six was 518,400 engine ticks (tens of seconds)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import effect_track, wounding
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.model.commands import ResolveCheck
from rules.model.effect_commands import AddEffect, AddReminder, DismissReminder, PassTime
from rules.model.effects import Duration, Tick
from rules.model.state import Combatant, Encounter, TickWP
from tests.support.passage import DAY, pass_time, tickers

_ticks = st.builds(
    Tick,
    every=st.integers(1, 12),
    wp=st.integers(1, 3),
    one_wound=st.sampled_from([False, False, False, True]),
)


@st.composite
def _scenes(draw: st.DrawFn) -> tuple[Encounter, list[Any], int, int]:
    combatants = []
    for i in range(draw(st.integers(1, 3))):
        checked = draw(st.booleans())
        stats = {"Endurance": draw(st.integers(2, 8))} if draw(st.booleans()) else {"Wits": 4}
        blr = draw(st.integers(0, 3))
        combatants.append(
            Combatant(
                id=f"c{i}",
                name=f"C{i}",
                stats=stats,
                bleed_rate=blr,
                bleed_anchor=-draw(st.integers(0, 9)) if blr else None,
                half_endurance_checked=checked,
                zero_endurance_checked=checked,
                dead=draw(st.integers(0, 9)) == 0,
            )
        )
    enc = Encounter(combatants={c.id: c for c in combatants})
    setup: list[Any] = []
    for c in combatants:
        for _ in range(0 if c.dead else draw(st.integers(0, 2))):
            tu = draw(st.none() | st.integers(1, 400))
            duration = Duration() if tu is None else Duration(kind="tu", amount=tu)
            tick = draw(st.none() | _ticks)
            setup.append(AddEffect(targets=[c.id], name="Fire", duration=duration, tick=tick))
    if draw(st.booleans()):
        setup.append(AddReminder(text="the shuttle", in_tu=draw(st.integers(1, 2_000))))
    return enc, setup, draw(st.integers(1, 3_000)), draw(st.integers(0, 99))


def _run(enc: Encounter, setup: list[Any], tu: int, seed: int, skip: bool) -> Session:
    s = Session(enc.model_copy(deep=True))
    dice = SeededDice(seed)
    for command in setup:
        s.do(command, dice)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(effect_track, "SKIP_STEADY", skip)
        left = tu
        for _ in range(60):  # each stop answered: demise checks rolled, reminders seen
            if left <= 0:
                break
            start = s.encounter.time
            s.do(PassTime(amount=left), dice)
            left -= s.encounter.time - start
            while s.encounter.pending:
                p = s.encounter.pending[0]
                if p.kind == "reminder":
                    s.do(DismissReminder(id=p.id), dice)
                else:
                    s.do(ResolveCheck(pending=p.id), dice)
    return s


@settings(max_examples=150, deadline=None)
@given(_scenes())
def test_skipping_steady_cycles_gives_the_tick_by_tick_encounter_and_log(
    scene: tuple[Encounter, list[Any], int, int],
) -> None:
    enc, setup, tu, seed = scene
    skipped, exact = _run(enc, setup, tu, seed, True), _run(enc, setup, tu, seed, False)
    assert skipped.encounter.model_dump(mode="json") == exact.encounter.model_dump(mode="json")
    before = Session(enc.model_copy(deep=True)).encounter.model_dump(mode="json")
    while skipped.can_undo:
        skipped.undo()
    assert skipped.encounter.model_dump(mode="json") == before


def test_a_day_of_a_one_tu_poison_on_six_takes_a_handful_of_engine_ticks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = tickers(6, every=1, endurance=None)  # no Endurance: no check stops it (R31)
    calls = 0
    real = wounding.tick_damage

    def counted(*args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        real(*args, **kwargs)

    monkeypatch.setattr(wounding, "tick_damage", counted)
    pass_time(s, DAY)
    c = s.encounter.combatants["c5"]
    assert c.tick_wp == {"Poison": TickWP(wp=DAY, ticks=DAY)} and c.wounds == []  # counted
    assert calls <= 6 * 40, f"{calls} ticks through the engine"  # before: 518,400
