"""The theme's colours for text the widgets paint in Python, by way of component classes.

Why: a rich `Style` built in Python cannot name `$text-warning`, and a colour
written out ("yellow") is faint or invisible in a light theme. Textual's own
widgets (DataTable, Input) keep such styles in CSS as component classes; so do
these. A widget adds `TONE_CLASSES` to its COMPONENT_CLASSES and `tone_css(name)`
to its DEFAULT_CSS, and reads `tones(self)` when it paints; Textual clears the
cache behind it on every theme change (`notify_style_update`), where a widget
that keeps painted lines drops them too.

Colour never carries a state alone: every widget also shows it as a glyph or word.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.screen import Screen
from textual.widget import Widget

from tracker.textual_compat.screens import component_classes
from tracker.widgets.steady_layout import SteadyLayout

# tone -> its CSS declarations, every colour a theme variable.
TONES: dict[str, str] = {
    "strong": "color: $foreground; text-style: bold;",
    "plain": "color: $foreground;",
    "warning": "color: $text-warning;",
    "error": "color: $text-error;",
    "success": "color: $text-success;",
    "primary": "color: $text-primary;",
    "secondary": "color: $text-secondary;",
    "accent": "color: $text-accent;",
    "muted": "color: $foreground-muted;",
    # With a background of their own: the text colour is `auto` against it.
    "now": "background: $warning; color: auto 100%; text-style: bold;",
    "alarm": "background: $error; color: auto 100%; text-style: bold;",
}
OWN_BACKGROUND = frozenset({"now", "alarm"})
# In an ANSI theme the terminal picks the colours, and no colour under text reads 4.5:1
# in every palette (Textual's: white on red 4.2, its black on cyan 2.9): the terminal's
# own two, swapped, read in any; the words (NOW, ⚠ DECISION) say which is which.
REVERSED = "background: ansi_default; color: ansi_default; text-style: bold reverse;"
ANSI_TONES: dict[str, str] = {"now": REVERSED, "alarm": REVERSED}
TONE_CLASSES: frozenset[str] = frozenset(f"tone--{name}" for name in TONES)

Tones = Mapping[str, Style]
# No theme at hand (a console print in a test, a plain export): weight only, no colour.
PLAIN: Tones = {name: Style(bold=name in {"strong", "now", "alarm"}) for name in TONES}


def tone_css(screen: str) -> str:
    """The CSS rules for a screen type's tone classes (appended to its DEFAULT_CSS)."""
    rules = [f"{screen} > .tone--{name} {{ {css} }}" for name, css in TONES.items()]
    rules += [f"{screen}:ansi > .tone--{name} {{ {css} }}" for name, css in ANSI_TONES.items()]
    return "\n".join(rules)


def tones(widget: Widget) -> dict[str, Style]:
    """Each tone as a rich style from the current theme, read from the widget's screen.

    The tone classes live on the screens (MainScreen, Dialog), once a screen: Textual
    styles a virtual node for every component class of a node at every style update,
    so ten classes on each of six widgets cost the first frame about 16 ms. Partial
    (colour and weight only) so it lays over a row's own background (the roster's
    cursor); the tones with a background of their own are resolved whole, because
    an `auto` text colour is only known against that background. A screen without
    them (a bare test host) gives PLAIN: weight, no colour.
    """
    screen = widget.screen
    if not TONE_CLASSES <= component_classes(type(screen)):
        return dict(PLAIN)
    return {
        name: screen.get_component_rich_style(f"tone--{name}", partial=name not in OWN_BACKGROUND)
        for name in TONES
    }


class TonedScreen(SteadyLayout, Screen[None]):
    """A screen whose widgets paint in the theme's tones (the main screen; a test host)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(TONE_CLASSES)
    DEFAULT_CSS = tone_css("TonedScreen")


def theme_style(app: App[object], variable: str, *, bold: bool = False) -> Style:
    """A rich style in one of the current theme's colours, for rich-only cells (a
    DataTable's): `theme_style(app, "text-success")`. Read again after a theme change.
    Parsed as Textual parses it: an ANSI theme's `ansi_green`, which rich cannot read
    (the browser crashed in a 16-colour terminal), is the terminal's own green."""
    return Style(color=Color.parse(app.get_css_variables()[variable]).rich_color, bold=bold)
