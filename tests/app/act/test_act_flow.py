"""The act flow: which dialog comes next is read from the state (A8, A10-A16).

First the pure choice (`next_dialog`), then the whole flow in the app with
Pilot: `a` takes the opportunity, the attack dialog follows, the damage
dialog after it, and the encounter shows the wound; with physical dice the
faces are typed into the dice-entry form and the flow goes on after it.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.engine.turns import next_action
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, Attack, React, SkillRollCommand, TakeOpportunity
from rules.model.state import Action, Encounter, Shield
from rules.saves.store import load_session, save_session
from tests.support.act_fixtures import SIZE, a10, card_game, fight_file, lio, markon, type_faces
from tests.support.modal_host import until
from tests.support.tmux import REPO, Terminal
from tracker.app.act_flow import next_dialog
from tracker.app.tracker_app import make_app
from tracker.modals.act import (
    AnimaDialog,
    AttackDialog,
    CheckDialog,
    DamageDialog,
    OpportunityDialog,
    SkillRollDialog,
)
from tracker.screens.main import MainScreen
from tracker.widgets.odds import OddsView
from tracker.widgets.time_track import TimeTrack


def test_the_turns_next_roll_skips_actions_that_roll_nothing() -> None:
    """A8: only attacks and skill rolls spend a slot; Aim is narrated, Shoot is rolled."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Aim", "Shoot"]), ScriptedDice([]))
    step = next_action(session.encounter)
    assert step is not None and (step[0].id, step[1].name) == ("lio", "Shoot")
    assert isinstance(next_dialog(session.encounter), AttackDialog)
    attack = Attack(attacker="lio", target="markon", weapon="Blaster", goal=3)
    session.do(attack, ScriptedDice([1] * 6))  # a miss: nothing pending
    assert next_action(session.encounter) is None  # Aim is left, but rolls nothing
    assert next_dialog(session.encounter) is None


def test_a_pending_decision_comes_before_the_turn() -> None:
    """Engine rule 7: the damage to confirm is answered before the next roll of the turn."""
    session = a10(shield=Shield(low=5, high=10))
    session.do(TakeOpportunity(actor="lio", actions=["Shoot", "Shoot"]), ScriptedDice([]))
    attack = Attack(attacker="lio", target="markon", weapon="Blaster", goal=3)
    session.do(attack, ScriptedDice([10, 10, 10, 10, 1, 1]))
    assert isinstance(next_dialog(session.encounter), DamageDialog)


def test_a_skill_action_opens_the_skill_roll_with_its_skill() -> None:
    """A8: a declared skill action is rolled through the skill-roll dialog, prefilled."""
    repair = Action(name="Repair", kind="skill", skill="Tech Redemption", stat="Tech")
    session = a10(lio_over={"extra_actions": (repair,)})
    session.do(TakeOpportunity(actor="lio", actions=["Repair"]), ScriptedDice([]))
    dialog = next_dialog(session.encounter)
    assert isinstance(dialog, SkillRollDialog)
    assert (dialog.skill, dialog.stat, dialog.mode) == ("Tech Redemption", "Tech", "standard")


# --- the whole flow in the app (Pilot) ----------------------------------------------------


async def test_a_takes_the_opportunity_then_attack_and_damage_follow(tmp_path: Path) -> None:
    """A8 → A10 → A11-A12 in one act with typed dice: Markon dodges (all 1s, VS 0), Lio's
    10 10 10 10 1 1 = SS 12 vs 3 → VS 9; 9 + 5 = 14 vs shield 5/10 → 4, a Graze."""
    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = app.screen
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space")
        track = main.query_one(TimeTrack)
        await until(pilot, lambda: track.preview == ("lio", 16))  # R7: lands at 13 + 3
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog))
        assert track.preview is None
        app.screen.query_one("#dodge").value = "hit the floor"
        await until(pilot, lambda: app.screen.query_one(OddsView).goal_shift is not None)
        await pilot.press("enter")
        await type_faces(pilot, "1 1 1 1 1 1")  # Markon's dodge
        await type_faces(pilot, "0 0 0 0 1 1")  # Lio's Shoot (a typed 0 is a 10)
        await until(pilot, lambda: isinstance(app.screen, DamageDialog))
        stored = str(app.screen.query_one("#stored").render())
        assert stored == "VS 9 + damage 5 = 14 → shield 5/10 → 4 → Graze, 2 WP"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        session = app.session
        enc = session.encounter
        assert [s.command.type for s in session.done] == ["opportunity", "attack", "damage"]
        assert [s.faces for s in session.done] == [[], [1] * 6 + [10, 10, 10, 10, 1, 1], []]
        markon = enc.combatants["markon"]
        assert markon.ttu == 19 and [(w.level, w.wp) for w in markon.wounds] == [("Graze", 2)]
        assert enc.combatants["lio"].ttu == 16 and not enc.pending
        await until(pilot, lambda: app.autosave.saved)
    assert load_session(app.save_path).encounter.model_dump() == enc.model_dump()


