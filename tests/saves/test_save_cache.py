"""Saves reuse the JSON of what never changes (rules.saves.cache); the file stays exact.

Every test compares the bytes a save writes with what the `SaveFile` model
writes for the same session: after undo pops log events and new commands add
others, after redo, after a load, at other indentations, and after every step
of random fights (commands, refusals, undo, redo and reloads mixed).
"""

from __future__ import annotations

import gc
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.session import Session, Step
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import AddCombatant, Advance, EditCombatant, Luck, TakeOpportunity
from rules.model.state import SCHEMA_VERSION
from rules.saves import cache, store
from rules.saves.store import FORMAT, History, SavedStep, SaveFile, load_session, save_session
from tests.support.random_fights import candidates, fighter, start_encounter
from tests.support.saved_fights import dump, fought_session, soldier
from tests.support.soak import examples


def reference(session: Session, written: bytes) -> bytes:
    """What the SaveFile model writes for this session, at the written file's saved_at."""
    assert session.base is not None
    model = SaveFile(
        format=FORMAT,
        schema_version=SCHEMA_VERSION,
        saved_at=json.loads(written)["saved_at"],
        encounter=session.encounter,
        history=History(
            base=session.base,
            done=[SavedStep(command=s.command, faces=s.faces) for s in session.done],
            undone=[SavedStep(command=s.command, faces=s.faces) for s in session.undone],
        ),
    )
    return model.model_dump_json(indent=store.INDENT).encode()


def assert_saves_exactly(session: Session, path: Path) -> bytes:
    """Save for real (atomic write and all) and compare the file with the reference."""
    save_session(session, path)
    raw = path.read_bytes()
    assert raw.endswith(b"\n")
    assert raw[:-1] == reference(session, raw[:-1])
    return raw


def serialized_exactly(session: Session) -> bool:
    """The bytes a save would write (no disk: fast enough for every step) are exact."""
    data = store._serialize(session, Path("unused.json"))
    return data == reference(session, data)


def go_on(session: Session) -> None:
    """The fight's next ordinary command: the first due combatant aims, else time advances."""
    due = session.encounter.due
    command = TakeOpportunity(actor=due[0], actions=["Aim"], hold="Aim") if due else Advance()
    session.do(command, ScriptedDice())


def test_after_undo_redo_and_new_commands_the_file_is_still_exact(tmp_path: Path) -> None:
    """Undo pops log events (and moves steps to the redo stack), new commands add others."""
    session, states = fought_session()
    path = tmp_path / "ambush.json"
    assert_saves_exactly(session, path)
    logged = len(session.encounter.log)
    for _ in range(3):
        session.undo()
    assert len(session.encounter.log) < logged
    assert_saves_exactly(session, path)
    session.redo()
    assert_saves_exactly(session, path)
    go_on(session)  # clears the redo stack, logs new events
    assert len(session.undone) == 0
    assert_saves_exactly(session, path)
    # Between two saves: events popped, then other ones at the same places in the log.
    before = [event.text for event in session.encounter.log]
    session.undo()
    session.undo()
    session.do(Luck(target="c2", amount=1), ScriptedDice())  # R17
    after = [event.text for event in session.encounter.log]
    assert any(old != new for old, new in zip(before, after, strict=False))
    assert_saves_exactly(session, path)
    while session.can_undo:
        session.undo()
    assert dump(session.encounter) == states[0]  # undo all gives back the start
    assert_saves_exactly(session, path)


def test_a_loaded_session_saves_exactly(tmp_path: Path) -> None:
    """A loaded session's objects are all new: its first save makes every piece again."""
    session, _ = fought_session()
    session.undo()
    first = assert_saves_exactly(session, tmp_path / "first.json")
    loaded = load_session(tmp_path / "first.json")
    again = assert_saves_exactly(loaded, tmp_path / "again.json")
    start = b'"encounter"'  # byte for byte after the timestamp
    assert again[again.index(start) :] == first[first.index(start) :]
    loaded.undo()  # rebuilds the journals by replay: a new encounter, new log events
    assert_saves_exactly(loaded, tmp_path / "again.json")
    go_on(loaded)
    assert_saves_exactly(loaded, tmp_path / "again.json")


