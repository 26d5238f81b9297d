"""Random fights with random effects, reminders and passing time (issue 15): a refused command
changes nothing, undo goes back to the exact start, replay and redo reach the exact end, and
`why_not` agrees with `apply` on every effect command."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules.engine.checks import why_not
from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.saves.store import load_session, save_session
from tests.support.effect_fights import effect_candidates
from tests.support.quick_paths import general_path_only
from tests.support.random_fights import dump, start_encounter
from tests.support.soak import examples


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_random_fights_with_effects_undo_replay_and_redo_exactly(
    data: st.DataObject, seed: int
) -> None:
    session = Session(start_encounter())
    first = dump(session.encounter)
    dice = SeededDice(seed)
    applied = 0
    for _ in range(data.draw(st.integers(5, 40))):
        command = data.draw(st.sampled_from(effect_candidates(session.encounter, data)))
        before = dump(session.encounter)
        refusal = why_not(session.encounter, command)  # type: ignore[arg-type]
        assert dump(session.encounter) == before, f"why_not({command!r}) changed the state"
        try:
            session.do(command, dice)  # type: ignore[arg-type]
            applied += 1
            assert refusal is None, f"why_not refused {command!r} that apply took: {refusal}"
            event(f"took {type(command).__name__}")
        except CommandError as error:
            assert dump(session.encounter) == before, f"a refused {command!r} changed the state"
            assert refusal == str(error)
    kinds = {e.kind for e in session.encounter.log}
    for kind in ("effect-end", "effect-tick", "reminder", "time"):
        if kind in kinds:
            event(f"logged {kind}")
    final = dump(session.encounter)
    assert dump(session.replay()) == final
    with tempfile.TemporaryDirectory() as folder:  # saves keep effects and reminders
        path = Path(folder) / "fight.json"
        save_session(session, path)
        assert dump(load_session(path).encounter) == final
    for _ in range(applied):
        session.undo()
    assert dump(session.encounter) == first
    for _ in range(applied):
        session.redo()
    assert dump(session.encounter) == final


@settings(
    max_examples=examples(30),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_the_quick_step_and_the_general_way_agree_with_effects(
    data: st.DataObject, seed: int
) -> None:
    """A watched opening (an effect or reminder waits for it) goes the general way; any
    other may go the quick one: both must give the same encounter and log, step for step."""
    quick, general = Session(start_encounter()), Session(start_encounter())
    quick_dice, general_dice = SeededDice(seed), SeededDice(seed)
    for _ in range(data.draw(st.integers(5, 40))):
        command = data.draw(st.sampled_from(effect_candidates(quick.encounter, data)))
        outcomes = []
        for session, dice, plain in ((quick, quick_dice, False), (general, general_dice, True)):
            try:
                if plain:
                    with general_path_only():
                        session.do(command, dice)  # type: ignore[arg-type]
                else:
                    session.do(command, dice)  # type: ignore[arg-type]
                outcomes.append(None)
            except CommandError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]
        assert dump(quick.encounter) == dump(general.encounter), command
