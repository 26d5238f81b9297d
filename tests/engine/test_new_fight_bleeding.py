"""A14 across fights: every wound still bleeding is counted from the new track's 0,
whether its bearer is in the new fight or out of it (fled, unconscious).

The tester's case: Dinzis, bleeding since track 60 and out of the fight, kept his
tick at 70 when a new fight began at 0, so he lost no blood for 70 TU.
"""

from __future__ import annotations

from rules.model.commands import Advance, EndCombat, FightStatus, StartCombat, TakeOpportunity
from rules.model.state import Action, Combatant
from tests.support.engine_steps import do, session


def being(cid: str) -> Combatant:
    return Combatant(
        id=cid,
        name=cid.title(),
        stats={"Wits": 5, "Endurance": 30},
        actions=[Action(name="Wait", cost=1)],
    )


def test_an_out_of_fight_bleeder_is_recounted_from_the_new_tracks_zero_A14() -> None:
    s = session(being("a"), being("b"))
    enc = s.encounter
    do(s, StartCombat(initiators=["a"]), 5)
    b = enc.combatants["b"]
    b.bleed_rate, b.bleed_anchor = 1, 60  # wounded at 60 in the first fight
    do(s, FightStatus(target="b", out=True))
    do(s, EndCombat(outcome="truce"))
    do(s, StartCombat(initiators=["a"]))
    assert b.out_of_fight and b.bleed_anchor == 0
    do(s, Advance())  # a acts at 0
    do(s, TakeOpportunity(actor="a", actions=["Wait"], cost=20))
    do(s, Advance())  # the next event is b's bleeding tick at 10, not 70
    assert enc.time == 10 and b.bleed_wp == 1


def test_a_late_joiners_reaction_names_its_ttu_from_now_R8() -> None:
    """The log line said 'TTU 1' for a return at track 60; the TTU is 61."""
    s = session(being("a"), being("b"))
    enc = s.encounter
    do(s, StartCombat(initiators=["a", "b"]))
    do(s, FightStatus(target="b", out=True))
    do(s, Advance())
    do(s, TakeOpportunity(actor="a", actions=["Wait"], cost=60))
    do(s, Advance())
    assert enc.time == 60
    lines = do(s, FightStatus(target="b", out=False), 10)
    assert enc.combatants["b"].ttu is not None
    reaction = next(line for line in lines if "reacts" in line)
    assert reaction.endswith(f"→ TTU {enc.combatants['b'].ttu}")
