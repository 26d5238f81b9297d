"""The rules questions the app's dialogs and keys ask live in `rules/`, asked through the
engine: whether a being is alive (A16), what a parry may be made with (A10), what a declared
dodge or skill action rolls (R9, A10), why standing orders cannot run (A7, A8)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rules.engine.context import living_refusal
from rules.engine.orders_offer import orders_refusal, plain_actions
from rules.engine.roll_choices import declared_roll, parries_with, parry_weapons
from rules.model.state import Action, Combatant, Encounter, Weapon

SWORD = Weapon(name="Sword", skill="Melee", stat="Dexterity", kind="melee")
PISTOL = Weapon(name="Pistol", skill="Shoot", stat="Dexterity", kind="ranged")


def bo(**fields: object) -> Combatant:
    stats = {"Dexterity": 7, "Wits": 6}
    return Combatant(id="bo", name="Bo", stats=stats, weapons=[PISTOL, SWORD], **fields)  # type: ignore[arg-type]


def test_a_parry_is_made_with_a_melee_weapon_only_A10() -> None:
    assert parry_weapons(bo()) == [SWORD]
    assert parries_with(SWORD) and not parries_with(PISTOL)


def test_a_declared_action_rolls_its_own_then_its_weapons_then_a_dodges_R9_A10() -> None:
    c = bo()
    assert declared_roll(c, Action(name="Dodge", kind="dodge")) == ("Dodge", "Dexterity")
    assert declared_roll(c, Action(name="Block", kind="parry", weapon="Sword")) == (
        "Melee",
        "Dexterity",
    )
    search = Action(name="Search", kind="skill", skill="Observe", stat="Perception")
    assert declared_roll(c, search) == ("Observe", None)  # no Perception on the sheet: asked
    assert declared_roll(c, Action(name="Sneak", kind="skill")) == ("Sneak", None)


def test_the_dead_are_refused_in_the_engines_words_A16() -> None:
    assert living_refusal(bo()) is None
    assert living_refusal(bo(dead=True)) == "Bo is dead"


def test_orders_are_refused_with_the_runs_own_answer_A7() -> None:
    calm = Encounter(combatants={"bo": bo()})
    assert orders_refusal(calm) == "no combat is running: begin combat first"
    fight = Encounter(in_combat=True, time=0, combatants={"bo": bo(ttu=5)})
    assert orders_refusal(fight) == (
        "no one on the track has a plain action (no roll) to take as orders"
    )
    wait = bo(ttu=5, actions=[Action(name="Wait", cost=2)])
    assert plain_actions(wait) == wait.actions
    assert orders_refusal(Encounter(in_combat=True, time=0, combatants={"bo": wait})) is None


# Phrases of a rule the app once answered itself; each now lives in rules/ (above).
ANSWERED_IN_THE_APP = (
    re.compile(r"""\w\.kind\s*==\s*["']melee["']"""),  # a weapon's: parries_with
    re.compile(r"""["']Dodge["'],\s*stat\s+or\s+["']Dexterity["']"""),
    re.compile(r"""f["']\{c\.name\} is dead["']"""),
)


def test_the_app_asks_these_rules_and_answers_none_of_them() -> None:
    tracker = Path(__file__).resolve().parents[2] / "tracker"
    found = [
        f"{path.relative_to(tracker.parent)}: {pattern.pattern}"
        for path in sorted(tracker.rglob("*.py"))
        for pattern in ANSWERED_IN_THE_APP
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_apps_orders_refusal_only_words_the_engines() -> None:
    """It once walked the track itself (who is active, who has a plain action)."""
    path = Path(__file__).resolve().parents[2] / "tracker" / "modals" / "orders.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "orders_refusal"
    )
    names = {n.attr for n in ast.walk(body) if isinstance(n, ast.Attribute)}
    names |= {n.id for n in ast.walk(body) if isinstance(n, ast.Name)}
    assert "engine_orders_refusal" in names
    assert not names & {"active", "combatants", "plain_actions", "advance_refusal"}
