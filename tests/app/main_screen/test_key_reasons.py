"""The keys' reasons are the engine's: a greyed key is one the rules would refuse.

`tracker.actions.key_reasons.reasons` asks `rules.engine.checks.why_not` for the
commands n, b and e send, and `rules.engine.turns` for a and r; it adds only
which key to press. Where the old copy of the rules disagreed with the
engine, a test here shows the two now agree.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Advance,
    ApplyWound,
    EndCombat,
    FightStatus,
    StartCombat,
    TakeOpportunity,
)
from tests.support.random_fights import start_encounter
from tracker.actions.key_reasons import reasons
from tracker.host.key_words import in_keys


def started() -> Session:
    """Dinzis, Kans and Molin all start at 0 (A7): no reaction rolls."""
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1", "c2"]), ScriptedDice([]))
    return session


def test_n_is_offered_while_only_a_bleeding_wound_is_on_the_track_A14() -> None:
    """All three out of the fight, Kans bleeding: no one acts, but the track still moves
    (A14: the bleeding ticks). The old copy said "no one is left on the time track" and
    the palette hid Advance, while the engine would advance."""
    session = started()
    session.do(ApplyWound(target="c1", wound_points=3, location="chest"), SeededDice(1))
    for cid in ("c0", "c1", "c2"):
        session.do(FightStatus(target=cid, out=True), SeededDice(1))
    assert reasons(session, None)["advance"] is None
    applied = session.do(Advance(), SeededDice(1))
    assert [e.text for e in applied.events] == ["Kans bleeds 1 WP (BLR 1) → total 4 WP"]


def test_each_reason_of_n_b_e_is_the_engines_in_the_gms_keys() -> None:
    session = Session(start_encounter())
    enc = session.encounter
    out = reasons(session, None)
    assert out["advance"] == "no combat is running: b begins one"
    assert out["end_combat"] == why_not(enc, EndCombat(outcome="truce")) == "no combat is running"
    assert out["begin_combat"] is None
    session.do(StartCombat(initiators=["c0", "c1", "c2"]), ScriptedDice([]))
    out = reasons(session, None)
    assert out["begin_combat"] == "combat is already running: e ends it"
    assert out["end_combat"] is None
    session.do(Advance(), ScriptedDice([]))  # Kans (Wits 7) opens first (R5)
    assert enc.due == ["c1"]
    assert reasons(session, None)["advance"] == why_not(enc, Advance())
    assert "Kans still has an Action Opportunity at 0" in str(why_not(enc, Advance()))


def test_a_pending_decision_names_the_key_and_the_decision() -> None:
    session = started()
    session.do(Advance(), ScriptedDice([]))
    session.do(TakeOpportunity(actor="c1", actions=["Wait"]), ScriptedDice([]))
    session.do(ApplyWound(target="c2", wound_points=4, location="left arm"), SeededDice(1))
    enc = session.encounter
    assert enc.pending  # A15: a breakage roll waits
    why = reasons(session, None)["advance"]
    assert why == f"answer the pending decision first (d): {enc.pending[0].text}"


def test_in_keys_keeps_a_reason_it_has_no_key_for() -> None:
    assert in_keys(None) is None
    assert in_keys("no one is left on the time track") == "no one is left on the time track"
    assert in_keys("no combat is running: begin combat first") == (
        "no combat is running: b begins one"
    )


def test_r_waits_for_a_declared_action_as_the_engine_does_A10() -> None:
    session = started()
    session.do(Advance(), ScriptedDice([]))
    assert reasons(session, None)["react"] == (
        "no action is declared to react to (A10): a takes an opportunity"
    )
    session.do(TakeOpportunity(actor="c1", actions=["Attack"]), ScriptedDice([]))
    assert reasons(session, None)["react"] is None
