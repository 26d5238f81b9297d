"""`t` on the players' screen: the next theme at once, but a flood of `t`s (a browser may
send 256 a message) restyles the screen a few times, not once a key: each restyle is
~30 ms, and a hunt kept the GM's laptop busy for minutes with a few KB of them."""

from __future__ import annotations

from pathlib import Path

from tests.support.burst import send_at_once
from tests.support.players_view import saved_fight, wait_until
from tracker.players.view.app import THEME_EVERY, THEMES, PlayersView


async def test_one_t_moves_the_theme_on_and_a_flood_moves_it_by_its_count(
    tmp_path: Path,
) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        changes: list[str] = []
        app.theme_changed_signal.subscribe(app, lambda theme: changes.append(theme.name))
        await pilot.press("t")
        await wait_until(pilot, lambda: app.theme == THEMES[1])
        send_at_once(app, *["t"] * 257)  # as one socket message: 258 in all
        await wait_until(pilot, lambda: app.theme == THEMES[258 % len(THEMES)], timeout=5)
        await pilot.pause(2 * THEME_EVERY)  # nothing more is due
        assert app.theme == THEMES[2]
        assert len(changes) <= 3, changes  # was 258: one restyle a key
