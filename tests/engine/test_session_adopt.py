"""A command applied to a copy of the encounter (the main screen's passage in a worker,
issue 23) becomes the session's newest step exactly: undo through it and past it, redo
and replay give the encounter they would have had the command been done in place."""

from __future__ import annotations

from rules.engine.apply import apply
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, Heal
from rules.model.effect_commands import PassTime
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
