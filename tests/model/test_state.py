"""The pydantic state: strict validation that names the field, derived effective stats (A9)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.errors import explain
from rules.model.state import Action, Combatant, Encounter, Shield, Wound


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: Combatant(id="a", name="A", stats={"Wits": -3}), "stats.Wits"),
        (lambda: Combatant(id="a", name="A", skills={"Melee": "ten"}), "skills.Melee"),
        (lambda: Shield(low=10, high=5), "low 10 is above high 5"),
        (lambda: Action(name="Attack", cost=0), "cost"),
        (lambda: Combatant(id="a", name="A", side="monster"), "side"),
        (lambda: Wound(wp=0), "wp"),
    ],
)
def test_bad_values_are_refused_naming_the_field(build, field: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationError) as info:
        build()
    assert field in explain(info.value)


def test_unknown_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="hp"):
        Combatant(id="a", name="A", hp=10)  # type: ignore[call-arg]


def test_an_action_naming_a_missing_weapon_is_refused() -> None:
    with pytest.raises(ValidationError, match="unknown weapon 'Sword'"):
        Combatant(id="a", name="A", actions=[Action(name="Cut", weapon="Sword")])


def test_effective_stats_are_derived_a9() -> None:
    c = Combatant(
        id="k",
        name="Kans",
        stats={"Endurance": 6, "Wits": 7},
        wounds=[Wound(wp=3), Wound(wp=2)],
        bleed_wp=2,
        exhaustion=1,
        broken_ribs=True,
        drains={"Wits": 1},
    )
    assert c.total_wp() == 7 and c.stat_penalty() == 2  # floor(7 / 3)
    assert c.effective("Endurance") == 6 - 2 - 1 - 1  # ribs: Endurance -1
    assert c.effective("Wits") == 7 - 2 - 1 - 1  # R20 drain
    assert "effective" not in Combatant.model_fields  # never stored twice


def test_encounter_keys_must_match_ids() -> None:
    with pytest.raises(ValidationError, match="does not match its id"):
        Encounter(combatants={"x": Combatant(id="y", name="Y")})