def test_other_indentations_are_exact_too(tmp_path: Path, monkeypatch: Any) -> None:
    """Compact JSON (the bench's comparison) and a wider indent, then back to the default."""
    session, _ = fought_session()
    # A name that puts the compact item separator `,{` inside log texts and a command.
    session.do(AddCombatant(combatant=soldier("c9", 'Odd,{"x": 1}')), SeededDice(5))
    path = tmp_path / "ambush.json"
    for indent in (None, 3, store.INDENT):
        monkeypatch.setattr(store, "INDENT", indent)
        assert_saves_exactly(session, path)
        session.undo()
        assert_saves_exactly(session, path)


def test_one_command_object_in_two_steps_with_other_faces_is_exact() -> None:
    """Pieces are keyed by the command and the faces list: one command may recur."""
    session, _ = fought_session()
    command = session.done[-1].command
    session.done += [Step(command, [4, 2]), Step(command, [9])]
    assert serialized_exactly(session)
    session.undone.append(Step(command, [4, 2]))
    assert serialized_exactly(session)


def test_the_pieces_hold_only_what_the_session_holds() -> None:
    """Popped events and dropped steps leave the table at the next save; so does the session."""
    session, _ = fought_session()
    assert serialized_exactly(session)
    for _ in range(4):
        session.undo()
    go_on(session)  # the undone steps are gone for good
    assert serialized_exactly(session)
    pieces = cache._PIECES[id(session)]
    log = session.encounter.log
    assert pieces.log_ids == [id(event) for event in log]
    assert all(kept is event for kept, event in zip(pieces.log, log, strict=True))
    steps = session.done + session.undone
    assert set(pieces.steps) == {(id(s.command), id(s.faces)) for s in steps}
    key = id(session)
    del session, pieces, steps
    gc.collect()
    assert key not in cache._PIECES


def test_a_log_changed_other_than_at_its_end_is_saved_exactly() -> None:
    """The pieces follow a log that grew or shrank at its end from the last one saved;
    one changed at its head or in its middle is worked out piece by piece, still exact."""
    from rules.model.event import Event

    session, _ = fought_session()
    log = session.encounter.log
    assert serialized_exactly(session)
    log.insert(0, Event(seq=-1, time=0, kind="attack", text="older than the fight"))
    assert serialized_exactly(session)
    log[3] = Event(seq=-2, time=0, kind="note", text="a line put in the middle")
    assert serialized_exactly(session)
    del log[:2]
    assert serialized_exactly(session)
    log.append(Event(seq=-3, time=1, kind="note", text="the newest"))
    assert serialized_exactly(session)
    del log[-3:]
    assert serialized_exactly(session)
    assert cache._PIECES[id(session)].log_ids == [id(event) for event in log]


def more_candidates(session: Session, pick: st.DataObject) -> list[object]:
    """The property test's commands, plus adds and edits (commands that carry a sheet)."""
    encounter = session.encounter
    out = candidates(encounter, pick)
    n = len(encounter.combatants)
    out.append(AddCombatant(combatant=fighter(f"c{n}", f"Newcomer {n}", wits=5 + n % 3)))
    cid = pick.draw(st.sampled_from(list(encounter.combatants)))
    edited = encounter.combatants[cid].model_copy(deep=True)
    edited.notes = f"edited {n}"
    edited.skills["Melee"] = pick.draw(st.integers(0, 10))
    out.append(EditCombatant(combatant=edited))
    return out


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_every_step_of_random_fights_saves_exactly(data: st.DataObject, seed: int) -> None:
    """After every step (command or refusal, undo, redo, reload), or every few, a save is exact.

    Saving only every few steps lets undo pop events and new commands log others
    between two saves, at the same places in the log.
    """
    session = Session(start_encounter())
    first = dump(session.encounter)
    dice = SeededDice(seed)
    moves = st.sampled_from(["do"] * 6 + ["undo", "undo", "redo", "reload"])
    every = data.draw(st.integers(1, 4))  # saves after every step, or after some only
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.json"
        for index in range(data.draw(st.integers(5, 40))):
            move = data.draw(moves)
            if move == "do":
                command = data.draw(st.sampled_from(more_candidates(session, data)))
                try:
                    session.do(command, dice)  # type: ignore[arg-type]
                except CommandError:
                    pass
            elif move == "undo" and session.can_undo:
                session.undo()
            elif move == "redo" and session.can_redo:
                session.redo()
            elif move == "reload":
                assert_saves_exactly(session, path)
                session = load_session(path)
            if index % every == 0:
                assert serialized_exactly(session)
        assert_saves_exactly(session, path)
    while session.can_undo:
        session.undo()
    assert dump(session.encounter) == first
    assert serialized_exactly(session)
