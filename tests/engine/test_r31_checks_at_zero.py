"""R31: every damage that leaves effective Endurance at 0 or below calls a demise check.

Before, once both Endurance lines had fired no damage ever called another check: a
knight at Endurance 0 with BLR 13 passed an hour and ended at 4,751 WP, alive. Now a
wound, a bleeding tick and an effect's tick there each call the zero line's check, in
combat, while time passes and on the party's clock; a loss that is no damage (an
Exhaustion Point, broken ribs, a desperation drain) calls only the first-time checks.
"""

from __future__ import annotations

from typing import Any

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Advance, ResolveCheck
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from rules.model.party import Party
from rules.model.state import Combatant, Encounter, Wound
from rules.party.between import new_party
from rules.party.clock import pass_time as party_pass_time
from tests.support.attack_fights import fight
from tests.support.engine_steps import do

SURVIVES = [10] * 6  # 6d10 on the Endurance 0 row: 2 VP a ten, 12 VP vs goal 5 (R15)
DIES = [1] * 6  # 0 VP


def at_zero(cid: str = "ulric", end: int = 6, **fields: Any) -> Combatant:
    """A being at effective Endurance 0 whose both lines have fired (18 WP on 6)."""
    base: dict[str, Any] = {
        "stats": {"Endurance": end, "Wits": 5},
        "wounds": [Wound(wp=3 * end, location="chest")],
        "half_endurance_checked": True,
        "zero_endurance_checked": True,
    }
    return Combatant(id=cid, name=cid.capitalize(), **{**base, **fields})


def zero_checks(s: Session) -> list[str]:
    return [p.combatant for p in s.encounter.pending if p.kind == "demise"]


def test_a_bleeding_tick_at_zero_calls_a_check_in_combat() -> None:
    s = fight(0, at_zero(ttu=30, bleed_rate=1, bleed_anchor=0))
    do(s, Advance())  # to track 10: the tick
    assert s.encounter.time == 10
    assert [(p.kind, p.data.trigger) for p in s.encounter.pending] == [  # type: ignore[union-attr]
        ("demise", "zero endurance")
    ]
    assert "Endurance at 0" in s.encounter.pending[0].text


def test_an_effects_tick_at_zero_calls_a_check() -> None:
    s = Session(Encounter(combatants={"ulric": at_zero()}))
    s.do(AddEffect(targets=["ulric"], name="Poison", tick=Tick(every=5, wp=1)), ScriptedDice([]))
    s.do(PassTime(amount=20), ScriptedDice([]))
    assert s.encounter.time == 5  # the first tick stopped the clock for its check
    assert zero_checks(s) == ["ulric"]


def test_passing_time_stops_at_each_tick_until_a_check_fails_then_no_more() -> None:
    """Survive, then die: the checks stop with the death (the dead bleed no more, A16)."""
    s = Session(Encounter(combatants={"ulric": at_zero(bleed_rate=1, bleed_anchor=0)}))
    dice = ScriptedDice(SURVIVES + SURVIVES + DIES)
    s.do(PassTime(amount=3600), dice)
    for expected_time in (10, 20, 30):
        assert s.encounter.time == expected_time and zero_checks(s) == ["ulric"]
        s.do(ResolveCheck(pending=s.encounter.pending[0].id), dice)
        if expected_time < 30:
            s.do(PassTime(amount=3600 - expected_time), dice)
    ulric = s.encounter.combatants["ulric"]
    assert ulric.dead and ulric.bleed_wp == 3
    s.do(PassTime(amount=3570), ScriptedDice([]))  # the rest of the hour: no die, no check
    assert not s.encounter.pending and ulric.bleed_wp == 3


def test_a_loss_that_is_no_damage_calls_no_check_at_zero() -> None:
    """An Exhaustion Point at 0 (A5): the zero line fired long ago; no damage, no check."""
    from rules.engine.context import Context
    from rules.engine.wounding import check_demise

    s = Session(Encounter(combatants={"ulric": at_zero()}))
    c = s.encounter.combatants["ulric"]
    ctx = Context(s.encounter, ScriptedDice([]))
    before = c.effective("Endurance")
    c.exhaustion += 1
    assert check_demise(ctx, c, before, None, damage=False) == []
    assert len(check_demise(ctx, c, before, None, damage=True)) == 1  # were it damage


def knight() -> Party:
    """The GM's knight: Endurance 0 at last, BLR 13 (both lines fired long ago)."""
    return new_party("Order", [at_zero("knight", end=6, bleed_rate=13, bleed_anchor=0)])


def test_the_knight_at_zero_no_longer_lives_through_an_hour_on_the_party_clock() -> None:
    after = party_pass_time(knight(), 1, "hours", ScriptedDice(SURVIVES * 3 + DIES))
    k = after.get("knight")
    assert k.dead and k.bleed_wp == 4 * 13  # four ticks, four checks, the fourth failed
    line = after.history[-1].lines[0]
    assert line.count("(zero endurance): demise check") == 4
    assert "Knight dies (failed demise check, zero endurance)" in line


def test_a_5_wp_wound_at_zero_on_the_party_clock_calls_both_checks() -> None:
    """A tick that is one wound (`one_wound`) of 5 WP: trigger 1's check and the zero
    line's, each its own (A16, R31), both rolled by the clock."""
    from rules.model.effects import Effect

    hurt = at_zero(effects=[Effect(id=1, name="Crush", tick=Tick(every=10, wp=5, one_wound=True))])
    party = new_party("Order", [hurt])
    after = party_pass_time(party, 10, "TU", ScriptedDice(SURVIVES * 2))
    line = after.history[-1].lines[0]
    assert "(massive wound): demise check" in line and "(zero endurance): demise check" in line
    assert not after.get("ulric").dead
