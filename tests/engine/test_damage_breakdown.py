"""One damage_breakdown for the confirmation and its preview: the line shown is the line applied."""

from __future__ import annotations

import pytest

from rules.engine.damage_breakdown import damage_breakdown
from rules.engine.session import Session
from rules.model.commands import Attack, ConfirmDamage, TakeOpportunity
from rules.model.pending import DamageData
from rules.model.state import Armour, Shield
from tests.support.attack_fights import fight, fighter, only
from tests.support.engine_steps import do


def stopped_hit() -> tuple[Session, DamageData, int]:
    """A12: Lio's pistol, damage VS 5, is stopped by Bo's 5/10 shield; H1 S1 AR 5 behind it."""
    bo = fighter("bo", 20, shield=Shield(low=5, high=10), armour=Armour(rating=5, hard=1, soft=1))
    session = fight(0, fighter("lio", 0), bo)
    do(session, TakeOpportunity(actor="lio", actions=["Shoot"]))
    do(session, Attack(attacker="lio", target="bo", weapon="Pistol"), 10, 6, 1)
    pending = only(session, "damage")
    assert isinstance(pending.data, DamageData)
    return session, pending.data, pending.id


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"after_shield": 9},
        {"after_shield": 4, "after_armour": 0},
        {"after_shield": 2, "wound_points": 8},
    ],
)
def test_the_preview_line_is_the_applied_line(overrides: dict[str, int]) -> None:
    """With the soft die the engine rolls (a 9), the preview's breakdown is what is logged."""
    session, data, pid = stopped_hit()
    shown = damage_breakdown(data, **overrides)
    faces: list[int] = []
    if shown.soft_to_roll:  # a let-through hit: the dialog says the die is rolled when applied
        assert "1 soft d10 rolled when applied" in shown.line(data)
        faces = [9]
        shown = damage_breakdown(data, **overrides, faces=faces)
    do(session, ConfirmDamage(pending=pid, **overrides), *faces)
    applied = [e.text for e in session.encounter.log if "applied" in e.text][-1]
    assert applied == f"Lio → Bo applied: {shown.line(data)}" + (" (GM)" if overrides else "")


def test_an_override_with_no_stage_to_replace_is_refused_in_the_gm_s_words() -> None:
    _session, data, _pid = stopped_hit()
    with pytest.raises(
        ValueError, match="the shield stopped this hit: override after_shield first"
    ):
        damage_breakdown(data, wound_points=2)
