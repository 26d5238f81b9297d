"""A saved history whose replay raises (any exception) stops undo with a reason; the fight
plays on. The poison is a handler that raises while the history replays: what a bug in an
older or newer rule (a stale heap entry's KeyError, an assertion) does to a resumed save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import rules.engine.session as session_module
from rules.engine.context import HANDLERS
from rules.engine.session import HistoryError, Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import Advance, FastForward, StartCombat, TakeOpportunity
from rules.saves.store import load_session, save_session
from tracker.files.demo import build_demo

ORDERS = {"dinzis": ["Move"], "molin": ["Move"]}


class _Strict(BaseModel):
    n: int


def _validation_error() -> Exception:
    try:
        _Strict.model_validate({"n": "many"})
    except ValueError as error:
        return error
    raise AssertionError("unreachable")


POISONS = {
    "KeyError": lambda: KeyError("kans"),
    "AssertionError": lambda: AssertionError("heap out of order"),
    "ValidationError": _validation_error,
    "ZeroDivisionError": lambda: ZeroDivisionError("division by zero"),
}


def saved(tmp_path: Path) -> Path:
    """Begin, Dinzis's opportunity, a standing-orders run to Kans's (no orders): saved."""
    session = Session(build_demo())
    dice = SeededDice(4)
    session.do(StartCombat(initiators=["dinzis"]), dice)
    session.do(Advance(), dice)
    session.do(TakeOpportunity(actor="dinzis", actions=["Move"]), dice)
    session.do(FastForward(until=60, orders=ORDERS), ScriptedDice())
    path = tmp_path / "card game.json"
    save_session(session, path)
    return path


def poison(monkeypatch: pytest.MonkeyPatch, make: Any) -> None:
    def raises(ctx: Any, cmd: Any) -> None:
        raise make()

    monkeypatch.setitem(HANDLERS, FastForward, raises)


@pytest.mark.parametrize("make", POISONS.values(), ids=list(POISONS))
def test_undo_stops_with_the_reason_and_the_fight_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: Any
) -> None:
    loaded = load_session(saved(tmp_path))
    as_saved = loaded.encounter.model_dump(mode="json")
    poison(monkeypatch, make)
    with pytest.raises(HistoryError) as caught:
        loaded.undo()
    reason = str(caught.value)
    assert reason.startswith("step 4 of the saved history (fast_forward) cannot be replayed")
    assert type(make()).__name__ in reason and "undo stops where this save was opened" in reason
    assert loaded.encounter.model_dump(mode="json") == as_saved
    assert all(step.journal is None for step in loaded.done)  # no journal of the failed replay
    # The fight plays on: a step taken now undoes exactly, then undo stops again.
    assert loaded.encounter.due == ["kans"]  # the run stopped at Kans: no orders (A8)
    loaded.do(TakeOpportunity(actor="kans", actions=["Move"]), SeededDice(9))
    loaded.do(Advance(), SeededDice(9))
    loaded.undo()
    loaded.undo()
    assert loaded.encounter.model_dump(mode="json") == as_saved
    with pytest.raises(HistoryError, match="cannot be replayed"):
        loaded.undo()
    save_session(loaded, tmp_path / "played on.json")  # and it still saves


def test_a_saved_redo_that_raises_is_refused_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved(tmp_path)
    session = load_session(path)
    session.undo()  # the run, undone and saved: a redo waits in the file
    save_session(session, path)
    loaded = load_session(path)
    before = loaded.encounter.model_dump(mode="json")
    poison(monkeypatch, POISONS["KeyError"])
    with pytest.raises(HistoryError, match=r"redo of fast_forward fails \(KeyError: 'kans'\)"):
        loaded.redo()
    assert loaded.encounter.model_dump(mode="json") == before
    assert loaded.can_redo


def test_a_history_that_failed_to_replay_is_not_replayed_again_at_each_undo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first refusal is remembered: a long save is not replayed whole at every `u`."""
    loaded = load_session(saved(tmp_path))
    poison(monkeypatch, POISONS["KeyError"])
    with pytest.raises(HistoryError) as first:
        loaded.undo()
    replays: list[object] = []
    real_apply = session_module.apply
    monkeypatch.setattr(session_module, "apply", lambda *a: replays.append(a) or real_apply(*a))
    with pytest.raises(HistoryError) as again:
        loaded.undo()
    assert str(again.value) == str(first.value)
    assert replays == []


def test_a_save_whose_log_an_older_tracker_worded_otherwise_still_undoes(
    tmp_path: Path,
) -> None:
    """The previous build logged each hit twice ("to confirm", then "applied") and worded
    lines otherwise; its saves replay to the same encounter but another log. Undo goes
    on past the load (the log in today's words), instead of stopping there."""
    path = saved(tmp_path)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    log = data["encounter"]["log"]
    log[0]["text"] = "Combat begins (as an older tracker put it)"
    log.insert(1, {**log[1], "text": "an older tracker's extra line"})
    for seq, event in enumerate(log, 1):
        event["seq"] = seq
    path.write_text(json.dumps(data), encoding="utf-8")
    session = load_session(path)
    assert session.encounter.log[0].text.startswith("Combat begins (as an older")
    session.undo()  # replays the history: the same encounter, today's log
    assert session.encounter.log[0].text != "Combat begins (as an older tracker put it)"
    assert all("older tracker" not in e.text for e in session.encounter.log)
    while session.can_undo:
        session.undo()
    assert session.encounter.log == [] and not session.encounter.in_combat


def test_a_replay_that_changes_more_than_the_log_still_stops_undo(tmp_path: Path) -> None:
    path = saved(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["encounter"]["combatants"]["kans"]["notes"] = "edited by hand"
    path.write_text(json.dumps(data), encoding="utf-8")
    session = load_session(path)
    with pytest.raises(HistoryError, match="does not replay to the saved encounter"):
        session.undo()
    assert session.encounter.combatants["kans"].notes == "edited by hand"
