"""The quick track step (rules/engine/quick_step.py) is the general Advance, only faster.

Two sessions play the same commands with the same dice: one as the engine
runs (the Advance handler takes the quick step when it can), one with the
quick step switched off (every Advance the general way). After every
command the encounters, the log lines and the refusals are the same; undo
then walks both back through the same states to the start (A7, A8, R5, issue 3).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.model.commands import Advance, ApplyWound, Command, StartCombat, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter
from tests.support.quick_paths import counting_quick_steps, general_path_only
from tests.support.random_fights import candidates, dump, start_encounter
from tests.support.soak import examples


def outcome(session: Session, command: Command, dice: SeededDice) -> tuple[str, list[str]]:
    try:
        applied = session.do(command, dice)
    except CommandError as error:
        return f"refused: {error}", []
    return "done", [event.text for event in applied.events]


def play_both(commands: list[Command], seed: int) -> tuple[Session, Session, int]:
    """Both sessions through `commands`, compared after each; returns them and the quick count."""
    quick, general = Session(start_encounter()), Session(start_encounter())
    quick_dice, general_dice = SeededDice(seed), SeededDice(seed)
    hits = [0]
    for command in commands:
        with counting_quick_steps(hits):
            quick_result = outcome(quick, command, quick_dice)
        with general_path_only():
            general_result = outcome(general, command, general_dice)
        assert quick_result == general_result, command
        assert dump(quick.encounter) == dump(general.encounter), command
    return quick, general, hits[0]


def undo_both(quick: Session, general: Session) -> None:
    assert len(quick.done) == len(general.done)
    while quick.done:
        quick.undo()
        general.undo()
        assert dump(quick.encounter) == dump(general.encounter)
    assert dump(quick.encounter) == dump(start_encounter())


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_random_fights_are_the_same_with_and_without_the_quick_step(
    data: st.DataObject, seed: int
) -> None:
    """Wounds, bleeding, held actions, surprise, reactions, edits: whatever comes, the same."""
    probe = Session(start_encounter())
    probe_dice = SeededDice(seed)
    commands: list[Command] = []
    for _ in range(data.draw(st.integers(5, 40))):
        command = data.draw(st.sampled_from(candidates(probe.encounter, data)))
        commands.append(command)  # type: ignore[arg-type]
        outcome(probe, command, probe_dice)  # type: ignore[arg-type]
    quick, general, _ = play_both(commands, seed)
    undo_both(quick, general)


def test_a_long_plain_fight_takes_the_quick_step_and_undoes_exactly() -> None:
    """The common case really is the quick one: most Advances of a plain fight."""
    session = Session(start_encounter())
    dice = SeededDice(7)
    commands: list[Command] = [StartCombat(initiators=["c0"])]
    session.do(commands[0], dice)
    advances = 0
    while advances < 60:
        enc = session.encounter
        for cid in list(enc.due):
            command: Command = TakeOpportunity(
                actor=cid, actions=["Wait" if advances % 3 else "Dodge"]
            )
            commands.append(command)
            session.do(command, dice)
        commands.append(Advance())
        session.do(commands[-1], dice)
        advances += 1
    quick, general, hits = play_both(commands, 7)
    assert hits >= 50, f"only {hits} of 60 Advances took the quick step"
    assert [e.text for e in quick.encounter.log] == [e.text for e in general.encounter.log]
    undo_both(quick, general)


def test_a_held_action_or_surprise_is_cleared_on_the_quick_step_and_logged() -> None:
    """A8: a held action lapses at the next opportunity; A7: surprise ends there. Both
    logged, by the quick step too: it opens with the general way's `opening` (issue 13)."""
    session = Session(start_encounter())
    dice = SeededDice(3)
    session.do(StartCombat(initiators=["c0"], awareness={"c1": "surprised"}), dice)
    session.do(TakeOpportunity(actor="c0", actions=["Attack", "Wait"], hold="Wait"), dice)
    quick_texts: list[str] = []
    hits = [0]
    for _ in range(20):
        enc = session.encounter
        for cid in list(enc.due):
            session.do(TakeOpportunity(actor=cid, actions=["Wait"]), dice)
        before = hits[0]
        with counting_quick_steps(hits):
            texts = [e.text for e in session.do(Advance(), dice).events]
        if hits[0] > before:
            quick_texts += texts
    assert "Dinzis's held Wait lapses (A8)" in quick_texts
    assert "Kans is no longer surprised" in quick_texts
    assert 0 < hits[0] < 20  # the first Advance goes the general way: StartCombat re-keys


def test_a_wound_mid_tie_sends_the_step_the_general_way_and_r5_holds() -> None:
    """A9 + R5: Molin (Wits 7) is wounded to Wits 5 while tied with Kans (Wits 6): Kans
    opens first. The heap still holds Molin's old key, so only the general path, which
    re-keys it, gets this right: the quick step must leave it alone."""
    enc = Encounter(name="wound mid-tie")
    for cid, name, wits in (("c0", "Dinzis", 9), ("c1", "Molin", 7), ("c2", "Kans", 6)):
        enc.combatants[cid] = Combatant(
            id=cid, name=name, stats={"Wits": wits, "Endurance": 30},
            actions=[Action(name="Act", cost=3)],
        )  # fmt: skip
    session = Session(enc)
    dice = SeededDice(1)
    session.do(StartCombat(initiators=["c0", "c1", "c2"]), dice)
    session.do(Advance(), dice)
    assert enc.due == ["c0"]
    session.do(TakeOpportunity(actor="c0", actions=["Act"]), dice)
    for _ in range(2):  # two of 3 WP (one of 6 would call a demise check, A16)
        session.do(ApplyWound(target="c1", wound_points=3), dice)
    assert enc.combatants["c1"].effective("Wits") == 5  # 7 - 6 // 3 (A9)
    session.do(Advance(), dice)
    assert enc.due == ["c2"]
