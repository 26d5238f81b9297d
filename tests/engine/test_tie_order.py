"""R5 on the live track: whatever wounds and heals move a Wits, the next opened is the first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import track_index
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Advance,
    ApplyWound,
    Heal,
    ResolveCheck,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Action, Combatant, Encounter
from tests.support.soak import examples


def brute_force_first(enc: Encounter) -> str | None:
    """R5 from the rules text: the smallest TTU, then higher effective Wits, arrival, name."""
    waiting = [c for c in enc.combatants.values() if c.active and c.id not in enc.due]
    if not waiting:
        return None
    soonest = min(c.ttu for c in waiting)  # type: ignore[type-var]
    tied = [c for c in waiting if c.ttu == soonest]
    return min(tied, key=lambda c: (-c.effective("Wits"), c.arrival, c.name.lower())).id


# Equal costs and close Wits make ties, and wounds of 3+ WP move Wits across them (A9).
ops = st.lists(
    st.tuples(
        st.sampled_from(["wound", "heal", "take", "advance", "advance"]),
        st.integers(0, 7),
        st.sampled_from([3, 3, 3, 6]),
    ),
    min_size=5,
    max_size=60,
)


@settings(max_examples=examples(100), deadline=None)
@given(wits=st.lists(st.integers(2, 9), min_size=3, max_size=8), seed=st.integers(0, 999), plan=ops)
def test_the_opened_opportunity_is_always_r5s_first(
    wits: list[int], seed: int, plan: list[tuple[str, int, int]]
) -> None:
    enc = Encounter(name="ties")
    for index, w in enumerate(wits):
        enc.combatants[f"c{index}"] = Combatant(
            id=f"c{index}",
            name=f"Fighter {index}",
            stats={"Wits": w, "Endurance": 30},
            actions=[Action(name="Act", cost=3)],
        )
    session = Session(enc)
    dice = SeededDice(seed)
    session.do(StartCombat(initiators=["c0"]), dice)
    for op, who, amount in plan:
        cid = f"c{who % len(wits)}"
        try:
            if op == "wound":
                session.do(ApplyWound(target=cid, wound_points=amount), dice)
            elif op == "heal":
                session.do(Heal(target=cid, wound_points=amount), dice)
            elif op == "take" and enc.due:
                session.do(TakeOpportunity(actor=enc.due[0], actions=["Act"], cost=amount), dice)
            elif op == "advance":
                expected = brute_force_first(enc)
                session.do(Advance(), dice)
                assert enc.due == [expected], (enc.due, expected)
        except CommandError:
            pass  # a refused command changes nothing; the track must still be right
        while enc.pending:
            session.do(ResolveCheck(pending=enc.pending[0].id), dice)
    assert track_index.tied(enc)[: len(enc.due)] == enc.due
    session.undo()  # and a rebuilt heap agrees with the live one on what comes next
    session.redo()
    assert session.replay().model_dump(mode="json") == enc.model_dump(mode="json")


def test_a_heal_mid_tie_moves_the_healed_first() -> None:
    """R5 + A9: Kans, wounded to Wits 5, waits behind Molin (Wits 5, arrived first);
    healed back to Wits 7, he opens before Molin at the same time."""
    enc = Encounter(name="heal")
    for cid, w in (("d", 6), ("m", 5), ("k", 7)):
        enc.combatants[cid] = Combatant(
            id=cid, name=cid.upper(), stats={"Wits": w}, actions=[Action(name="Act", cost=3)]
        )
    session = Session(enc)
    session.do(StartCombat(initiators=["d", "m", "k"]), ScriptedDice())
    session.do(ApplyWound(target="k", wound_points=6), ScriptedDice())  # Wits 7 → 5
    session.do(Advance(), ScriptedDice())
    assert enc.due == ["d"] and track_index.tied(enc) == ["d", "m", "k"]
    session.do(TakeOpportunity(actor="d", actions=["Act"], cost=3), ScriptedDice())
    session.do(Heal(target="k", wound_points=6), ScriptedDice())
    session.do(Advance(), ScriptedDice())
    assert (enc.time, enc.due) == (0, ["k"])
