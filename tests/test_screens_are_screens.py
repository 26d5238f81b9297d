"""tracker/screens holds only screens (issue 13): a dialog factory, key reasons or a
helper of the main screen's keys lives beside the app, where a reader looks for it."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from textual.screen import Screen

SCREENS = Path(__file__).resolve().parent.parent / "tracker" / "screens"


def test_every_module_in_screens_defines_a_screen() -> None:
    without = []
    for path in sorted(SCREENS.glob("*.py")):
        if path.stem == "__init__":
            continue
        module = importlib.import_module(f"tracker.screens.{path.stem}")
        own = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__
        ]
        if not any(issubclass(c, Screen) for c in own):
            without.append(path.name)
    assert without == [], f"not screens, in tracker/screens: {without}"
