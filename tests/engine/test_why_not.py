"""`why_not` is the handler's own answer: None exactly when `apply` takes the command.

Over random fights (the property mix of test_properties.py): before each
command, `why_not` is asked; it must leave the encounter JSON-equal and its
track cache as it was (in combat, with the heap built as the command builds
it), and then `apply` (with real dice) must refuse the command with the very
same reason, or take it when `why_not` said None.
The replay at the end shows the kept heap stayed true to the encounter.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.checks import why_not
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.engine.track_index import heap_of
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import Advance, Attack, Dodge, StartCombat, TakeOpportunity
from rules.model.state import Encounter
from tests.support.random_fights import candidates, dump, start_encounter
from tests.support.soak import examples


def maimed_encounter() -> Encounter:
    """The property fight, with a severed and a broken arm (A15) to attack with, and
    dodgers quick enough to react to nearly any attack (A10: TTU - Dodge <= now)."""
    enc = start_encounter()
    for c in enc.combatants.values():
        c.skills["Dodge"] = 20
    enc.combatants["c0"].limbs["right arm"] = "severed"
    enc.combatants["c1"].limbs["left arm"] = "broken"
    return enc


def mix(enc: Encounter, pick: st.DataObject) -> list[object]:
    """test_properties' commands, plus attacks with a limb, a special die and a dodge:
    the attacks that roll twice (a dodge first, A10) and may be refused late."""
    out = candidates(enc, pick)
    turn = enc.turn
    if turn is not None:
        others = [cid for cid in enc.combatants if cid != turn.actor] or [turn.actor]
        out += [
            Attack(
                attacker=turn.actor,
                target=pick.draw(st.sampled_from(others)),
                weapon="Knife",
                goal=pick.draw(st.integers(0, 9)),
                limb=pick.draw(st.sampled_from([None, "left arm", "right arm"])),
                special=pick.draw(st.sampled_from([None, "luck", "chance-roleplay"])),
                dodge=pick.draw(
                    st.sampled_from([None, Dodge(goal=4), Dodge(goal=4, limb="left arm")])
                ),
            )
        ] * 6
    return out


def cache_of(encounter: Encounter) -> dict[str, Any]:
    return {key: list(value) if key == "heap" else value for key, value in encounter.cache.items()}


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_why_not_is_none_exactly_when_apply_takes_the_command(
    data: st.DataObject, seed: int
) -> None:
    session = Session(maimed_encounter())
    dice = SeededDice(seed)
    for _ in range(data.draw(st.integers(5, 40))):
        enc = session.encounter
        command = data.draw(st.sampled_from(mix(enc, data)))
        if enc.in_combat:
            heap_of(enc)  # why_not builds a missing heap as the command would: kept after
        before, cache, steps = dump(enc), cache_of(enc), len(session.done)
        why = why_not(enc, command)  # type: ignore[arg-type]
        assert dump(enc) == before, f"why_not({command!r}) changed the encounter"
        assert cache_of(enc) == cache, f"why_not({command!r}) changed the track cache"
        assert len(session.done) == steps
        try:
            session.do(command, dice)  # type: ignore[arg-type]
        except (CommandError, ValueError) as error:
            assert why == str(error), f"{command!r}: why_not said {why!r}"
        else:
            assert why is None, f"{command!r} was taken, but why_not said {why!r}"
    assert dump(session.replay()) == dump(session.encounter)


def test_why_not_rolls_no_die_and_asks_for_none() -> None:
    """A taken command that rolls (StartCombat's reaction rolls, A7) is answered without
    a die: physical dice are never asked for by a greyed key."""
    enc = start_encounter()
    before = dump(enc)
    assert why_not(enc, StartCombat(initiators=["c0"])) is None
    assert dump(enc) == before and not enc.log


def test_why_not_gives_the_refusal_in_the_handlers_words() -> None:
    enc = start_encounter()
    assert why_not(enc, Advance()) == "no combat is running: begin combat first"
    assert why_not(enc, StartCombat(initiators=["nobody"])) == "no combatant with id 'nobody'"


def fight_with_a_turn() -> Session:
    """Dinzis (c0) and Kans (c1) start; Dinzis takes an attack: a turn to spend (A8)."""
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1"]), ScriptedDice([1]))
    session.do(TakeOpportunity(actor="c0", actions=["Attack"]), ScriptedDice([]))
    return session


def test_an_attack_refused_is_refused_before_the_dodge_asks_for_dice_A10() -> None:
    """A severed arm cannot attack (A15): with physical dice the GM was first asked for
    the dodge's dice, then refused. Every check now comes before the first die."""
    session = fight_with_a_turn()
    session.encounter.combatants["c0"].limbs["right arm"] = "severed"
    attack = Attack(
        attacker="c0", target="c1", weapon="Knife", goal=5, dodge=Dodge(goal=4), limb="right arm"
    )
    reason = why_not(session.encounter, attack)
    assert reason is not None and "severed" in reason
    try:
        session.do(attack, ScriptedDice([]))  # no faces typed yet
    except CommandError as error:
        assert str(error) == reason
    else:  # pragma: no cover - the assertion explains
        raise AssertionError("a severed arm attacked")


def test_asking_whether_a_fight_may_end_does_not_end_it_for_everyone(monkeypatch: Any) -> None:
    """EndCombat refuses only out of combat; past that check (`ctx.checked()`) the dry run
    stops, so the footer asking each revision at 200 fighters costs no fight's end."""
    from rules.engine import farad_in_play
    from rules.model.commands import EndCombat

    ended: list[str] = []
    real = farad_in_play.on_battle_end
    monkeypatch.setattr(farad_in_play, "on_battle_end", lambda ctx, c: ended.append(c.id))
    session = fight_with_a_turn()
    enc = session.encounter
    before = dump(enc)
    assert enc.in_combat and why_not(enc, EndCombat(outcome="truce")) is None
    assert ended == [] and dump(enc) == before
    monkeypatch.setattr(farad_in_play, "on_battle_end", real)
    session.do(EndCombat(outcome="truce"), ScriptedDice([]))
    assert why_not(enc, EndCombat(outcome="truce")) == "no combat is running"
