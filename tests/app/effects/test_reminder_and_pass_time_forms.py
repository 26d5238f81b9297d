"""The reminder dialog (R) and the pass-time dialog (P), issue 15: what they dismiss with,
and bad input named under its field with nothing added."""

from __future__ import annotations

from textual.widgets import Static

from rules.model.effect_commands import AddReminder, PassTime
from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, choose, save_disabled, shown, type_into, until
from tracker.modals.pass_time import PassTimeForm
from tracker.modals.reminder_form import ReminderForm

SIZE = (120, 40)


def table(time: int = 0) -> Encounter:
    kans = Combatant(id="kans", name="Kans", stats={"Wits": 7})
    baron = Combatant(id="molin", name="Baron Molin", stats={"Wits": 5})
    return Encounter(combatants={"kans": kans, "molin": baron}, next_id=1, time=time)


async def _reminder(when: str, text: str, selected: str | None = "kans") -> list[object]:
    app = Host(ReminderForm(table(), selected))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#when", when)
        await type_into(pilot, "#text", text)
        await until(pilot, lambda: not save_disabled(app))
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    return app.results


async def test_a_reminder_at_a_time_in_tu_or_at_an_opportunity() -> None:
    assert await _reminder("t40", "the shuttle lands") == [
        AddReminder(text="the shuttle lands", at=40)
    ]
    assert await _reminder("10", "guards") == [AddReminder(text="guards", in_tu=10)]
    assert await _reminder("next", "poison") == [AddReminder(text="poison", whose="kans")]
    assert await _reminder("next bar", "he flees") == [AddReminder(text="he flees", whose="molin")]


async def test_bad_reminder_input_is_named_and_nothing_is_added() -> None:
    app = Host(ReminderForm(table(), None))
    async with app.run_test(size=SIZE) as pilot:
        assert shown(app, "when") == shown(app, "text") == ""  # quiet until typed into
        await type_into(pilot, "#when", "tsoon")
        await until(pilot, lambda: shown(app, "when").startswith("when (track time): 'soon'"))
        await type_into(pilot, "#when", "next")
        await until(pilot, lambda: "next whose opportunity" in shown(app, "when"))
        await type_into(pilot, "#when", "next Zed")
        await until(pilot, lambda: "no living combatant is called 'Zed'" in shown(app, "when"))
        await type_into(pilot, "#when", "5")
        await until(pilot, lambda: shown(app, "text").startswith("text: type the line"))
        assert shown(app, "when") == "" and save_disabled(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []


async def test_pass_two_hours_and_bad_amounts_are_refused() -> None:
    app = Host(PassTimeForm(table()))
    async with app.run_test(size=SIZE) as pilot:
        said = [str(s.render()) for s in app.screen.query(Static)]
        assert "1 TU is 1 second (R30): a minute is 60 TU, an hour 3,600 TU" in said  # where
        await type_into(pilot, "#amount", "-3")
        await until(pilot, lambda: shown(app, "amount").startswith("amount: '-3'"))
        await type_into(pilot, "#amount", "0")
        await until(pilot, lambda: shown(app, "amount") != "")
        assert save_disabled(app)
        await type_into(pilot, "#amount", "2")
        await choose(pilot, "#unit", "h")
        await until(pilot, lambda: not save_disabled(app))
        await pilot.click("#save")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [PassTime(amount=2, unit="hours")]


async def test_more_than_a_day_at_once_is_refused_under_the_amount() -> None:
    app = Host(PassTimeForm(table()))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#amount", "30")
        await choose(pilot, "#unit", "h")
        await until(pilot, lambda: "more than a day" in shown(app, "amount"))
        assert shown(app, "amount").startswith("amount: 30 hours")
        assert save_disabled(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
