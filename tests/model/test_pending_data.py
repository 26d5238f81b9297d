"""Pending.data is one typed, frozen variant per kind, told apart by the decision's kind."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.pending import BreakageData, DemiseData
from rules.model.state import Pending
from tests.support.pending_samples import parry_data


def test_a_saved_dict_reads_as_the_variant_of_its_kind() -> None:
    p = Pending.model_validate(
        {
            "id": 1,
            "kind": "breakage",
            "combatant": "a",
            "text": "t",
            "data": {"location": "chest", "wp": 5},
        }
    )
    assert p.data == BreakageData(location="chest", wp=5)
    assert p.model_dump()["data"] == {"location": "chest", "wp": 5}  # the kind stays outside


def test_data_of_another_kind_or_missing_a_field_is_refused_by_name() -> None:
    with pytest.raises(ValidationError, match="a demise decision cannot carry parry data"):
        Pending(id=1, kind="demise", combatant="a", text="t", data=parry_data("b"))
    with pytest.raises(ValidationError, match="wp"):
        Pending.model_validate(
            {
                "id": 1,
                "kind": "breakage",
                "combatant": "a",
                "text": "t",
                "data": {"location": "chest"},
            }
        )
    with pytest.raises(ValidationError, match="location"):
        Pending.model_validate(
            {
                "id": 1,
                "kind": "breakage",
                "combatant": "a",
                "text": "t",
                "data": {"location": "tail", "wp": 1},
            }
        )


def test_the_data_is_frozen() -> None:
    data = DemiseData(trigger="massive wound")
    with pytest.raises(ValidationError, match="frozen"):
        data.trigger = "half endurance"  # type: ignore[misc]


def test_the_data_names_the_other_combatants_it_involves() -> None:
    """A removal drops a parry or damage naming the attacker (rules.engine.handlers.roster)."""
    assert parry_data("b").combatants() == ("b",)
    assert DemiseData(trigger="x").combatants() == ()
