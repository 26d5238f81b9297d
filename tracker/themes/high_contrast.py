"""The app's own high-contrast theme (issue 27): white on black, every colour bright.

For a table in a bright room, a projector, or a GM who reads better with more contrast.
Its colours live in `tracker/data/themes/` (data, not code: no Python file names a
colour), and the legibility pass (tracker.themes.legible) still checks every text on it.
"""

from __future__ import annotations

import json
from importlib.resources import files

from textual.theme import Theme

NAME = "tracker-high-contrast"


def high_contrast_theme() -> Theme:
    """The theme, read from the package's data (a wheel carries it, as the demo)."""
    text = files("tracker").joinpath("data", "themes", f"{NAME}.json").read_text("utf-8")
    return Theme(**json.loads(text))
