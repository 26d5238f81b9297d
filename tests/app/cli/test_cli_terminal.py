"""A terminal that cannot draw the tracker (TERM=dumb) is one line and exit 2, before any
screen; a check draws nothing and still runs there (issue 27: TERM=dumb was ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.table_fight import saved_table_fight
from tracker.__main__ import main
from tracker.app.tracker_app import TrackerApp


def never_run(self: object) -> None:  # the screen would take the test's terminal
    raise AssertionError("the app ran in a dumb terminal")


@pytest.fixture
def dumb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(TrackerApp, "run", never_run)


def test_the_gms_app_says_why_it_cannot_start(
    dumb: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--demo", "--saves", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tracker: this terminal (TERM=dumb) cannot draw a full screen")
    assert err.count("\n") == 1


def test_the_players_screen_says_so_too(
    dumb: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tracker.players.view.app import PlayersView

    monkeypatch.setattr(PlayersView, "run", never_run)
    save = saved_table_fight(tmp_path)
    assert main(["--view", str(save)]) == 2
    assert "TERM=dumb" in capsys.readouterr().err


def test_a_check_still_runs_there(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TERM", "dumb")
    assert main(["--demo", "--check"]) == 0  # headless: it draws nothing
    assert capsys.readouterr().err == ""
