"""Reminders stop the track like a pending decision and are answered with one command (issue 15)."""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.handlers.track import advance_refusal
from rules.model.commands import Advance, EndCombat, StartCombat, TakeOpportunity
from rules.model.effect_commands import AddReminder, DismissReminder
from tests.support.attack_fights import fight, fighter
from tests.support.engine_steps import do, refused, undo_all


def _duel():  # type: ignore[no-untyped-def]
    return fight(0, fighter("lio", 0), fighter("bo", 4))


def test_in_n_tu_fires_before_the_opportunities_then_and_stops_the_track() -> None:
    s = _duel()
    start = s.encounter.model_dump(mode="json")
    assert do(s, AddReminder(text="Guards arrive", in_tu=4)) == [
        "Reminder set at track 4: Guards arrive"
    ]
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance()) == ["Reminder: Guards arrive (track 4)"]
    (pending,) = s.encounter.pending
    assert pending.kind == "reminder" and pending.text == "Reminder: Guards arrive"
    assert (
        advance_refusal(s.encounter) == "answer the pending decision first: Reminder: Guards arrive"
    )
    assert why_not(s.encounter, Advance()) is not None
    assert do(s, DismissReminder(id=pending.id)) == ["Reminder: Guards arrive: seen"]
    assert do(s, Advance()) == ["Track 4: Action Opportunity for Bo"]
    undo_all(s, start)


def test_at_a_track_time_and_a_time_past_is_refused() -> None:
    s = _duel()
    refused(s, AddReminder(text="late", at=0), "track 0 is not after now")
    do(s, AddReminder(text="Dawn", at=2))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance()) == ["Reminder: Dawn (track 2)"]
    assert s.encounter.time == 2 and s.encounter.reminders == []


def test_at_someones_next_opportunity_it_fires_as_it_opens() -> None:
    s = _duel()
    do(s, AddReminder(text="Bo's poison wears off", whose="bo"))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance()) == [
        "Track 4: Action Opportunity for Bo",
        "Reminder: Bo's poison wears off (Bo's Action Opportunity opened)",
    ]
    assert s.encounter.due == ["bo"]
    refused(s, Advance(), "answer the pending decision first")


def test_a_reminder_ahead_is_cancelled_and_a_wrong_id_is_named() -> None:
    s = _duel()
    do(s, AddReminder(text="Dawn", at=2))
    rid = s.encounter.reminders[0].id
    refused(s, DismissReminder(id=rid + 9), f"no reminder {rid + 9}")
    assert do(s, DismissReminder(id=rid)) == ["Reminder cancelled: Dawn"]
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance()) == ["Track 4: Action Opportunity for Bo"]  # no stop at 2


def test_why_not_leaves_the_track_cache_as_it_was() -> None:
    s = _duel()
    do(s, AddReminder(text="x", whose="bo"))
    before = dict(s.encounter.cache)
    assert why_not(s.encounter, DismissReminder(id=s.encounter.reminders[0].id)) is None
    assert s.encounter.cache.get("watch") == before.get("watch")


def test_a_new_combat_keeps_a_reminders_tu_left() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 4))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(s, Advance())  # track 4
    do(s, AddReminder(text="Dawn", in_tu=10))  # at 14
    do(s, EndCombat(outcome="truce"))
    do(s, StartCombat(initiators=["lio", "bo"]))
    assert s.encounter.reminders[0].at == 10  # 10 TU left, on the new track from 0 (A7)
