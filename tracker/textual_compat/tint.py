"""The screen behind a dialog, drawn from its own strips, each style tinted once.

Why: Textual draws a modal's translucent backdrop (`BackgroundScreen`) by
rendering the screen beneath through Rich: its compositor's strips become
segments and line breaks, each segment is tinted (two colour blends and a style
sum), the modal's own style is added under it, and the lines are split and
cropped back into strips. At 200 combatants that was about 12 of the 90 ms
from the key that rolls to the next dialog drawn (issue 27, dialog_open_ms,
pace 1.45). `Backdrop` takes the strips as they are and swaps each segment's
style for one worked out once per (style, tint, modal style): 2-4x cheaper, and
the same strips (tests/app/themes/test_tint_memo.py compares them in every theme).

The strips beneath, and their tinted copies, are kept between dialogs and only the
lines changed since are drawn again (kept_lines.py).

Textual's own `Screen.render` still decides whether there is a backdrop and which
screen it shows; `MemoTint.render` only swaps its `BackgroundScreen` for this.
Public API that would replace this: none in Textual 8.2.8.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from tracker.textual_compat.kept_lines import kept_lines

__all__ = ["Backdrop", "MemoTint", "tinted"]

LIMIT = 4096  # styles kept before starting over (a main screen has ~30 per theme)
_TINTED: dict[tuple[RichStyle | None, Color, RichStyle], RichStyle] = {}
_PLAIN = RichStyle()


def tinted(style: RichStyle | None, color: Color, under: RichStyle = _PLAIN) -> RichStyle:
    """`style` as Textual's backdrop draws it: tinted by `color` (links and meta
    cleared), over the modal's own style `under`."""
    key = (style, color, under)
    done = _TINTED.get(key)
    if done is None:
        if len(_TINTED) > LIMIT:
            _TINTED.clear()
        (segment,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
        done = _TINTED[key] = under + (segment.style or _PLAIN)
    return done


class Backdrop(Visual):
    """The screen beneath a modal, tinted: the strips Textual's `BackgroundScreen`
    makes through Rich, made from the compositor's strips directly."""

    def __init__(self, screen: Screen[Any], color: Color) -> None:
        self.screen = screen
        self.color = color

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        under, color = style.rich_style, self.color
        kept = kept_lines(self.screen._compositor)  # only the lines changed since: again
        lines = kept.tinted_lines(
            (color, under, width), lambda strip: _tint_strip(strip, color, under, width)
        )
        return lines[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen.size.height


def _tint_strip(strip: Strip, color: Color, under: RichStyle, width: int) -> Strip:
    """One line of the screen beneath, each style swapped for its tinted self."""
    segments: Iterable[Segment] = strip if strip.cell_length <= width else strip.crop(0, width)
    get = _TINTED.get
    out = []
    for segment in segments:
        text, style, control = segment
        if control:
            out.append(segment)
            continue
        done = get((style, color, under))
        out.append(Segment(text, tinted(style, color, under) if done is None else done))
    return Strip(out, min(strip.cell_length, width))


class MemoTint:
    """Mix in before a Screen class: its translucent backdrop is a `Backdrop`.

    Not a Screen itself: Textual takes a class's CSS from the first DOM node class in
    each `__bases__` (`DOMNode._css_bases`), so a Screen here would hide ModalScreen's
    (the 60% backdrop) from the dialogs that mix this in."""

    def render(self) -> RenderableType:
        rendered = cast(Screen[Any], super()).render()
        if type(rendered) is BackgroundScreen:
            # A Visual where Screen.render says a Rich renderable: Widget.render may return
            # either, and Textual takes a Visual as it is (visualize).
            return cast(RenderableType, Backdrop(rendered.screen, rendered.color))
        return rendered
