"""The players' screen's own colours, worked out from the theme so every text a player reads
stands at 4.5:1 or more against what it is drawn on (WCAG AA), in a dark theme and a light.

Why: a theme's `$text-warning` or `$foreground-muted` is made for a GM's screen a foot
away; on the light theme's grey `$text-warning` is 3.3:1, the muted grey 4.0:1, and across
a room that is gone. Each colour here starts as the theme's own (its error, warning,
success, primary, accent) and is moved towards the theme's foreground, a step at a time,
only as far as it must to reach the target against the background and the surface
(cards and log sit on the one, Textual's panels on the other); the footer's keys are
measured against the footer's panel. Nothing is a colour literal: every value is the
theme's colour, blended (`tests/test_no_colour_literals.py`).
"""

from __future__ import annotations

from functools import partial

from tracker.themes.contrast import TARGET, contrast, readable, theme_colour

__all__ = ["TARGET", "contrast", "legible_variables", "readable"]


def legible_variables(variables: dict[str, str]) -> dict[str, str]:
    """`$pv-*`: the players' screen's text colours for a theme's `variables` (and its
    footer's keys, measured against the footer's own background)."""
    theme = partial(theme_colour, variables)
    fg, grounds = theme("foreground"), (theme("background"), theme("surface"))
    bases = {
        "pv-harm": theme("error"),
        "pv-warn": theme("warning"),
        "pv-care": theme("success"),
        "pv-turn": theme("primary"),
        "pv-attack": theme("accent"),
        "pv-muted": grounds[0].blend(fg, 0.6),  # quieter than the text, never faint
    }
    found = {name: readable(c, fg, *grounds).hex for name, c in bases.items()}
    footer = theme("footer-background")
    found["footer-key-foreground"] = readable(theme("footer-key-foreground"), fg, footer).hex
    return found
