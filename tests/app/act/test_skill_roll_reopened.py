"""`s` reopened mid-roll shows the roll that is running, not the dialog's defaults.

A6: while a contest runs, its skills, stats and opponent fill the fields (they
showed the roller's first skill and "Opponent no one"). A3: an extended roll's
continuation keeps the dice count the GM set for it (9 set, 6 was used).
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.model.commands import OpposedRound
from rules.model.state import Combatant, Encounter, ExtendedAction, Opposed
from tests.support.act_fixtures import SIZE, ActHost, stats, submit
from tests.support.modal_host import until
from tracker.modals.act import SkillRollDialog
from tracker.widgets.odds import OddsView


def contest() -> Encounter:
    """Kans (Etiquette first on his sheet) and Vorox in a Gambling contest on Wits."""
    kans = Combatant(id="kans", name="Kans", stats=stats(), skills={"Etiquette": 4, "Gambling": 6})
    vorox = Combatant(id="vorox", name="Vorox", stats=stats(), skills={"Brawl": 5, "Gambling": 3})
    running = Opposed(
        a="kans", a_skill="Gambling", a_stat="Wits", b="vorox", b_skill="Gambling",
        b_stat="Wits", margin=2, rounds=[[5, 3, 2]],
    )  # fmt: skip
    return Encounter(combatants={"kans": kans, "vorox": vorox}, opposed=running)


def fields(app: ActHost) -> tuple[object, ...]:
    q = app.screen.query_one
    names = ("#skill", "#stat", "#opponent", "#their-skill", "#their-stat")
    return tuple(q(name).value for name in names)  # type: ignore[attr-defined]


async def test_the_running_contest_fills_the_fields_for_side_a_A6() -> None:
    app = ActHost(SkillRollDialog(contest(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.query_one("#mode").value == "opposed")  # type: ignore[attr-defined]
        await until(pilot, lambda: fields(app) == ("Gambling", "Wits", "vorox", "Gambling", "Wits"))
        assert isinstance(await submit(app, pilot), OpposedRound)


async def test_side_b_sees_its_own_skill_and_side_a_as_opponent_A6() -> None:
    app = ActHost(SkillRollDialog(contest(), "vorox"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: fields(app) == ("Gambling", "Wits", "kans", "Gambling", "Wits"))
        assert app.screen.query_one("#opponent").disabled  # the contest's, until restarted


async def test_restarting_frees_the_fields_A6() -> None:
    app = ActHost(SkillRollDialog(contest(), "kans"))
    async with app.run_test(size=SIZE) as pilot:
        restart = app.screen.query_one("#restart")
        await until(pilot, lambda: restart.display)
        restart.value = True  # type: ignore[attr-defined]
        await until(pilot, lambda: not app.screen.query_one("#skill").disabled)
        assert not app.screen.query_one("#opponent").disabled


async def test_the_continuation_keeps_the_dice_count_set_for_it_A3() -> None:
    maria = Combatant(
        id="m",
        name="Maria",
        stats=stats(Perception=6),
        skills={"Sneak": 6},
        extended=ExtendedAction(
            skill="Sneak", stat="Perception", goal=17, total=9, rolls=[9], dice=9
        ),
    )
    session = Session(Encounter(combatants={"m": maria}))
    app = ActHost(SkillRollDialog(session.encounter, "m"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.query_one("#dice").value == "9")  # type: ignore[attr-defined]
        assert app.screen.query_one("#odds", OddsView).dice == 9
        command = await submit(app, pilot)
    assert command.dice == 9  # type: ignore[attr-defined]
