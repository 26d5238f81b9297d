"""R19 amended through commands: desperation needs a stat that has dropped to the line."""

from __future__ import annotations

from rules.model.commands import SkillRollCommand
from rules.model.state import Action, Combatant
from tests.support.engine_steps import do, refused, session


def vorox(**fields: object) -> Combatant:
    """A Vorox: Tech 1 at full strength, Perception 8 with Search 2."""
    return Combatant(
        id="v",
        name="Vorox",
        stats={"Tech": 1, "Perception": 8, "Strength": 9},
        skills={"Search": 2},
        actions=[Action(name="Search", cost=3, kind="skill", skill="Search")],
        **fields,  # type: ignore[arg-type]
    )


def search() -> SkillRollCommand:
    return SkillRollCommand(actor="v", skill="Search", stat="Perception", special="desperation")


def test_an_unhurt_base_1_stat_is_no_desperation() -> None:
    refused(session(vorox()), search(), r"Vorox is not desperate: no stat has dropped")


def test_a_stat_drained_to_the_line_still_qualifies() -> None:
    s = session(vorox(drains={"Strength": 8}))  # Strength 9 → 1: dropped to ⌈9/10⌉ = 1
    lines = do(s, search(), 3, 6, 8)
    assert "Strength -1 (R20)" in lines[0] and "Tech" not in lines[0]
