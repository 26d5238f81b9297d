"""A message reaches exactly the handlers Textual's own dispatch would give it, in its
order, through the kept plans (tracker.textual_compat.dispatch_plan; issue 27).

Over a whole scripted stretch of play on the demo fight (the main screen, an attack
rolled, the dialogs it opens, typing, escape, undo), every dispatch is also worked
out by Textual's own method, and the two must agree. Then the cases a kept plan
could get wrong: a handler replaced or added at run time, `prevent_default()`
stopping the classes after it, and `@on` selectors that do or do not match.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import on
from textual.app import App, ComposeResult
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Button, Static

from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.textual_compat import dispatch_plan


@pytest.fixture(autouse=True)
def planned() -> None:
    dispatch_plan.install()
    dispatch_plan.install()  # twice changes nothing
    assert dispatch_plan.installed()


def both(node: MessagePump, name: str, message: Message) -> tuple[list[Any], list[Any]]:
    mine = list(dispatch_plan._dispatch_methods(node, name, message))
    theirs = list(dispatch_plan.textuals_own(node, name, message))
    return mine, theirs


async def test_every_dispatch_of_a_stretch_of_play_is_textuals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str] = []
    differ: list[str] = []

    def checking(self: MessagePump, name: str, message: Message) -> Iterator[Any]:
        mine, theirs = both(self, name, message)
        checked.append(f"{type(self).__name__}.{name}")
        if mine != theirs:
            differ.append(f"{type(self).__name__} {type(message).__name__}: {mine} != {theirs}")
        return iter(theirs)

    app = demo_app(tmp_path)  # installs the plans: checked from here on
    monkeypatch.setattr(MessagePump, "_get_dispatch_methods", checking)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog))
        await until(pilot, lambda: app.screen.is_mounted)
        await pilot.press("enter")  # the attack rolls
        await until(pilot, lambda: not isinstance(app.screen, AttackDialog))
        await pilot.press("tab", "2", "backspace")
        while not isinstance(app.screen, MainScreen):
            await pilot.press("escape")
            await pilot.pause()
        app.action_undo()
        await pilot.press("down", "down", "question_mark", "escape")
        await pilot.pause()
    assert differ == []
    assert len(checked) > 1000 and len(set(checked)) > 100  # a wide stretch was checked


class Ping(Message):
    pass


class Base(Static):
    heard: list[str]

    def on_ping(self, message: Ping) -> None:
        self.heard.append("base")


class Middle(Base):
    def on_ping(self, message: Ping) -> None:
        self.heard.append("middle")
        if self.stop_here:
            message.prevent_default()

    stop_here = False


class Top(Middle):
    @on(Ping)
    def _decorated(self, message: Ping) -> None:
        self.heard.append("decorated")


class Pressing(Static):
    def compose(self) -> ComposeResult:
        yield Button("yes", id="yes")
        yield Button("no", id="no")

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.heard.append("yes")

    heard: list[str] = []


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Top(id="top")
        yield Pressing(id="pressing")


async def test_replaced_added_prevented_and_selected_handlers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Host()
    async with app.run_test() as pilot:
        top = app.query_one(Top)
        top.heard = []

        async def ping() -> list[str]:
            top.heard.clear()
            await top._dispatch_message(Ping())
            return list(top.heard)

        assert await ping() == ["decorated", "middle", "base"]  # each class's own, in order
        monkeypatch.setattr(Middle, "on_ping", lambda self, m: self.heard.append("new"))
        assert await ping() == ["decorated", "new", "base"]  # replaced: the new one
        monkeypatch.setattr(Top, "on_ping", lambda self, m: self.heard.append("added"), False)
        assert await ping() == ["decorated", "added", "new", "base"]  # added: found
        monkeypatch.undo()
        assert await ping() == ["decorated", "middle", "base"]  # and gone again
        top.stop_here = True
        assert await ping() == ["decorated", "middle"]  # prevented: not the classes after
        for node in (top, app.query_one("#yes"), app.query_one(Pressing)):
            for message in (Ping(), Button.Pressed(app.query_one("#yes", Button))):
                mine, theirs = both(node, message.handler_name, message)
                assert mine == theirs
        pressing = app.query_one(Pressing)
        await pilot.click("#no")
        await pilot.click("#yes")
        await pilot.pause()
        assert pressing.heard == ["yes"]  # the selector matched only its own button
