"""The party's pass time runs in a worker thread (tracker.party.pass_time): the screen stays
responsive and says "passing time", the keys that would change the party (or leave it)
are refused with a message meanwhile, and the result is written only if the party file
did not change meanwhile (another copy's write-back wins; nothing of the passage lands).

The rules' passage is held on a gate (a threading.Event) so the test knows it is still
running; run in the screen's thread, as before, the gate would hold the whole screen.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from rules.party.between import new_day
from rules.saves.party_store import save_party
from tests.support.modal_host import save_disabled, type_into, until
from tests.support.party_time_ui import bleeder, party_of
from tests.support.party_ui import read
from tracker.app.tracker_app import make_app
from tracker.party import pass_time as party_time
from tracker.party.keeper import PartyKeeper
from tracker.party.pass_time_dialog import PartyPassTimeForm
from tracker.party.screen import PartyScreen

SIZE = (120, 40)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The rules' pass_time waits for the gate (5 s at most) before it runs."""
    opened = threading.Event()
    real = party_time.pass_time

    def held(*args: Any, **kwargs: Any) -> Any:
        opened.wait(5)
        return real(*args, **kwargs)

    monkeypatch.setattr(party_time, "pass_time", held)
    yield opened
    opened.set()


def _busy(screen: PartyScreen) -> str:
    return str(screen.query_one("#party-busy", Static).render())


async def _start(pilot, app, path: Path) -> PartyScreen:  # type: ignore[no-untyped-def]
    screen = PartyScreen(PartyKeeper.open(path))
    await app.push_screen(screen)
    await pilot.press("P")
    await until(pilot, lambda: isinstance(app.screen, PartyPassTimeForm))
    await type_into(pilot, "#amount", "40")
    await until(pilot, lambda: not save_disabled(app))
    await pilot.click("#save")
    await until(pilot, lambda: app.screen is screen)
    return screen


async def test_the_screen_answers_while_time_passes_and_refuses_changes(
    tmp_path: Path, gate: threading.Event
) -> None:
    path = party_of(tmp_path, bleeder(3, checked=True))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _start(pilot, app, path)
        await until(pilot, lambda: "Passing time: 40 TU for Hawkwood" in _busy(screen))
        for key in ("N", "r", "u", "P", "delete", "escape"):
            screen.show_error("")
            await pilot.press(key)
            await until(pilot, lambda: "wait until it is done" in screen.error)
            assert app.screen is screen, key
        assert read(path).revision == 1  # nothing written yet, nothing else changed
        gate.set()
        await until(pilot, lambda: read(path).revision == 2)
        await until(pilot, lambda: _busy(screen) == "")
        party = read(path)
        assert party.history[-1].kind == "time" and party.get("kans").bleed_wp == 4
        assert screen.party == party and screen.passing is None
        await pilot.press("N")  # the keys work again
        await until(pilot, lambda: read(path).revision == 3)
        assert read(path).history[-1].kind == "new day"


async def test_another_copy_writing_meanwhile_wins_and_the_passage_is_not_written(
    tmp_path: Path, gate: threading.Event
) -> None:
    path = party_of(tmp_path, bleeder(3, checked=True))
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _start(pilot, app, path)
        await until(pilot, lambda: screen.passing is not None)
        other = new_day(read(path))  # the other copy of the app writes the party meanwhile
        save_party(other, path, expected=1)
        gate.set()
        await until(pilot, lambda: screen.passing is None)
        await until(pilot, lambda: "Time did not pass for Hawkwood (40 TU)" in screen.error)
        assert "the party changed since it was read" in screen.error
        party = read(path)
        assert party == other  # the other copy's change stands, none of the bleeding
        assert party.get("kans").bleed_wp == 0
        assert screen.party == other  # the screen read the file again
