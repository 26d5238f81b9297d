"""Every test runs with its own data and config folders, so no test run ever reads or
writes the GM's real ~/.local/share/fs-tracker or ~/.config/fs-tracker (saves,
settings), and a TRACKER_SAVES set in the shell does not leak into a test."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ISOLATED = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


@pytest.fixture(autouse=True, scope="session")
def _isolated_user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Session-wide (a function-scoped autouse fixture would upset hypothesis); a test
    that needs its own folders monkeypatches these again."""
    home = tmp_path_factory.mktemp("user-folders")
    with pytest.MonkeyPatch.context() as patch:
        for name in ISOLATED:
            folder = home / name.removeprefix("XDG_").removesuffix("_HOME").lower()
            folder.mkdir(parents=True, exist_ok=True)
            patch.setenv(name, str(folder))
        patch.delenv("TRACKER_SAVES", raising=False)
        assert "TRACKER_SAVES" not in os.environ
        # pytest-xdist's workers set COLUMNS=80 LINES=24, which a child `tracker` (tmux,
        # --serve's views) would take for its terminal's size over the real one.
        patch.delenv("COLUMNS", raising=False)
        patch.delenv("LINES", raising=False)
        # A 16-colour terminal (TERM=xterm, or none: env -i) starts the app in an ANSI
        # theme (tracker.app.settings): every test draws in truecolour whatever the shell
        # is, and the one about 16 colours says so itself.
        patch.setenv("COLORTERM", "truecolor")
        yield


@pytest.fixture
def twin(tmp_path: Path) -> Path:
    """A copy of the demo save in this test's folder, for the tests that open it twice
    (two copies of the app, a lock held by another process) or break its saving."""
    from tracker.files.demo import DEMO_PATH

    path = tmp_path / "twin.json"
    shutil.copyfile(DEMO_PATH, path)
    return path


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Each test starts with no settings file: a theme one test picks (the light-theme
    snapshots) must not become the next test's theme. A hook, not a fixture, for
    hypothesis's sake; a test's own monkeypatched config folder is its own business."""
    from tracker.app.settings import settings_path

    path = settings_path()
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collector's garbage is gone and what is left (the modules, the tests) is kept
    out of every later collection; the young generation is collected every 50,000
    objects, not 700. Textual makes and drops objects by the hundred thousand, and with
    Python's defaults the cyclic collector took a third of an app test's CPU (22.4 s of
    61.7 s for the multi-action flows, timed with gc.callbacks; 7.0 s of 44.4 s so).
    Only when garbage is collected changes: no test depends on it."""
    from tracker.app.collector import THRESHOLDS  # the app's own, in a terminal

    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
