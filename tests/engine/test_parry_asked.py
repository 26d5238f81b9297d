"""A10: a parry pending is left only when the defender could parry; else straight to damage.

Issue 14: the parry question is not asked at all when the defender cannot
parry. The attack handler asks the Parry handler's own refusals
(`timing_refusal`, `payment_refusal`), so the question and the answer agree.
"""

from __future__ import annotations

import pytest

from rules.engine.checks import why_not
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Parry, TakeOpportunity
from tests.support.attack_fights import melee_duel

STRIKE = Attack(attacker="lio", target="bo", weapon="Sword", goal=3)
HIT = [10, 10, 10]  # Lio, Dex 7, Melee 3: SS 9 vs 3


def struck(bo_ttu: int, **bo: object) -> list[str]:
    session = melee_duel(bo_ttu)
    for name, value in bo.items():
        setattr(session.encounter.combatants["bo"], name, value)
    session.do(TakeOpportunity(actor="lio", actions=["Strike"]), ScriptedDice([]))
    session.do(STRIKE, ScriptedDice(HIT))
    pending = session.encounter.pending
    if pending and pending[0].kind == "parry":  # the Parry handler agrees it may parry
        assert why_not(session.encounter, Parry(pending=pending[0].id, weapon="Sword")) is None
    return [p.kind for p in pending]


def test_an_eligible_defender_is_asked() -> None:
    assert struck(3) == ["parry"]  # TTU 3 - Melee 3 = 0 <= now 0


@pytest.mark.parametrize(
    ("bo_ttu", "bo", "why"),
    [
        (4, {}, "too slow: TTU 4 - Melee 3 = 1 > now 0"),
        (3, {"awareness": "surprised"}, "surprised: unaware"),
        (3, {"weapons": []}, "no melee weapon"),
    ],
)
def test_no_parry_question_when_it_cannot_parry(bo_ttu: int, bo: dict, why: str) -> None:
    assert struck(bo_ttu, **bo) == ["damage"], why
