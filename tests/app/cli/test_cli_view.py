"""`tracker --view PATH`: the players' screen on its own; a bad request says what and where
and starts nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.__main__ import main


def test_a_folder_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--view", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"tracker: {tmp_path}: that is a folder")


def test_view_takes_no_other_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--view", str(tmp_path / "a.json"), "--demo"])
    assert "give it without --demo" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing was written (no demo copy)


def test_help_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--view PATH" in capsys.readouterr().out
