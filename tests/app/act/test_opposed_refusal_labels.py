"""The opposed roll (A6) refused for a blank skill says "Skill", the dialog's own label."""

from __future__ import annotations

from tests.support.act_fixtures import SIZE, face_monarch, tactics_contest
from tests.support.modal_host import type_into, until
from tracker.modals.form import FORM, FieldError


async def test_blank_skill_is_named_as_the_gm_sees_it_A6() -> None:
    _session, app = tactics_contest()
    async with app.run_test(size=SIZE) as pilot:
        await face_monarch(app, pilot)
        await type_into(pilot, "#skill", "")
        app.screen.action_submit()  # type: ignore[attr-defined]
        error = next(e for e in app.screen.query(FieldError) if e.slot == FORM)
        await until(pilot, lambda: "must not be empty" in str(error.render()))
        shown = str(error.render())
        assert "Skill: must not be empty" in shown and "a_skill" not in shown
    assert app.results == []  # refused: nothing dismissed
