"""A snapshot of the players' screen at 80×24 on a fight with secrets in it (an ambusher
hidden, a foe unnamed and wounded): the track, the party's figures, the foe as a word.
Regenerate with `pytest --snapshot-update` only after looking at the new picture."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.support.players_view import saved_fight, wait_until
from tracker.players_view.app import PlayersView


def test_players_view_80x24(snap_compare, tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)

    async def drawn(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)

    assert snap_compare(app, terminal_size=(80, 24), run_before=drawn)
