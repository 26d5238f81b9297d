"""Properties of the engine over random valid command sequences (issue 3).

- a command that fails changes nothing;
- undoing everything gives back the first encounter, exactly (as JSON);
- replaying the recorded commands and faces from the start gives the final encounter;
- redo after undo re-applies with the recorded faces (never new ones);
- save then load gives the same encounter and history, and undo works after resume.

The mix includes removals and taking out of the fight followed by standing orders
(their stale heap entries: a run once read a removed combatant's entry by its id).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.saves.store import load_session, save_session
from tests.support.random_fights import candidates, dump, start_encounter
from tests.support.soak import examples


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_random_sequences_undo_replay_and_redo_exactly(data: st.DataObject, seed: int) -> None:
    session = Session(start_encounter())
    first = dump(session.encounter)
    dice = SeededDice(seed)
    applied = 0
    for _ in range(data.draw(st.integers(5, 40))):
        command = data.draw(st.sampled_from(candidates(session.encounter, data)))
        before = dump(session.encounter)
        try:
            session.do(command, dice)  # type: ignore[arg-type]
            applied += 1
        except CommandError:
            assert dump(session.encounter) == before, f"a refused {command!r} changed the state"
    final = dump(session.encounter)
    assert dump(session.replay()) == final
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.json"
        save_session(session, path)
        loaded = load_session(path)
    assert dump(loaded.encounter) == final
    assert [s.faces for s in loaded.done] == [s.faces for s in session.done]
    for _ in range(applied):
        loaded.undo()  # journals rebuilt by replaying the saved history
    assert dump(loaded.encounter) == first
    for _ in range(applied):
        session.undo()
    assert dump(session.encounter) == first
    for _ in range(applied):
        session.redo()
    assert dump(session.encounter) == final
