"""A preview is the roll, for the Anima checks: the bonus the Anima dialog shows
(`anima_plan`: a turn's desperation result, R26, and effects on every roll) is what the
engine adds to a d100 ability or resistance check's total (B4, B5) and to a d10
characteristic check's margin, alone or opposed (B6). Caught where the engine adds it."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.handlers import anima_checks
from rules.engine.roll_plan import anima_plan
from rules.engine.session import Session
from rules.mechanics import characteristic
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import AnimaCheck
from rules.model.effect_commands import AddEffect
from rules.model.effects import EffectModifier
from rules.model.state import Combatant, Encounter
from tests.support.effect_fights import roll_modifiers
from tests.support.soak import examples


@settings(max_examples=examples(60), deadline=None)
@given(
    effects=st.lists(roll_modifiers(), max_size=3),
    turn_bonus=st.sampled_from([0, 3, -2]),
    kind=st.sampled_from(["ability", "resistance", "opposed"]),
)
def test_an_anima_checks_preview_is_what_the_engine_adds_B4_B5_R26(
    effects: list[EffectModifier], turn_bonus: int, kind: str
) -> None:
    """The Anima dialog's plan (`anima_plan`: R26's turn result, effects on every roll) is
    the bonus the engine adds to each side's d100 total (caught at `_with_bonus`)."""

    s, ana, bo = anima_pair(effects, turn_bonus)
    if kind == "opposed":
        command = AnimaCheck(actor="ana", kind="ability", name="Climb", opponent="bo")
        expected = [anima_plan(ana).total, anima_plan(bo).total]
    elif kind == "ability":
        command = AnimaCheck(actor="ana", kind="ability", name="Climb", difficulty=80)
        expected = [anima_plan(ana).total]
    else:
        command = AnimaCheck(actor="ana", kind="resistance", name="Poison", difficulty=60)
        expected = [anima_plan(ana).total]
    seen: list[int] = []
    real = anima_checks._with_bonus

    def caught(check: Any, bonus: int) -> Any:
        seen.append(bonus)
        return real(check, bonus)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anima_checks, "_with_bonus", caught)
        s.do(command, ScriptedDice([50] * 10))
    assert seen == expected
    assert expected[0] == turn_bonus + sum(  # R26 and the effects on every roll, as shown
        m.amount for m in effects if m.target == "all"
    )


def anima_pair(
    effects: list[EffectModifier], turn_bonus: int
) -> tuple[Session, Combatant, Combatant]:
    """Ana (with `effects` and a turn's result `turn_bonus`, R26) and Bo (his own +2)."""

    def being(cid: str) -> Combatant:
        return Combatant(
            id=cid,
            name=cid.title(),
            stats={"Wits": 5},
            abilities={"Climb": 60},
            resistances={"Poison": 40},
            turn_bonus=turn_bonus if cid == "ana" else 2,
        )

    s = Session(Encounter(combatants={"ana": being("ana"), "bo": being("bo")}))
    for index, modifier in enumerate(effects):
        with contextlib.suppress(CommandError):
            s.do(AddEffect(targets=["ana"], name=f"E{index}", modifier=modifier), ScriptedDice([]))
    return s, s.encounter.combatants["ana"], s.encounter.combatants["bo"]


@settings(max_examples=examples(60), deadline=None)
@given(
    effects=st.lists(roll_modifiers(), max_size=3),
    turn_bonus=st.sampled_from([0, 3, -2]),
    face=st.integers(1, 10),
    opposed=st.booleans(),
)
def test_a_characteristic_checks_preview_is_what_the_engine_adds_B6_R26(
    effects: list[EffectModifier], turn_bonus: int, face: int, opposed: bool
) -> None:
    """The Anima dialog's plan for a d10 characteristic check (`anima_plan`) is what the
    engine adds to the margin: alone in the logged verdict, opposed in each side's
    modifier (caught at `opposed_characteristic`)."""
    s, ana, bo = anima_pair(effects, turn_bonus)
    mine, theirs = anima_plan(ana).total, anima_plan(bo).total
    kind = "opposed-characteristic" if opposed else "characteristic"
    command = AnimaCheck(actor="ana", kind=kind, name="Wits", opponent="bo" if opposed else None)
    seen: list[tuple[int, int]] = []
    real = characteristic.opposed_characteristic

    def caught(*args: Any, modifier_a: int = 0, modifier_b: int = 0) -> int:
        seen.append((modifier_a, modifier_b))
        return real(*args, modifier_a=modifier_a, modifier_b=modifier_b)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(characteristic, "opposed_characteristic", caught)
        s.do(command, ScriptedDice([face] * 4))
    if opposed:
        assert seen == [(mine, theirs)]
        return
    margin = characteristic.characteristic_margin(5, face) + mine
    verdict = f"success by {margin}" if margin >= 0 else f"fails by {-margin}"
    assert s.encounter.log[-1].text.rsplit("→ ", 1)[1].startswith(verdict)  # the final one
