"""Every theme's text is moved only as far as it must to read at 4.5:1 (issue 27), a
16-colour terminal gets a theme drawn in its own colours, and the app's high-contrast
theme is offered and remembered like any other."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.color import Color
from textual.theme import BUILTIN_THEMES, Theme

from tests.support.modal_host import until
from tracker.app.settings import FEW_COLOURS_THEME
from tracker.app.tracker_app import make_app
from tracker.themes.contrast import contrast, theme_colour
from tracker.themes.high_contrast import NAME, high_contrast_theme
from tracker.themes.legible import TEXTS, legible_variables


def variables_of(theme: Theme) -> dict[str, str]:
    return {**theme.to_color_system().generate(), **theme.variables}


def test_textual_light_s_warning_was_faint_and_now_reads() -> None:
    before = variables_of(BUILTIN_THEMES["textual-light"])
    bg = theme_colour(before, "background")
    assert contrast(theme_colour(before, "text-warning"), bg) < 4.5  # 3.3 before
    after = {**before, **legible_variables(before, dark=False)}
    assert contrast(theme_colour(after, "text-warning"), bg) >= 4.5


def test_a_colour_that_already_reads_is_left_as_the_theme_made_it() -> None:
    before = variables_of(BUILTIN_THEMES["dracula"])
    after = legible_variables(before)
    kept = [name for name in TEXTS if after[name] == theme_colour(before, name).hex]
    assert kept  # dracula's own text colours mostly read: they are not touched
    assert after["foreground"] == theme_colour(before, "foreground").hex


hexes = st.tuples(*[st.integers(0, 255)] * 3).map(lambda rgb: Color(*rgb).hex)


@given(background=hexes, foreground=hexes, primary=hexes, warning=hexes, dark=st.booleans())
def test_any_theme_s_texts_read_on_its_background(
    background: str, foreground: str, primary: str, warning: str, dark: bool
) -> None:
    """Whatever the theme's colours, its coloured and quiet texts reach 4.5:1."""
    theme = Theme(
        "any",
        primary=primary,
        warning=warning,
        foreground=foreground,
        background=background,
        dark=dark,
    )
    variables = variables_of(theme)
    made = {**variables, **legible_variables(variables, dark)}
    bg = theme_colour(made, "background")
    for name in (*TEXTS, "foreground", "foreground-muted", "text-disabled"):
        assert contrast(theme_colour(made, name), bg) >= 4.5, name


async def test_a_16_colour_terminal_gets_the_theme_drawn_in_its_own_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TERM=xterm without COLORTERM is 16 colours: a truecolour theme's cursor row took
    the header's colour there. With no theme chosen, the ANSI theme; not remembered."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    assert app.console.color_system == "standard"
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.theme == FEW_COLOURS_THEME)
        assert app.gm_settings.settings.theme is None


async def test_the_high_contrast_theme_can_be_chosen_and_is_remembered(tmp_path: Path) -> None:
    assert high_contrast_theme().name == NAME
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.theme = NAME
        await until(pilot, lambda: app.gm_settings.settings.theme == NAME)
        assert app.get_css_variables()["background"].lower() == "#000000"
