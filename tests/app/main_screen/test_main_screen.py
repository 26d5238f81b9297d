"""The main screen, driven by keys through Pilot; every test asserts on the encounter state.

Flows: open the demo, begin combat (b, A7), advance (n, A7), undo/redo (u/U,
same faces), export the log (x), physical dice (m, the A7 seed check typed
by hand), decisions (d), remove (delete + confirm), duplicate (c), templates
(t), save as (ctrl+s), new day (N), every form's key, the palette, 80×24.
Opening saves (resume, corrupt files, the browser) is in tests/app/cli/test_cli.py;
quitting in test_quit.py; the roster's and the track's text in
tests/app/widgets/test_track_and_roster_text.py.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, TakeOpportunity
from rules.saves.store import load_session
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.app.commands_palette import TrackerCommands
from tracker.app.tracker_app import TrackerApp
from tracker.files.demo import DEMO_PATH
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster
from tracker.widgets.time_track import TimeTrack


def track_text(app: TrackerApp) -> str:
    return "\n".join(line.plain for line in app.screen.query_one(TimeTrack).lines())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_demo_opens_a_copy_and_never_touches_the_bundled_file(tmp_path: Path) -> None:
    before = digest(DEMO_PATH)
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        assert enc.name == "The card game"
        assert list(enc.combatants) == ["dinzis", "kans", "molin"]
        assert app.save_path is not None and app.save_path.parent == tmp_path
        await begin(pilot)
        await until(pilot, lambda: app.autosave.saved)
    assert digest(DEMO_PATH) == before
    assert load_session(app.save_path).encounter.in_combat


async def test_begin_combat_by_keys_rolls_reactions_A7(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        enc = app.session.encounter
        assert enc.combatants["dinzis"].ttu == 0  # the initiator
        # A7: everyone else reacted against Wits; the faces are in the log.
        reactions = [e for e in enc.log if e.kind == "reaction"]
        assert [e.actor for e in reactions] == ["kans", "molin"]
        assert 0 <= enc.combatants["kans"].ttu <= 4  # ready: base 4
        assert 0 <= enc.combatants["molin"].ttu <= 9  # surprised: base 9
        await until(pilot, lambda: app.autosave.saved)
        saved = load_session(app.save_path)
        assert saved.encounter.model_dump() == enc.model_dump()
        assert [s.command.type for s in saved.done] == ["start"]


async def test_advance_with_n_and_whoever_acts_is_shown_A7(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        enc = app.session.encounter
        await pilot.press("n")
        await until(pilot, lambda: enc.due == ["dinzis"])
        assert enc.time == 0
        assert app.screen.query_one(Roster).selected == "dinzis"  # the actor is selected
        assert "NOW 0 ▶ Dinzis the Ukar acts" in track_text(app)
        # Advance refuses while Dinzis has his opportunity: nothing changes.
        revision = app.revision
        await pilot.press("n")
        await pilot.pause()
        assert app.revision == revision and enc.due == ["dinzis"]
        # Dinzis acts (issue 5's key; here the command directly), then n moves on.
        assert app.run_command(TakeOpportunity(actor="dinzis", actions=["Attack: knife"]))
        await pilot.press("n")
        nxt = min(enc.combatants[c].ttu for c in ("kans", "molin"))
        await until(pilot, lambda: enc.time == nxt and enc.due)
        assert all(enc.combatants[c].ttu == nxt for c in enc.due)


async def test_undo_and_redo_with_u_and_U_reuse_the_same_faces(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        enc = app.session.encounter
        start = enc.model_dump(mode="json")
        await begin(pilot)
        await pilot.press("n")
        await until(pilot, lambda: enc.due == ["dinzis"])
        after = enc.model_dump(mode="json")
        await pilot.press("u")
        await until(pilot, lambda: not enc.due)
        assert enc.time == 0 and enc.in_combat
        await pilot.press("u")
        await until(pilot, lambda: not enc.in_combat)
        assert enc.model_dump(mode="json") == start
        await pilot.press("U", "U")
        await until(pilot, lambda: enc.due == ["dinzis"])
        assert enc.model_dump(mode="json") == after  # redo never re-rolls
        await until(pilot, lambda: app.autosave.saved)
    assert len(load_session(app.save_path).done) == 2


async def test_export_log_writes_markdown_beside_the_save(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await pilot.press("n")
        await until(pilot, lambda: app.session.encounter.due)
        await pilot.press("x")
        path = app.save_path.with_suffix(".log.md")
        await until(pilot, path.exists)
    text = path.read_text()
    assert text.startswith("# The card game — log")
    assert "| # | track | event | dice |" in text
    for event in app.session.encounter.log:
        assert event.text.replace("|", "\\|") in text


async def test_physical_dice_typed_by_hand_replay_the_seed_A7(tmp_path: Path) -> None:
    """m: physical dice; the reaction rolls are typed: Kans 7 → TTU 2, Baron 0 (10) → TTU 6."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("m")
        assert app.dice_mode == "physical"
        await pilot.press("b")
        await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
        await pilot.press("enter")  # Dinzis, selected, opens ticked as the initiator
        for face in ("7", "0"):
            await until(pilot, lambda: type(app.screen).__name__ == "DiceEntry")
            await pilot.press(face, "enter")
            await pilot.pause()
        enc = app.session.encounter
        await until(pilot, lambda: enc.in_combat)
        assert (enc.combatants["kans"].ttu, enc.combatants["molin"].ttu) == (2, 6)
        assert app.session.done[-1].faces == [7, 10]


