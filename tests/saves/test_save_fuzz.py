"""Bad files: whatever bytes are on disk, only SaveError escapes, and nothing is written.

Hand-made bad files first (foreign, truncated, newer, wrong values): each is
refused with a message a GM can act on and is never overwritten by a save.
Then fuzzing: arbitrary bytes, byte-level damage to a real save (flips,
cuts, insertions) and JSON-level damage (values of the wrong type, dropped
keys, absurd nesting, huge numbers). A mutation that still forms a valid
save may load; anything else must be a SaveError naming the file. The file,
and the folder around it, are never changed by a load or by listing saves.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.session import HistoryError, Session
from rules.model.state import SCHEMA_VERSION
from rules.saves.folder import list_saves
from rules.saves.store import FORMAT, SaveError, load_session, save_session
from tests.support.saved_fights import dump, fought_session
from tests.support.soak import examples

FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# --- refusals ----------------------------------------------------------------------
def test_a_foreign_file_is_refused_on_load_and_never_overwritten(
    tmp_path: Path, fought: Any
) -> None:
    session, _ = fought
    path = tmp_path / "notes.json"
    path.write_text('{"hello": "world"}\n')
    with pytest.raises(SaveError) as caught:
        load_session(path)
    assert str(caught.value) == f"cannot open {path}: it is not a tracker save (no 'format' field)"
    assert caught.value.path == path and "no 'format' field" in caught.value.problem
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)
    with pytest.raises(SaveError, match="left untouched") as refused:
        save_session(session, path)
    assert refused.value.action == "save"
    assert path.read_text() == '{"hello": "world"}\n'
    # nothing but the (empty) lock the refused save took: rules.saves.lock
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json", "notes.json.lock"]
    assert (tmp_path / "notes.json.lock").stat().st_size == 0


def test_a_file_changed_behind_our_back_is_checked_again(tmp_path: Path, fought: Any) -> None:
    """The "we wrote this" shortcut holds only while the file is the one we wrote."""
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    with open(path, "w") as handle:  # in place: same inode, new contents
        handle.write('{"format": "something-else"}')
    with pytest.raises(SaveError, match="format 'something-else'"):
        save_session(session, path)
    assert path.read_text() == '{"format": "something-else"}'


def test_a_truncated_save_is_refused_with_line_and_column(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(SaveError, match=r"truncated or not JSON \(.*line \d+, column \d+\)"):
        load_session(path)
    with pytest.raises(SaveError, match="left untouched"):
        save_session(session, path)  # a bad save is kept for rescue, never overwritten
    assert path.read_bytes() == raw[: len(raw) // 2]


def rewrite(path: Path, change: Any) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def test_a_newer_tracker_save_is_refused(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    newer = SCHEMA_VERSION + 1
    rewrite(path, lambda d: d.update(schema_version=newer))
    with pytest.raises(SaveError) as caught:
        load_session(path)
    expected = (
        f"it was written by a newer tracker (schema {newer}; this one reads up to {SCHEMA_VERSION})"
    )
    assert caught.value.problem == expected


def test_a_bad_value_is_named_by_its_place_in_the_file(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    rewrite(path, lambda d: d["encounter"]["combatants"]["c1"]["stats"].update(Wits=-1))
    with pytest.raises(SaveError) as caught:
        load_session(path)
    assert caught.value.problem == (
        "encounter.combatants.c1.stats.Wits: Input should be greater than or equal to 0"
    )
    path.unlink()  # else the save is refused: the file changed since this session wrote it
    save_session(session, path)
    rewrite(path, lambda d: d["history"]["done"][3]["faces"].append("six"))
    with pytest.raises(SaveError, match=r"^cannot open .*: history\.done\[3\]\.faces\[2\]: "):
        load_session(path)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is empty"),
        (b"[1, 2]", "it is not a tracker save (it holds a JSON list)"),
        (b'{"format": "fading-suns-tracker"}', "no whole-number schema_version"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[" * 100_000, "nests too deeply"),
    ],
)
def test_broken_files_say_what_is_wrong(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_session(path)
    assert problem in caught.value.problem
    assert path.read_bytes() == content


def test_missing_files_and_folders_are_save_errors(tmp_path: Path, fought: Any) -> None:
    with pytest.raises(SaveError, match="does not exist"):
        load_session(tmp_path / "nowhere.json")
    with pytest.raises(SaveError, match="is a folder"):
        load_session(tmp_path)
    with pytest.raises(SaveError, match="not a valid file name"):
        load_session(tmp_path / "nul\0.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="not a save file is in the way"):
        save_session(fought[0], tmp_path / "dir.json")


def test_a_history_that_does_not_replay_is_caught_at_the_first_undo(
    tmp_path: Path, fought: Any
) -> None:
    """Loading does not replay (it must stay fast); Session.undo refuses with the reason."""
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    rewrite(path, lambda d: d["encounter"].update(name="Tampered"))
    loaded = load_session(path)
    with pytest.raises(HistoryError, match="does not replay.*undo stops where this save"):
        loaded.undo()
    assert loaded.encounter.name == "Tampered"


def test_an_older_trackers_tie_still_loads_and_plays_on(tmp_path: Path) -> None:
    """A save from before R5 ties opened one at a time: three due at once. It loads as
    saved, the GM plays on (any of the three may act), and undo stops at the load."""
    from rules.engine.session import Session
    from rules.mechanics.dice import ScriptedDice
    from rules.model.commands import Advance, StartCombat, TakeOpportunity
    from rules.model.state import Action, Combatant, Encounter

    enc = Encounter(name="old tie")
    for cid in ("a", "b", "c"):
        enc.combatants[cid] = Combatant(
            id=cid, name=cid.upper(), stats={"Wits": 5}, actions=[Action(name="Wait", cost=1)]
        )
    session = Session(enc)
    session.do(StartCombat(initiators=["a", "b", "c"]), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    path = tmp_path / "old.json"
    save_session(session, path)
    rewrite(path, lambda d: d["encounter"].update(due=["a", "b", "c"]))  # the old build's Advance
    loaded = load_session(path)
    assert loaded.encounter.due == ["a", "b", "c"]
    loaded.do(TakeOpportunity(actor="c", actions=["Wait"]), ScriptedDice())
    assert loaded.encounter.due == ["a", "b"]
    loaded.undo()  # the step taken after the load undoes exactly
    assert loaded.encounter.due == ["a", "b", "c"]
    with pytest.raises(HistoryError, match="older tracker"):
        loaded.undo()
    assert loaded.encounter.due == ["a", "b", "c"]


def test_a_utf8_bom_from_a_text_editor_is_accepted(tmp_path: Path, fought: Any) -> None:
    session, _ = fought
    path = tmp_path / "ambush.json"
    save_session(session, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert dump(load_session(path).encounter) == dump(session.encounter)


# --- fuzzing -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def valid(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    session, _ = fought_session()
    session.undo()
    path = tmp_path_factory.mktemp("valid") / "fight.json"
    save_session(session, path)
    return path.read_bytes()


def check_load(folder: Path, content: bytes) -> Session | None:
    """Load `content` from a file: a Session or a SaveError, the folder untouched."""
    path = folder / "fuzzed.json"
    path.write_bytes(content)
    before = os.stat(path)
    files = sorted(os.listdir(folder))
    session: Session | None = None
    try:
        session = load_session(path)
    except SaveError as error:
        assert str(error).startswith(f"cannot open {path}: ")
        assert error.path == path and error.problem
    infos = list_saves(folder)
    assert [i.path.name for i in infos] == ["fuzzed.json"]
    assert (infos[0].error is None) or infos[0].error.startswith("cannot open")
    after = os.stat(path)
    assert path.read_bytes() == content
    assert (after.st_mtime_ns, after.st_size, after.st_ino) == (
        before.st_mtime_ns,
        before.st_size,
        before.st_ino,
    )
    assert sorted(os.listdir(folder)) == files
    return session


@FUZZ
@given(content=st.binary(max_size=3000))
def test_arbitrary_bytes_only_ever_raise_save_error(folder: Path, content: bytes) -> None:
    check_load(folder, content)


@FUZZ
@given(content=st.text(alphabet='{}[]":,0123456789.-eEtrufalsn \n\\', max_size=400))
def test_json_like_noise_only_ever_raises_save_error(folder: Path, content: str) -> None:
    check_load(folder, content.encode())


BYTE_EDIT = st.tuples(
    st.sampled_from(["flip", "delete", "insert", "truncate"]),
    st.floats(min_value=0, max_value=1, exclude_max=True),
    st.binary(min_size=1, max_size=8),
)


@FUZZ
@given(edits=st.lists(BYTE_EDIT, min_size=1, max_size=4))
def test_damaged_bytes_of_a_real_save(folder: Path, valid: bytes, edits: list[Any]) -> None:
    data = bytearray(valid)
    for kind, where, extra in edits:
        at = int(where * len(data)) if data else 0
        if kind == "flip" and data:
            data[at] ^= extra[0] or 0x01
        elif kind == "delete":
            del data[at : at + len(extra)]
        elif kind == "insert":
            data[at:at] = extra
        else:
            del data[at:]
    check_load(folder, bytes(data))


DEEP = "__deep__"
WRONG_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just(DEEP),
)


def containers(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in the document: the places a mutation can hit."""
    places: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        keys = list(node) if isinstance(node, dict) else range(len(node))
        for key in keys:
            places.append((node, key))
            if isinstance(node[key], dict | list) and node[key]:
                stack.append(node[key])
    return places


