"""RenameEncounter: the encounter's name through the engine, logged and exactly undone."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.engine.apply import apply
from rules.engine.context import CommandError
from rules.mechanics.dice import SeededDice
from rules.model.commands import RenameEncounter
from rules.model.state import Encounter


def test_rename_is_logged_and_undo_restores_the_exact_encounter() -> None:
    enc = Encounter(name="New encounter")
    before = enc.model_dump_json()
    applied = apply(enc, RenameEncounter(name="  Ambush at the bridge "), SeededDice(1))
    assert enc.name == "Ambush at the bridge"
    assert "Ambush at the bridge" in enc.log[-1].text
    applied.journal.undo()
    assert enc.model_dump_json() == before


@pytest.mark.parametrize(
    ("name", "why"), [("New encounter", "already called"), ("   ", "needs a name")]
)
def test_the_same_name_or_only_spaces_is_refused_and_changes_nothing(name: str, why: str) -> None:
    enc = Encounter(name="New encounter")
    before = enc.model_dump_json()
    with pytest.raises(CommandError, match=why):
        apply(enc, RenameEncounter(name=name), SeededDice(1))
    assert enc.model_dump_json() == before


@pytest.mark.parametrize("name", ["", "x" * 61])
def test_a_name_outside_1_to_60_characters_is_not_a_command(name: str) -> None:
    with pytest.raises(ValidationError):
        RenameEncounter(name=name)
