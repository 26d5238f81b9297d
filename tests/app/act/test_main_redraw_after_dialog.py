"""The main screen under the roll's next dialog is redrawn after that dialog's first
frame, not before it (issue 27: dialog_open_ms). Drawn first, the roster and the log
under the tint cost the dialog ~40 ms at 200 combatants. Each frame the app draws is
recorded with the screen it shows and how many lines the main screen's log holds.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.event_log import EventLog

NEXT = ("ParryDialog", "DamageDialog")


def recording(app: TrackerApp, frames: list[tuple[str, int]]) -> None:
    display = app._display

    def recorded(screen: object, renderable: object) -> None:
        main = next(s for s in app.screen_stack if isinstance(s, MainScreen))
        frames.append((type(screen).__name__, len(main.query_one(EventLog).lines)))
        display(screen, renderable)  # type: ignore[arg-type]

    app._display = recorded  # type: ignore[method-assign]


def log_lines(app: TrackerApp) -> int:
    main = next(s for s in app.screen_stack if isinstance(s, MainScreen))
    return len(main.query_one(EventLog).lines)


async def to_the_attack(app: TrackerApp, pilot: object, frames: list[tuple[str, int]]) -> None:
    await dinzis_due(pilot)  # type: ignore[arg-type]
    await pilot.press("a")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))  # type: ignore[arg-type]
    await pilot.press("space", "enter")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.is_mounted)  # type: ignore[arg-type]
    await until(pilot, lambda: frames and frames[-1][0] == "AttackDialog")  # type: ignore[arg-type]


async def test_the_log_under_the_next_dialog_is_drawn_after_it(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    frames: list[tuple[str, int]] = []
    recording(app, frames)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_attack(app, pilot, frames)
        before = log_lines(app)
        await pilot.press("enter")  # the roll
        await until(pilot, lambda: any(name in NEXT for name, _ in frames))
        first = next(lines for name, lines in frames if name in NEXT)
        assert first == before  # its first frame came before the main screen's redraw
        await until(pilot, lambda: log_lines(app) > before)  # then it caught up,
        assert type(app.screen).__name__ in NEXT  # under the dialog still open
        await until(pilot, lambda: any(n in NEXT and k > before for n, k in frames))  # drawn


async def test_a_dialog_closed_at_once_leaves_the_main_screen_drawn(tmp_path: Path) -> None:
    """Escape typed with the roll: the dialog may close before its first frame; the
    main screen, back on top, still shows the roll (MainScreen.on_screen_resume)."""
    app = demo_app(tmp_path)
    frames: list[tuple[str, int]] = []
    recording(app, frames)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_attack(app, pilot, frames)
        before = log_lines(app)
        await pilot.press("enter", "escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        assert log_lines(app) > before
        assert frames[-1] == ("MainScreen", log_lines(app))
