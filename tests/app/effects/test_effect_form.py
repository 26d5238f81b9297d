"""The effect dialog (E, issue 15): a digit picks a common condition, the duration is typed
as the rules read it, and every bad field is named under itself with nothing applied."""

from __future__ import annotations

from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration, EffectModifier, Tick
from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, choose, save_disabled, shown, type_into, until
from tracker.modals.effect_form import COMMON, EffectForm

SIZE = (120, 40)


def table() -> Encounter:
    kans = Combatant(id="kans", name="Kans", stats={"Wits": 7, "Dexterity": 6})
    baron = Combatant(id="molin", name="Baron Molin", stats={"Wits": 5})
    return Encounter(combatants={"kans": kans, "molin": baron}, next_id=1)


async def test_one_digit_is_a_common_condition_then_the_duration_in_TU() -> None:
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "1")
        await until(pilot, lambda: app.screen.focused is app.screen.query_one("#duration"))
        assert app.screen.query_one("#name").value == COMMON[0] == "Stunned"
        await pilot.press("1", "0", "enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [
        AddEffect(targets=["kans"], name="Stunned", duration=Duration(kind="tu", amount=10))
    ]


async def test_a_skill_modifier_until_another_s_next_opportunity_and_a_tick() -> None:
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "Poisoned")
        await choose(pilot, "#mod", "to one sk")
        await type_into(pilot, "#mod-name", "Melee")
        await type_into(pilot, "#mod-amount", "-2")
        await type_into(pilot, "#duration", "next bar")
        await type_into(pilot, "#tick-every", "5")
        await type_into(pilot, "#tick-wp", "1")
        await until(pilot, lambda: not save_disabled(app))
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [
        AddEffect(
            targets=["kans"],
            name="Poisoned",
            modifier=EffectModifier(target="skill", name="Melee", amount=-2),
            duration=Duration(kind="next", whose="molin"),
            tick=Tick(every=5, wp=1),
        )
    ]


async def _blessed(typed: str) -> list[object]:
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "6")
        if typed:
            await type_into(pilot, "#duration", typed)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    return app.results


async def test_blank_duration_is_until_removed_and_t40_until_track_40() -> None:
    assert await _blessed("") == [AddEffect(targets=["kans"], name="Blessed")]
    assert await _blessed("t40") == [
        AddEffect(targets=["kans"], name="Blessed", duration=Duration(kind="until", amount=40))
    ]


async def test_bad_fields_are_named_under_themselves_and_nothing_is_applied() -> None:
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "2")
        await type_into(pilot, "#duration", "soon")
        await until(pilot, lambda: shown(app, "duration").startswith("duration 'soon'"))
        assert "t40" in shown(app, "duration") and save_disabled(app)
        await type_into(pilot, "#duration", "next Nobody")
        await until(
            pilot, lambda: "no living combatant is called 'Nobody'" in shown(app, "duration")
        )
        await type_into(pilot, "#duration", "10")
        await choose(pilot, "#mod", "to every")
        await type_into(pilot, "#mod-amount", "lots")
        await until(pilot, lambda: shown(app, "modifier").startswith("modifier amount: 'lots'"))
        await type_into(pilot, "#mod-amount", "0")
        await until(pilot, lambda: "changes nothing" in shown(app, "modifier"))
        await type_into(pilot, "#mod-amount", "-1")
        await type_into(pilot, "#tick-every", "0")
        await type_into(pilot, "#tick-wp", "1")
        await until(pilot, lambda: shown(app, "tick") != "")
        assert save_disabled(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []  # refused: nothing dismissed, nothing applied
        await type_into(pilot, "#tick-every", "5")
        await until(pilot, lambda: not save_disabled(app))
        assert shown(app, "tick") == shown(app, "modifier") == shown(app, "duration") == ""


async def test_an_empty_name_is_asked_for_only_once_the_gm_tries_to_apply() -> None:
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        assert shown(app, "name") == ""
        await type_into(pilot, "#duration", "10")
        await pilot.press("enter")
        await until(pilot, lambda: shown(app, "name").startswith("name: type one"))
        assert app.results == []


async def test_a_duration_out_of_range_reads_as_a_gm_sentence_not_pydantic_s_dump() -> None:
    """`t0` and `0` are shaped right but out of range: the message says so in words."""
    app = Host(EffectForm(table(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#name", "1")
        for typed in ("t0", "0"):
            start = f"duration {typed!r}"
            await type_into(pilot, "#duration", typed)
            await until(pilot, lambda start=start: shown(app, "duration").startswith(start))
            message = shown(app, "duration")
            assert "validation error" not in message and "pydantic" not in message
            assert message.startswith(f"{start}: amount must be 1–")
            assert save_disabled(app)
