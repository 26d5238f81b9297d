"""Snapshots of the players' screen: at 80×24 on a fight with secrets in it (an ambusher
hidden, a foe unnamed and wounded: DINZIS big on the band, the party's cards, the foe as a
word), and mid-fight (`table_fight`: three cards, a bleeding PC, a revealed foe's card, a
log of every tone) at 80×24 in the dark theme and at 120×40 in the light one.
Regenerate with `pytest --snapshot-update` only after looking at the new pictures."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.support.players_screen import in_theme
from tests.support.players_view import saved_fight, wait_until
from tests.support.table_fight import saved_table_fight
from tracker.players.view.app import PlayersView


def drawn_in(app: PlayersView, theme: str | None = None):  # type: ignore[no-untyped-def]
    async def run(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        if theme is not None:
            await in_theme(app, pilot, theme)

    return run


def test_players_view_80x24(snap_compare, tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)
    assert snap_compare(app, terminal_size=(80, 24), run_before=drawn_in(app))


def test_players_view_mid_fight_80x24(snap_compare, tmp_path: Path) -> None:
    app = PlayersView(saved_table_fight(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=drawn_in(app))


def test_players_view_mid_fight_light_120x40(snap_compare, tmp_path: Path) -> None:
    app = PlayersView(saved_table_fight(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=drawn_in(app, "textual-light"))
