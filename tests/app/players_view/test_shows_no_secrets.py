"""The players' screen shows nothing players must not see, read off the rendered screen:
no hidden combatant's name, no GM note, no name of a foe not yet revealed, no foe's
WP number; the party's own figures do show. Checked at 120×40, 80×24 and 40×30."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.players_view import (
    FOE,
    FOE_WP,
    HIDDEN,
    NOTE,
    saved_fight,
    screen_text,
    wait_until,
)
from tracker.players_view.app import PlayersView


def others_section(text: str) -> str:
    """The lines from the "Others" heading to the log's (the foes as players see them)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Others" in line)
    end = next(i for i, line in enumerate(lines) if i > start and "Log" in line.split())
    return "\n".join(lines[start:end])


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (40, 30)])
async def test_no_secret_is_on_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    path, session = saved_fight(tmp_path)
    assert session.encounter.combatants["c2"].total_wp() == FOE_WP
    assert any(HIDDEN in e.text for e in session.encounter.log)  # the GM's log has it
    app = PlayersView(path)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        body = app.query_one("#body")
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
    if size[0] >= 80:
        assert not re.search(r"\d", others_section(seen[0]))
    assert "Kans" in text and "WP 2" in text  # the party's own figures show
