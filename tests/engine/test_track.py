"""The Time Track: start, advance, ties, opportunities, held actions, end (A7, A8, R5-R8);
last, a new fight's track: bleeding recounted from 0 (A14), a late joiner's TTU (R8).
"""

from __future__ import annotations

import json

import pytest

from rules.engine import reactions, track_index
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    Advance,
    EndCombat,
    FightStatus,
    Reorder,
    StartCombat,
    TakeOpportunity,
    TreatCondition,
)
from rules.model.effect_commands import PassTime
from rules.model.state import Action, Combatant, Encounter
from tests.support.engine_steps import do, session


def card_game() -> Session:
    encounter = Encounter(name="cards")
    for cid, name, wits in [("d", "Dinzis", 6), ("k", "Kans", 7), ("m", "Baron Molin", 5)]:
        encounter.combatants[cid] = Combatant(
            id=cid,
            name=name,
            stats={"Wits": wits, "Endurance": 5, "Dexterity": 6},
            actions=[
                Action(name="Attack", cost=3),
                Action(name="Aim", cost=5),
                Action(name="Wait", cost=1),
            ],
        )
    return Session(encounter)


def started() -> Session:
    session = card_game()
    session.do(
        StartCombat(initiators=["d"], awareness={"k": "ready", "m": "surprised"}),
        ScriptedDice([7, 10]),
    )
    return session


def ttus(session: Session) -> dict[str, int | None]:
    return {c.name: c.ttu for c in session.encounter.combatants.values()}


def test_card_game_reaction_rolls_place_everyone() -> None:
    session = started()
    assert ttus(session) == {"Dinzis": 0, "Kans": 2, "Baron Molin": 6}
    assert "d10 7 vs Wits 7 → 2 VP → TTU 2" in session.encounter.log[1].text


def test_advance_goes_to_the_smallest_ttu_and_r7_costs_the_largest_action() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    assert session.encounter.due == ["d"] and session.encounter.time == 0
    session.do(TakeOpportunity(actor="d", actions=["Attack", "Aim"]), ScriptedDice())
    assert session.encounter.combatants["d"].ttu == 5  # R7: the larger cost, 5
    assert session.encounter.turn is not None and session.encounter.turn.penalty == -4  # A8
    session.do(Advance(), ScriptedDice())
    assert (session.encounter.time, session.encounter.due) == (2, ["k"])


def test_advance_refuses_while_someone_is_due_and_changes_nothing() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    before = session.encounter.model_dump_json()
    with pytest.raises(CommandError, match="Dinzis still has an Action Opportunity at 0"):
        session.do(Advance(), ScriptedDice())
    assert session.encounter.model_dump_json() == before


def test_r5_ties_order_by_wits_then_arrival_and_the_gm_may_reorder() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="d", actions=["Wait"], cost=6), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="k", actions=["Wait"], cost=4), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    # Molin (Wits 5, arrived first) and Dinzis (Wits 6) and Kans (Wits 7) all at 6.
    # R5 opens them one at a time, in that order: Kans now, the others still on the heap.
    enc = session.encounter
    assert enc.time == 6 and enc.due == ["k"]
    assert track_index.tied(enc) == ["k", "d", "m"]
    assert [cid for t, what, cid in track_index.upcoming(enc)[:3]] == ["k", "d", "m"]
    session.do(Reorder(order=["m", "k", "d"]), ScriptedDice())
    assert enc.due == ["m", "k", "d"]
    texts = [event.text for event in enc.log[-5:]]
    assert "Baron Molin is no longer surprised" in texts  # Molin's opportunity opened
    assert texts[-1] == "Track 6: Action Opportunity for Dinzis"
    with pytest.raises(CommandError, match="exactly those acting at 6: Baron Molin, Kans, Dinzis"):
        session.do(Reorder(order=["m"]), ScriptedDice())


