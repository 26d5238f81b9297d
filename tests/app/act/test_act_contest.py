"""The opposed contest (A6) in the act dialogs.

`s` while an opposed contest runs says plainly what Enter does (A6).

Kans and Vorox are in a contest; Baron, selected, has an extended roll
running (A3). The dialog opens in the contest's mode (not "extended"), its
title names the two sides and Enter rolls their next round. Once the
contest is decided, the dialog says so and Enter is Baron's own standard roll.
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.model.commands import OpposedRound, SkillRollCommand
from rules.model.state import Combatant, Encounter, ExtendedAction, Opposed
from tests.support.act_fixtures import SIZE, ActHost, face_monarch, stats, submit, tactics_contest
from tests.support.modal_host import type_into, until
from tracker.modals.act import SkillRollDialog
from tracker.modals.form import FORM, FieldError


def table(winner: str | None) -> Session:
    kans = Combatant(id="kans", name="Kans", stats=stats(), skills={"Gambling": 6})
    vorox = Combatant(id="vorox", name="Vorox", stats=stats(), skills={"Gambling": 3})
    baron = Combatant(
        id="baron",
        name="Baron",
        stats=stats(),
        skills={"Etiquette": 6},
        extended=ExtendedAction(skill="Etiquette", stat="Wits", goal=20, total=4, rolls=[6]),
    )
    contest = Opposed(
        a="kans", a_skill="Gambling", a_stat="Wits", b="vorox", b_skill="Gambling",
        b_stat="Wits", margin=2, rounds=[[5, 3, 2]], winner=winner,
    )  # fmt: skip
    people = {c.id: c for c in (kans, vorox, baron)}
    return Session(Encounter(combatants=people, opposed=contest))


async def test_running_contest_is_the_default_and_the_title_names_its_sides_A6() -> None:
    app = ActHost(SkillRollDialog(table(None).encounter, "baron"))
    async with app.run_test(size=SIZE) as pilot:
        title = app.screen.query_one("#title")
        await until(pilot, lambda: "Kans vs Vorox" in str(title.render()))
        assert app.screen.query_one("#mode").value == "opposed"
        assert "Baron" not in str(title.render())
        assert "Enter rolls round 2" in str(title.render())
        assert isinstance(await submit(app, pilot), OpposedRound)


async def test_a_decided_contest_says_the_roll_is_the_selected_ones_own_A6() -> None:
    app = ActHost(SkillRollDialog(table("kans").encounter, "baron", mode="standard"))
    async with app.run_test(size=SIZE) as pilot:
        info = app.screen.query_one("#info")
        await until(pilot, lambda: "is decided" in str(info.render()))
        text = str(info.render()).replace("\n", " ")
        assert "The contest Kans vs Vorox is decided (Kans won, A6)" in text
        assert "standard roll for Baron" in text
        command = await submit(app, pilot)
    assert isinstance(command, SkillRollCommand) and command.actor == "baron"


# --- The opposed roll (A6) refused for a blank skill says "Skill", the dialog's own label.


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
