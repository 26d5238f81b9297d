"""A screen's lines kept between the backdrops drawn from them: only changed lines again.

Why: a dialog's backdrop is the screen beneath it, tinted (tint.py). Each new dialog
is a new screen, so Textual drew the screen beneath from scratch every time: every
widget's lines fetched and cut at every edge of the 120x40 layout, ~5 ms at 200
combatants, for each dialog of a roll (issue 27: dialog_open_ms) although the screen
beneath had hardly changed since the dialog before.

Here the lines are kept per compositor, with the lines changed since. A compositor's
output moves only through four methods, watched on it (instance attributes wrapping
Textual's): `update_widgets` (the regions each widget asked to repaint, worked out as
Textual does), `reflow` and `reflow_visible` (the geometry that changed; a new size
or root: everything) and `clear` (everything). Textual repaints a whole screen when
it is covered or uncovered, in place of the widgets that asked: then their regions
are noted, and every line only if the screen's own lines (under its widgets) changed,
looked at when next drawn. A changed line is drawn again as `Compositor.render_strips`
draws it (`_render_chops` over that line); the tinted lines are kept likewise, per
(tint, modal style, width). Tests compare the kept lines with Textual's own after the
screen beneath changes in many ways.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from textual._compositor import Compositor
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["Kept", "kept_lines"]

_R = TypeVar("_R")
_KEPT: weakref.WeakKeyDictionary[Compositor, Kept] = weakref.WeakKeyDictionary()


class Kept:
    """One compositor's lines, which of them changed since, and tinted copies."""

    __slots__ = (
        "compositor",
        "lines",
        "changed",
        "everything",
        "tinted",
        "own",
        "own_repainted",
        "__weakref__",
    )

    def __init__(self, compositor: Compositor) -> None:
        self.compositor = weakref.ref(compositor)
        self.lines: list[Strip] = []
        self.changed: set[int] = set()
        self.everything = True  # nothing kept yet
        self.tinted: dict[Any, list[Strip | None]] = {}
        self.own: list[Strip] | None = None  # the screen's own lines (under its widgets)
        self.own_repainted = False  # the whole screen was repainted since: were they?

    def update(self) -> set[int] | None:
        """Bring the lines up to date; the lines drawn again (None: all of them)."""
        compositor = self.compositor()
        assert compositor is not None  # the compositor holds what holds this
        height = compositor.size.height
        screen = compositor.root
        if self.own_repainted and not self.everything and screen is not None:
            # Textual repaints a whole screen when it is covered or uncovered, though
            # what it draws under its widgets seldom changes: all again only if it did.
            self.own_repainted = False
            self.everything = _own_lines(screen) != self.own
        if self.everything or len(self.lines) != height:
            self.lines = compositor.render_strips()
            self.own = None if screen is None else _own_lines(screen)
            self.everything = self.own_repainted = False
            self.changed.clear()
            self.tinted.clear()
            return None
        ys = sorted(y for y in self.changed if 0 <= y < height)
        self.changed.clear()
        if ys:
            crop = Region(0, ys[0], compositor.size.width, ys[-1] - ys[0] + 1)
            chops = compositor._render_chops(crop, set(ys).__contains__)
            for y in ys:
                self.lines[y] = Strip.join(chops[y].values())
        for tinted in self.tinted.values():
            for y in ys:
                tinted[y] = None
        return set(ys)

    def tinted_lines(self, key: object, tint: Callable[[Strip], Strip]) -> list[Strip]:
        """The kept lines through `tint`, each line tinted again only when it changed."""
        self.update()
        lines = self.lines
        done = self.tinted.get(key)
        if done is None or len(done) != len(lines):
            done = self.tinted[key] = [None] * len(lines)
        for y, line in enumerate(done):
            if line is None:
                done[y] = tint(lines[y])
        return done  # type: ignore[return-value]  # every None filled just above


def _repaint_regions(compositor: Compositor, widgets: set[Widget]) -> Iterable[Region]:
    """The screen regions `update_widgets` marks dirty for `widgets`: what each asked to
    repaint, where it is, within its clip (as Textual works them out)."""
    visible = compositor.visible_widgets
    for widget in visible.keys() & widgets:
        region, clip = visible[widget]
        for asked in widget._repaint_regions:
            if found := clip.intersection(asked.translate(region.offset)):
                yield found


def _own_lines(screen: Widget) -> list[Strip]:
    return screen.render_lines(Region(0, 0, *screen.size))


def kept_lines(compositor: Compositor) -> Kept:
    """The kept lines of `compositor`, watched for changes from the first call on."""
    kept = _KEPT.get(compositor)
    if kept is None:
        kept = _KEPT[compositor] = Kept(compositor)
        _watch(compositor, kept)
    return kept


def _watch(compositor: Compositor, kept: Kept) -> None:
    """Note the lines each change of `compositor` touches (instance attributes wrap
    Textual's methods; a weak reference, so the compositor never keeps `kept` alive)."""
    ref = weakref.ref(kept)

    def note(regions: Iterable[Region]) -> None:
        if (watcher := ref()) is not None:
            for region in regions:
                watcher.changed.update(region.line_range)

    def everything() -> None:
        if (watcher := ref()) is not None:
            watcher.everything = True

    def laid_out(method: Callable[[Widget, Size], _R], kept_map: str) -> Callable[..., _R]:
        def watched(parent: Widget, size: Size) -> _R:
            old_size, old = compositor.size, getattr(compositor, kept_map) or {}
            result = method(parent, size)
            if size != old_size or compositor.root is not parent:
                everything()
            else:  # the geometry that changed, as Textual works it out in `reflow`
                new = getattr(compositor, kept_map) or {}
                note(g.clip.intersection(g.region) for _, g in new.items() ^ old.items())
            return result

        return watched

    compositor.reflow = laid_out(compositor.reflow, "_full_map")  # type: ignore[method-assign]
    compositor.reflow_visible = laid_out(  # type: ignore[method-assign]
        compositor.reflow_visible, "_visible_map"
    )
    clear = compositor.clear

    def cleared() -> None:
        everything()
        clear()

    compositor.clear = cleared  # type: ignore[method-assign]
    update_widgets = compositor.update_widgets

    def repainted(widgets: set[Widget]) -> None:
        screen = compositor.root
        own = screen is not None and screen in widgets
        others = widgets - {screen} if own else widgets
        note(_repaint_regions(compositor, others))  # before Textual takes them
        update_widgets(others)
        if compositor._full_map_invalidated:  # new widgets: laid out when next drawn
            everything()
        if own:  # Textual repaints the whole screen in place of the widgets that asked
            assert screen is not None
            note(_repaint_regions(compositor, set(compositor.visible_widgets) - {screen}))
            update_widgets({screen})
            if (watcher := ref()) is not None:
                watcher.own_repainted = True  # looked at when next drawn (`update`)

    compositor.update_widgets = repainted  # type: ignore[method-assign]
