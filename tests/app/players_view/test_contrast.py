"""Every text a player reads on the players' screen stands at 4.5:1 or more against what it
is drawn on (WCAG AA), in every theme the view cycles through with `t` (`THEMES`): the
band, the cards (the bleeding band too), the foes, the track, every tone of the log and
the footer's keys. Measured on Textual's SVG export (`tests.support.contrast`), as the
GM screen's light-theme check measures its own, at a TV's size, 80×24 and a phone's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.theme import BUILTIN_THEMES

from tests.support.contrast import runs
from tests.support.players_screen import screenshot
from tests.support.table_fight import saved_table_fight
from tracker.players.view.app import THEMES
from tracker.players.view.legible import TARGET, contrast, legible_variables, readable

FLOOR = 4.5
MEANING = re.compile(r"[\w✓✗▶♦◇✖✚»·…]")  # letters, digits and the marks a player reads


@pytest.mark.parametrize("theme", THEMES)
async def test_every_text_reads_at_4_5_to_1(theme: str, tmp_path: Path) -> None:
    path = saved_table_fight(tmp_path)
    for size in [(120, 40), (80, 24), (40, 50)]:
        svg = await screenshot(path, size, theme)
        shown = [run for run in runs(svg) if MEANING.search(run.text)]
        assert len(shown) > 40, size  # the parse found the screen's text
        faint = [f"{r.ratio:.2f} {r.fg} on {r.bg}: {r.text!r}" for r in shown if r.ratio < FLOOR]
        assert not faint, f"{theme} {size}:\n" + "\n".join(faint)


def test_a_theme_colour_moves_only_as_far_as_it_must() -> None:
    variables = BUILTIN_THEMES["textual-light"].to_color_system().generate()
    ours = legible_variables(variables)
    assert ours["pv-harm"] != variables["text-error"]  # the theme's own, moved…
    dark = BUILTIN_THEMES["textual-dark"].to_color_system().generate()
    assert legible_variables(dark)["pv-care"] == dark["success"].upper()  # …or kept


def test_readable_reaches_the_target_on_every_ground() -> None:
    theme = BUILTIN_THEMES["textual-light"].to_color_system()
    assert theme.warning is not None and theme.background is not None
    fg = theme.background.inverse
    shown = readable(theme.warning, fg, theme.background, theme.panel or theme.background)
    assert contrast(theme.warning, theme.background) < FLOOR  # the theme's warning: faint
    assert contrast(shown, theme.background) >= TARGET
