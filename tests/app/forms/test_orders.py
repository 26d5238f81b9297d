"""Standing orders by keys (g, A7/A8): the dialog, the run it asks for, its refusals, undo.

The demo's card game with seeded dice: Dinzis (enemy) and the Baron (ally)
default to their first plain action (Move), Kans (PC) to no orders. Every
test asserts on the encounter: the run equals the same FastForward applied
by the engine to a copy, and undo puts everything back. Last, the orders after a
combatant is removed mid-fight, and undo after a resume.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, Select

from rules.engine.context import HANDLERS
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import ApplyWound, FastForward, StartCombat, TakeOpportunity
from rules.model.state import Action, Combatant, Encounter
from rules.saves.store import load_session
from tests.support.modal_host import Host, save_disabled, shown, type_into, until
from tracker.app.commands_palette import TrackerCommands
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.act import OpportunityDialog
from tracker.modals.form import FORM
from tracker.modals.orders import OrdersDialog
from tracker.screens.main import MainScreen
from tracker.widgets.roster import Roster

SIZE = (120, 40)
RUN_TITLE = "Run the track on standing orders"


def demo_app(tmp_path: Path) -> TrackerApp:
    return make_app(demo=True, saves_dir=tmp_path, seed=1)


async def begin(pilot: Pilot[None]) -> None:
    """b, enter (Dinzis, selected, opens ticked): the card game's combat begins (A7)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("b")
    await until(pilot, lambda: type(app.screen).__name__ == "BeginCombat")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await until(pilot, lambda: app.session.encounter.in_combat)


async def open_orders(pilot: Pilot[None]) -> OrdersDialog:
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await pilot.press("g")
    await until(pilot, lambda: isinstance(app.screen, OrdersDialog))
    dialog: OrdersDialog = app.screen  # type: ignore[assignment]
    await until(pilot, lambda: dialog._ready)
    return dialog


def palette(app: TrackerApp) -> list[str]:
    return [title for title, _, _ in TrackerCommands(app.screen).entries()]


def refused_with(app: TrackerApp, reason: str) -> bool:
    return any(reason in n.message for n in app._notifications)


async def test_g_opens_with_extras_on_their_first_plain_action_and_pcs_waiting_A7(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        enc = app.session.encounter
        dialog = await open_orders(pilot)
        # Aim needs Shoot and the attacks, dodges and parries need rolls: Move is the first
        # plain action; Kans is a PC, so the run stops at its opportunity.
        assert dialog.orders == {"dinzis": "Move", "kans": "", "molin": "Move"}
        assert dialog.query_one("#until").value == str(enc.time + 30)
        kans = enc.combatants["kans"].ttu
        summary = str(dialog.query_one("#summary").render())
        assert f"Stops by track {kans}: Kans the Scraver has no orders." in summary
        assert "(2 of 3)" in summary
        assert not save_disabled(app)
        await pilot.press("enter")  # the defaults run to Kans's opportunity
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: enc.due == ["kans"])
        assert enc.time == kans
        assert enc.log[-1].text.endswith("stopped: Kans the Scraver has no orders")


async def test_a_changed_order_and_until_run_as_the_engine_runs_them_A7_A8(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        enc = app.session.encounter
        before = enc.model_dump(mode="json")
        dialog = await open_orders(pilot)
        await pilot.press("down", "right", "right")  # Kans: no orders → Move → Wait
        await until(pilot, lambda: dialog.orders["kans"] == "Wait")
        assert dialog.query_one("#order", Select).value == "Wait"
        assert dialog._prompt(enc.combatants["kans"]).endswith("Wait (cost 1)")
        await type_into(pilot, "#until", "20")
        await until(pilot, lambda: not save_disabled(app))
        assert "Runs to track 20 at most." in str(dialog.query_one("#summary").render())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: enc.log[-1].text.startswith("Standing orders"))
        expected = FastForward(
            until=20, orders={"dinzis": ["Move"], "kans": ["Wait"], "molin": ["Move"]}
        )
        assert app.session.done[-1].command == expected
        # The same command applied by the engine to a copy gives the same encounter.
        twin = Session(Encounter.model_validate(before))
        twin.do(expected, ScriptedDice())
        assert enc.model_dump(mode="json") == twin.encounter.model_dump(mode="json")
        assert enc.time <= 20 and not enc.due
        assert all(c.ttu > 20 for c in enc.combatants.values())
        assert enc.log[-1].text.startswith(f"Standing orders run the track 0 → {enc.time}: ")
        assert enc.log[-1].text.endswith("taken by 3 combatants; stopped: track 20 reached")
        await until(pilot, lambda: app.autosave.saved)


