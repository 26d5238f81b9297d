"""`tracker PATH` on something that is no save: the saves browser says why, and q quits.

JSON nested a thousand deep once crashed the first frame (RecursionError in
`first_look`); a FIFO hung it forever in open() before any screen showed,
so q did nothing. Each app runs in its own thread and event loop with a
timeout (`strange_paths.bounded`), so a hang fails the test.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from tests.support.modal_host import until
from tests.support.strange_paths import bounded, deep_file, fifo, huge_file, unix_socket
from tracker.app.tracker_app import make_app
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)
Maker = Callable[[Path], AbstractContextManager[Path]]

CASES: dict[str, tuple[Maker, str]] = {
    "deep": (lambda tmp: nullcontext(deep_file(tmp)), "nests too deeply"),
    "fifo": (fifo, "it is a pipe"),
    "socket": (unix_socket, "it is a socket"),
    "dev-zero": (lambda tmp: nullcontext(Path("/dev/zero")), "it is a device"),
    "huge": (lambda tmp: nullcontext(huge_file(tmp)), "too big to be a save"),
    "folder": (lambda tmp: nullcontext(tmp / "sub"), "it is a folder"),
    "long-name": (lambda tmp: nullcontext(tmp / ("x" * 300 + ".json")), "name is too long"),
}


async def _open_then_quit(path: Path, saves: Path) -> tuple[str, int | None]:
    app = make_app(path, saves_dir=saves, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        browser = app.screen
        assert isinstance(browser, SavesBrowser)
        assert app.session is None and app.is_running
        shown = browser.error
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)
    return shown, app.return_code


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_browser_says_why_and_q_quits(case: str, tmp_path: Path) -> None:
    make, problem = CASES[case]
    (tmp_path / "sub").mkdir()
    saves = tmp_path / "saves"
    saves.mkdir()
    with make(tmp_path) as path:
        result, error = bounded(lambda: asyncio.run(_open_then_quit(path, saves)), 60.0)
    assert error is None, f"the app failed: {error!r}"
    shown, code = result
    assert problem in shown and str(path) in shown
    assert code == 0
