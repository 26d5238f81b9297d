"""`tracker --help` says where saves and settings live; `--check` opens a save headless
and prints one line; `--templates` lists the built-in roster and the GM's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tracker.__main__ import main
from tracker.files.demo import roster_templates


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("TRACKER_SAVES", raising=False)
    return {
        "saves": tmp_path / "data" / "fs-tracker" / "saves",
        "settings": tmp_path / "config" / "fs-tracker" / "settings.json",
    }


def test_help_says_where_saves_and_settings_live(
    folders: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert f"saves live in {folders['saves']}" in out
    assert f"settings (the theme) live in {folders['settings']}" in out
    assert "$TRACKER_SAVES" in out and "--saves DIR" in out


def test_help_names_the_folder_tracker_saves_chooses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TRACKER_SAVES", str(tmp_path / "mine"))
    with pytest.raises(SystemExit):
        main(["--help"])
    assert f"saves live in {tmp_path / 'mine'}" in capsys.readouterr().out


def test_check_opens_the_demo_headless_and_keeps_no_copy(
    folders: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28: each `--demo --check` left another numbered copy (-2, -3, -4)."""
    for _ in range(2):
        assert main(["--demo", "--check"]) == 0
        out = capsys.readouterr().out.strip()
        assert out.startswith("The card game: 3 combatants (Dinzis the Ukar, Kans the Scraver,")
        assert out.endswith("checked, no copy kept")
    saves = folders["saves"]
    assert not saves.exists() or not list(saves.iterdir())
    assert main(["--check"]) == 0  # the browser's check: the data folder, still empty
    assert capsys.readouterr().out.strip() == f"saves browser: 0 saves in {saves}"


def test_check_of_a_broken_save_says_why_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main([str(broken), "--check", "--saves", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("saves browser: ") and "broken.json" in err


def test_templates_lists_the_built_in_roster_and_the_gms_own_over_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "roster"
    mine.mkdir()
    vorox = {"name": "Vorox elder", "side": "ally", "skills": {"Fight": 8}}
    (mine / "vorox.json").write_text(json.dumps(vorox), encoding="utf-8")
    (mine / "pilot.json").write_text(json.dumps({"name": "Pilot"}), encoding="utf-8")
    assert main(["--templates", "--saves", str(tmp_path)]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert [r[0] for r in rows] == sorted(
        [*(f"{s}.json" for s in roster_templates()), "pilot.json"]
    )
    by_file = {r[0]: r[1:] for r in rows}
    assert by_file["vorox.json"] == ["Vorox elder (ally)", "yours"]  # the GM's file wins
    assert by_file["pilot.json"][1] == "yours"
    assert by_file["decados-guard.json"] == ["Decados guard (enemy)", "built-in"]
