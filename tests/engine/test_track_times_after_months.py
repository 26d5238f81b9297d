"""A track time can be named however long the evening (or the campaign) has run.

A hostile evening run passed 120 days outside combat (track 10,368,000): from then on
no reminder "at track T" and no effect "until track T" could be set, since a track
time was capped like a span at 10,000,000 TU. Spans keep that cap; so does how far
ahead the track is run on standing orders.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import FastForward, StartCombat
from rules.model.effect_commands import AddEffect, AddReminder, PassTime
from rules.model.effects import MAX_TU, Duration, parse_duration
from rules.model.state import Combatant, Encounter
from tests.support.engine_steps import refused

DAYS_120 = 120 * 24 * 60 * 60  # TU: the track's seconds


def months_in() -> Session:
    kans = Combatant(id="kans", name="Kans", stats={"Wits": 6, "Endurance": 6})
    return Session(Encounter(name="campaign", combatants={"kans": kans}, time=DAYS_120))


def test_after_120_days_a_reminder_and_an_effect_at_a_track_time_are_taken() -> None:
    s = months_in()
    now = s.encounter.time
    assert now > MAX_TU
    s.do(AddReminder(text="the shuttle lands", at=now + 60), ScriptedDice())
    s.do(
        AddEffect(targets=["kans"], name="Dazed", duration=parse_duration(f"t{now + 30}")),
        ScriptedDice(),
    )
    s.do(PassTime(amount=60), ScriptedDice())
    assert [p.kind for p in s.encounter.pending] == ["reminder"]
    assert s.encounter.combatants["kans"].effects == []  # Dazed ended at its track time


def test_spans_keep_their_cap_and_so_does_running_ahead() -> None:
    with pytest.raises(ValidationError, match=f"at most {MAX_TU} TU"):
        Duration(kind="tu", amount=MAX_TU + 1)
    s = months_in()
    s.do(StartCombat(initiators=["kans"]), ScriptedDice([5]))
    far = s.encounter.time + MAX_TU + 1
    refused(s, FastForward(until=far, orders={"kans": ["Attack"]}), f"at most {MAX_TU} TU ahead")
