"""R8/A7 from the keys: `f` says why one leaves and how aware one comes back; `t` during
combat asks the awareness a template joins with (as the `+` form does)."""

from __future__ import annotations

from pathlib import Path

from rules.mechanics.skill import reaction_time
from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.modals.fight_status import FightStatusDialog
from tracker.modals.templates import TemplatePicker
from tracker.screens.main import MainScreen


async def test_f_takes_one_out_with_a_reason_and_back_with_an_awareness_R8(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        kans = enc.combatants["kans"]
        await pilot.press("down")  # Kans
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        app.screen.query_one("#reason").value = "fled"
        await pilot.press("enter")
        await until(pilot, lambda: kans.out_of_fight)
        assert enc.log[-1].text == "Kans the Scraver is out of the fight (fled)"

        stored = kans.awareness
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        select = app.screen.query_one("#awareness")
        assert select.value == stored  # prefilled: enter alone keeps it
        select.value = "surprised"
        await pilot.press("enter")
        await until(pilot, lambda: not kans.out_of_fight)
        assert kans.awareness == "surprised" and kans.ttu is not None
        texts = [event.text for event in enc.log]
        back = next(t for t in reversed(texts) if "back in the fight" in t)
        assert back == "Kans the Scraver is back in the fight, surprised"
        reaction, join = enc.log[-2:]
        assert "joins the fight" in join.text and "(R8)" in join.text
        assert "(surprised) reacts" in reaction.text
        # A7: the reaction time is surprised's, on the very die it rolled
        (face,) = reaction.faces
        wits = kans.effective("Wits")
        assert kans.ttu - enc.time == reaction_time("surprised", wits, face)
        assert reaction_time("surprised", wits, face) != reaction_time(stored, wits, face)


async def test_a_template_added_in_combat_joins_with_the_chosen_awareness_R8(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        before = set(enc.combatants)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        select = app.screen.query_one("#awareness")
        assert select.value == "standard"  # not the file's "ready"
        select.value = "surprised"
        app.screen.action_submit()  # type: ignore[attr-defined]
        await until(pilot, lambda: len(enc.combatants) == len(before) + 1)
        (new,) = set(enc.combatants) - before
        added = enc.combatants[new]
        assert added.name == "Decados guard" and added.awareness == "surprised"
        assert added.ttu is not None  # R8: rolled its reaction onto the track


async def test_out_of_combat_neither_dialog_asks_the_awareness(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        assert not app.screen.query("#awareness")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        await pilot.press("enter")
        enc = app.session.encounter
        await until(pilot, lambda: any(c.out_of_fight for c in enc.combatants.values()))
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, FightStatusDialog))
        assert not app.screen.query("#awareness")