async def test_undo_after_a_run_restores_the_encounter(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        before = app.session.encounter.model_dump(mode="json")
        await open_orders(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: app.session.encounter.time > 0)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("u")
        await until(pilot, lambda: app.session.encounter.time == 0)
        assert app.session.encounter.model_dump(mode="json") == before
        assert app.session.can_redo


async def test_a_bad_until_shows_why_and_run_does_nothing(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await begin(pilot)
        everyone = {cid: ["Move"] for cid in ("dinzis", "kans", "molin")}
        assert app.run_command(FastForward(until=10, orders=everyone))
        enc = app.session.encounter
        now = enc.time
        assert now > 0
        before = enc.model_dump(mode="json")
        dialog = await open_orders(pilot)
        for typed, why in (
            ("ten", "'ten' is not a number"),
            (str(now - 1), f"must be at least {now} (the track now)"),
            ("", "type a number"),
        ):
            await type_into(pilot, "#until", typed)
            await until(pilot, lambda why=why: shown(app, "until") == why)
            assert save_disabled(app)
            refusals = dialog.refusals
            await pilot.press("enter")  # from the Until field
            await until(pilot, lambda refusals=refusals: dialog.refusals == refusals + 1)
            await pilot.click("#save")  # a disabled Run does nothing
            assert isinstance(app.screen, OrdersDialog)
            assert enc.model_dump(mode="json") == before
        await type_into(pilot, "#until", str(now))
        await until(pilot, lambda: shown(app, "until") == "")
        assert not dialog.query_one("#save", Button).disabled
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert enc.model_dump(mode="json") == before


async def test_g_says_why_not_when_the_moment_does_not_fit_and_the_palette_agrees(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("g")
        await until(pilot, lambda: refused_with(app, "no combat is running: b begins one"))
        assert isinstance(app.screen, MainScreen) and RUN_TITLE not in palette(app)
        await begin(pilot)
        assert RUN_TITLE in palette(app)
        await pilot.press("n")
        enc = app.session.encounter
        await until(pilot, lambda: enc.due == ["dinzis"])
        await pilot.press("g")
        reason = "Dinzis the Ukar still has an Action Opportunity"
        await until(pilot, lambda: refused_with(app, reason))
        assert isinstance(app.screen, MainScreen) and RUN_TITLE not in palette(app)
        app.run_command(TakeOpportunity(actor="dinzis", actions=["Move"]))
        app.run_command(ApplyWound(target="molin", wound_points=4, location="left arm"))
        await until(pilot, lambda: enc.pending)  # A15: a breakage roll waits
        await pilot.press("g")
        await until(pilot, lambda: refused_with(app, "answer the pending decision first (d)"))
        assert isinstance(app.screen, MainScreen) and RUN_TITLE not in palette(app)


def mob(size: int) -> Session:
    """A crowd in combat: every 50th a PC, every 7th knows only how to stab (no plain action)."""
    enc = Encounter(name="mob")
    for i in range(size):
        stab = Action(name="Stab", kind="attack", cost=3)
        plain = [Action(name="Move", cost=3), Action(name="Wait", cost=1)]
        enc.combatants[f"g{i}"] = Combatant(
            id=f"g{i}",
            name=f"Guard {i}",
            side="PC" if i % 50 == 0 else "enemy",
            stats={"Wits": 5, "Endurance": 5, "Dexterity": 5},
            actions=[stab] if i % 7 == 3 else [*plain, stab],
        )
    session = Session(enc)
    session.do(StartCombat(initiators=["g0"]), SeededDice(1))
    return session


async def test_three_hundred_combatants_stay_usable_one_list_not_a_widget_each() -> None:
    session = mob(300)
    dialog = OrdersDialog(session.encounter)
    app = Host(dialog)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog._ready)
        rows = dialog.query_one("#rows", OptionList)
        assert rows.option_count == 300
        assert len(dialog.query(Select)) == 1  # the highlighted row's drop-down
        stabber = rows.get_option("g3")
        assert stabber.disabled and "no plain action" in str(stabber.prompt)
        assert dialog.orders["g3"] == "" and dialog.orders["g50"] == ""
        await pilot.press("end", "right")  # Guard 299: Move → Wait
        await until(pilot, lambda: dialog.orders["g299"] == "Wait")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
        command = app.results[0]
        assert isinstance(command, FastForward)
        assert command.orders["g299"] == ["Wait"] and command.orders["g1"] == ["Move"]
        no_plain = {f"g{i}" for i in range(300) if i % 7 == 3}
        pcs = {f"g{i}" for i in range(0, 300, 50)}
        assert set(command.orders) == {f"g{i}" for i in range(300)} - no_plain - pcs
        # The engine takes it: the run stops at the first PC's opportunity.
        session.do(command, ScriptedDice())
        assert session.encounter.due and session.encounter.due[0] in pcs


async def test_no_one_ordered_is_refused_until_someone_is() -> None:
    session = mob(3)  # g0 a PC; g1, g2 enemies with Move
    dialog = OrdersDialog(session.encounter)
    app = Host(dialog)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: dialog._ready)
        await pilot.press("down", "left", "down", "left")  # g1, g2: Move → no orders
        await until(pilot, lambda: dialog.orders == {"g0": "", "g1": "", "g2": ""})
        await until(pilot, lambda: "give someone an order" in shown(app, FORM))
        assert save_disabled(app)
        await pilot.press("enter")
        await until(pilot, lambda: dialog.refusals == 1)
        assert not app.results
        await pilot.press("right")
        await until(pilot, lambda: not save_disabled(app))
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
        assert app.results[0] == FastForward(until=30, orders={"g2": ["Move"]})


# --- Standing orders (g) after the GM removes a combatant mid-fight, and undo after a resume.
#
# The card game: b (Dinzis starts it), n, Dinzis takes Move, Kans is removed (delete, y),
# then g and enter run the track. The removed Kans's place on the track must not crash
# the run (it did: KeyError 'kans'); and a resumed save whose history cannot be replayed
# stops undo with the reason, the fight playing on (A7, A8).


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
        await until(pilot, lambda: app.autosave.saved)
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
        await until(pilot, lambda: app.autosave.saved)
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
