"""Commands and pending decisions refuse changes: the history, undo and the save cache
rely on a command staying what it was, and the forms only read a pending decision."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import ValidationError

from rules.engine.context import Context
from rules.mechanics.dice import RecordingDice, ScriptedDice
from rules.model.commands import COMMAND_ADAPTER, Advance, ApplyWound, Command, CommandModel
from rules.model.state import Combatant, Encounter, Pending
from tests.support.pending_samples import DEMISE


def test_every_command_type_is_frozen() -> None:
    union = get_args(get_args(Command)[0])
    assert union, "the Command union lists its types"
    for kind in union:
        assert issubclass(kind, CommandModel), kind.__name__
        assert kind.model_config.get("frozen") is True, kind.__name__
        assert kind.model_config.get("extra") == "forbid", kind.__name__  # still closed


def test_a_command_refuses_an_assignment() -> None:
    cmd = COMMAND_ADAPTER.validate_python({"type": "wound", "target": "a", "wound_points": 2})
    assert isinstance(cmd, ApplyWound)
    with pytest.raises(ValidationError, match="frozen"):
        cmd.wound_points = 5
    assert cmd.wound_points == 2
    with pytest.raises(ValidationError, match="frozen"):
        Advance().type = "advance"


def test_a_pending_refuses_an_assignment_but_the_journal_still_records_a_change() -> None:
    enc = Encounter(name="t")
    enc.combatants["a"] = Combatant(id="a", name="A", stats={"Endurance": 5})
    pending = Pending(id=1, kind="demise", combatant="a", goal=3, text="old", data=DEMISE)
    enc.pending.append(pending)
    with pytest.raises(ValidationError, match="frozen"):
        pending.text = "new"
    assert pending.text == "old"
    ctx = Context(enc, RecordingDice(ScriptedDice()))
    ctx.j.set(pending, "text", "new")  # rules.engine.wounding refreshes a demise text this way
    assert pending.text == "new"
    ctx.undo()
    assert pending.text == "old"


def test_a_logged_event_refuses_an_assignment() -> None:
    """The save cache reuses a logged event's JSON by identity (rules/saves/cache.py):
    an event changed after it was logged would be saved as it was."""
    enc = Encounter(name="t")
    event = Context(enc, RecordingDice(ScriptedDice())).emit("note", "Kans arrives")
    with pytest.raises(AttributeError):
        event.text = "Kans leaves"  # type: ignore[misc]  # the point: it is refused
    assert event.text == "Kans arrives" and enc.log == [event]