async def test_a_refused_command_changes_nothing(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        before, revision = enc.model_dump(mode="json"), app.revision
        await pilot.press("n")  # not in combat: the engine refuses
        await pilot.press("e")  # nothing to end: the screen says why
        await pilot.pause()
        assert enc.model_dump(mode="json") == before and app.revision == revision
        assert not app.session.done


async def test_pending_banner_and_d_answers_the_breakage_roll_A15(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        enc = app.session.encounter
        app.run_command(ApplyWound(target="molin", wound_points=4, location="left arm"))
        await pilot.pause()
        banner = app.screen.query_one("#pending")
        assert banner.display and "press d to answer" in str(banner.render())
        assert enc.pending[0].kind == "breakage"
        await pilot.press("d")
        await until(pilot, lambda: type(app.screen).__name__ == "CheckDialog")
        await pilot.press("enter")  # the prefilled goal 6 (2 + 4 WP)
        await until(pilot, lambda: not enc.pending)
        assert app.session.done[-1].command.type == "resolve"
        await pilot.pause()
        assert not banner.display


async def test_remove_asks_first_and_undo_brings_back(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        await pilot.press("down")  # Kans
        assert app.screen.selected == "kans"
        await pilot.press("delete")
        await until(pilot, lambda: type(app.screen).__name__ == "Confirm")
        await pilot.press("y")
        await until(pilot, lambda: "kans" not in enc.combatants)
        await pilot.press("u")
        await until(pilot, lambda: "kans" in enc.combatants)
        await pilot.press("c")  # duplicate the selected
        await until(pilot, lambda: len(enc.combatants) == 4)


async def test_f_takes_the_selected_out_of_the_fight_and_back(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        await pilot.press("down")  # Kans
        await pilot.press("f")
        await until(pilot, lambda: type(app.screen).__name__ == "FightStatusDialog")
        await pilot.press("enter")
        await until(pilot, lambda: enc.combatants["kans"].out_of_fight)
        assert enc.combatants["kans"].ttu is None
        await pilot.press("f")
        await until(pilot, lambda: type(app.screen).__name__ == "FightStatusDialog")
        await pilot.press("enter")
        await until(pilot, lambda: not enc.combatants["kans"].out_of_fight)
        assert enc.combatants["kans"].ttu is not None  # R8: rolled back onto the track


async def test_palette_offers_only_what_fits_the_moment(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))

        def titles() -> list[str]:
            return [title for title, _, _ in TrackerCommands(app.screen).entries()]

        assert "Begin combat" in titles()
        assert "Advance the time track" not in titles() and "Undo" not in titles()
        await begin(pilot)
        assert "Advance the time track" in titles() and "Begin combat" not in titles()
        await pilot.press("n")
        await until(pilot, lambda: app.session.encounter.due)
        assert "Advance the time track" not in titles()  # Dinzis must act first
        assert "Undo" in titles() and "End combat" in titles()


async def test_preview_marks_where_the_actor_lands_R6(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await pilot.press("n")
        await until(pilot, lambda: app.session.encounter.due)
        track = app.screen.query_one(TimeTrack)
        track.preview = ("dinzis", 3)
        await pilot.pause()
        assert "◇Dinzis" in track_text(app)


async def test_usable_at_80x24(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot)
        await pilot.press("n")
        await until(pilot, lambda: app.session.encounter.due == ["dinzis"])
        assert app.screen.has_class("-narrow")
        assert "NOW 0 ▶ Dinzis the Ukar acts" in track_text(app)


async def test_the_track_redraws_at_a_new_terminal_size(tmp_path: Path) -> None:
    """Widened, the ruler reaches further; narrowed again, it fits: nothing stays stale."""
    app = demo_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await begin(pilot)
        track = app.screen.query_one(TimeTrack)
        ruler = lambda: track.render_line(1).text.split()  # noqa: E731  (as painted)
        assert ruler()[-1] == "12"
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: ruler()[-1] == "19")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: ruler()[-1] == "12")


async def test_forms_open_from_their_keys_and_escape_changes_nothing(tmp_path: Path) -> None:
    """+ add, enter edit, w wound, h heal, l luck, e end (in combat), ? help, o open."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        before = app.session.encounter.model_dump(mode="json")
        for key, screen in (
            ("plus", "CombatantForm"),
            ("enter", "CombatantForm"),
            ("w", "WoundForm"),
            ("h", "HealForm"),
            ("l", "LuckForm"),
            ("e", "EndCombatModal"),
            ("question_mark", "HelpScreen"),
            ("o", "SavesBrowser"),
        ):
            await pilot.press(key)
            await until(pilot, lambda s=screen: type(app.screen).__name__ == s)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.encounter.model_dump(mode="json") == before
        assert len(app.session.done) == 1


async def test_add_from_a_roster_template(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("t")
        await until(pilot, lambda: type(app.screen).__name__ == "TemplatePicker")
        await pilot.press("enter")
        enc = app.session.encounter
        await until(pilot, lambda: len(enc.combatants) == 4)
        added = list(enc.combatants.values())[-1]
        assert added.name == "Decados guard" and added.awareness == "ready"


async def test_save_as_moves_the_autosave_to_the_new_file(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        first = app.save_path
        await pilot.press("ctrl+s")
        await until(pilot, lambda: type(app.screen).__name__ == "SaveAs")
        field = app.screen.query_one("#name")
        field.value = "tuesday"
        await pilot.press("enter")
        await until(pilot, lambda: app.save_path == tmp_path / "tuesday.json")
        await begin(pilot)
        await until(pilot, lambda: app.autosave.saved)
    assert load_session(tmp_path / "tuesday.json").encounter.in_combat
    assert not load_session(first).encounter.in_combat


async def test_new_day_with_N_refreshes_chance_dice_C1(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("N")
        await until(pilot, lambda: app.session.encounter.day == 2)
        assert app.session.done[-1].command.type == "new-day"


async def test_d_answers_a_parry_then_confirms_the_damage_A10_A11(tmp_path: Path) -> None:
    """Dinzis's knife hits Kans (SS 18 vs 3); Kans may parry (A10) — he declines; the
    damage breakdown (shield, armour, A11-A13) is then confirmed as computed."""
    from rules.model.commands import Attack

    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await pilot.press("n")
        session = app.session
        enc = session.encounter
        await until(pilot, lambda: enc.due == ["dinzis"])
        app.run_command(TakeOpportunity(actor="dinzis", actions=["Attack: knife"]))
        attack = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
        session.do(attack, ScriptedDice([10] * 6))  # Melee 6 vs Dex 6: 3 VP a die
        app.autosave.changed()
        await until(pilot, lambda: enc.pending and enc.pending[0].kind == "parry")
        await pilot.press("d")
        await until(pilot, lambda: type(app.screen).__name__ == "ParryDialog")
        app.screen.query_one("#weapon").query("RadioButton").first().value = True  # no parry
        await pilot.pause()
        app.screen.action_submit()
        await until(pilot, lambda: enc.pending and enc.pending[0].kind == "damage")
        await until(pilot, lambda: type(app.screen).__name__ == "DamageDialog")  # opens itself
        await pilot.press("enter")  # every stage as the engine computed it
        await until(pilot, lambda: all(p.kind != "damage" for p in enc.pending))
        assert enc.combatants["kans"].wounds  # (a big wound may call a demise check, A16)
        assert [s.command.type for s in session.done[-2:]] == ["parry", "damage"]
