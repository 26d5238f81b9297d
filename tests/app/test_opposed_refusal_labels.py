"""The opposed roll (A6) refused for a blank skill says "Skill", the dialog's own label."""

from __future__ import annotations

from rules.session import Session
from rules.state import Combatant, Encounter
from tests.app.act_fixtures import SIZE, ActHost, stats
from tests.app.modal_host import type_into, until
from tracker.modals.act import SkillRollDialog
from tracker.modals.form import FORM, FieldError


async def test_blank_skill_is_named_as_the_gm_sees_it_A6() -> None:
    iol = Combatant(id="iol", name="Iol", stats=stats(Wits=7), skills={"Tactics": 4})
    mon = Combatant(id="mon", name="Monarch", stats=stats(Wits=6), skills={"Tactics": 3})
    session = Session(Encounter(combatants={"iol": iol, "mon": mon}))
    app = ActHost(
        SkillRollDialog(session.encounter, "iol", skill="Tactics", stat="Wits", mode="opposed")
    )
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#opponent").value = "mon"
        await until(pilot, lambda: app.screen.query_one("#their-stat").value == "Wits")
        await type_into(pilot, "#skill", "")
        app.screen.action_submit()  # type: ignore[attr-defined]
        error = next(e for e in app.screen.query(FieldError) if e.slot == FORM)
        await until(pilot, lambda: "must not be empty" in str(error.render()))
        shown = str(error.render())
        assert "Skill: must not be empty" in shown and "a_skill" not in shown
    assert app.results == []  # refused: nothing dismissed