async def test_d_answers_with_the_act_dialogs_and_the_next_check_follows(tmp_path: Path) -> None:
    """A15/A16/R15: a 5 WP chest wound leaves breakage (goal 7) and demise (goal 5)
    pending; d opens the check with its odds, and the next check follows on its own."""
    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.run_command(ApplyWound(target="markon", wound_points=5, location="chest"))
        enc = app.session.encounter
        assert [p.kind for p in enc.pending] == ["breakage", "demise"]
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, CheckDialog))
        assert app.screen.query_one("#goal").value == "7"  # 2 + 5 WP (A15)
        assert app.screen.query_one(OddsView).dice == 5  # base Endurance
        await pilot.press("enter")
        await until(
            pilot,
            lambda: isinstance(app.screen, CheckDialog) and app.screen.pending.kind == "demise",
        )
        await pilot.press("escape")  # leave the demise check pending
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert [p.kind for p in enc.pending] == ["demise"]
        assert [s.command.type for s in app.session.done] == ["wound", "resolve"]


async def test_a_s_and_k_refuse_or_open_as_the_moment_allows(tmp_path: Path) -> None:
    """Out of combat `a` says why (A7); `s` and `k` open for the selected combatant."""
    path = tmp_path / "calm.json"
    calm = Encounter(combatants={"lio": lio(), "markon": markon()})
    save_session(Session(calm), path)
    app = make_app(path, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        assert any("no combat is running" in n.message for n in app._notifications)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SkillRollDialog))
        assert app.screen.actor.id == app.screen_stack[-2].selected
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, AnimaDialog))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert not app.session.done


# --- a real terminal --------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_tmux_an_attack_resolved_with_typed_dice(tmp_path: Path) -> None:
    """The GM's keys in a real terminal: m (physical dice), a, space, enter (take the
    opportunity), enter (attack), the faces typed, enter (damage): a Graze (A11, A12)."""
    path = fight_file(tmp_path)
    term = Terminal(f"cd {REPO} && exec {sys.executable} -m tracker {path} --saves {tmp_path}")
    try:
        term.wait_for("Lio", "Markon")
        term.keys("m")
        term.wait_for("dice: PHYSICAL")
        term.keys("a")
        term.wait_for("Action Opportunity at 13")
        term.keys("Space", "Enter")
        term.wait_for("Lio attacks with Blaster")
        term.keys("Enter")
        term.wait_for("Roll 6 d10", "attack: Lio → Markon")
        term.tmux("send-keys", "-t", "t", "-l", "0 0 0 0 1 1")
        term.keys("Enter")
        term.wait_for("Damage to Markon", "VS 9 + damage 5 = 14 → shield 5/10 → 4 → Graze, 2 WP")
        term.keys("Enter")
        term.wait_for("Damage to Markon", gone=True)
        term.keys("q")
        deadline = time.monotonic() + 20
        while term.running() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not term.running(), "q did not quit"
    finally:
        term.close()
    session = load_session(path)
    assert [s.command.type for s in session.done] == ["opportunity", "attack", "damage"]
    assert session.done[1].faces == [10, 10, 10, 10, 1, 1]
    wounds = session.encounter.combatants["markon"].wounds
    assert [(w.level, w.wp, w.time) for w in wounds] == [("Graze", 2, 13)]


def test_a_reaction_turn_ends_with_its_roll() -> None:
    """A10: Kans reacts with Dodge (no held action): his short turn is rolled as a Dodge
    roll on Dexterity, after which Dinzis's interrupted turn is back."""
    session = card_game()
    session.do(React(reactor="kans", action="Dodge"), ScriptedDice([]))
    dialog = next_dialog(session.encounter)
    assert isinstance(dialog, SkillRollDialog)
    assert (dialog.actor.id, dialog.skill, dialog.stat) == ("kans", "Dodge", "Dexterity")
    roll = SkillRollCommand(actor="kans", skill="Dodge", stat="Dexterity", goal=4)
    session.do(roll, ScriptedDice([10] * 5))
    assert session.encounter.turn is not None and session.encounter.turn.actor == "dinzis"
    assert isinstance(next_dialog(session.encounter), AttackDialog)  # Dinzis's Stab
