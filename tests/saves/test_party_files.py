"""Party files, good and hostile: they load whole or fail with a clear SaveError, and a
file that is not this party at this revision is never overwritten (issue 17).

Mirrors the encounter saves' tests (test_saves, test_save_fuzz, test_save_symlink,
test_save_strange_paths) for `<saves>/parties/*.json`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.model.commands import ApplyWound, Luck
from rules.party.between import care
from rules.party.conflict import merge
from rules.party.encounters import new_encounter, write_back
from rules.party.errors import PartyConflict
from rules.saves import raw
from rules.saves.folder import free_party_path, list_parties
from rules.saves.party_store import (
    PartyFileConflict,
    SaveError,
    load_party,
    parties_folder,
    party_file,
    save_party,
)
from rules.saves.store import save_session
from tests.support.party_steps import company, do, fight_from
from tests.support.soak import examples


def saved(tmp_path: Path) -> Path:
    path = free_party_path(tmp_path, "Company")
    save_party(company(), path, None)
    return path


def test_a_party_round_trips_and_lists_beside_the_encounters(tmp_path: Path) -> None:
    path = saved(tmp_path)
    assert path == tmp_path / "parties" / "company.json"
    party, _ = load_party(path)
    assert party == company()
    assert [(i.name, i.error) for i in list_parties(tmp_path)] == [("Company", None)]
    assert free_party_path(tmp_path, "Company").name == "company-2.json"


def test_a_write_back_goes_through_the_file_and_a_stale_one_is_refused(tmp_path: Path) -> None:
    path = saved(tmp_path)
    party, _ = load_party(path)
    encounter = new_encounter(party, path.name, "Ambush", token="encA")
    assert party_file(tmp_path, encounter.party) == path
    written = write_back(party, encounter).party
    save_party(written, path, expected=party.revision)
    before = path.read_bytes()
    with pytest.raises(PartyFileConflict, match="revision 1, the file has 2"):
        save_party(care(party, Luck(target="c1", amount=1)), path, expected=party.revision)
    assert path.read_bytes() == before
    assert load_party(path.with_name(path.name + ".bak"))[0] == party  # the old one, kept


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "the file is empty"),
        (b'{"format": "fading-suns-party", "schema', "truncated or not JSON"),
        (b"[1, 2]", "not a party file"),
        (b'{"format": "someone-else"}', "not a party file (format 'someone-else')"),
        (b'{"format": "fading-suns-party", "schema_version": 9, "encounter_schema": 1}', "newer"),
        (b"[" * 5000 + b"]" * 5000, "nests too deeply"),
        (b"\xff\xfe junk", "not UTF-8"),
    ],
)
def test_a_bad_party_file_says_why_and_is_never_overwritten(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = parties_folder(tmp_path) / "bad.json"
    path.parent.mkdir()
    path.write_bytes(content)
    with pytest.raises(SaveError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        load_party(path)
    with pytest.raises(SaveError, match="left untouched"):
        save_party(company(), path, expected=1)
    assert path.read_bytes() == content
    (info,) = list_parties(tmp_path)
    assert info.party is None and info.error is not None and problem.split()[0] in info.error


def test_an_encounter_save_in_the_parties_folder_is_named_as_one(tmp_path: Path) -> None:
    path = parties_folder(tmp_path) / "fight.json"
    save_session(fight_from(company(), "Ambush"), path)
    with pytest.raises(SaveError, match="an encounter save, not a party file"):
        load_party(path)


def test_a_swapped_file_holding_another_party_is_left_alone(tmp_path: Path) -> None:
    path = saved(tmp_path)
    stranger = company().model_copy(update={"uid": "stranger", "name": "Strangers"})
    before = path.read_bytes()
    with pytest.raises(SaveError, match=r"another party \(Company\)"):
        save_party(stranger, path, expected=1)
    with pytest.raises(SaveError, match="already there"):
        save_party(company(), path, expected=None)  # a new party never replaces a file
    assert path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_link_is_never_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    save_party(company(), elsewhere, None)
    link = parties_folder(tmp_path) / "company.json"
    link.parent.mkdir()
    link.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    with pytest.raises(SaveError, match="symbolic link"):
        save_party(company(), link, expected=1)
    assert elsewhere.read_bytes() == before and link.is_symlink()


def test_a_huge_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path)
    monkeypatch.setattr(raw, "MAX_BYTES", 1024)
    with pytest.raises(SaveError, match="too big"):
        load_party(path)


def test_a_field_that_does_not_fit_is_named(tmp_path: Path) -> None:
    path = saved(tmp_path)
    data = json.loads(path.read_text())
    data["party"]["characters"]["c1"]["ttu"] = 12
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="characters.c1.ttu: a party character is between fights"):
        load_party(path)


@settings(
    max_examples=examples(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(cut=st.integers(0, 10_000), flip=st.integers(0, 10_000), byte=st.integers(0, 255))
def test_fuzzed_party_bytes_load_whole_or_fail_with_a_save_error(
    tmp_path: Path, cut: int, flip: int, byte: int
) -> None:
    good = parties_folder(tmp_path) / "good.json"
    if not good.exists():
        save_party(company(), good, None)
    data = bytearray(good.read_bytes())
    data[flip % len(data)] = byte
    bad = good.with_name("fuzzed.json")
    bad.write_bytes(bytes(data[: len(data) - cut % len(data)]))
    try:
        party, _ = load_party(bad)
    except SaveError as error:
        assert str(bad) in str(error) and error.problem
    else:
        assert party.uid  # whatever survived validates whole


def test_two_encounters_on_one_party_file_merge_by_character(tmp_path: Path) -> None:
    """Issue 17: the second write-back is refused, said why, and merged by character."""
    path = saved(tmp_path)
    party, _ = load_party(path)
    a, b = fight_from(party, "A", token="encA"), fight_from(party, "B", token="encB")
    do(a, ApplyWound(target="c1", wound_points=2, location="head"))
    do(b, ApplyWound(target="c2", wound_points=1, location="chest"))
    first = write_back(party, a.encounter).party
    save_party(first, path, expected=party.revision)
    with pytest.raises(PartyFileConflict):  # B still holds revision 1 in memory
        save_party(write_back(party, b.encounter).party, path, expected=party.revision)
    fresh, _ = load_party(path)  # reload, as the message says
    with pytest.raises(PartyConflict) as refused:
        write_back(fresh, b.encounter)
    assert (refused.value.touched, refused.value.free, refused.value.kept) == ([], ["c2"], ["c1"])
    save_party(merge(fresh, b.encounter, {}).party, path, expected=fresh.revision)
    final, _ = load_party(path)
    assert [w.location for w in final.get("c1").wounds] == ["head"]  # A's, untouched by B
    assert [w.location for w in final.get("c2").wounds] == ["chest"]  # B's
