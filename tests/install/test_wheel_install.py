"""Issue "Stands on its own": a normal (not editable) install opens the demo.

The wheel, built from a copy of the sources, is pip-installed into a fresh venv with
the dependencies pip resolves from its metadata (offline, from a wheelhouse of this
venv's own distributions: tests/support/installed.py), and that venv's `tracker` runs
from a folder outside the repository. No serve extra here: tests/install/test_serve_extra.
The wheel, its wheelhouse and the venv take about 6 s (pip unpacks textual's files),
once per worker.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.support.installed import Built, Venv, installed_names, ok, run, tracker_env
from tracker import __version__
from tracker.files.demo import roster_templates

pytestmark = pytest.mark.install


def test_the_wheel_carries_the_demo_the_roster_and_the_css(built: Built) -> None:
    names = set(zipfile.ZipFile(built.wheel).namelist())
    assert "tracker/data/demo.json" in names and "tracker/app/tracker.tcss" in names
    assert "tracker/data/serve/app_index.html" in names  # the players' page (--serve)
    roster = {n.removeprefix("tracker/data/roster/") for n in names if "/data/roster/" in n}
    assert roster == {f"{stem}.json" for stem in roster_templates()}
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    requires = zipfile.ZipFile(built.wheel).read(metadata).decode().splitlines()
    assert "Requires-Dist: platformdirs>=3" in requires
    serving = [line for line in requires if line.startswith("Requires-Dist: textual-serve")]
    assert serving == ['Requires-Dist: textual-serve<1.2,>=1.1.3; extra == "serve"']


def test_the_installed_tracker_runs_from_the_venv_not_the_checkout(
    plain: Venv, built: Built, tmp_path: Path
) -> None:
    env, cwd = tracker_env(tmp_path), built.away
    assert ok(run([plain.tracker, "--version"], cwd, env)).strip() == f"tracker {__version__}"
    code = "import rules, tracker; print(tracker.__file__); print(rules.__file__)"
    for line in ok(run([plain.python, "-c", code], cwd, env)).splitlines():
        assert Path(line).is_relative_to(plain.site), line


def test_a_plain_install_has_no_serving(plain: Venv) -> None:
    names = {name.lower() for name in installed_names(plain)}
    assert {"fs-tracker", "textual", "pydantic", "platformdirs"} <= names
    assert not names & {"textual-serve", "aiohttp", "aiohttp-jinja2", "jinja2"}


def test_the_installed_tracker_opens_the_demo_in_the_data_folder(
    plain: Venv, built: Built, tmp_path: Path
) -> None:
    """Before the fix: [Errno 2] …/site-packages/saves/demo.json. The check of the demo
    keeps no copy (issue 28: each left another); the browser's check names the folder.
    Without the serve extra (test_a_plain_install_has_no_serving)."""
    env, cwd = tracker_env(tmp_path), built.away
    out = ok(run([plain.tracker, "--demo", "--check"], cwd, env))
    saves = tmp_path / "data" / "fs-tracker" / "saves"
    assert out.startswith("The card game: 3 combatants (Dinzis the Ukar, Kans the Scraver,")
    assert out.strip().endswith("checked, no copy kept")
    assert not saves.exists() or not list(saves.iterdir())
    browser = ok(run([plain.tracker, "--check"], cwd, env))
    assert browser.strip() == f"saves browser: 0 saves in {saves}"
    assert not list(cwd.iterdir())  # nothing lands in the folder the GM is in
    listed = ok(run([plain.tracker, "--templates"], cwd, env)).splitlines()
    assert [line.split("\t")[0] for line in listed] == sorted(
        f"{s}.json" for s in roster_templates()
    )
    assert all(line.endswith("\tbuilt-in") for line in listed)
    assert "Decados guard (enemy)" in listed[0]
