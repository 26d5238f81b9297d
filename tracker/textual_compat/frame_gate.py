"""A hook that runs before each frame goes to the terminal (`App._display`).

Why: the app's autosave writes in another thread while a frame is made
(tracker/app/save_writer.py), and no frame may show what is not on disk yet
(issue 23: a kill right after a drawn command lost it). Textual 8.2.8 has no
public hook between making a frame and writing it; every frame of the top
screen passes through the private `App._display(screen, renderable)`.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.app import App
from textual.screen import Screen


class GatedFrames(App[None]):
    """Mix in before the app's other bases: `before_frame` runs ahead of each frame."""

    def before_frame(self) -> None:
        """What must be done before a frame is written (nothing here)."""

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        if renderable is not None:
            self.before_frame()
        super()._display(screen, renderable)
