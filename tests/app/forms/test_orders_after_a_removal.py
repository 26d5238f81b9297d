"""Standing orders (g) after the GM removes a combatant mid-fight, and undo after a resume.

The card game: b (Dinzis starts it), n, Dinzis takes Move, Kans is removed (delete, y),
then g and enter run the track. The removed Kans's place on the track must not crash
the run (it did: KeyError 'kans'); and a resumed save whose history cannot be replayed
stops undo with the reason, the fight playing on (A7, A8).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rules.engine.context import HANDLERS
from rules.model.commands import FastForward
from rules.saves.store import load_session
from tests.app.forms.test_orders import begin, demo_app, open_orders
from tests.support.modal_host import until
from tracker.app import TrackerApp, make_app
from tracker.modals.act import OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster

SIZE = (120, 40)


async def take_move(pilot: Pilot[None]) -> None:
    """a: the due combatant's opportunity dialog; Move ticked (space), enter takes it (A8)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
    dialog: OpportunityDialog = app.screen  # type: ignore[assignment]
    move = [a.name for a in dialog.actor.actions].index("Move")
    await pilot.press(*["down"] * move, "space", "enter")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))


async def remove_kans_after_an_opportunity(pilot: Pilot[None]) -> None:
    """b, n, a (Dinzis: Move, enter), then Kans selected, delete, y."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    enc = app.session.encounter
    await begin(pilot)
    await pilot.press("n")
    await until(pilot, lambda: enc.due == ["dinzis"])
    await take_move(pilot)
    await until(pilot, lambda: app.session.done[-1].command.type == "opportunity")
    main: MainScreen = app.screen  # type: ignore[assignment]
    main.query_one(Roster).select("kans")
    await until(pilot, lambda: main.selected == "kans")
    await pilot.press("delete")
    await until(pilot, lambda: type(app.screen).__name__ == "Confirm")
    await pilot.press("y")
    await until(pilot, lambda: "kans" not in enc.combatants)
    await until(pilot, lambda: isinstance(app.screen, MainScreen))


async def test_g_after_a_removal_runs_the_track_and_the_app_plays_on(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await remove_kans_after_an_opportunity(pilot)
        enc = app.session.encounter
        await open_orders(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: enc.log[-1].text.startswith("Standing orders run the track"))
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.session.done[-1].command.type == "fast_forward"
        assert set(app.session.done[-1].command.orders) == {"dinzis", "molin"}  # type: ignore[union-attr]
        await until(pilot, lambda: app.saved)
        assert app.is_running
    assert app.return_code in (None, 0)
    # The save it wrote resumes and undoes all the way back (its history replays).
    loaded = load_session(app.save_path)  # type: ignore[arg-type]
    while loaded.can_undo:
        loaded.undo()
    assert "kans" in loaded.encounter.combatants and not loaded.encounter.in_combat


async def test_u_on_a_resumed_history_that_cannot_replay_says_why_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        await open_orders(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: app.session.done[-1].command.type == "fast_forward")
        await until(pilot, lambda: app.saved)
    path = app.save_path
    assert path is not None

    def raises(ctx: Any, cmd: Any) -> None:
        raise KeyError("kans")  # what the stale heap entry raised while replaying

    monkeypatch.setitem(HANDLERS, FastForward, raises)
    resumed = make_app(path, saves_dir=tmp_path, seed=1)
    async with resumed.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(resumed.screen, MainScreen))
        enc = resumed.session.encounter
        before = enc.model_dump(mode="json")
        await pilot.press("u")
        said = lambda: [n.message for n in resumed._notifications]  # noqa: E731
        await until(pilot, lambda: any("cannot be replayed" in m for m in said()))
        assert any("KeyError: 'kans'" in m and "undo stops where" in m for m in said())
        assert resumed.session.encounter.model_dump(mode="json") == before
        # The fight plays on: the run stopped at Kans (no orders); he moves, then u undoes it.
        assert enc.due == ["kans"]
        await take_move(pilot)
        await until(pilot, lambda: enc.due == [] and resumed.session.can_undo)
        await pilot.press("u")
        await until(pilot, lambda: enc.model_dump(mode="json") == before)
        assert resumed.is_running
    assert resumed.return_code in (None, 0)
