"""Every theme's text at 4.5:1 or more on what it is drawn on, on the GM's screen (issue 27).

Why: Textual's themes tint their coloured text (`$text-warning`, `$text-success`…) and
fade their muted text for a screen at arm's length; measured on the main screen and the
attack dialog, every one of the 21 built-in themes had text under 4.5:1 (textual-light's
warnings 3.3, catppuccin-latte's footer keys 2.6, solarized-light 1.9). Each colour here
starts as the theme's own and moves towards the theme's foreground only as far as it
must (`readable`), so a theme keeps its look; a colour that already reads stays as it is.

`legible_variables` overrides the theme's variables (TrackerApp.get_css_variables), so
Textual's own widgets (the footer, inputs, option lists, buttons) read as well as ours.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.app import App
from textual.color import Color

from tracker.textual_compat import dispatch_plan, lazy_strips
from tracker.textual_compat.css_memo import MemoStylesheet
from tracker.themes.contrast import contrast, readable, theme_colour
from tracker.themes.high_contrast import high_contrast_theme

# The coloured and quiet texts, read on the screen, the dialogs and the panels.
TEXTS = (
    "text-primary",
    "text-secondary",
    "text-accent",
    "text-warning",
    "text-error",
    "text-success",
)
# Quiet, never faint: their share of the way from the background to the foreground.
QUIET = {"foreground-muted": 0.6, "text-muted": 0.6, "foreground-disabled": 0.45}
QUIET_ALIASES = {"text-disabled": "foreground-disabled"}
# Colours drawn under `auto` text (buttons, the NOW label, the decision banner, a focused
# cursor): moved away from that text until it reads.
BACKDROPS = (
    "primary",
    "error",
    "warning",
    "success",
    "accent",
    "block-cursor-background",
    "footer-background",  # solarized's is its primary: white keys on it were 3.7:1
)
# A light terminal's yellow and green are faint on white: in Alabaster (the light palette
# Textual draws ANSI in) ansi-light's warning (bright red) is 3.3:1 and its success
# (green) 3.9; magenta reads 6.5, and success keeps its words and glyphs (✓) in the
# terminal's own text colour. Every ANSI colour of ansi-dark reads in Monokai (4.7+).
ANSI_LIGHT = {"text-warning": "ansi_magenta", "text-success": "ansi_default"}
CURSOR_SHARE = 0.3  # the roster's selected row unfocused: `$primary 30%` (roster.py)


def _over(colour: Color) -> Color:
    """Moved away from the black or white Textual's `auto` text draws on it, until that
    text reads."""
    text = colour.get_contrast_text(1.0)
    return readable(colour, text.inverse, text)


def _pole(on: Color) -> Color:
    """Black or white, whichever reads better on `on` by WCAG (Textual's `auto` goes by
    brightness, and on pure red picks white at 4.1:1 where black reads 5.2)."""
    text = on.get_contrast_text(1.0)
    return max((text, text.inverse), key=lambda pole: contrast(pole, on))


def legible_variables(variables: dict[str, str], dark: bool = True) -> dict[str, str]:
    """The variables to lay over a theme's so every text reads (an ANSI theme's colours
    are the terminal's: only the two that read in no light palette are swapped)."""
    if variables.get("background", "").startswith("ansi"):
        return {} if dark else dict(ANSI_LIGHT)
    theme = partial(theme_colour, variables)
    found = {name: _over(theme(name)) for name in BACKDROPS}
    bg, surface = theme("background"), theme("surface")
    pole = _pole(bg)  # white on a dark theme, black on a light one
    field = surface + theme("boost")  # a dialog's compact input, and focused
    cursor = bg.blend(found["primary"], CURSOR_SHARE)
    blurred = theme("block-cursor-blurred-background")  # an option list's or radio set's
    grounds = (
        *(bg, surface, theme("panel"), cursor, field, field.blend(found["accent"], 0.2)),
        *(bg + blurred, surface + blurred),
    )
    for name in ("foreground", "button-foreground", *TEXTS):
        found[name] = readable(theme(name), pole, *grounds)
    for name, share in QUIET.items():
        found[name] = readable(bg.blend(found["foreground"], share), pole, *grounds)
    for alias, name in QUIET_ALIASES.items():
        found[alias] = found[name]
    footer = found["footer-background"]
    for name in ("footer-key-foreground", "footer-description-foreground", "footer-foreground"):
        found[name] = readable(theme(name), _pole(footer), footer)
    found["block-cursor-foreground"] = found["block-cursor-background"].get_contrast_text(1.0)
    found["block-cursor-blurred-foreground"] = found["foreground"]
    shown = {name: colour.hex for name, colour in found.items()}
    return {**shown, "button-color-foreground": "auto 100%"}


class LegibleApp(App[None]):
    """An app whose every theme reads (`legible_variables`), and which offers the app's
    own high-contrast theme beside Textual's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Nothing is read into it yet: a dialog's widgets styled from remembered answers.
        self.stylesheet = MemoStylesheet(variables=self.get_css_variables())
        lazy_strips.install()  # a strip makes its caches when first used (once per process)
        dispatch_plan.install()  # a message's handlers found from a plan kept per class
        self.register_theme(high_contrast_theme())

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        variables.update(legible_variables(variables, self.current_theme.dark))
        return variables
