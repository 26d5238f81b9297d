"""The sdist ships the package and its data, and no test tree (issue 28).

Before, it held the 8 top-level `tests/test_*.py` (setuptools' default picks them up)
but not `conftest.py`, `tests/support` or the snapshots, so no test could run from
it. MANIFEST.in now prunes the tests: they come with a clone. Built from a copy of
the tracked files, so the checkout gets no egg-info; about a second.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYTHONS = "Classifier: Programming Language :: Python :: 3."


def tracked() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the sdist is built from a clone")
    return listed.stdout.splitlines()


def test_the_sdist_holds_the_package_and_its_data_and_no_tests(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for name in tracked():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, source / name)
    build = "from setuptools import build_meta; print(build_meta.build_sdist(%r))"
    made = subprocess.run(
        [sys.executable, "-c", build % str(tmp_path / "dist")],
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    archive = tmp_path / "dist" / made.stdout.strip().splitlines()[-1]
    with tarfile.open(archive) as sdist:
        names = [name.split("/", 1)[1] for name in sdist.getnames() if "/" in name]
        info = sdist.extractfile(f"{sdist.getnames()[0].split('/')[0]}/PKG-INFO")
        assert info is not None
        metadata = info.read().decode()
    assert not [name for name in names if name.startswith(("tests", "bench", "saves/"))]
    for needed in (
        "tracker/app/tracker.tcss",
        "tracker/data/demo.json",
        "tracker/data/serve/app_index.html",
        "rules/__init__.py",
        "README.md",
    ):
        assert needed in names, needed
    assert "Provides-Extra: serve" in metadata  # --serve: tests/install/test_serve_extra.py
    tested = [line for line in metadata.splitlines() if line.startswith(PYTHONS)]
    assert tested == [f"{PYTHONS}11", f"{PYTHONS}12"]  # make test, make test-versions
    assert "Classifier: Topic :: Games/Entertainment :: Role-Playing" in metadata
