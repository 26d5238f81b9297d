"""Every die a GM types says whose it is and what it is for (the `purpose` of each roll).

With physical dice the engine asks for one die at a time (`DiceExhausted`
carries its purpose) and the app shows that purpose in the prompt. So the
purposes are fixed at their source, the rules' roll calls, and tested here:
an opposed check names each side (B4, B6), an open roll that opens says the
chain goes on and what opens it again (B1), a fumble's level roll says why
(B2), and a special die's follow-ups say whose and for what (C2, C3). An open
roll's rest may be typed at once (`OpenChain`, B1).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.session import Session
from rules.mechanics import farad
from rules.mechanics.anima import (
    OpenChain,
    continued_purpose,
    fumble_purpose,
    roll_ability_check,
    roll_open,
    roll_resistance_check,
)
from rules.mechanics.dice import DiceExhausted, ScriptedDice
from rules.model.commands import AnimaCheck, ApplyWound, ResolveCheck
from rules.model.state import Combatant
from tests.support.engine_steps import session


def duo() -> Session:
    """B6's seed pair (Agility 9 vs 10) with Notice 60 and 70 for the d100 checks."""
    return session(
        Combatant(id="k", name="Kans", stats={"Agility": 9}, abilities={"Notice": 60}, luck=2),
        Combatant(id="d", name="Dinzis", stats={"Agility": 10}, abilities={"Notice": 70}),
    )


def asked(s: Session, command: Any, *faces: int) -> DiceExhausted:
    """What the engine asks for after `faces` (nothing changes: the command is refused)."""
    before = s.encounter.model_dump(mode="json")
    with pytest.raises(DiceExhausted) as need:
        s.do(command, ScriptedDice(faces))
    assert s.encounter.model_dump(mode="json") == before
    return need.value


# --- B6, B4: opposed checks name each side ------------------------------------------------


def test_opposed_characteristic_dice_say_whose_they_are_B6() -> None:
    s = duo()
    cmd = AnimaCheck(actor="k", kind="opposed-characteristic", name="Agility", opponent="d")
    assert asked(s, cmd).purpose == "Agility check: Kans (opposed by Dinzis, B6)"
    assert asked(s, cmd, 4).purpose == "Agility check: Dinzis (opposing Kans, B6)"


def test_opposed_ability_dice_say_whose_they_are_B4() -> None:
    s = duo()
    cmd = AnimaCheck(actor="k", kind="ability", name="Notice", opponent="d")
    assert asked(s, cmd).purpose == "Notice check: Kans (opposed by Dinzis, B4)"
    assert asked(s, cmd, 40).purpose == "Notice check: Dinzis (opposing Kans, B4)"


def test_a_check_against_a_difficulty_names_who_rolls() -> None:
    s = duo()
    cmd = AnimaCheck(actor="d", kind="characteristic", name="Agility")
    assert asked(s, cmd).purpose == "Agility check: Dinzis"
    resist = AnimaCheck(actor="k", kind="resistance", name="Poison", value=40, difficulty=60)
    assert asked(s, resist).purpose == "Poison check: Kans"


# --- B1: an open roll that opens says so ----------------------------------------------------


def test_a_95_asks_again_saying_the_chain_goes_on_B1() -> None:
    """The brief's case: 95 opens, so the next d100 is not 'Notice check' again."""
    s = duo()
    cmd = AnimaCheck(actor="k", kind="ability", name="Notice", difficulty=100)
    first = asked(s, cmd)
    assert first.purpose == "Notice check: Kans"
    assert first.open_chain == OpenChain(faces=())
    again = asked(s, cmd, 95)
    assert again.purpose == (
        "Notice check: Kans — 95 opens: roll again and add (91+ opens again, B1)"
    )
    assert again.open_chain == OpenChain(faces=(95,))
    third = asked(s, cmd, 95, 93)
    assert third.purpose == (
        "Notice check: Kans — 93 opens (so far 95 + 93 = 188): roll again and add "
        "(92+ opens again, B1)"
    )


def test_the_seed_chain_typed_at_the_first_ask_is_taken_whole_B1() -> None:
    """Seed: 95, then 90 (needs 91, stops) → 185. The app's loop: the engine asks for the
    first d100 of the chain; the GM types `95 90`; the chain accepts both; the retried
    command reads them as the whole open roll."""
    s = duo()
    cmd = AnimaCheck(actor="k", kind="ability", name="Notice", difficulty=200)
    chain = asked(s, cmd).open_chain
    assert chain is not None and chain.refusal([95, 90]) is None
    applied = s.do(cmd, ScriptedDice([95, 90]))
    assert applied.events[0].faces == [95, 90]
    assert "= 245" in applied.events[0].text  # 60 + 95 + 90


