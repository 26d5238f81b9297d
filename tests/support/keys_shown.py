"""What a GM sees of the keys: the footer's (greyed or not), help's sections, the notices;
and the demo app started with a keymap in settings.json."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot

from tests.support.demo import demo_app
from tests.support.modal_host import until
from tracker.app.settings import settings_path
from tracker.app.tracker_app import TrackerApp
from tracker.screens.main import MainScreen
from tracker.widgets.key_footer import KeyFooter


def app_with_keymap(tmp_path: Path, keymap: dict[str, str], **other: object) -> TrackerApp:
    """The demo app, its settings.json holding `keymap` and any `other` setting (the
    tests' config folder is their own, emptied before each test: tests/conftest.py)."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"keymap": keymap, **other}), encoding="utf-8")
    return demo_app(tmp_path)


async def on_main(pilot: Pilot[None]) -> None:
    """Until the main screen shows the loaded save (the keys are greyed only then)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await until(pilot, lambda: app.loaded_session is not None)
    await pilot.pause()


def footer(app: TrackerApp) -> dict[str, tuple[str, bool]]:
    """Each footer key -> (its label, greyed): Textual's FooterKey keeps its key and
    label as attributes and marks a key it may not press with `-disabled`."""
    keys = [key for bar in app.screen.query(KeyFooter) for key in bar.children]
    shown = {}
    for key in keys:
        label = str(getattr(key, "description", ""))
        shown[str(getattr(key, "key", ""))] = (label, key.has_class("-disabled"))
    return shown


def notices(app: TrackerApp) -> list[tuple[str, str]]:
    """(title, message) of every notification shown so far."""
    return [(n.title, n.message) for n in app._notifications]


def help_sections(text: str) -> dict[str, list[tuple[str, str]]]:
    """Help's keys text as heading -> [(key, what it does)], in the order shown."""
    sections: dict[str, list[tuple[str, str]]] = {}
    for block in text.split("\n\n"):
        heading, *rows = block.splitlines()
        sections[heading] = []
        for row in rows:
            key, _, what = row.strip().partition("  ")
            sections[heading].append((key, what.strip()))
    return sections
