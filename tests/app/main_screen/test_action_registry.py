"""One registry behind the keys, the footer, help and the palette (issue 26).

Each entry's pieces must meet (a label, a known group, something that runs it,
a named refusal the rules can give), and what the GM sees follows it: a key the
rules refuse now is greyed and says why, help is grouped as the registry is,
and the palette offers exactly what the rules allow now.
"""

from __future__ import annotations

import importlib
import inspect
import string
from pathlib import Path

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import StartCombat
from tests.support.demo import begin, demo_app
from tests.support.keys_shown import footer, help_sections, notices, on_main
from tests.support.modal_host import keys_done, until
from tests.support.random_fights import start_encounter
from tracker.actions.key_reasons import reasons
from tracker.actions.keymap import key_words
from tracker.actions.registry import ACTIONS, BY_ID, FOOTER_ORDER, GROUPS, GMAction
from tracker.app.commands_palette import TrackerCommands, palette_words
from tracker.app.tracker_app import TrackerApp
from tracker.modals.about_one import CombatantDialog
from tracker.screens.help import HelpScreen
from tracker.screens.main import MainScreen

SIZE = (120, 40)
NO_PALETTE = {"log-older", "log-newer", "log-oldest", "log-newest", "help", "quit"}  # keys only


def refused_somewhere() -> set[str]:
    """Every refusal key the rules give in a few moments: before and in combat, with
    someone selected and not."""
    session = Session(start_encounter())
    found: set[str] = set()
    for start in (False, True):
        if start:
            session.do(StartCombat(initiators=["c0", "c1", "c2"]), ScriptedDice([]))
        for selected in (None, "c0"):
            found |= {key for key, why in reasons(session, selected).items() if why}
    return found


def dialog_missing(dialog: str) -> str:
    """Why an entry's `dialog` ("module:Class") would not open ("": it would)."""
    module, _, name = dialog.partition(":")
    try:
        found = getattr(importlib.import_module(module), name, None)
    except ImportError as error:
        return f"dialog {dialog!r}: {error}"
    if not (isinstance(found, type) and issubclass(found, CombatantDialog)):
        return f"dialog {dialog!r} is no CombatantDialog"
    return ""


def pieces_missing(action: GMAction, refused: set[str]) -> list[str]:
    """What is wrong with one entry, in words (nothing: [])."""
    missing = []
    if not action.label.strip():
        missing.append("no label")
    if action.group not in GROUPS:
        missing.append(f"group {action.group!r} is not in GROUPS")
    host = TrackerApp if action.on_app else MainScreen
    if action.run is None and not callable(getattr(host, f"action_{action.name}", None)):
        missing.append(f"nothing runs it: no run and no {host.__name__}.action_{action.name}")
    if action.run is not None and action.on_app:
        missing.append("a run function on an app key (only the main screen's keys use run)")
    if action.run is not None:
        try:
            inspect.signature(action.run).bind(object(), *action.params)
        except TypeError as error:
            missing.append(f"its run does not take {action.params}: {error}")
    # A reason named apart from the action must be one key_reasons gives (a typo would
    # never grey the key); the default, the action's own name, also marks a key that
    # waits while time passes (main_pass_time.REFUSED), refused by the rules or not.
    if action.reason and action.reason not in refused:
        missing.append(f"reason {action.reason!r}: key_reasons never refuses it")
    if action.dialog and (why := dialog_missing(action.dialog)):
        missing.append(why)
    if action.title is None and action.id not in NO_PALETTE:
        missing.append("no palette title (add it to NO_PALETTE if deliberate)")
    if action.key is None and action.title is None:
        missing.append("neither a key nor a palette title: the GM cannot reach it")
    words = {**palette_words(start_encounter(), "c0", "virtual"), "keys": BY_ID}
    for text in (action.title or "", action.hint):
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        unknown = {f.split("[")[0] for f in fields} - set(words)
        if unknown:
            missing.append(f"{text!r} names {sorted(unknown)}, which palette_words lacks")
        for other in (f[5:-1] for f in fields if f.startswith("keys[")):
            if other not in BY_ID or BY_ID[other].key is None:
                missing.append(f"{text!r} names the key of {other!r}, which has none")
    return missing


def test_every_registry_entry_has_its_pieces() -> None:
    refused = refused_somewhere()
    found = {a.id: m for a in ACTIONS if (m := pieces_missing(a, refused))}
    assert found == {}
    assert len(BY_ID) == len(ACTIONS), "two entries share an id"
    footer_ids = {a.id for a in ACTIONS if a.footer}
    assert set(FOOTER_ORDER) == footer_ids, "FOOTER_ORDER and footer=True disagree"


def test_the_check_sees_a_broken_entry() -> None:
    """The check itself: an entry with every piece wrong is named for each."""
    broken = GMAction("x", None, " ", "nowhere", "no_such_method", reason="no_such_reason")  # type: ignore[arg-type]
    assert len(pieces_missing(broken, refused_somewhere())) == 6
    for dialog in ("tracker.modals.nowhere:X", "tracker.modals.heal:Care", "tracker.modals.heal"):
        lost = GMAction("y", "Y", "Y", "combatant", title="Y", dialog=dialog)
        assert [m for m in pieces_missing(lost, set()) if dialog in m], dialog


async def test_n_is_greyed_before_combat_and_says_why(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        assert not app.session.encounter.in_combat
        assert footer(app)["n"] == ("Advance", True)
        assert footer(app)["b"] == ("Begin", False)
        await pilot.press("n")
        await until(
            pilot, lambda: ("Not now", "no combat is running: b begins one") in notices(app)
        )
        assert isinstance(app.screen, MainScreen) and not app.session.encounter.in_combat
        await begin(pilot)
        await until(pilot, lambda: footer(app).get("b") == ("Begin", True))


async def test_help_is_grouped_as_the_registry_is(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert isinstance(app.screen, HelpScreen)
        sections = help_sections(app.screen.grouped)
    assert list(sections) == [*GROUPS.values(), "Also here"]
    for group, heading in GROUPS.items():
        expected = [
            (a.key_display or key_words(a.key), a.label)
            for a in ACTIONS
            if a.group == group and a.key is not None
        ]
        assert sections[heading] == expected, heading  # each action under its group, in order
    assert ("space", "Mark") in sections["Also here"]  # the roster's own keys come last


def offered(app: TrackerApp) -> list[str]:
    return [title for title, _, _ in TrackerCommands(app.screen).entries()]


def possible_now(app: TrackerApp) -> list[str]:
    """The registry's palette titles whose refusal is None now, in its order."""
    screen = app.screen
    assert isinstance(screen, MainScreen)
    words = palette_words(app.session.encounter, screen.selected, app.dice_mode)
    return [
        a.title.format(**words)
        for a in ACTIONS
        if a.title is not None and screen.refusal(a) is None
    ]


async def test_the_palette_offers_exactly_what_the_rules_allow_now(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        before = offered(app)
        assert before == possible_now(app)
        assert "Begin combat" in before and "Advance the time track" not in before
        await begin(pilot)
        await keys_done(pilot)
        during = offered(app)
        assert during == possible_now(app)
        assert "Begin combat" not in during and "End combat" in during
        assert len(during) < len([a for a in ACTIONS if a.title])  # some are refused now
