"""The attack dialog's defaults (issue 14): whom it offers first, one key for a dodge,
a name's first letters to pick a target.

Before, a combatant out of the fight (fled) was offered, and first; the list
was sorted by name whatever the track; a dodge took seven or eight Tabs.
"""

from __future__ import annotations

from textual.widgets import Select

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, FightStatus, TakeOpportunity
from rules.model.state import Combatant, Encounter
from tests.support.act_fixtures import SIZE, ActHost, lio, markon, submit
from tests.support.modal_host import until
from tracker.app.act_flow import next_dialog
from tracker.modals.act import AttackDialog


def crowd() -> Encounter:
    """Lio (PC) at 13; Markon (enemy) at 16; a guard (enemy) at 14; Bo, his ally, at 15."""
    people = [
        lio(ttu=13),
        markon(ttu=16),
        markon(ttu=14).model_copy(update={"id": "guard", "name": "Decados guard"}),
        markon(ttu=15).model_copy(update={"id": "bo", "name": "Bo", "side": "ally"}),
    ]
    return Encounter(in_combat=True, time=13, due=["lio"], combatants={c.id: c for c in people})


def shooting(enc: Encounter) -> None:
    from rules.engine.apply import apply

    apply(enc, TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))


def offered(dialog: AttackDialog) -> list[str]:
    return list(dialog.targets)


async def test_a_fled_combatant_is_neither_offered_nor_the_default() -> None:
    """Issue 14 item 1 (failed before: the fled guard was offered, and first by name)."""
    enc = crowd()
    from rules.engine.apply import apply

    apply(enc, FightStatus(target="guard", out=True, reason="fled"), ScriptedDice([]))
    shooting(enc)
    dialog = AttackDialog(enc, "lio", "Blaster")
    assert offered(dialog) == ["markon", "bo"]
    app = ActHost(dialog)
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.query_one("#target", Select)
        await until(pilot, lambda: target.value == "markon")


def test_the_other_side_in_track_order_then_friends() -> None:
    enc = crowd()
    shooting(enc)
    assert offered(AttackDialog(enc, "lio", "Blaster")) == ["guard", "markon", "bo"]


def test_the_flow_offers_the_attacker_s_last_target_first() -> None:
    enc = crowd()
    shooting(enc)
    done = [Attack(attacker="lio", target="markon", weapon="Blaster", goal=3)]
    dialog = next_dialog(enc, done)
    assert isinstance(dialog, AttackDialog) and offered(dialog)[0] == "markon"


