"""The quick attack (issue 27): `A` takes the due actor's opportunity with its first
attack and rolls it at the likely target with the dialog's defaults; the damage (or
the target's parry) comes next, so a hit is two keys. `a` still opens the full dialog.
"""

from __future__ import annotations

from pathlib import Path

from rules.model.commands import Advance, Attack, TakeOpportunity
from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.keys_shown import notices
from tests.support.modal_host import until
from tracker.screens.main import MainScreen


def name(app: object) -> str:
    return type(app.screen).__name__


def commands(app: object) -> list[object]:
    session = app.session
    return [step.command for step in session.done if step.command is not None]


async def test_A_takes_the_opportunity_and_rolls_the_first_attack(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        before = len(commands(app))
        await pilot.press("A")
        await until(pilot, lambda: any(isinstance(c, Attack) for c in commands(app)[before:]))
        taken, attack = commands(app)[before:][:2]
        dinzis = app.session.encounter.combatants["dinzis"]
        first = next(a for a in dinzis.actions if a.kind == "attack")
        assert taken == TakeOpportunity(actor="dinzis", actions=[first.name])
        assert isinstance(attack, Attack) and attack.attacker == "dinzis"
        assert attack.target == "kans" and attack.dodge is None and attack.modifier == 0
        await until(pilot, lambda: name(app) in ("ParryDialog", "DamageDialog", "MainScreen"))
        assert name(app) != "AttackDialog"


async def test_A_before_combat_says_why_as_a_does(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen) and app.loaded_session)
        await pilot.press("A")
        said = ("Not now", "no combat is running: b begins one")
        await until(pilot, lambda: said in notices(app))
        assert isinstance(app.screen, MainScreen) and commands(app) == []


async def test_a_still_opens_the_full_dialog_after_a_quick_attack(tmp_path: Path) -> None:
    """Only the attack right after `A` rolls by itself: the next `a` is the GM's."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        await pilot.press("A")
        await until(pilot, lambda: name(app) in ("ParryDialog", "DamageDialog"))
        while name(app) != "MainScreen":
            current = app.screen
            await pilot.press("enter")
            await until(pilot, lambda c=current: app.screen is not c)
        app.run_command(Advance())
        await pilot.pause()
        await pilot.press("a")
        await until(pilot, lambda: name(app) == "OpportunityDialog")
        await pilot.press("enter")
        await until(pilot, lambda: name(app) == "AttackDialog")
        await pilot.pause()
        assert name(app) == "AttackDialog"  # waits for the GM's enter
