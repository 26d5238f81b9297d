"""One roll-modifier planner (rules.engine.roll_plan): a preview shows what the engine adds."""

from __future__ import annotations

from rules.engine.roll_plan import LIMB_PENALTY, Modifier, plan_roll, turn_penalty
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import SkillRollCommand
from rules.model.state import Combatant, Encounter, Turn


def hurt(**fields: object) -> Combatant:
    base: dict[str, object] = {
        "id": "ann",
        "name": "Ann",
        "stats": {"Dexterity": 6, "Endurance": 5, "Wits": 5},
        "skills": {"Shoot": 3},
    }
    base.update(fields)
    return Combatant(**base)  # type: ignore[arg-type]


def test_every_modifier_in_the_engine_order_with_its_reason() -> None:
    """A8, then the GM, A15's −4, the rolled die, R26, A4, A5: zero ones left out."""
    c = hurt(limbs={"left arm": "broken"}, turn_bonus=2, complement_bonus=3)
    plan = plan_roll(
        c, actions=-4, gm=1, limb="left arm", rolled=("luck die, C2", -1), exert_stat=6
    )
    assert plan.modifiers == (
        Modifier("actions, A8", -4),
        Modifier("GM", 1),
        Modifier("broken left arm, A15", LIMB_PENALTY),
        Modifier("luck die, C2", -1),
        Modifier("desperation this turn, R26", 2),
        Modifier("complementary, A4", 3),
        Modifier("exert, A5", 6),
    )
    assert plan.total == -4 + 1 - 4 - 1 + 2 + 3 + 6
    assert plan.refusal is None
    assert plan.text().startswith("−4 (actions, A8) +1 (GM) −4 (broken left arm, A15)")


def test_a_new_desperation_die_replaces_the_turn_result_and_a_complement_can_wait() -> None:
    """R26: the declaring roll has its result as the die's own; A4: a supporting roll keeps it."""
    c = hurt(turn_bonus=2, complement_bonus=3)
    plan = plan_roll(c, special="desperation", complement=False)
    assert plan.modifiers == ()


def test_a_severed_limb_is_refused_and_adds_nothing() -> None:
    plan = plan_roll(hurt(limbs={"right arm": "severed"}), limb="right arm")
    assert plan.modifiers == ()
    assert plan.refusal == "Ann's right arm is severed: it cannot be used (A15)"


def test_turn_penalty_is_the_actor_s_only_in_combat() -> None:
    c = hurt()
    turn = Turn(actor="ann", actions=["a", "b"], penalty=-4)
    assert turn_penalty(Encounter(in_combat=True, turn=turn, combatants={"ann": c}), c) == -4
    assert turn_penalty(Encounter(in_combat=False, turn=turn, combatants={"ann": c}), c) == 0
    other = turn.model_copy(update={"actor": "bo"})
    assert turn_penalty(Encounter(in_combat=True, turn=other, combatants={"ann": c}), c) == 0


def test_the_engine_rolls_exactly_the_planned_modifiers() -> None:
    """The preview's plan and the logged roll name the same modifiers with the same values."""
    c = hurt(limbs={"left arm": "shattered"}, complement_bonus=2)
    plan = plan_roll(c, gm=1, limb="left arm")
    session = Session(Encounter(combatants={"ann": c}))
    command = SkillRollCommand(
        actor="ann", skill="Shoot", stat="Dexterity", goal=3, modifier=1, limb="left arm"
    )
    session.do(command, ScriptedDice([5, 5, 5]))
    rolled = next(e.text for e in session.encounter.log if "rolls Shoot" in e.text)
    assert len(plan.modifiers) == 3  # GM, A15, A4
    assert f"= 3 {plan.text().replace('−', '-')} = 2 vs goal 3" in rolled, rolled
