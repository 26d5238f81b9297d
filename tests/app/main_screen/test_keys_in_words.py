"""A message that names a key names the key in force (issue 26): the GM who moved
`begin-combat` to B reads "B begins one", and the help key they chose closes help.
"""

from __future__ import annotations

import re
from pathlib import Path

from rules.model.commands import StartCombat
from tests.support.keys_shown import app_with_keymap, notices, on_main
from tests.support.modal_host import until
from tracker.actions.keymap import key_words
from tracker.actions.registry import BY_ID
from tracker.host.key_words import KEY_TOKEN, keyed
from tracker.screens.help import HelpScreen
from tracker.screens.main import MainScreen
from tracker.widgets.time_track import TimeTrack

SIZE = (120, 40)
TRACKER = Path(__file__).resolve().parents[3] / "tracker"


def test_every_key_token_names_an_action_and_its_default_key() -> None:
    """A token's default is what the message reads without a keymap: it must be the
    registry's default key, or the message names a key that does something else."""
    tokens = {
        (m[1], m[2])
        for path in TRACKER.rglob("*.py")
        for m in KEY_TOKEN.finditer(path.read_text(encoding="utf-8"))
        if m[1] != "a-z-"  # the pattern's own text
    }
    assert len(tokens) >= 4
    wrong = [(i, d) for i, d in tokens if i not in BY_ID or key_words(BY_ID[i].key or "") != d]
    assert wrong == []


def test_keyed_takes_the_key_in_force_else_the_default() -> None:
    text = "no combat is running: {key:begin-combat=b} begins one"
    assert keyed(text) == "no combat is running: b begins one"
    assert keyed(text, {"begin-combat": "B"}) == "no combat is running: B begins one"
    assert keyed("no token {here}") == "no token {here}"
    assert re.search(r"\{key:", keyed(text, {"other": "x"})) is None


async def test_a_refusal_names_the_moved_key(tmp_path: Path) -> None:
    app = app_with_keymap(tmp_path, {"begin-combat": "B", "advance": "ctrl+n"})
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        headline = app.screen.query_one(TimeTrack).headline(app.session.encounter).plain
        assert "B begins combat" in headline and "b begins" not in headline
        await pilot.press("a")  # act before combat: greyed, and says why
        said = ("Not now", "no combat is running: B begins one")
        await until(pilot, lambda: said in notices(app))
        await pilot.press("ctrl+n")
        await until(pilot, lambda: any("B begins" in text for _, text in notices(app)[1:]))
        assert not [text for _, text in notices(app) if " b begins" in text]
        app.run_command(StartCombat(initiators=["dinzis"]))
        await pilot.pause()
        headline = app.screen.query_one(TimeTrack).headline(app.session.encounter).plain
        assert "a acts · ctrl+n opens it" in headline  # Dinzis due, not yet opened


async def test_the_gms_help_key_closes_help(tmp_path: Path) -> None:
    app = app_with_keymap(tmp_path, {"help": "f1", "quit": "ctrl+x"})
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")  # escape still closes it
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("ctrl+x")  # the GM's quit key closes help, as q does there
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.is_running


async def test_the_pending_banner_names_the_gms_answer_key(tmp_path: Path) -> None:
    from tests.support.scenes import mid_fight
    from tracker.widgets.pending_banner import PendingBanner

    app = app_with_keymap(tmp_path, {"answer": "D"})
    async with app.run_test(size=SIZE) as pilot:
        await on_main(pilot)
        await mid_fight(pilot)  # a breakage roll waits (A15)
        banner = app.screen.query_one(PendingBanner)
        await until(pilot, lambda: "press D to answer" in str(banner.render()))
