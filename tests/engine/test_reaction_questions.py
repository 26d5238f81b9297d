"""The rules' answers the dialogs ask instead of keeping a copy (A10, A11, R6, R9).

Each is also what its handler uses, so the dialog and the engine cannot drift;
here each is checked against the handler it came from.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.handlers.attack import target_refusal
from rules.engine.reactions import (
    DEFENSIVE,
    default_reaction,
    landing,
    payment_refusal,
    reaction_skill_name,
    reactor_refusal,
    timing,
    timing_refusal,
)
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, React, TakeOpportunity
from rules.model.state import Action
from tests.support.act_fixtures import a10, lio, markon


def declared() -> tuple:
    session = a10()  # Lio acts at 13; Markon TTU 16, Dodge 6 (A10's seed check)
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    enc = session.encounter
    return enc, enc.combatants["lio"], enc.combatants["markon"]


def test_the_seed_check_in_the_rules_words_A10() -> None:
    enc, _, m = declared()
    assert timing_refusal(enc, m, 6) is None
    assert timing(m, "Dodge", 6, enc.time) == "TTU 16 − Dodge 6 = 10 ≤ now 13"
    assert timing(m, "Dodge", 2, enc.time) == "TTU 16 − Dodge 2 = 14 > now 13"
    assert timing_refusal(enc, m, 2) == (
        "Markon cannot react: TTU 16 - skill 2 = 14 is after now (13) (A10)"
    )


def test_who_may_react_at_all_is_the_handlers_answer_A10() -> None:
    enc, lio_now, m = declared()
    assert reactor_refusal(enc, m) is None
    assert reactor_refusal(enc, lio_now) == "Lio cannot react to its own action (A10)"
    assert why_not(enc, React(reactor="lio", action="Dodge")) == reactor_refusal(enc, lio_now)


def test_what_pays_and_where_it_lands_A10_R28() -> None:
    repertoire = [Action(name="Dodge", kind="dodge", cost=3), Action(name="Wait", cost=1)]
    m = markon(ttu=16, held_action="Wait").model_copy(update={"actions": repertoire})
    dodge, wait = m.actions
    assert payment_refusal(m, dodge, DEFENSIVE, use_held=False) is None
    assert payment_refusal(m, wait, DEFENSIVE, use_held=True) is None
    assert payment_refusal(m, wait, DEFENSIVE, use_held=False) == (
        "Wait is not a dodge or parry: only Markon's held Wait can pay for it (A10):"
        " spend the held action"
    )
    assert landing(m, dodge) == 19
    assert default_reaction(m, ("dodge",)) == dodge
    plain = default_reaction(
        lio().model_copy(update={"actions": []}), ("parry",)
    )  # R6: a plain parry at cost 3
    assert (plain.name, plain.kind, plain.cost) == ("Parry", "parry", 3)


def test_the_skill_of_a_reaction_R9() -> None:
    c = lio()
    assert reaction_skill_name(c, c.action("Shoot")) == "Shoot"  # the weapon's skill
    assert reaction_skill_name(c, c.action("Dodge")) == "Dodge"
    assert reaction_skill_name(c, c.action("Aim")) == "Aim"  # a plain action: its own name


def test_who_may_be_attacked_is_the_handlers_answer_A11() -> None:
    enc, lio_now, m = declared()
    assert target_refusal(lio_now, m) is None
    assert target_refusal(lio_now, lio_now) == "Lio cannot attack itself"
    self_attack = Attack(attacker="lio", target="lio", weapon="Blaster", goal=3)
    assert why_not(enc, self_attack) == "Lio cannot attack itself"
    m.dead = True
    assert target_refusal(lio_now, m) == "Markon is dead"
    dead_attack = Attack(attacker="lio", target="markon", weapon="Blaster", goal=3)
    assert why_not(enc, dead_attack) == "Markon is dead"
