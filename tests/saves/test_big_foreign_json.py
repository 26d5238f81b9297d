"""A big JSON file that is no object is refused from its first character, not parsed.

A hostile run put a 57 MB list of empty objects among the saves: the browser froze
11 s and took 3 GB of memory building 20 million dicts, only to say it was not a save
(measured after the fix: 0.06 s, 93 MB). The list below is broken after its first
bytes, so a file that was parsed would be called "not JSON" instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from rules.saves.folder import list_saves
from rules.saves.party_store import load_party
from rules.saves.store import SaveError, load_session

BIG_BROKEN_LIST = b"\n [" + b"{}," * 400_000 + b" and then not JSON"  # 1.2 MB


@pytest.mark.parametrize(
    ("load", "words"),
    [(load_session, "not a tracker save"), (load_party, "not a party file")],
)
def test_a_big_list_is_refused_unparsed(
    tmp_path: Path, load: Callable[[Path], object], words: str
) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(BIG_BROKEN_LIST)
    with pytest.raises(SaveError, match=words) as refused:
        load(path)
    assert "JSON" not in str(refused.value) or "holds a JSON list" in str(refused.value)


def test_the_saves_browser_lists_it_as_no_save(tmp_path: Path) -> None:
    (tmp_path / "big.json").write_bytes(BIG_BROKEN_LIST)
    (row,) = list_saves(tmp_path)
    assert row.error is not None and "it holds a JSON list" in row.error


def test_a_small_file_is_still_parsed_for_the_precise_message(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 500 + "]" * 500)
    with pytest.raises(SaveError, match="nests too deeply"):
        load_session(path)
