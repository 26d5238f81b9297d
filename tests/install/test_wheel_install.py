"""Issue "Stands on its own": a normal (not editable) install opens the demo.

Builds the wheel from a copy of the sources, installs it with `--no-deps` into a
fresh venv in a tmp folder, and runs that venv's `tracker` from a folder outside
the repository. Honest and quick (no network, no dependency download): the new
venv sees the dependencies already installed here (textual, pydantic,
platformdirs) through a `.pth` line naming this venv's site-packages — a plain
path, so this venv's editable hook (`__editable__*.pth`) is never run there, and
the venv's own site-packages, holding the wheel's `tracker` and `rules`, comes
first. The test asserts `tracker.__file__` and `rules.__file__` are in the new venv.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tracker import __version__
from tracker.files.demo import roster_templates

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "rules", "tracker")


def _run(
    args: list[str | Path], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, (
        f"{result.args}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The wheel, and a fresh venv with it installed (module-wide: built once)."""
    root = tmp_path_factory.mktemp("wheel-install")
    source = root / "src"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        item = REPO / name
        if item.is_dir():
            shutil.copytree(item, source / name, ignore=ignore)
        else:
            shutil.copy2(item, source / name)
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    offline.pop("PIP_FIND_LINKS", None)
    pip = [sys.executable, "-m", "pip"]
    _ok(
        _run(
            [*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", root / "dist", source],
            root,
            offline,
        )
    )
    (wheel,) = (root / "dist").glob("fs_tracker-*.whl")
    venv = root / "venv"
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", venv], root, offline))
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(
        _ok(
            _run(
                [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                root,
                offline,
            )
        ).strip()
    )
    here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "outer-deps.pth").write_text("".join(f"{p}\n" for p in sorted(here)), encoding="utf-8")
    _ok(_run([*pip, "--python", python, "install", "-q", "--no-deps", wheel], root, offline))
    away = root / "elsewhere"  # not the repository, not the venv: a GM's home folder
    away.mkdir()
    return {"wheel": wheel, "venv": venv, "python": python, "site": site, "cwd": away}


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TRACKER_"))}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return env


def _tracker(installed: dict[str, Path]) -> Path:
    scripts = installed["python"].parent
    return scripts / ("tracker.exe" if os.name == "nt" else "tracker")


def test_the_wheel_carries_the_demo_the_roster_and_the_css(installed: dict[str, Path]) -> None:
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    assert "tracker/data/demo.json" in names and "tracker/app/tracker.tcss" in names
    assert "tracker/data/serve/app_index.html" in names  # the players' page (--serve)
    roster = {n.removeprefix("tracker/data/roster/") for n in names if "/data/roster/" in n}
    assert roster == {f"{stem}.json" for stem in roster_templates()}
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    requires = zipfile.ZipFile(installed["wheel"]).read(metadata).decode()
    assert "Requires-Dist: platformdirs>=3" in requires


def test_the_installed_tracker_runs_from_the_venv_not_the_checkout(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    env, cwd = _env(tmp_path), installed["cwd"]
    assert (
        _ok(_run([_tracker(installed), "--version"], cwd, env)).strip() == f"tracker {__version__}"
    )
    code = "import rules, tracker; print(tracker.__file__); print(rules.__file__)"
    for line in _ok(_run([installed["python"], "-c", code], cwd, env)).splitlines():
        assert Path(line).is_relative_to(installed["site"]), line


def test_the_installed_tracker_opens_the_demo_in_the_data_folder(
    installed: dict[str, Path], tmp_path: Path
) -> None:
    """Before the fix: [Errno 2] …/site-packages/saves/demo.json. The check of the demo
    keeps no copy (issue 28: each left another); the browser's check names the folder."""
    env = _env(tmp_path)
    out = _ok(_run([_tracker(installed), "--demo", "--check"], installed["cwd"], env))
    saves = tmp_path / "data" / "fs-tracker" / "saves"
    assert out.startswith("The card game: 3 combatants (Dinzis the Ukar, Kans the Scraver,")
    assert out.strip().endswith("checked, no copy kept")
    assert not saves.exists() or not list(saves.iterdir())
    browser = _ok(_run([_tracker(installed), "--check"], installed["cwd"], env))
    assert browser.strip() == f"saves browser: 0 saves in {saves}"
    assert not list(installed["cwd"].iterdir())  # nothing lands in the folder the GM is in
    listed = _ok(_run([_tracker(installed), "--templates"], installed["cwd"], env)).splitlines()
    assert [line.split("\t")[0] for line in listed] == sorted(
        f"{s}.json" for s in roster_templates()
    )
    assert all(line.endswith("\tbuilt-in") for line in listed)
    assert "Decados guard (enemy)" in listed[0]
