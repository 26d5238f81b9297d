"""Where an installed tracker keeps a GM's data: saves in the platform's data folder,
settings in its config folder (platformdirs), `$TRACKER_SAVES` or `--saves` choosing
another saves folder.

Kept apart and light (no save or engine modules), because the app asks it before its
first frame: the settings file's path is read then.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_DIRS = "fs-tracker"  # the platformdirs name: …/fs-tracker/saves, …/fs-tracker/settings.json
SAVES_ENV = "TRACKER_SAVES"


def default_saves_dir() -> Path:
    """The folder named by TRACKER_SAVES, else `saves` in the platform's user data folder:
    an installed tool keeps its data in one place, not in whatever folder the GM is in."""
    chosen = os.environ.get(SAVES_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_DIRS, appauthor=False) / "saves"


def settings_file() -> Path:
    """The GM's settings (tracker.app.settings): `settings.json` in the platform's config folder."""
    from platformdirs import user_config_path

    return user_config_path(APP_DIRS, appauthor=False) / "settings.json"
