"""The GM's settings (the theme, the keymap), kept between runs.

One small JSON file, `platformdirs.user_config_path("fs-tracker") / "settings.json"`,
read once when the app starts and validated. A file that will not do (not JSON,
wrong types, an unknown key, a folder in its place, a theme this Textual does not
have) gives one message naming the file and the problem, and the defaults are used;
a keymap that will not do (tracker.actions.keymap) gives its own, and the default
keys stay, the theme still applied.
What we chose for writing: the file is left exactly as it is until the GM changes a
setting (a bad edit is never "repaired" behind the GM's back); then the whole file is
written atomically — a temporary file in the same folder, flushed, then `os.replace`
— so a crash or a full disk mid-write leaves the old file, never half a new one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from rules.model.errors import explain
from rules.saves.json_text import read_json
from tracker.files.atomic_write import write_atomically

if TYPE_CHECKING:
    from textual.app import App

MAX_SETTINGS_BYTES = 64 * 1024  # a settings file is a few dozen bytes
ActionId = Annotated[str, StringConstraints(min_length=1, max_length=40)]
KeyNames = Annotated[str, StringConstraints(min_length=1, max_length=100)]  # "space,N"
MAX_KEYMAP = 100  # ids a keymap may name: the registry has fewer than fifty


class Settings(BaseModel):
    """What a GM chooses once and expects to find again; None means Textual's default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    theme: str | None = Field(default=None, min_length=1, max_length=100, title="theme")
    # action id -> key(s), checked against the registry when applied (tracker.actions.keymap)
    keymap: dict[ActionId, KeyNames] = Field(
        default_factory=dict, max_length=MAX_KEYMAP, title="keymap"
    )


def settings_path() -> Path:
    """Where the settings live: the platform's config folder for fs-tracker."""
    from rules.saves.user_folders import settings_file

    return settings_file()


def read_settings(path: Path) -> tuple[Settings, str]:
    """The settings in `path` and "" — or the defaults and what is wrong with the file.

    A missing file is no problem (the first run): the defaults, silently.
    """
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return Settings(), ""
    except IsADirectoryError:
        return Settings(), _problem(path, "is a folder, not a settings file")
    except OSError as error:
        return Settings(), _problem(path, (error.strerror or str(error)).lower())
    if len(raw) > MAX_SETTINGS_BYTES:
        return Settings(), _problem(path, "is too big to be a settings file")
    try:
        data = read_json(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return Settings(), _problem(path, "is not UTF-8 text")
    except ValueError as err:
        return Settings(), _problem(path, f"is {err}")
    if not isinstance(data, dict):
        return Settings(), _problem(path, 'must be one JSON object, like {"theme": "nord"}')
    try:
        return Settings.model_validate(data), ""
    except ValidationError as err:
        return Settings(), _problem(path, explain(err, Settings))


def _problem(path: Path, what: str) -> str:
    return f"{path} {what}; using the defaults (the file is left as it is)"


def write_settings(settings: Settings, path: Path) -> None:
    """Write atomically (`write_atomically`). OSError on failure."""
    text = json.dumps(settings.model_dump(mode="json", exclude_defaults=True), indent=2) + "\n"
    write_atomically(path, text, ".settings-")


# A terminal of 16 colours (TERM=xterm, no COLORTERM) turns a truecolour theme into the
# nearest of its 16: the roster's cursor row took the header's colour (issue 27). An
# ANSI theme is drawn in the terminal's own colours; the GM's own choice still wins.
FEW_COLOURS = frozenset({"standard", "windows"})
FEW_COLOURS_THEME = "ansi-dark"


class SettingsKeeper:
    """Applies the settings when the app starts and writes them when the GM changes one."""

    def __init__(self, app: App[Any], path: Path | None = None) -> None:
        from tracker.actions.keymap import check

        self.app = app
        self.path = settings_path() if path is None else path
        self.settings, self.problem = read_settings(self.path)
        self.keys = check({}, {}).keys  # action id -> key in force (the palette's hints)
        self.keymap_problem = ""
        self._words: tuple[dict[str, str], dict[str, str]] | None = None

    @property
    def words(self) -> dict[str, str]:
        """Action id -> its keys in force as a GM reads them ("?", "space/N"): what a
        message names (tracker.host.key_words.keyed)."""
        from tracker.actions.keymap import key_words

        if self._words is None or self._words[0] is not self.keys:
            self._words = (self.keys, {i: key_words(k) for i, k in self.keys.items()})
        return self._words[1]

    def start(self) -> None:
        """Call once from the app's on_mount: the theme, the keymap, a message for each
        problem (a bad theme leaves the keymap be, and a bad keymap the theme)."""
        theme = self.settings.theme
        if theme is not None and theme not in self.app.available_themes:
            self.problem = _problem(self.path, f"names the theme {theme!r}, which is not here")
            # the default theme; the file keeps the name until the GM picks, and the keymap
            self.settings = self.settings.model_copy(update={"theme": None})
        elif theme is not None:
            self.app.theme = theme
        if self.settings.theme is None and self.app.console.color_system in FEW_COLOURS:
            self.app.theme = FEW_COLOURS_THEME  # not remembered: the watch comes after
        self._apply_keymap()
        for problem in (self.problem, self.keymap_problem):
            if problem:
                self.app.notify(problem, title="Settings", severity="error", timeout=12)
        self.app.watch(self.app, "theme", self._theme_changed, init=False)

    def _apply_keymap(self) -> None:
        """All of the GM's keys or none (tracker.actions.keymap): a keymap that will not do
        is named, the default keys stay, and the file keeps it for the GM to mend."""
        from tracker.actions.keymap import check

        checked = check(self.settings.keymap, held_on_main(type(self.app)))
        self.keys = checked.keys
        if checked.problems:
            self.keymap_problem = (
                f"{self.path}: the keymap is not used, every key stays the default:"
                f" {'; '.join(checked.problems)} (the file is left as it is)"
            )
        elif checked.keymap:
            self.app.set_keymap(checked.keymap)

    def _theme_changed(self, theme: str) -> None:
        """The GM picked a theme ("Change theme" in the palette): remember it."""
        if theme == self.settings.theme:
            return
        chosen = self.settings.model_copy(update={"theme": theme})
        try:
            write_settings(chosen, self.path)
        except OSError as error:
            why = (error.strerror or str(error)).lower()
            self.app.notify(
                f"the theme is not remembered: {self.path}: {why}",
                title="Settings",
                severity="error",
                timeout=12,
            )
            return
        self.settings, self.problem = chosen, ""


def held_on_main(app_type: type[App[Any]]) -> dict[str, str]:
    """The keys live on the main screen beside the registry's: the roster's (the one
    widget there that takes the focus), the screen's and the app's own, the palette's."""
    from tracker.actions.keymap import held_keys
    from tracker.screens.main import MainScreen
    from tracker.widgets.roster import Roster

    palette = {app_type.COMMAND_PALETTE_BINDING: "the command palette"}
    return held_keys((Roster, MainScreen, app_type), palette)
