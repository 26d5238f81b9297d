"""E, ctrl+e, R, P and d on the main screen (issue 15): the demo driven by keys, the
effect on every marked row, the reminder stopping the track and dismissed with one key,
time passed outside combat, and the palette offering each."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, Static

from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import type_into, until
from tracker.app.commands_palette import TrackerCommands
from tracker.modals.effect_form import EffectForm
from tracker.modals.effect_remove import RemoveEffectDialog
from tracker.modals.pass_time import PassTimeForm
from tracker.modals.reminder_form import ReminderForm
from tracker.screens.main import MainScreen
from tracker.widgets.detail import CombatantDetail
from tracker.widgets.pending_banner import PendingBanner
from tracker.widgets.roster_columns import row_cells
from tracker.widgets.time_track import TimeTrack


def _detail(app: object) -> str:
    pane = app.screen.query_one(CombatantDetail)  # type: ignore[attr-defined]
    return "\n".join("".join(s.text for s in strip) for strip in pane.lines)


async def test_E_stuns_every_marked_row_for_10_TU_and_u_takes_it_back(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        await pilot.press("home", "down", "space", "down", "space")  # Kans and the Baron
        await pilot.press("E")
        await until(pilot, lambda: isinstance(app.screen, EffectForm))
        title = str(app.screen.query_one(".dialog-title", Static).content)
        assert title.endswith("for 2 marked: Kans the Scraver, Baron Molin Decados")
        await pilot.press("1")
        await until(pilot, lambda: app.screen.query_one("#name").value == "Stunned")
        await pilot.press("1", "0", "enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await until(pilot, lambda: bool(enc.combatants["molin"].effects))
        assert [e.name for e in enc.combatants["kans"].effects] == ["Stunned"]
        assert not enc.combatants["dinzis"].effects
        cond = row_cells(enc.combatants["kans"], enc)["cond"]
        assert "Stunned 10" in cond  # the TU left, the rules' answer
        await pilot.press("escape")  # the marks go; the Baron's row is selected
        await until(pilot, lambda: "Stunned" in _detail(app))
        assert "10 TU left" in _detail(app)
        track = app.screen.query_one(TimeTrack)
        ruler = "\n".join(line.plain for line in track.lines())
        assert "✕Stunned" in ruler and "Stunned on" in ruler  # the mark and the headline
        await pilot.press("u")
        await until(pilot, lambda: not enc.combatants["kans"].effects)
        assert not enc.combatants["molin"].effects


async def test_ctrl_e_takes_one_effect_off(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        await pilot.press("ctrl+e")  # nothing to remove: refused, no dialog
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await pilot.press("E", "2", "enter")
        await until(pilot, lambda: bool(enc.combatants["dinzis"].effects))
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, RemoveEffectDialog))
        await pilot.press("enter")
        await until(pilot, lambda: not enc.combatants["dinzis"].effects)
        assert any("Prone ends" in e.text for e in enc.log)


async def test_a_reminder_stops_the_clock_and_d_dismisses_it(tmp_path: Path) -> None:
    """Out of combat: R in 3 TU, then P 10: the clock stops at the reminder (a decision
    shown in the banner), d dismisses it with no dialog, and the log keeps the line."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        await pilot.press("R")
        await until(pilot, lambda: isinstance(app.screen, ReminderForm))
        await type_into(pilot, "#when", "3")
        await type_into(pilot, "#text", "the shuttle lands")
        await pilot.press("enter")
        await until(pilot, lambda: bool(enc.reminders))
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        headline = app.screen.query_one(TimeTrack).lines()[0].plain
        assert "⚑ reminder at 3: the shuttle lands" in headline
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        await type_into(pilot, "#amount", "10")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.session.encounter.pending))  # in a worker
        enc = app.session.encounter  # the worker's copy, adopted (tracker.actions.main_pass_time)
        assert enc.pending[0].kind == "reminder" and enc.time == 3
        banner = app.screen.query_one(PendingBanner)
        await until(pilot, lambda: "press d to dismiss" in str(banner.render()))
        assert "the shuttle lands" in str(banner.render())
        await pilot.press("d")
        await until(pilot, lambda: not enc.pending)
        assert isinstance(app.screen, MainScreen)  # one key: no dialog
        assert any("the shuttle lands" in e.text for e in enc.log)


async def test_P_passes_time_outside_combat_only(tmp_path: Path) -> None:
    """And the next P opens on the unit of the last (issue 27: it went back to TU)."""
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        start = enc.time
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        await type_into(pilot, "#amount", "12")
        await pilot.press("enter")
        await until(pilot, lambda: app.session.encounter.time == start + 12)  # in a worker
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        app.screen.query_one("#unit", Select).value = "minutes"
        await type_into(pilot, "#amount", "2")
        await pilot.press("enter")
        await until(pilot, lambda: app.session.encounter.time == start + 12 + 120)
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        assert app.screen.query_one("#unit", Select).value == "minutes"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        await pilot.press("P")  # in combat the track runs the clock: refused with why
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_the_palette_offers_effects_reminders_and_passing_time(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        provider = TrackerCommands(app.screen)
        titles = [title for title, _run, _help in provider.entries()]
        assert any(t.startswith("Effect on Dinzis") for t in titles)
        assert "Reminder on the time track" in titles
        assert "Pass time outside combat" in titles
        assert not any(t.startswith("Remove an effect") for t in titles)  # none yet


async def test_help_lists_the_four_keys(tmp_path: Path) -> None:
    from tracker.screens.help import HelpScreen

    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = dict(app.screen.key_help)
        assert keys["E"] == "Effect on the selected/marked"
        assert keys["ctrl+e"] == "Remove an effect"
        assert keys["R"] == "Reminder on the track"
        assert keys["P"] == "Pass time (out of combat)"


async def test_the_palette_cancels_a_reminder_still_ahead(tmp_path: Path) -> None:
    from rules.model.effect_commands import AddReminder
    from tracker.modals.reminder_cancel import CancelReminderDialog

    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        titles = [t for t, _run, _help in TrackerCommands(app.screen).entries()]
        assert "Cancel a reminder" not in titles  # none waiting
        app.run_command(AddReminder(text="the shuttle lands", in_tu=5))
        app.run_command(AddReminder(text="guards", at=enc.time + 2))
        await until(pilot, lambda: len(enc.reminders) == 2)
        entries = {t: run for t, run, _help in TrackerCommands(app.screen).entries()}
        entries["Cancel a reminder"]()
        await until(pilot, lambda: isinstance(app.screen, CancelReminderDialog))
        lines = [line for _rid, line in app.screen.waiting]
        assert lines == [f"at {enc.time + 2}: guards", f"at {enc.time + 5}: the shuttle lands"]
        await pilot.press("down", "enter")
        await until(pilot, lambda: len(enc.reminders) == 1)
        assert enc.reminders[0].text == "guards"
