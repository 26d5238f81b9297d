"""Keys sent as one terminal read delivers them: no pause for the app in between.

Pilot's press waits for the app to go idle after each key, which hides every
race between a key and what the key before it opens.
"""

from __future__ import annotations

from textual import events
from textual.app import App

CHARS = {"space": " ", "plus": "+"}


def send_at_once(app: App[None], *keys: str) -> None:
    """Queue `keys` on the driver, as a fast GM's burst (`w 3 7 5`) arrives."""
    driver = app._driver
    assert driver is not None
    for key in keys:
        char = CHARS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
