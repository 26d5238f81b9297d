"""The GM's keymap (settings.json's "keymap", by action id): all of it or none.

A keymap that will do moves the keys: the new key acts, the old one no longer
does, and the footer, help and the palette's hints name the new one. One that
will not (an unknown id, a key that is no key, two live actions on one key)
is named in one message, and every default key still works.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.keys_shown import app_with_keymap, footer, help_sections, notices, on_main
from tests.support.modal_host import keys_done, until
from tracker.actions.keymap import check, key_words, normal_keys
from tracker.actions.registry import ACTIONS
from tracker.app.commands_palette import TrackerCommands
from tracker.app.settings import held_on_main, settings_path
from tracker.app.tracker_app import TrackerApp
from tracker.screens.help import HelpScreen
from tracker.screens.main import MainScreen

SIZE = (120, 40)
HELD = held_on_main(TrackerApp)
README = Path(__file__).resolve().parents[3] / "README.md"


def test_the_default_keys_clash_with_nothing() -> None:
    checked = check({}, HELD)
    assert checked.problems == () and checked.keymap == {}
    assert checked.keys["advance"] == "n" and checked.keys["help"] == "question_mark"


def test_a_swap_is_no_clash() -> None:
    checked = check({"advance": "N", "new-day": "n"}, HELD)
    assert checked.problems == ()
    assert checked.keymap == {"advance": "N", "new-day": "n"}
    assert (checked.keys["advance"], checked.keys["new-day"]) == ("N", "n")


CLASHES = {
    "two ids on one key": ({"advance": "N"}, "'advance' and 'new-day' are both on 'N'"),
    "an app key onto a screen key": ({"act": "n"}, "'advance' and 'act' are both on 'n'"),
    "a character and its name": ({"wound": "?"}, "'wound' and 'help' are both on '?'"),
    "the roster's key": ({"act": "space"}, "'act' is on 'space', taken by 'Mark'"),
    "Textual's key, by its alias": ({"wound": "ctrl+i"}, "'wound' is on 'tab', taken by"),
    "the palette's key": ({"heal": "ctrl+p"}, "taken by 'the command palette'"),
    "an unknown id": ({"jump": "j"}, "'jump' is no action"),
    "a palette-only action": ({"cancel-reminder": "z"}, "'cancel-reminder' has no key"),
}


@pytest.mark.parametrize("case", sorted(CLASHES))
def test_a_keymap_that_will_not_do_is_refused_whole(case: str) -> None:
    keymap, said = CLASHES[case]
    checked = check({"luck": "L", **keymap}, HELD)
    assert len(checked.problems) == 1 and said in checked.problems[0]
    assert checked.keymap == {}  # none of it, not even the part that would do
    assert checked.keys == check({}, HELD).keys


@pytest.mark.parametrize(
    "keys",
    [
        "spacebar",
        "Space",
        "latin_small_letter_e_with_acute",
        "ctrl+",
        "ctrl+ctrl+a",
        "a,,b",
        "ctrl + a",
        "a,b,c,d,e",
    ],
)
def test_what_is_not_a_key_name(keys: str) -> None:
    assert normal_keys(keys) is None
    (problem,) = check({"advance": keys}, HELD).problems
    assert problem == f"'advance': {keys!r} is not a key name"


def test_key_names_as_textual_binds_them() -> None:
    assert normal_keys("?") == ("question_mark",) == normal_keys("question_mark")
    assert normal_keys("+") == ("plus",)
    assert normal_keys("ctrl+shift+x") == ("ctrl+shift+x",)
    assert normal_keys(" f1 , y ") == ("f1", "y")
    assert [key_words(k) for k in ("plus", "ctrl+e", "question_mark", "space,N")] == [
        *("+", "ctrl+e", "?", "space/N")
    ]


def test_the_readme_gives_every_id_with_its_default_key() -> None:
    """The GM's list of ids (README, "Your own keys") cannot fall behind the registry."""
    text = README.read_text(encoding="utf-8")
    missing = [a.id for a in ACTIONS if a.key and f"`{a.id}` ({key_words(a.key)})" not in text]
    assert missing == []


async def test_a_keymap_from_settings_moves_the_keys(tmp_path: Path) -> None:
    app = app_with_keymap(tmp_path, {"begin-combat": "B", "wound": "W", "help": "f1"})
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        keys = footer(app)
        assert keys["B"] == ("Begin", False) and keys["W"] == ("Wound", False)
        assert "b" not in keys and "w" not in keys
        assert not [said for _, said in notices(app) if "keymap" in said]
        await pilot.press("b", "w")  # the old keys: nothing now
        await keys_done(pilot)
        await pilot.pause()
        assert isinstance(app.screen, MainScreen) and not app.session.encounter.in_combat
        await pilot.press("W")
        await until(pilot, lambda: type(app.screen).__name__ == "WoundForm")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        hints = {title: hint for title, _, hint in TrackerCommands(app.screen).entries()}
        assert hints["Begin combat"] == "A7: who starts, reactions (B)"
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen)
        sections = help_sections(app.screen.grouped)
        assert ("B", "Begin") in sections["The fight"] and ("b", "Begin") not in sections[
            "The fight"
        ]
        assert ("f1", "Help") in sections["View and help"]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("B")
        await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")


async def test_a_clashing_keymap_is_named_once_and_the_defaults_work(tmp_path: Path) -> None:
    keymap = {"wound": "W", "advance": "N", "jump": "j"}
    app = app_with_keymap(tmp_path, keymap)
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        await until(pilot, lambda: any("keymap" in said for _, said in notices(app)))
        (said,) = [said for _, said in notices(app) if "keymap" in said]
        assert said.startswith(f"{settings_path()}: the keymap is not used")
        assert "'advance' and 'new-day' are both on 'N'" in said and "'jump' is no action" in said
        assert footer(app)["w"] == ("Wound", False) and "W" not in footer(app)
        assert footer(app)["n"] == ("Advance", True)
        await pilot.press("W")
        await keys_done(pilot)
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await pilot.press("w")
        await until(pilot, lambda: type(app.screen).__name__ == "WoundForm")
    assert app.gm_settings.settings.keymap == keymap  # kept, for the GM to mend in the file


async def test_a_theme_that_is_not_here_leaves_the_keymap_in_force(tmp_path: Path) -> None:
    """Each setting stands alone: the theme's problem is said, the keys still move, and
    the keymap stays in what a theme picked later would write."""
    app = app_with_keymap(tmp_path, {"wound": "W"}, theme="no-such-theme")
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        await until(pilot, lambda: any("no-such-theme" in said for _, said in notices(app)))
        assert not [said for _, said in notices(app) if "keymap" in said]
        assert footer(app)["W"] == ("Wound", False)
    assert app.gm_settings.settings.keymap == {"wound": "W"}
    assert app.gm_settings.settings.theme is None
