"""The footer keeps its keys while a dialog comes and goes, and still follows a change.

Rebuilding it unchanged, behind every dialog opened and again when it closed, cost
about a fifth of an act test's time; what it shows must not suffer for it.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen
from tracker.widgets.key_footer import KeyFooter


def drawn(app: App[object]) -> list[Widget]:
    """The footer's key widgets on the screen a dialog covers (it does not replace it)."""
    footers = [footer for screen in app.screen_stack for footer in screen.query(KeyFooter)]
    return list(footers[0].children) if footers else []


def labels(keys: list[Widget]) -> list[str]:
    return [str(getattr(key, "description", "")) for key in keys]


async def test_a_dialog_opened_and_closed_leaves_the_same_keys_drawn(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        loaded = lambda: app.loaded_session is not None  # noqa: E731  # keys greyed by then
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and loaded())
        await pilot.pause()
        before = drawn(app)
        assert {"Act", "Undo", "Help", "Quit"} <= set(labels(before))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, Dialog))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        assert drawn(app) == before  # the very same widgets: not rebuilt
        assert all(key.is_attached for key in before)


class Toggled(App[None]):
    """A screen whose one key comes and goes (check_action), under a KeyFooter."""

    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [Binding("x", "extra", "Extra"), Binding("q", "quit", "Quit")]

    def __init__(self) -> None:
        super().__init__()
        self.extra_shown = True

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.extra_shown if action == "extra" else True

    def action_extra(self) -> None:
        """Nothing: only whether it is offered matters here."""


async def test_a_key_that_comes_and_goes_is_drawn_each_time() -> None:
    app = Toggled()
    async with app.run_test(size=(60, 5)) as pilot:
        await until(pilot, lambda: labels(drawn(app)) == ["Extra", "Quit"])
        app.extra_shown = False
        app.refresh_bindings()
        await until(pilot, lambda: labels(drawn(app)) == ["Quit"])
        app.extra_shown = True
        app.refresh_bindings()
        await until(pilot, lambda: labels(drawn(app)) == ["Extra", "Quit"])


class Greyed(Toggled):
    """The same screen, but its key is greyed (shown, not pressable) instead of hidden."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return (True if self.extra_shown else None) if action == "extra" else True


def greyed(keys: list[Widget]) -> list[str]:
    pairs = zip(keys, labels(keys), strict=True)
    return [label for key, label in pairs if key.has_class("-disabled")]


async def test_a_key_greyed_and_ungreyed_keeps_the_same_widgets() -> None:
    """Most revisions of a fight only change which keys are greyed: no rebuild for that."""
    app = Greyed()
    async with app.run_test(size=(60, 5)) as pilot:
        await until(pilot, lambda: labels(drawn(app)) == ["Extra", "Quit"])
        before = drawn(app)
        assert greyed(before) == []
        app.extra_shown = False
        app.refresh_bindings()
        await until(pilot, lambda: greyed(drawn(app)) == ["Extra"])
        assert drawn(app) == before
        app.extra_shown = True
        app.refresh_bindings()
        await until(pilot, lambda: greyed(drawn(app)) == [])
        assert drawn(app) == before


async def test_at_80_columns_the_footer_shows_act_help_and_quit(tmp_path: Path) -> None:
    """Issue 26: most used first, so a laptop's 80 columns still show `a`, `?` and `q`."""
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.loaded_session)
        await pilot.pause()
        keys = drawn(app)
        seen = {
            label
            for key, label in zip(keys, labels(keys), strict=True)
            if key.region.width and key.region.right <= 80
        }
        assert {"Act", "Help", "Quit"} <= seen, seen
