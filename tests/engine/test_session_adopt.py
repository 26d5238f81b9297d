"""A command applied to a copy of the encounter (the main screen's passage in a worker,
issue 23) becomes the session's newest step exactly: undo through it and past it, redo
and replay give the encounter they would have had the command been done in place."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

import pytest

from rules.engine.apply import apply
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, Command, Heal, ResolveCheck
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from tests.support.passage import bleeders


def test_an_adopted_passage_undoes_redoes_and_replays_as_one_done_in_place() -> None:
    s, same = bleeders(2), bleeders(2)
    start = s.encounter.model_dump(mode="json")
    for session in (s, same):
        session.do(ApplyWound(target="c0", wound_points=2), ScriptedDice([]))
        session.do(Heal(target="c1", wound_points=1), ScriptedDice([]))
    copy = s.encounter.model_copy(deep=True)
    s.adopt(copy, apply(copy, PassTime(amount=35), ScriptedDice([])))
    same.do(PassTime(amount=35), ScriptedDice([]))
    assert s.encounter is copy
    after = copy.model_dump(mode="json")
    assert s.encounter.model_dump(mode="json") == same.encounter.model_dump(mode="json")
    assert s.replay().model_dump(mode="json") == same.encounter.model_dump(mode="json")
    s.undo()
    same.undo()
    assert s.encounter.model_dump(mode="json") == same.encounter.model_dump(mode="json")
    s.undo()  # before the copy: its journal is rebuilt from the base (as after a load)
    s.undo()
    assert s.encounter.model_dump(mode="json") == start
    for _ in range(3):
        s.redo()
    assert s.encounter.model_dump(mode="json") == after


def test_with_the_copys_memo_the_older_steps_undo_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 23: the older steps' journals are moved onto the copy, so the first undo past
    the passage costs what that step changed (before: a replay of the whole history)."""
    s, same = bleeders(2), bleeders(2)
    start = s.encounter.model_dump(mode="json")
    poison = AddEffect(targets=["c1"], name="Poison", tick=Tick(every=3, wp=1))
    steps: list[Command] = [
        ApplyWound(target="c0", wound_points=4, location="chest"),  # a breakage roll (A15)
        Heal(target="c1", wound_points=1),
        poison,
        PassTime(amount=25),
        Heal(target="c1", wound_points=2),
    ]
    for session in (s, same):
        for command in steps:
            session.do(command, ScriptedDice([10] * 20))
            while session.encounter.pending:  # breakage, demise (A15, A16): passed
                answer = ResolveCheck(pending=session.encounter.pending[0].id)
                session.do(answer, ScriptedDice([10] * 20))
    memo: dict[int, Any] = {}
    copy = deepcopy(s.encounter, memo)
    s.adopt(copy, apply(copy, PassTime(amount=47), ScriptedDice([])), memo)
    same.do(PassTime(amount=47), ScriptedDice([]))
    after = same.encounter.model_dump(mode="json")
    assert s.encounter.model_dump(mode="json") == after

    def no_replay(self: Session) -> None:
        raise AssertionError("an undo replayed the history")

    monkeypatch.setattr(Session, "rebuild_journals", no_replay)
    while s.can_undo:
        s.undo()
        same.undo()
        assert s.encounter.model_dump(mode="json") == same.encounter.model_dump(mode="json")
    assert s.encounter.model_dump(mode="json") == start
    while s.can_redo:
        s.redo()
    assert s.encounter.model_dump(mode="json") == after
