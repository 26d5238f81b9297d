"""WCAG contrast, and a colour moved only as far as it must to reach it.

One place for the arithmetic both screens use: the GM's (tracker.themes.legible) and
the players' (tracker.players.view.legible).
"""

from __future__ import annotations

from textual.color import Color, ColorParseError
from textual.markup import parse_style

TARGET = 4.6  # a hair over WCAG AA's 4.5, so rounding to a hex never lands under it
STEP = 0.05  # of the way to the foreground, each step


def luminance(colour: Color) -> float:
    """WCAG 2 relative luminance."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast(a: Color, b: Color) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable(colour: Color, toward: Color, *grounds: Color, target: float = TARGET) -> Color:
    """`colour`, moved towards `toward` until it reaches `target` on every ground."""
    amount = 0.0
    shown = colour
    while amount < 1 and any(contrast(shown, g) < target for g in grounds):
        amount = min(1.0, amount + STEP)
        shown = colour.blend(toward, amount)
    return shown


def theme_colour(variables: dict[str, str], name: str) -> Color:
    """The theme's `$name` as a colour (a variable resolved, as a style's would be).

    A plain colour is parsed as one: Textual's style parser tokenises every variable of
    the theme on each call, which made a theme's legibility pass 19 ms, most of it here.
    """
    try:
        return Color.parse(variables[name])
    except (KeyError, ColorParseError):
        pass
    found = parse_style(f"${name}", variables).foreground
    assert found is not None, name
    return found
