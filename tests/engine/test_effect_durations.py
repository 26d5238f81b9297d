"""Each kind of effect duration ends when it should, logged, and undo/redo are exact (issue 15)."""

from __future__ import annotations

from rules.model.commands import Advance, EndCombat, StartCombat, TakeOpportunity
from rules.model.effect_commands import AddEffect, RemoveEffect
from rules.model.effects import Duration
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import stunned
from tests.support.engine_steps import do, refused, undo_all


def _duel():  # type: ignore[no-untyped-def]
    """Lio acts at 0 (Strike, 4 TU); Bo at 4."""
    return fight(0, fighter("lio", 0), fighter("bo", 4))


def _names(session, cid: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.name for e in session.encounter.combatants[cid].effects]


def test_n_tu_ends_at_its_time_before_the_opportunity_then() -> None:
    s = _duel()
    do(s, stunned("bo", duration=Duration(kind="tu", amount=4)))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    lines = do(s, Advance())
    assert lines == ["Bo: Stunned ends (4 TU from 0)", "Track 4: Action Opportunity for Bo"]
    assert _names(s, "bo") == []


def test_until_a_track_time_and_a_time_not_ahead_is_refused() -> None:
    s = _duel()
    do(s, stunned("bo", duration=Duration(kind="until", amount=4)))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance())[0] == "Bo: Stunned ends (track 4)"
    refused(s, stunned("bo", duration=Duration(kind="until", amount=4)), r"track 4 is not after")


def test_the_bearers_next_opportunity_ends_it_when_it_opens() -> None:
    s = _duel()
    do(s, stunned("lio", "bo", duration=Duration(kind="next")))
    assert s.encounter.combatants["lio"].effects[0].duration.whose == "lio"
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))  # Lio's open one is not its next
    assert do(s, Advance()) == [
        "Track 4: Action Opportunity for Bo",
        "Bo: Stunned ends (its next Action Opportunity opened)",
    ]
    assert _names(s, "lio") == ["Stunned"]
    do(s, TakeOpportunity(actor="bo", actions=["Strike"]))
    assert do(s, Advance())[-1] == "Lio: Stunned ends (its next Action Opportunity opened)"


def test_someone_elses_next_opportunity_ends_it() -> None:
    s = _duel()
    aiming = AddEffect(targets=["lio"], name="Aiming", duration=Duration(kind="next", whose="bo"))
    do(s, aiming)
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    assert do(s, Advance())[-1] == "Lio: Aiming ends (Bo's next Action Opportunity opened)"


def test_end_of_combat_ends_it_and_until_removed_stays() -> None:
    s = _duel()
    do(s, stunned("lio", duration=Duration(kind="end")))
    do(s, AddEffect(targets=["lio"], name="Blessed"))
    lines = do(s, EndCombat(outcome="victory"))
    assert "Lio: Stunned ends (the combat ended)" in lines
    assert _names(s, "lio") == ["Blessed"]


def test_the_gm_removes_one_and_a_wrong_id_is_named() -> None:
    s = _duel()
    do(s, AddEffect(targets=["lio"], name="Blessed"))
    effect = s.encounter.combatants["lio"].effects[0]
    refused(s, RemoveEffect(target="lio", effect=effect.id + 50), f"has {effect.id} Blessed")
    assert do(s, RemoveEffect(target="lio", effect=effect.id)) == [
        "Lio: Blessed ends (removed by the GM)"
    ]


def test_one_command_for_several_targets_is_one_undo() -> None:
    s = _duel()
    start = s.encounter.model_dump(mode="json")
    do(s, stunned("lio", "bo"))
    ids = [c.effects[0].id for c in s.encounter.combatants.values()]
    assert len(set(ids)) == 2 and len(s.done) == 1
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_expiry_undoes_and_redoes_exactly() -> None:
    s = _duel()
    start = s.encounter.model_dump(mode="json")
    do(s, stunned("bo", duration=Duration(kind="tu", amount=4)))
    do(s, stunned("lio", duration=Duration(kind="next", whose="bo")))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(s, Advance())
    end = s.encounter.model_dump(mode="json")
    s.undo()
    assert _names(s, "bo") == ["Stunned"] and _names(s, "lio") == ["Stunned"]
    s.redo()
    assert s.encounter.model_dump(mode="json") == end
    undo_all(s, start)


def test_a_new_combat_keeps_each_effects_tu_left() -> None:
    s = _duel()
    do(s, stunned("bo", duration=Duration(kind="tu", amount=10)))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    do(s, Advance())  # track 4: 6 TU left
    do(s, EndCombat(outcome="truce"))
    do(s, StartCombat(initiators=["lio", "bo"]))
    effect = s.encounter.combatants["bo"].effects[0]
    assert (effect.start, effect.ends, s.encounter.time) == (-4, 6, 0)
