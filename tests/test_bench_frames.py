"""The TUI benches' frame stamps (bench/bench_tui.py): only a frame drawn counts.

Textual's compositor answers a refresh that changed nothing with None, and
`App._display` then draws nothing; inside a batch it draws nothing either. The stamp
took those calls for frames: bench_dialog timed the next dialog "drawn" at an empty
refresh that came ~17 ms before its first real frame.
"""

from __future__ import annotations

from typing import Any

from bench.bench_tui import stamp_frames


class _App:
    """What stamp_frames touches of an app."""

    def __init__(self) -> None:
        self._batch_count = 0
        self.console: Any = None
        self.drawn: list[object] = []

    def _display(self, screen: object, renderable: object) -> None:
        self.drawn.append(renderable)


def test_only_a_frame_drawn_is_stamped() -> None:
    app = _App()
    frames: list[tuple[float, object]] = []
    stamp_frames(app, frames, lambda: "screen")
    app._display("screen", None)  # nothing changed: nothing drawn
    assert frames == []
    app._batch_count = 1
    app._display("screen", "a frame")  # inside a batch: dropped
    assert frames == []
    app._batch_count = 0
    app._display("screen", "a frame")
    assert [revision for _, revision in frames] == ["screen"]
    assert app.drawn == [None, "a frame", "a frame"]  # the app's own display ran each time