@FUZZ
@given(
    hits=st.lists(
        st.tuples(st.integers(min_value=0), st.sampled_from(["replace", "drop"]), WRONG_VALUES),
        min_size=1,
        max_size=3,
    ),
    depth=st.sampled_from([50, 300, 3000, 200_000]),
)
def test_wrong_values_and_missing_keys(
    folder: Path, valid: bytes, hits: list[Any], depth: int
) -> None:
    data = json.loads(valid)
    for index, action, value in hits:
        places = containers(data)
        node, key = places[index % len(places)]
        if action == "drop":
            del node[key]
        else:
            node[key] = value
    text = json.dumps(data, allow_nan=True)
    text = text.replace(json.dumps(DEEP), "[" * depth + "1" + "]" * depth)
    check_load(folder, text.encode())


@pytest.mark.parametrize(
    "document",
    [
        {"format": FORMAT, "schema_version": 1, "encounter": DEEP, "history": {}},
        {"format": FORMAT, "schema_version": 10**100},
        {"format": FORMAT, "schema_version": -1, "encounter": {}},
        {"format": FORMAT, "schema_version": 0, "encounter": {"combatants": [1, 2]}},
        {"format": FORMAT, "schema_version": 0, "encounter": {"combatants": [{"id": 5}]}},
        {"format": FORMAT, "schema_version": 0, "encounter": {"next_id": "x"}},
        {"format": FORMAT, "schema_version": True},
        {"format": ["fading-suns-tracker"], "schema_version": 1},
    ],
)
def test_hand_made_traps(folder: Path, document: dict[str, Any]) -> None:
    text = json.dumps(document).replace(json.dumps(DEEP), "[" * 5000 + "]" * 5000)
    assert check_load(folder, text.encode()) is None


def test_a_deep_v0_save_fails_cleanly(folder: Path) -> None:
    deep = "[" * 900 + "]" * 900
    text = (
        f'{{"format": "{FORMAT}", "schema_version": 0,'
        f' "encounter": {{"combatants": [], "notes": {deep}}}}}'
    )
    assert check_load(folder, text.encode()) is None


def test_the_valid_save_itself_loads(folder: Path, valid: bytes) -> None:
    session = check_load(folder, valid)
    assert session is not None and len(session.undone) == 1
