"""Effects, reminders and their commands as models (issue 15): what they accept and refuse."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.commands import COMMAND_ADAPTER
from rules.model.effect_commands import (
    MAX_PASS_TU,
    SECONDS_PER_TU,
    AddEffect,
    AddReminder,
    PassTime,
    tu_of,
)
from rules.model.effects import Duration, Effect, EffectModifier, Reminder, Tick, parse_duration


def test_typed_durations_parse_to_each_kind() -> None:
    assert parse_duration("10") == Duration(kind="tu", amount=10)
    assert parse_duration("t40") == Duration(kind="until", amount=40)
    assert parse_duration("next", whose="kans") == Duration(kind="next", whose="kans")
    assert parse_duration(" END ") == Duration(kind="end")
    assert parse_duration("") == Duration(kind="removed")


@pytest.mark.parametrize("typed", ["ten", "t", "0", "-3", "t-1", "next week"])
def test_a_bad_duration_says_what_was_typed(typed: str) -> None:
    with pytest.raises(ValueError, match=f"duration {typed!r}"):
        parse_duration(typed)


def test_a_modifier_names_its_stat_or_skill_and_only_then() -> None:
    with pytest.raises(ValidationError, match="names its stat"):
        EffectModifier(target="stat", amount=-1)
    with pytest.raises(ValidationError, match="names no stat"):
        EffectModifier(target="all", name="Wits", amount=-1)
    with pytest.raises(ValidationError, match="changes nothing"):
        EffectModifier(amount=0)
    assert EffectModifier(amount=-2).text() == "−2 to every roll"
    assert EffectModifier(target="skill", name="Melee", amount=1).text() == "+1 to Melee rolls"


def test_durations_refuse_fields_that_do_not_fit() -> None:
    with pytest.raises(ValidationError, match="needs N TU"):
        Duration(kind="tu")
    with pytest.raises(ValidationError, match="takes no amount"):
        Duration(kind="end", amount=3)
    with pytest.raises(ValidationError, match="only a 'next' duration"):
        Duration(kind="tu", amount=3, whose="x")


def test_ticks_land_every_n_tu_from_the_start_up_to_the_end() -> None:
    fire = Effect(id=1, name="On fire", tick=Tick(every=5, wp=1), start=3, ends=13)
    assert [t for t in range(0, 30) if fire.ticks_at(t)] == [8, 13]
    assert fire.next_tick(0) == 8 and fire.next_tick(8) == 13 and fire.next_tick(13) is None


def test_a_reminder_has_one_moment() -> None:
    with pytest.raises(ValidationError, match="either a track time"):
        Reminder(id=1, text="x")
    with pytest.raises(ValidationError, match="either a track time"):
        Reminder(id=1, text="x", at=3, whose="a")
    with pytest.raises(ValidationError, match="exactly one of at, in_tu or whose"):
        AddReminder(text="x", at=3, in_tu=2)


def test_commands_are_frozen_and_go_through_the_union() -> None:
    raw = {"type": "add-effect", "targets": ["a", "b"], "name": "Stunned"}
    cmd = COMMAND_ADAPTER.validate_python(raw)
    assert isinstance(cmd, AddEffect) and cmd.duration == Duration(kind="removed")
    with pytest.raises(ValidationError):
        cmd.name = "Prone"  # type: ignore[misc]
    with pytest.raises(ValidationError, match="named twice"):
        AddEffect(targets=["a", "a"], name="Stunned")


def test_minutes_and_hours_are_tu_by_the_one_constant() -> None:
    assert tu_of(7, "TU") == 7
    assert PassTime(amount=2, unit="minutes").tu == 120 // SECONDS_PER_TU
    assert PassTime(amount=1, unit="hours").tu == 3600 // SECONDS_PER_TU


def test_time_passes_at_most_a_day_at_a_time() -> None:
    assert PassTime(amount=24, unit="hours").tu == MAX_PASS_TU
    with pytest.raises(ValidationError, match="25 hours is more than a day"):
        PassTime(amount=25, unit="hours")