def test_a_chain_typed_past_its_end_is_refused_with_the_reason_B1() -> None:
    start = OpenChain()
    assert start.refusal([95]) is None and start.refusal([95, 100, 92, 30]) is None
    assert start.refusal([95, 90, 40]) == (
        "the open roll stops at 90 (90 does not open: roll 2 needs 91+, B1), "
        "so 40 is one face too many: type the faces up to 90"
    )
    assert start.refusal([50, 7, 8]) == (
        "the open roll stops at 50 (50 does not open: roll 1 needs 90+, B1), "
        "so 7 8 are 2 faces too many: type the faces up to 50"
    )
    going_on = OpenChain(faces=(95,))  # the second roll opens at 91+
    assert going_on.refusal([91, 40]) is None
    assert "roll 2 needs 91+" in (going_on.refusal([90, 40]) or "")
    capped = OpenChain(faces=(95,), max_extra=1)
    assert "the house cap allows no further roll" in (capped.refusal([99, 40]) or "")


def test_continued_purpose_edges_B1() -> None:
    assert continued_purpose("open roll", [100] * 10).endswith("(only a 100 opens again, B1)")
    capped = continued_purpose("open roll", [95], max_extra=1)
    assert capped.endswith("(the last roll: the house cap stops the chain there, B1)")
    with pytest.raises(ValueError, match="faces is empty"):
        continued_purpose("open roll", [])


def test_roll_open_names_every_roll_and_where_a_short_source_stopped() -> None:
    with pytest.raises(DiceExhausted) as need:
        roll_open(ScriptedDice([95, 91]), purpose="Dodge check: Kans")
    assert need.value.purpose.startswith("Dodge check: Kans — 91 opens (so far 95 + 91 = 186)")
    assert need.value.open_chain == OpenChain(faces=(95, 91))


# --- B2: the fumble level says why ----------------------------------------------------------


def test_a_fumble_asks_for_its_level_saying_why_B2_B3() -> None:
    with pytest.raises(DiceExhausted) as need:
        roll_ability_check(ScriptedDice([2]), 60, 80, purpose="Notice check: Kans")
    assert need.value.purpose == (
        "Notice check: Kans — 2 fumbles (B2): roll the fumble level (a d100, never open)"
    )
    assert need.value.open_chain is None  # the level roll is its own die, never a chain
    with pytest.raises(DiceExhausted) as need:
        roll_resistance_check(ScriptedDice([1]), 200, 260, name="Poison")
    assert need.value.purpose == fumble_purpose("Poison check", 1, mastery=True)
    assert "(B3)" in need.value.purpose


# --- C2, C3: special dice say whose and what the follow-ups are for ---------------------


def test_luck_die_follow_ups_say_whose_and_what_for_C2() -> None:
    """The brief's luck die: a 10 on a positive die asks 2 d10 for the bonus, stat doubled."""
    with pytest.raises(DiceExhausted) as need:
        farad.roll_luck(ScriptedDice([]), True, "Kans")
    assert need.value.purpose == "positive luck die: Kans"
    with pytest.raises(DiceExhausted) as need:
        farad.roll_luck(ScriptedDice([10]), True, "Kans")
    assert need.value.purpose == (
        "positive luck die follow-up: Kans — 10 on the first d10: 2 d10 for the bonus "
        "and the stat doubled (C2)"
    )
    with pytest.raises(DiceExhausted) as need:
        farad.roll_luck(ScriptedDice([1]), False, "Dinzis")  # a 1 turns a negative die
    assert "1 d10 for the bonus (C2)" in need.value.purpose
    with pytest.raises(DiceExhausted) as need:
        farad.roll_luck(ScriptedDice([4]), True, "Kans")
    assert "1 d10 for the bonus (halved, R18) (C2)" in need.value.purpose


def test_desperation_and_chance_dice_say_whose_C1_C3() -> None:
    with pytest.raises(DiceExhausted) as need:
        farad.roll_desperation(ScriptedDice([1]), "Kans")
    assert need.value.purpose == (
        "desperation die follow-up: Kans — 1 on the first d10: 1 d10 for the penalty "
        "(blind flailing) (C3)"
    )
    with pytest.raises(DiceExhausted) as need:
        farad.roll_chance(ScriptedDice([]), "combat", "Kans")
    assert need.value.purpose == "combat chance die: Kans"


def test_a_declared_luck_die_is_asked_for_by_its_owner_C2() -> None:
    s = duo()
    cmd = AnimaCheck(actor="k", kind="characteristic", name="Agility", special="luck")
    assert asked(s, cmd).purpose == "positive luck die: Kans"
    assert asked(s, cmd, 10).purpose.startswith("positive luck die follow-up: Kans — 10")
    assert asked(s, cmd, 10, 4, 6).purpose == "Agility doubled check: Kans"


# --- A15, A16: pending checks say whose, where and how many dice -------------------------


def test_breakage_and_demise_checks_say_whose_and_where_A15_A16() -> None:
    s = session(Combatant(id="m", name="Markon", stats={"Endurance": 5}))
    s.do(ApplyWound(target="m", wound_points=5, location="chest"), ScriptedDice([]))
    breakage, demise = s.encounter.pending
    assert (breakage.kind, demise.kind) == ("breakage", "demise")
    assert asked(s, ResolveCheck(pending=breakage.id)).purpose == (
        "breakage check: Markon (chest, base Endurance 5 d10, A15)"
    )
    assert asked(s, ResolveCheck(pending=demise.id)).purpose == (
        "demise check: Markon (base Endurance 5 d10, A16)"
    )
