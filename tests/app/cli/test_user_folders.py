"""Issue "Stands on its own": saves go to the platform's data folder (not the folder
the GM is in), and the theme a GM picks is remembered in the platform's config
folder; a bad settings file is named with its problem, the defaults are used, and
the file is left alone until the GM changes a setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Static

from tests.support.modal_host import until
from tracker.app.settings import Settings, read_settings, write_settings
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.encounter_name import EncounterName
from tracker.screens.main import MainScreen
from tracker.screens.saves_browser import SavesBrowser

SIZE = (120, 40)
DEFAULT_THEME = "textual-dark"  # Textual's own default


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Data and config folders of this test alone; the GM stands in an unrelated folder."""
    found = {name: tmp_path / name for name in ("data", "config", "cwd")}
    found["cwd"].mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(found["data"]))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(found["config"]))
    monkeypatch.delenv("TRACKER_SAVES", raising=False)
    monkeypatch.chdir(found["cwd"])
    found["saves"] = found["data"] / "fs-tracker" / "saves"
    found["settings"] = found["config"] / "fs-tracker" / "settings.json"
    return found


def messages(app: TrackerApp) -> list[str]:
    return [n.message for n in app._notifications]


def first_hit(app: TrackerApp) -> str:
    hits = app.screen.query_one(CommandList)
    return str(hits.get_option_at_index(0).prompt) if hits.option_count else ""


async def pick_theme(pilot, app: TrackerApp, theme: str) -> None:  # type: ignore[no-untyped-def]
    """The GM's way: ctrl+p, "Theme" (Change the current theme), then the theme's name."""
    await pilot.press("ctrl+p")
    await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    await pilot.press(*"theme")
    await until(pilot, lambda: first_hit(app).startswith("Theme"))
    await pilot.press("enter")
    await until(pilot, lambda: "themes" in app.screen.query_one(Input).placeholder)
    await pilot.press(*theme)
    await until(pilot, lambda: first_hit(app) == theme)  # the search answers asynchronously
    await pilot.press("enter")
    await until(pilot, lambda: app.theme == theme)


async def test_a_new_encounter_is_saved_under_the_data_folder(folders: dict[str, Path]) -> None:
    app = make_app(None, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        title = str(app.screen.query_one("#browser-title", Static).render())
        assert f"Saves in {folders['saves']}" in title  # the browser says where saves live
        await pilot.press("enter")  # ＋ New encounter
        await until(pilot, lambda: isinstance(app.screen, EncounterName))
        app.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Bridge ambush", "enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
    assert app.save_path == folders["saves"] / "bridge-ambush.json"
    assert app.save_path.is_file()
    assert list(folders["cwd"].iterdir()) == []  # before: ./saves/bridge-ambush.json


async def test_the_theme_chosen_in_one_run_is_the_theme_of_the_next(
    folders: dict[str, Path], tmp_path: Path
) -> None:
    first = make_app(None, saves_dir=tmp_path / "saves")
    async with first.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(first.screen, SavesBrowser))
        assert first.theme == DEFAULT_THEME and not folders["settings"].exists()
        await pick_theme(pilot, first, "nord")
        await until(pilot, folders["settings"].exists)
    assert json.loads(folders["settings"].read_text(encoding="utf-8")) == {"theme": "nord"}
    assert [p.name for p in folders["settings"].parent.iterdir()] == ["settings.json"]  # no tmp
    second = make_app(None, saves_dir=tmp_path / "saves")
    async with second.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(second.screen, SavesBrowser))
        assert second.theme == "nord"
        assert not any("Settings" in m or "settings" in m for m in messages(second))


BAD_FILES = {
    "bad JSON": ('{"theme": "nord",', "is not JSON"),
    "wrong type": ('{"theme": 5}', "theme"),
    "not an object": ('["nord"]', "one JSON object"),
    "unknown key": ('{"them": "nord"}', "them"),
    "unknown theme": ('{"theme": "no-such-theme"}', "'no-such-theme', which is not here"),
    "not UTF-8": (b'{"theme": "\xff"}', "not UTF-8"),
    "keymap not an object": ('{"keymap": ["act", "space"]}', "keymap"),
    "keymap of numbers": ('{"keymap": {"act": 5}}', "keymap.act"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
async def test_a_bad_settings_file_is_named_the_defaults_used_and_left_alone(
    case: str, folders: dict[str, Path], tmp_path: Path
) -> None:
    content, problem = BAD_FILES[case]
    path = folders["settings"]
    path.parent.mkdir(parents=True)
    raw = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(raw)
    app = make_app(None, saves_dir=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await until(pilot, lambda: any(str(path) in m for m in messages(app)))
        (said,) = [m for m in messages(app) if str(path) in m]
        assert problem in said and "using the defaults" in said
        assert app.theme == DEFAULT_THEME
        await pilot.pause(0.2)
        assert path.read_bytes() == raw  # not rewritten behind the GM's back
        await pick_theme(pilot, app, "gruvbox")  # the GM changes a setting: now it is written
        await until(pilot, lambda: path.read_bytes() != raw)
    assert read_settings(path) == (Settings(theme="gruvbox"), "")


async def test_a_folder_where_the_settings_file_goes_is_named_and_left_alone(
    folders: dict[str, Path], tmp_path: Path
) -> None:
    path = folders["settings"]
    path.mkdir(parents=True)
    (path / "keep.txt").write_text("mine", encoding="utf-8")
    app = make_app(None, saves_dir=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SavesBrowser))
        await until(pilot, lambda: any("is a folder" in m for m in messages(app)))
        assert app.theme == DEFAULT_THEME
        await pick_theme(pilot, app, "nord")  # applied for this run, but cannot be kept
        await until(pilot, lambda: any("not remembered" in m for m in messages(app)))
    assert path.is_dir() and (path / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temporary left


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Atomic: the new text goes to a temporary file that replaces the old one at once."""
    path = tmp_path / "settings.json"
    write_settings(Settings(theme="nord"), path)
    before = path.read_bytes()

    def full_disk(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tracker.files.atomic_write.os.replace", full_disk)
    with pytest.raises(OSError):
        write_settings(Settings(theme="gruvbox"), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
