"""One rule for a PATH on the command line (issue 28): not there, a folder or not a
file is one line on stderr and exit 2, in every mode, before anything starts.

Before, `tracker missing.json` opened the saves browser and exited 0, `--view
missing.json` waited forever, `TRACKER_SAVES=/etc/passwd` crashed the browser
(`cannot list /etc/passwd/parties`), and `tracker --schema | head` ended in a
BrokenPipeError traceback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tracker.__main__ import main


@pytest.mark.parametrize("mode", [[], ["--check"], ["--view"]])
def test_a_missing_save_is_one_line_and_exit_2(
    mode: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.json"
    assert main([*mode, str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"tracker: {missing}: no such file (`tracker` alone lists the saves)\n"
    assert not list(tmp_path.iterdir())  # nothing written beside it


def test_a_file_that_is_not_a_save_is_refused_by_the_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("hello", encoding="utf-8")
    assert main(["--view", str(junk)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "junk.json" in err and "not JSON" in err


def test_a_saves_folder_that_is_a_file_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0", encoding="utf-8")
    monkeypatch.setenv("TRACKER_SAVES", str(passwd))
    assert main(["--check"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"tracker: {passwd}: the saves folder is a file, not a folder; "
        "choose another with --saves DIR or TRACKER_SAVES\n"
    )
    assert main(["--saves", str(passwd), "--check"]) == 2
    assert passwd.read_text(encoding="utf-8") == "root:x:0:0"


async def test_the_browser_says_a_folder_it_cannot_list_and_stays_up(tmp_path: Path) -> None:
    """The same folder reached the browser another way (no command line): said, no crash."""
    from tests.support.modal_host import until
    from tracker.app.tracker_app import make_app
    from tracker.screens.saves_browser import SavesBrowser

    passwd = tmp_path / "passwd"
    passwd.write_text("x", encoding="utf-8")
    app = make_app(None, saves_dir=passwd)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        await until(pilot, lambda: "not a directory" in browser.error)


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`tracker --schema | head -c 1`: the pipe closes after one byte."""
    run = subprocess.run(
        f'"{sys.executable}" -m tracker --schema | head -c 1',
        shell=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert run.stdout == "{"
    assert run.stderr == ""
