"""The dead get no care (A16: a failed demise check kills): heal, staunch, treat and rest
are refused with the reason and change nothing; only a GM revive brings one back."""

from __future__ import annotations

from rules.model.commands import Heal, Rest, Staunch, TreatCondition
from rules.model.state import Combatant, Wound
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
