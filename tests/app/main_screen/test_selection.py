"""Whom `a` acts for: the selected combatant in a tie, and the selection follows the actor.

`a` in an R5 tie acts for the selected combatant when its opportunity is now.

At track 3 Kans has been opened (`n`) and Dinzis, tied with him, has not:
the engine lets either take the opportunity first (TakeOpportunity accepts
anyone whose opportunity is now, `rules.engine.track_index.acts_now`). Selecting
Dinzis and pressing `a` opens Dinzis's dialog, not Kans's. A selected
combatant whose opportunity is not now is named in a notice, never skipped
silently.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine.session import Session
from rules.model.commands import StartCombat
from rules.model.state import Encounter
from rules.saves.store import save_session
from tests.support.act_fixtures import SIZE, card_game
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.detail import CombatantDetail
from tracker.widgets.roster import Roster


def tie_file(tmp_path: Path) -> Path:
    """The card game's three, Kans and Dinzis tied at 3 (Kans opened), Molin at 6."""
    people = card_game().encounter.combatants
    for cid, ttu in (("dinzis", 3), ("kans", 3), ("molin", 6)):
        people[cid].ttu = ttu
    enc = Encounter(in_combat=True, time=3, due=["kans"], combatants=people)
    path = tmp_path / "tie.json"
    save_session(Session(enc), path)
    return path


async def select(pilot: object, app: TrackerApp, cid: str) -> MainScreen:
    main = app.screen
    assert isinstance(main, MainScreen)
    main.query_one(Roster).select(cid)
    await until(pilot, lambda: main.selected == cid)  # type: ignore[arg-type]
    return main


async def test_a_opens_the_selected_tied_combatant_not_the_opened_one_R5(
    tmp_path: Path,
) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await select(pilot, app, "dinzis")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "dinzis"
        await pilot.press("space", "enter")  # Stab
        await until(pilot, lambda: bool(app.session.done))
        taken = app.session.done[0].command
        assert (taken.type, taken.actor) == ("opportunity", "dinzis")  # type: ignore[union-attr]
        assert app.session.encounter.due == ["kans"]  # Kans still has his turn (R5)
        # Opened implicitly by the take, Dinzis goes straight on to her attack's roll.
        await until(pilot, lambda: isinstance(app.screen, AttackDialog), timeout=5)
        assert app.screen.attacker.id == "dinzis"


async def test_a_says_so_when_the_selected_one_cannot_act_now(tmp_path: Path) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await select(pilot, app, "molin")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "kans"  # the first due, as before
        said = [n.message for n in app._notifications]
        assert any("Molin acts at 6, not now (track 3): Kans acts now" in m for m in said), said


# --- The selection follows whoever acts now, from the very start of combat (R5, A7).
#
# After `b` nobody's opportunity is opened until `n`, yet `a` acts for the first
# of those due at this time: the roster selection and the detail pane go to
# that combatant, so `a` right after `b` acts for the selected one with no
# "Not the selected combatant" notice. A GM who then selects another tied
# combatant keeps that choice until the one acting now changes.


async def test_after_begin_combat_the_starter_is_selected_and_a_acts_for_it(
    tmp_path: Path,
) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = await select(pilot, app, "kans")  # the GM's cursor is elsewhere
        app.run_command(StartCombat(initiators=["dinzis"]))
        await until(pilot, lambda: main.selected == "dinzis", timeout=5)
        assert main.query_one(CombatantDetail)._shown[0] == "dinzis"  # noqa: SLF001
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        assert app.screen.actor.id == "dinzis"
        said = [n.title for n in app._notifications]
        assert "Not the selected combatant" not in said


async def test_a_gm_choice_in_the_same_moment_is_kept_R5(tmp_path: Path) -> None:
    app = make_app(tie_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = await select(pilot, app, "dinzis")  # Kans is opened; Dinzis is tied
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "enter")
        await until(pilot, lambda: bool(app.session.done))
        await pilot.pause()
        assert main.selected == "dinzis"  # Kans still acts now: the GM's pick stands
