"""The keys' reasons are worked out once per app revision (the palette asks per keystroke).

`reasons(session, selected, revision)` runs several `why_not` dry runs; asked
again for the same session, revision and selection it gives the same answer
without running them, and a new revision (or selection, or session) asks again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rules.engine.questions
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import StartCombat
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tests.support.random_fights import start_encounter
from tracker.actions.key_reasons import reasons
from tracker.screens.main import MainScreen


def started() -> Session:
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1", "c2"]), ScriptedDice([]))
    return session


@pytest.fixture
def dry_runs(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every `why_not` the reasons ask for, counted (the real one still answers).

    Patched where the keys look it up: the door, asked inside `_reasons` at each call."""
    asked: list[object] = []
    real = rules.engine.questions.why_not

    def counting(encounter: object, command: object) -> str | None:
        asked.append(command)
        return real(encounter, command)  # type: ignore[arg-type]

    monkeypatch.setattr(rules.engine.questions, "why_not", counting)
    return asked


def test_the_same_revision_runs_no_dry_run_again(dry_runs: list[object]) -> None:
    session = started()
    first = reasons(session, "c0", revision=7)
    ran = len(dry_runs)
    assert ran > 0
    again = reasons(session, "c0", revision=7)
    assert len(dry_runs) == ran  # no dry run this time
    assert again == first


def test_a_new_revision_asks_the_rules_again(dry_runs: list[object]) -> None:
    session = started()
    reasons(session, "c0", revision=7)
    ran = len(dry_runs)
    reasons(session, "c0", revision=8)
    assert len(dry_runs) == 2 * ran


def test_another_selection_or_session_asks_again(dry_runs: list[object]) -> None:
    session = started()
    reasons(session, "c0", revision=7)
    ran = len(dry_runs)
    reasons(session, "c1", revision=7)
    assert len(dry_runs) == 2 * ran
    reasons(started(), "c1", revision=7)
    assert len(dry_runs) == 3 * ran


def test_the_kept_answer_cannot_be_changed_by_a_caller(dry_runs: list[object]) -> None:
    session = started()
    reasons(session, None, revision=3)["advance"] = "poisoned"
    assert reasons(session, None, revision=3)["advance"] != "poisoned"


def test_without_a_revision_every_call_asks(dry_runs: list[object]) -> None:
    session = started()
    reasons(session, None)
    ran = len(dry_runs)
    reasons(session, None)
    assert len(dry_runs) == 2 * ran


async def test_a_command_in_the_app_moves_the_revision_so_the_answer_is_new(
    tmp_path: Path,
) -> None:
    """b begins the card game: the keys' answer kept from before it no longer stands."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        session = app.session
        assert session is not None
        assert reasons(session, None, app.revision)["end_combat"] is not None  # no combat
        await begin(pilot)
        assert reasons(session, None, app.revision)["end_combat"] is None