def test_r5_ties_open_one_at_a_time_and_the_gm_may_take_any_of_them() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="d", actions=["Wait"], cost=6), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="k", actions=["Wait"], cost=4), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    enc = session.encounter
    session.do(TakeOpportunity(actor="k", actions=["Wait"]), ScriptedDice())
    assert enc.due == []
    session.do(Advance(), ScriptedDice())
    assert (enc.time, enc.due) == (6, ["d"])
    # The GM takes Molin before Dinzis: Molin's opportunity opens as it is taken.
    session.do(TakeOpportunity(actor="m", actions=["Wait"]), ScriptedDice())
    assert enc.due == ["d"] and enc.combatants["m"].ttu == 7
    assert enc.combatants["m"].awareness == "standard"
    session.do(TakeOpportunity(actor="d", actions=["Wait"]), ScriptedDice())
    with pytest.raises(CommandError, match="not Kans's Action Opportunity"):
        session.do(TakeOpportunity(actor="k", actions=["Wait"]), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    assert (enc.time, enc.due) == (7, ["k"])
    assert track_index.tied(enc) == ["k", "d", "m"]  # R5: Wits 7, 6, 5


def test_surprise_wears_off_at_the_first_opportunity() -> None:
    session = started()
    assert session.encounter.combatants["m"].awareness == "surprised"
    for actor in ("d", "k", "d", "k"):  # d 0→3, k 2→5, d 3→6, k 5→8
        session.do(Advance(), ScriptedDice())
        session.do(TakeOpportunity(actor=actor, actions=["Attack"]), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    enc = session.encounter
    assert enc.time == 6 and enc.due == ["d"] and track_index.tied(enc) == ["d", "m"]
    # Tied at 6, Molin's first opportunity has come: it may already react (A10).
    assert reactions.eligible(enc.combatants["m"], 0, 6)
    session.do(TakeOpportunity(actor="d", actions=["Attack"]), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    assert enc.due == ["m"] and enc.combatants["m"].awareness == "standard"


def test_a_held_action_lapses_at_the_holders_next_opportunity() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="d", actions=["Attack", "Wait"], hold="Wait"), ScriptedDice())
    assert session.encounter.combatants["d"].held_action == "Wait"
    session.do(Advance(), ScriptedDice())
    session.do(TakeOpportunity(actor="k", actions=["Aim"]), ScriptedDice())
    session.do(Advance(), ScriptedDice())  # Dinzis again at 3
    assert session.encounter.due == ["d"]
    assert session.encounter.combatants["d"].held_action is None
    assert "held Wait lapses" in session.encounter.log[-2].text


def test_unknown_action_and_fourth_action_are_refused() -> None:
    session = started()
    session.do(Advance(), ScriptedDice())
    with pytest.raises(CommandError, match="has no action 'Fly'"):
        session.do(TakeOpportunity(actor="d", actions=["Fly"]), ScriptedDice())
    with pytest.raises(ValueError, match="at most 3"):
        TakeOpportunity(actor="d", actions=["Attack", "Aim", "Wait", "Attack"])


def test_end_combat_clears_the_track_and_undo_restores_everything() -> None:
    session = started()
    first = json.dumps(session.base.model_dump(mode="json"))  # type: ignore[union-attr]
    session.do(Advance(), ScriptedDice())
    session.do(EndCombat(outcome="retreat"), ScriptedDice())
    assert not session.encounter.in_combat and session.encounter.outcome == "retreat"
    assert set(ttus(session).values()) == {None}
    with pytest.raises(CommandError, match="no combat is running"):
        session.do(Advance(), ScriptedDice())
    for _ in range(3):
        session.undo()
    assert json.dumps(session.encounter.model_dump(mode="json")) == first


# --- A14 across fights (R29): every wound still bleeding keeps its rhythm on the new
# track, whether its bearer is in the new fight or out of it (fled, unconscious).
#
# The tester's case: Dinzis, bleeding since track 60 and out of the fight, kept his
# tick at 70 when a new fight began at 0, so he lost no blood for 70 TU.


def being(cid: str) -> Combatant:
    return Combatant(
        id=cid,
        name=cid.title(),
        stats={"Wits": 5, "Endurance": 30},
        actions=[Action(name="Wait", cost=1)],
    )


def test_an_out_of_fight_bleeder_keeps_its_rhythm_on_the_new_track_R29() -> None:
    """Wounded at 60 in the first fight, which ends at 65 (the next tick due at 70): the
    next fight's track begins at clock 65, so the tick lands at track 5 (clock 70), not at
    70 (the tester's case, no blood lost for 70 TU) nor at 10 (re-anchored at 0)."""
    s = session(being("a"), being("b"))
    enc = s.encounter
    do(s, StartCombat(initiators=["a"]), 5)
    b = enc.combatants["b"]
    b.bleed_rate, b.bleed_anchor = 1, 60  # wounded at 60 in the first fight
    do(s, FightStatus(target="b", out=True))
    enc.time = 65  # the first fight ran to track 65
    do(s, EndCombat(outcome="truce"))
    do(s, StartCombat(initiators=["a"]))
    assert b.out_of_fight and b.bleed_anchor == -5
    do(s, Advance())  # a acts at 0
    do(s, TakeOpportunity(actor="a", actions=["Wait"], cost=20))
    do(s, Advance())  # the next event is b's bleeding tick at 5
    assert enc.time == 5 and b.bleed_wp == 1


def test_the_rulebooks_bleeder_between_fights_R29() -> None:
    """RULES R29: wounded at clock 4, ticks at clock 14, 24; a battle begun at clock 20
    puts the next tick at track 4 (clock 24), not at track 10."""
    s = session(being("a"), being("b"))
    enc = s.encounter
    b = enc.combatants["b"]
    b.bleed_rate, b.bleed_anchor = 1, 4
    do(s, PassTime(amount=20))  # the tick at clock 14
    assert enc.time == 20 and b.bleed_wp == 1
    do(s, StartCombat(initiators=["a"]), 5)
    assert b.bleed_anchor == -16
    do(s, Advance())  # a acts at 0
    do(s, TakeOpportunity(actor="a", actions=["Wait"], cost=20))
    do(s, Advance())
    assert enc.time == 4 and b.bleed_wp == 2


def test_a_dead_bleeder_keeps_its_rhythm_on_the_new_track_and_bleeds_once_revived_R29() -> None:
    """The rulebook's bleeder, dead when the battle begins at clock 20. start_combat skipped
    the dead, so its anchor stayed on the old clock: revived, a bleeder wounded at clock
    50,000 did not bleed until the new track reached 50,000. The anchor becomes -16, as a
    living bleeder's does, and once revived the next tick is at track 4 (clock 24)."""
    s = session(being("a"), being("b"))
    enc = s.encounter
    b = enc.combatants["b"]
    b.bleed_rate, b.bleed_anchor, b.dead = 1, 4, True
    do(s, PassTime(amount=20))
    assert b.bleed_wp == 0  # the dead do not bleed
    do(s, StartCombat(initiators=["a"]))  # the dead roll no reaction
    assert b.bleed_anchor == -16
    do(s, EndCombat(outcome="victory"))
    do(s, TreatCondition(target="b", condition="revive"))
    do(s, PassTime(amount=3))
    assert b.bleed_wp == 0
    do(s, PassTime(amount=1))
    assert enc.time == 4 and b.bleed_wp == 1


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
