"""The dead get no care (A16: a failed demise check kills): heal, staunch, treat and rest
are refused with the reason and change nothing; only a GM revive brings one back."""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound, Heal, ResolveCheck, Rest, Staunch, TreatCondition
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from rules.model.state import Combatant, Encounter, Wound
from tests.support.engine_steps import do, refused, session


def dead_kans() -> Combatant:
    return Combatant(
        id="kans",
        name="Kans the Scraver",
        stats={"Wits": 7, "Endurance": 6},
        wounds=[Wound(location="chest", level="Maim", wp=5, bleeding=True)],
        bleed_rate=1,
        bleed_anchor=0,
        exhaustion=1,
        broken_ribs=True,
        dead=True,
    )


def test_care_of_the_dead_is_refused_with_the_reason() -> None:
    s = session(dead_kans())
    for command, what in (
        (Heal(target="kans", wound_points=1), "heal"),
        (Staunch(target="kans"), "be staunched"),
        (TreatCondition(target="kans", condition="ribs"), "be treated"),
        (Rest(target="kans"), "rest"),
    ):
        refused(s, command, f"Kans the Scraver is dead and cannot {what}: revive first")
    assert s.encounter.log == []


def test_after_a_revive_care_works_again() -> None:
    s = session(dead_kans())
    assert do(s, TreatCondition(target="kans", condition="revive")) == [
        "Kans the Scraver is revived (GM)"
    ]
    assert do(s, Heal(target="kans", wound_points=1)) == [
        "Kans the Scraver heals 1 WP → total 4 WP"
    ]


def test_a_revived_bearers_effect_ticks_again_as_a_fresh_track_would() -> None:
    """A found bug: time passed while the bearer lay dead dropped its effect's ticks from
    the track (the dead do not tick), and the revive put back its bleeding but not
    them. The live fight then never ticked again, while the same state reloaded did,
    so undo after a reopen was refused (the history no longer replayed)."""
    ulric = Combatant(id="u", name="Ulric", stats={"Wits": 5, "Endurance": 6})
    s = Session(Encounter(name="revive", combatants={"u": ulric}))
    dice = ScriptedDice([1] * 20)
    s.do(AddEffect(targets=["u"], name="Poison", tick=Tick(every=10, wp=1)), dice)
    s.do(ApplyWound(target="u", wound_points=30, location="chest"), dice)
    while s.encounter.pending:  # A16: the demise checks fail on 1s
        s.do(ResolveCheck(pending=s.encounter.pending[0].id), dice)
    assert s.encounter.combatants["u"].dead
    s.do(PassTime(amount=60), dice)  # dead: no tick (E)
    assert s.encounter.combatants["u"].tick_wp == {}
    s.do(TreatCondition(target="u", condition="revive"), dice)
    s.do(Heal(target="u", wound_points=30), dice)
    fresh = Session(Encounter.model_validate_json(s.encounter.model_dump_json()))
    s.do(PassTime(amount=60), dice)
    fresh.do(PassTime(amount=60), ScriptedDice([]))
    ticked = s.encounter.combatants["u"].tick_wp["Poison"]
    assert (ticked.wp, ticked.ticks) == (6, 6)
    assert s.encounter.combatants["u"].tick_wp == fresh.encounter.combatants["u"].tick_wp
    assert s.replay() == s.encounter  # undo and a reopen replay to the same fight