async def test_typing_a_name_s_first_letters_selects_it() -> None:
    enc = crowd()
    shooting(enc)
    app = ActHost(AttackDialog(enc, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.query_one("#target", Select)
        target.focus()
        await until(pilot, lambda: target.value == "guard")
        await pilot.press("b")
        await until(pilot, lambda: target.value == "bo")
        await pilot.press("m")
        await until(pilot, lambda: target.value == "markon")
        assert not target.expanded
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.target == "markon"


def lio_shoots_at_13() -> ActHost:
    """Lio's Blaster at 13, the guard its first target (he may dodge: A10)."""
    enc = crowd()
    enc.combatants["lio"].ttu = 13
    shooting(enc)
    return ActHost(AttackDialog(enc, "lio", "Blaster"))


async def test_one_key_declares_the_dodge_and_walks_a10_s_goals() -> None:
    """ctrl+d declares the dodge, each press the next situation of A10, then none again.
    Against a shot there is no "dodging a melee attack" (A10: its goal 4 is for melee);
    before, the fourth press offered it and the drop-down listed it."""
    app = lio_shoots_at_13()
    async with app.run_test(size=SIZE) as pilot:
        dodge = app.screen.query_one("#dodge", Select)
        await until(pilot, lambda: app.screen.query_one("#target", Select).value == "guard")
        seen = []
        assert [value for _label, value in dodge._options][1:] == [
            "heavy cover",
            "light cover",
            "hit the floor",
        ]
        for _ in range(3):
            await pilot.press("ctrl+d")
            await pilot.pause()
            seen.append(dodge.value)
        assert seen == ["heavy cover", "light cover", "hit the floor"]
        await pilot.press("ctrl+d")
        await until(pilot, lambda: dodge.value is Select.NULL)
        await pilot.press("ctrl+d")
        await until(pilot, lambda: dodge.value == "heavy cover")
        command = await submit(app, pilot)
    assert isinstance(command, Attack) and command.dodge is not None
    assert (command.dodge.situation, command.dodge.goal) == ("heavy cover", 3)


async def test_the_dodge_key_refuses_a_target_that_cannot_dodge() -> None:
    """A10: Bo (TTU 15, no Dodge skill) cannot dodge at 13: the key says why, nothing set."""
    enc = crowd()
    enc.combatants["bo"] = Combatant(
        id="bo", name="Bo", side="enemy", stats=enc.combatants["bo"].stats, ttu=20
    )
    shooting(enc)
    app = ActHost(AttackDialog(enc, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        target = app.screen.query_one("#target", Select)
        target.value = "bo"
        dodge = app.screen.query_one("#dodge", Select)
        await until(pilot, lambda: dodge.disabled)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert dodge.value is Select.NULL


def test_a_reaction_s_attack_defaults_to_the_one_reacted_to_A10() -> None:
    """The guard (a held Shoot) reacts to Lio's declared shot: his attack is at Lio first."""
    from rules.engine.apply import apply
    from rules.model.commands import React

    enc = crowd()
    guard = enc.combatants["guard"]
    guard.side = "PC"  # on Lio's side even: the one reacted to still comes first
    guard.skills = {"Shoot": 6}
    guard.weapons = list(enc.combatants["lio"].weapons)
    guard.actions = [*guard.actions, *enc.combatants["lio"].actions[:1]]
    guard.held_action = "Shoot"
    shooting(enc)
    apply(enc, React(reactor="guard", action="Shoot"), ScriptedDice([]))
    dialog = next_dialog(enc)
    assert isinstance(dialog, AttackDialog) and dialog.attacker.id == "guard"
    assert offered(dialog)[0] == "lio"


async def test_a_dodge_modifier_without_a_dodge_is_refused_not_ignored() -> None:
    """The dodge fields are live whenever the target may dodge: a modifier typed with no
    dodge declared says so instead of being dropped (found by the form fuzz)."""
    enc = crowd()
    shooting(enc)
    app = ActHost(AttackDialog(enc, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.query_one("#target", Select).value == "guard")
        app.screen.query_one("#dodge-modifier").value = "2"  # type: ignore[attr-defined]
        await pilot.pause()
        command, errors = app.screen.validate_form()  # type: ignore[attr-defined]
        assert command is None and "no dodge declared" in errors["dodge-modifier"]
        await pilot.press("ctrl+d")
        await pilot.pause()
        command, errors = app.screen.validate_form()  # type: ignore[attr-defined]
    assert isinstance(command, Attack) and command.dodge is not None
    assert command.dodge.modifier == 2


def test_a_melee_blow_is_dodged_as_one_first_a_shot_never_A10() -> None:
    from tracker.modals.act.dodge_key import dodge_cycle

    assert dodge_cycle("melee") == ["melee", "heavy cover", "light cover", "hit the floor"]
    assert dodge_cycle("ranged") == ["heavy cover", "light cover", "hit the floor"]


async def test_ctrl_d_declares_the_dodge_from_a_typed_field_too() -> None:
    """Before, with the cursor in the goal or a modifier field, ctrl+d was the field's
    own "delete right" and declared nothing; the dialog's key wins now (delete stays)."""
    app = lio_shoots_at_13()
    async with app.run_test(size=SIZE) as pilot:
        dodge = app.screen.query_one("#dodge", Select)
        await until(pilot, lambda: app.screen.query_one("#target", Select).value == "guard")
        modifier = app.screen.query_one("#modifier")
        modifier.focus()
        await until(pilot, lambda: modifier.has_focus)
        await pilot.press("ctrl+d")
        await until(pilot, lambda: dodge.value == "heavy cover")
        assert modifier.has_focus
