"""Textual's `Strip`, its per-strip caches made on first use rather than at birth.

Why: every `Strip` builds seven small `FIFOCache`s in `__init__` (for its crops,
divisions, styles, filters...): 1.6 µs of a strip's 1.9 at pace 0.86. A dialog's
first frame makes about a thousand strips (each widget line, each cut of each
screen line, the backdrop), and most are drawn once and dropped without ever
being cropped or divided again (issue 27, dialog_open_ms). Here a strip starts
without them; the first read of one (`strip._crop_cache.get(...)` in Textual's
own methods) makes it, at the size Textual gives it. Nothing else changes.

The cache names and sizes are read from a strip made by Textual's own
`__init__`, so a Textual that adds or resizes a cache is followed; the plain
fields are set as Textual sets them (tests/app/widgets/test_lazy_strips.py checks both
against the pinned Textual). Public API that would replace this: none (Textual's
`Content` already makes its own divide cache lazily).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.cache import FIFOCache
from textual.strip import Strip

__all__ = ["install", "installed"]

_EAGER = Strip.__init__


def _sizes() -> dict[str, int]:
    """Each cache slot Textual's own `__init__` fills, and its size there."""
    probe = Strip.__new__(Strip)
    _EAGER(probe, [])
    return {
        name: cache._maxsize
        for name in Strip.__slots__
        if isinstance(cache := getattr(probe, name, None), FIFOCache)
    }


SIZES = _sizes()


def _lazy_init(self: Strip, segments: Iterable[object], cell_length: int | None = None) -> None:
    """Textual's `Strip.__init__` without its caches (see `_make_cache`)."""
    self._segments = list(segments)  # type: ignore[arg-type]  # Textual's own annotation
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _make_cache(self: Strip, name: str) -> FIFOCache[object, object]:
    """Called only for a slot never set: a cache's first read makes it."""
    size = SIZES.get(name)
    if size is None:
        raise AttributeError(f"'Strip' object has no attribute {name!r}")
    cache: FIFOCache[object, object] = FIFOCache(size)
    object.__setattr__(self, name, cache)
    return cache


def install() -> None:
    """From now on, new strips make their caches on first use (again: a no-op)."""
    Strip.__getattr__ = _make_cache  # type: ignore[attr-defined]
    Strip.__init__ = _lazy_init  # type: ignore[method-assign]


def installed() -> bool:
    return Strip.__init__ is _lazy_init
