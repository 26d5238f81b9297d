"""rules.model.errors: pydantic errors as per-field messages a GM can act on."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from rules.model.commands import COMMAND_ADAPTER, ApplyWound, ResolveCheck
from rules.model.errors import explain, field_errors, message, path_of
from rules.model.state import Combatant, Settings


def error_of(model: type[BaseModel], data: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return caught.value


def sheet(**fields: Any) -> dict[str, Any]:
    return {"id": "c1", "name": "Kans", **fields}


def test_path_of_joins_the_location_with_dots() -> None:
    assert path_of(("weapons", 0, "damage")) == "weapons.0.damage"
    assert path_of(("stats", "Wits")) == "stats.Wits"
    assert path_of(("stats", "", "[key]")) == "stats."
    assert path_of(()) == ""


def test_range_errors_name_both_ends_when_the_model_is_given() -> None:
    err = error_of(Combatant, sheet(stats={"Wits": 31}, skills={"Melee": -1}))
    assert field_errors(err, Combatant) == {
        "stats.Wits": "must be 0–30",
        "skills.Melee": "must be 0–10",
    }
    # Without the model only the broken end is known.
    assert field_errors(err) == {
        "stats.Wits": "must be at most 30",
        "skills.Melee": "must be at least 0",
    }


def test_nested_list_and_optional_fields_find_their_bounds() -> None:
    err = error_of(
        Combatant,
        sheet(
            weapons=[{"name": "Sword", "damage": 31}],
            actions=[{"name": "Strike", "cost": 0}],
            shield={"low": 1, "high": 2, "hits_left": -1},
            armour={"rating": 21},
        ),
    )
    assert field_errors(err, Combatant) == {
        "weapons.0.damage": "must be 0–30",
        "actions.0.cost": "must be 1–100",  # R6: a cost is at least 1
        "shield.hits_left": "must be 0–999",  # R10: optional hits left
        "armour.rating": "must be 0–20",
    }


def test_commands_and_settings_bounds() -> None:
    err = error_of(ApplyWound, {"target": "c1", "wound_points": 0})
    assert field_errors(err, ApplyWound) == {"wound_points": "must be 1–30"}
    err = error_of(ResolveCheck, {"pending": 1, "goal": 100})  # Goal | None
    assert field_errors(err, ResolveCheck) == {"goal": "must be 0–99"}
    err = error_of(Settings, {"demise_goal": 61})  # R15
    assert field_errors(err, Settings) == {"demise_goal": "must be 0–60"}


def test_words_for_common_problems() -> None:
    err = error_of(
        Combatant,
        {
            "id": "c1",
            "name": "",
            "side": "foe",
            "stats": {"Dexterity": "ten", "": 3},
            "luck": 1.5,
            "bogus": 1,
        },
    )
    assert field_errors(err, Combatant) == {
        "name": "must not be empty",
        "side": "must be 'PC', 'ally', 'enemy' or 'neutral'",
        "stats.Dexterity": "'ten' is not a number",
        "stats.": "name must not be empty",
        "luck": "must be a whole number",
        "bogus": "is not a field here",
    }
    err = error_of(Combatant, {"name": "Kans"})
    assert field_errors(err) == {"id": "is required"}


def test_validator_messages_are_kept_and_model_level_ones_have_no_path() -> None:
    err = error_of(Combatant, sheet(shield={"low": 10, "high": 5}))
    assert field_errors(err) == {"shield": "shield low 10 is above high 5"}
    err = error_of(Combatant, sheet(actions=[{"name": "Hit", "weapon": "Axe"}]))
    assert field_errors(err) == {"": "action 'Hit' names unknown weapon 'Axe'"}
    err = error_of(Combatant, sheet(stats={}))
    assert field_errors(err) == {"stats": "a combatant needs at least one stat"}


def test_several_problems_at_one_path_are_joined() -> None:
    err = ValidationError.from_exception_data(
        "Two",
        [
            {"type": "missing", "loc": ("value",), "input": {}},
            {"type": "int_type", "loc": ("value",), "input": "x"},
        ],
    )
    assert field_errors(err) == {"value": "is required; must be a whole number"}


def test_explain_is_one_line() -> None:
    err = error_of(Combatant, sheet(stats={"Wits": 31}, shield={"low": 10, "high": 5}))
    text = explain(err, Combatant)
    assert text == "stats.Wits: must be 0–30; shield: shield low 10 is above high 5"
    err = error_of(Combatant, sheet(actions=[{"name": "Hit", "weapon": "Axe"}]))
    assert explain(err) == "action 'Hit' names unknown weapon 'Axe'"


def test_discriminated_command_errors_are_worded() -> None:
    with pytest.raises(ValidationError) as caught:
        COMMAND_ADAPTER.validate_python({"type": "luck", "target": "c1", "amount": 21})
    errors = field_errors(caught.value)
    assert list(errors.values()) == ["must be at most 20"]
    assert next(iter(errors)).endswith("amount")


def test_message_of_an_unknown_kind_falls_back_to_pydantic() -> None:
    error = {"type": "url_parsing", "loc": ("x",), "msg": "Input should be a valid URL"}
    assert message(error) == "Input should be a valid URL"


@given(st.one_of(st.integers(max_value=-1), st.integers(min_value=31)))
def test_any_stat_out_of_range_is_named_with_its_range(value: int) -> None:
    err = error_of(Combatant, sheet(stats={"Wits": value}))
    assert field_errors(err, Combatant) == {"stats.Wits": "must be 0–30"}
    assert "\n" not in explain(err, Combatant)


@given(st.text(alphabet="abcXYZ -_!?'\"", min_size=1, max_size=8))
def test_any_non_number_is_quoted_back(text: str) -> None:
    err = error_of(Combatant, sheet(skills={"Melee": text}))
    assert field_errors(err, Combatant) == {"skills.Melee": f"{text!r} is not a number"}
