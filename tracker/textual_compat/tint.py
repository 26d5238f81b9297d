"""The screen behind a dialog, tinted with each style's tint worked out once.

Why: Textual draws a modal's translucent backdrop by tinting every segment of
the screen beneath (`BackgroundScreen.process_segments`: two colour blends and
a style sum per segment). The main screen at 120x40 is ~680 segments in ~30
styles, so nearly all of that arithmetic repeats: 2.4 of the 5.4 ms the backdrop
cost each dialog at pace 0.83 (issue 27, dialog_open_ms). Here the tinted style
of each (style, tint) pair is kept, and each segment only looks it up. An ANSI
theme's transparent backdrop (tint alpha 0: links and meta cleared, no blend)
goes the same way.

Textual's own `Screen.render` still decides whether there is a backdrop and which
screen it shows; `MemoTint.render` only swaps its renderable for this subclass.
Public API that would replace this: none in Textual 8.2.8.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen

__all__ = ["MemoBackgroundScreen", "MemoTint"]

LIMIT = 4096  # (style, tint) pairs kept before starting over (a main screen has ~30 styles)
_TINTED: dict[tuple[Style | None, Color], Style] = {}


class MemoBackgroundScreen(BackgroundScreen):
    """Textual's `BackgroundScreen`, each distinct style tinted once."""

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        if len(_TINTED) > LIMIT:
            _TINTED.clear()
        get = _TINTED.get
        for segment in segments:
            text, style, control = segment
            if control:
                yield segment
                continue
            tinted = get((style, color))
            if tinted is None:
                (done,) = super().process_segments([Segment(text, style)], color)
                tinted = _TINTED[style, color] = done.style or Style()
            yield Segment(text, tinted, control)


class MemoTint:
    """Mix in before a Screen class: its translucent backdrop tints through the memo.

    Not a Screen itself: Textual takes a class's CSS from the first DOM node class in
    each `__bases__` (`DOMNode._css_bases`), so a Screen here would hide ModalScreen's
    (the 60% backdrop) from the dialogs that mix this in."""

    def render(self) -> RenderableType:
        rendered = cast(Screen[Any], super()).render()
        if type(rendered) is BackgroundScreen:
            return MemoBackgroundScreen(rendered.screen, rendered.color)
        return rendered
