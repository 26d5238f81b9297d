"""A refusal names the field the way the GM sees it in the dialog, not the model's name.

`explain` reads each field's `Field(title=...)` ("Their skill", not "b_skill"),
and a dialog may pass its own labels.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.model.commands import ConfirmDamage, OpposedStart, ResolveCheck
from rules.model.errors import explain, label_of
from rules.model.state import Combatant


def refusal(model: type, **data: object) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        model(**data)
    return caught.value


def test_opposed_start_names_skill_and_their_skill_A6() -> None:
    err = refusal(OpposedStart, a="x", a_skill="", a_stat="Wits", b="y", b_skill="", b_stat="Wits")
    text = explain(err, OpposedStart)
    assert text == "Skill: must not be empty; Their skill: must not be empty"
    assert "a_skill" not in text and "b_skill" not in text


def test_titles_keep_the_range_in_the_message() -> None:
    assert explain(refusal(ConfirmDamage, pending=1, wound_points=40), ConfirmDamage) == (
        "Wound points: must be 1–30"
    )
    assert explain(refusal(ResolveCheck, pending=1, goal=140), ResolveCheck) == "Goal: must be 0–99"


def test_a_dialog_can_name_its_own_fields() -> None:
    err = refusal(OpposedStart, a="x", a_skill="", a_stat="Wits", b="y", b_skill="Sneak", b_stat="")
    text = explain(err, OpposedStart, {"b_stat": "Stat of the other"})
    assert text == "Skill: must not be empty; Stat of the other: must not be empty"


def test_untitled_fields_and_nested_paths_keep_their_names() -> None:
    assert label_of(Combatant, ("stats", "Wits")) == "stats.Wits"
    assert label_of(OpposedStart, ("b_skill",)) == "Their skill"
    err = refusal(OpposedStart, a="x", a_skill="", a_stat="Wits", b="y", b_skill="S", b_stat="W")
    assert explain(err) == "a_skill: must not be empty"  # no model: the path, as before
