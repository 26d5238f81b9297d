"""ctrl+l (issue 27): the dodger's or the parrier's luck, chance or desperation die is
one key away, each press the next die that may be declared, then none again. Before, it
sat about eleven Tabs down the attack dialog.
"""

from __future__ import annotations

from textual.widgets import RadioSet

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, TakeOpportunity
from rules.model.state import Encounter
from tests.support.act_fixtures import SIZE, ActHost, die_walk, lio, markon, submit
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog
from tracker.modals.act.common import DieLine, SpecialPicker


def lio_shoots_the_guard() -> ActHost:
    """Lio's Blaster at 13; the guard (TTU 14, Dodge) may dodge it (A10)."""
    from rules.engine.apply import apply

    guard = markon(ttu=14).model_copy(update={"id": "guard", "name": "Decados guard"})
    people = [lio(ttu=13), guard]
    enc = Encounter(in_combat=True, time=13, due=["lio"], combatants={c.id: c for c in people})
    apply(enc, TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    return ActHost(AttackDialog(enc, "lio", "Blaster"))


async def test_ctrl_l_walks_the_dodgers_dice_and_the_attack_declares_it() -> None:
    app = lio_shoots_the_guard()
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen.query_one("#dodge-special", SpecialPicker)
        await pilot.press("ctrl+l")  # no dodge declared yet: nothing to pick a die for
        await pilot.pause()
        assert picker.kind is None
        await pilot.press("ctrl+d")
        await until(pilot, lambda: picker.display)
        open_kinds = [c.kind for c in picker.choices if c.refused is None]
        assert open_kinds[0] is None and len(open_kinds) >= 2, picker.choices
        seen = await die_walk(pilot, picker, len(open_kinds))
        assert seen == [*open_kinds[1:], None]  # each die that may be, then none again
        await pilot.press("ctrl+l")
        await until(pilot, lambda: picker.kind == open_kinds[1])
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.dodge is not None
    assert command.dodge.special == open_kinds[1]


async def test_ctrl_l_picks_the_parriers_die() -> None:
    from rules.model.commands import Parry
    from tests.support.act_fixtures import card_game, start
    from tracker.modals.act import ParryDialog

    session = card_game()
    start(session)
    stab = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
    session.do(stab, ScriptedDice([10, 10, 10, 1, 1, 1]))  # SS 9: Kans may parry
    (pending,) = session.encounter.pending
    app = ActHost(ParryDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen.query_one("#special", DieLine)  # one line (dialog_open_ms)
        open_kinds = [c.kind for c in picker.choices if c.refused is None]
        assert len(open_kinds) >= 2, picker.choices
        radios = app.screen.query_one("#weapon", RadioSet)
        radios.focus()
        await pilot.press("down")  # from "do not parry" to the knife
        await until(pilot, lambda: radios.pressed_index == 1)
        await pilot.press("ctrl+l")
        await until(pilot, lambda: picker.kind == open_kinds[1])
        command = await submit(app, pilot)
    assert isinstance(command, Parry) and command.special == open_kinds[1]
