"""The players' screen shows nothing players must not see, read off the rendered screen:
no hidden combatant's name, no GM note, no name of a foe not yet revealed, no foe's
WP number; the party's own figures do show. Checked at 120×40, 80×24 and 40×30."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.players_screen import part_text
from tests.support.players_view import (
    FOE,
    FOE_WP,
    HIDDEN,
    NOTE,
    saved_fight,
    screen_text,
    wait_until,
)
from tracker.players.view.app import PlayersView
from tracker.players.view.widgets.foe_list import FoeList


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (40, 30)])
async def test_no_secret_is_on_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    path, session = saved_fight(tmp_path)
    assert session.encounter.combatants["c2"].total_wp() == FOE_WP
    assert any(HIDDEN in e.text for e in session.encounter.log)  # the GM's log has it
    app = PlayersView(path)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        body = app.query_one("#body")
        others = "\n".join(part_text(app, app.query_one(FoeList)))  # the foes, as drawn
        seen = []
        for _ in range(12):  # every part of the screen, scrolled through
            seen.append(screen_text(app))
            body.scroll_page_down(animate=False)
            await pilot.pause()
        text = "\n".join(seen)
    assert HIDDEN not in text
    assert NOTE not in text and "baron pays" not in text
    assert FOE not in text
    assert "Unknown A" in text and "bleeding" in text  # the foe as players know it
    assert f"total {FOE_WP} WP" not in text and f"WP {FOE_WP}" not in text
    assert "Others" in others and "Unknown A" in others
    assert not re.search(r"\d", others)  # no number of the unrevealed foe
    assert "Kans" in text and "WP taken 2" in text  # the party's own figures show
