"""Every field of every dialog, fed hostile text: nothing raises, nothing is applied.

Each dialog is opened through its key on a state where it opens: the demo
before combat (+ enter w h l s k ctrl+s), after b (a g), with an attack to
roll (a), a parry and a damage to answer (d), a breakage roll to answer (d),
the physical-dice prompt, heal again on the wounded one, and the palette's
rename. `form_fuzz` types
the values (non-ASCII digits, 5,000 digits, 1e309, +-3, control characters,
10,000 characters, blanks) into each field and checks the outcome. Each test
checks its own reach (the dialogs it opened, every value tried in each, only text
taken), so the tests share nothing and run in any order, on any worker.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, Attack, TakeOpportunity
from tests.support.demo import begin, demo_app
from tests.support.form_fuzz import Coverage, check_accepted, fuzz_dialog
from tests.support.hostile_text import HOSTILE
from tests.support.modal_host import until
from tracker.app.tracker_app import TrackerApp
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster

SIZE = (120, 40)


def reached(coverage: Coverage, *dialogs: str) -> None:
    """The test fuzzed exactly these dialogs, every hostile value in each field, some
    through the keys, and no number field took a value."""
    assert coverage.dialogs == set(dialogs), coverage.dialogs
    for dialog in dialogs:
        fields = {f for d, _where, f in coverage.fields if d == dialog}
        assert fields, f"{dialog}: no field fuzzed"
    assert coverage.tries >= len(coverage.fields) * len(HOSTILE)
    assert coverage.typed > 0
    check_accepted(coverage)


async def open_and_fuzz(pilot: Pilot[None], key: str, dialog: str, coverage: Coverage) -> None:
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await pilot.press(key)
    await until(pilot, lambda: type(app.screen).__name__ == dialog)
    await fuzz_dialog(pilot, coverage)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))


BEFORE_COMBAT = [
    ("plus", "CombatantForm"),
    ("enter", "CombatantForm"),
    ("w", "WoundForm"),
    ("h", "HealForm"),
    ("l", "LuckForm"),
    ("s", "SkillRollDialog"),
    ("k", "AnimaDialog"),
    ("ctrl+s", "SaveAs"),
]


@pytest.mark.parametrize(("key", "dialog"), BEFORE_COMBAT)
async def test_the_demo_before_combat(tmp_path: Path, key: str, dialog: str) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: app.session is not None)
        await open_and_fuzz(pilot, key, dialog, coverage)
    reached(coverage, dialog)


async def test_after_b(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await open_and_fuzz(pilot, "a", "OpportunityDialog", coverage)
        await open_and_fuzz(pilot, "g", "OrdersDialog", coverage)
    reached(coverage, "OpportunityDialog", "OrdersDialog")


async def dinzis_attacks(pilot: Pilot[None]) -> None:
    """Dinzis is due and has declared his knife attack (A8)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await begin(pilot)
    await pilot.press("n")
    enc = app.session.encounter
    await until(pilot, lambda: enc.due == ["dinzis"])
    app.run_command(TakeOpportunity(actor="dinzis", actions=["Attack: knife"]))
    await pilot.pause()
    if type(app.screen).__name__ != "AttackDialog":
        await pilot.press("a")  # the turn's next roll (A8)
    await until(pilot, lambda: type(app.screen).__name__ == "AttackDialog")


async def test_an_attack_a_parry_and_its_damage(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_attacks(pilot)
        await fuzz_dialog(pilot, coverage)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        session = app.session
        enc = session.encounter
        attack = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
        session.do(attack, ScriptedDice([10] * 6))  # Melee 6 vs Dex 6: 3 VP a die
        app.autosave.changed()
        await until(pilot, lambda: enc.pending and enc.pending[0].kind == "parry")
        await open_and_fuzz(pilot, "d", "ParryDialog", coverage)
        await pilot.press("d")
        await until(pilot, lambda: type(app.screen).__name__ == "ParryDialog")
        app.screen.query_one("#weapon").query("RadioButton").first().value = True  # no parry
        await pilot.pause()
        app.screen.action_submit()  # type: ignore[attr-defined]
        await until(pilot, lambda: type(app.screen).__name__ == "DamageDialog")  # opens itself
        await fuzz_dialog(pilot, coverage)
    reached(coverage, "AttackDialog", "ParryDialog", "DamageDialog")


async def test_a_breakage_roll_to_answer(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        app.run_command(ApplyWound(target="molin", wound_points=4, location="left arm"))
        await until(pilot, lambda: bool(app.session.encounter.pending))
        await open_and_fuzz(pilot, "d", "CheckDialog", coverage)
        app.screen.query_one(Roster).select("molin")  # wounded and bleeding: heal, staunch
        await until(pilot, lambda: app.screen.selected == "molin")  # type: ignore[attr-defined]
        await open_and_fuzz(pilot, "h", "HealForm", coverage)
    reached(coverage, "CheckDialog", "HealForm")


async def test_the_physical_dice_prompt(tmp_path: Path) -> None:
    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("m")
        await until(pilot, lambda: app.dice_mode == "physical")
        await pilot.press("b")
        await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
        await pilot.press("enter")  # the selected first row is ticked
        await until(pilot, lambda: type(app.screen).__name__ == "DiceEntry")
        await fuzz_dialog(pilot, coverage)
    reached(coverage, "DiceEntry")


async def test_the_palette_rename(tmp_path: Path) -> None:
    from tracker.app.commands_palette import TrackerCommands

    coverage = Coverage()
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        entries = TrackerCommands(app.screen).entries()
        (run,) = [run for title, run, _ in entries if title == "Rename the encounter"]
        app.call_later(run)  # as the palette does: on the app
        await until(pilot, lambda: type(app.screen).__name__ == "EncounterName")
        await fuzz_dialog(pilot, coverage)
    reached(coverage, "EncounterName")
