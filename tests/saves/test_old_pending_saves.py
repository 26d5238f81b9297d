"""Saves the previous build wrote with each kind of pending decision load and play on.

The three files in old_saves/ were written by the build before `Pending.data`
was typed (rules.model.pending): a parry to answer, a hit's damage to confirm,
and the breakage roll and demise check the confirmed Maim calls for (A10-A16).
The JSON shape did not change (the kind stands beside the data), so no
migration is needed: the old bytes must read as the typed variants and the
game must go on from them, saving the decisions exactly as they were written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ConfirmDamage, Parry, ResolveCheck
from rules.model.pending import BreakageData, DamageData, DemiseData, ParryData
from rules.saves.store import load_session, save_session

OLD = Path(__file__).parent / "old_saves"


def opened(tmp_path: Path, name: str) -> tuple[Path, Session]:
    path = tmp_path / name
    shutil.copyfile(OLD / name, path)
    return path, load_session(path)


@pytest.mark.parametrize(
    ("name", "variants"),
    [
        ("parry_pending.json", [ParryData]),
        ("damage_pending.json", [DamageData]),
        ("breakage_and_demise_pending.json", [BreakageData, DemiseData]),
    ],
)
def test_an_old_save_reads_as_typed_data_and_saves_the_same_shape(
    tmp_path: Path, name: str, variants: list[type]
) -> None:
    path, session = opened(tmp_path, name)
    pending = session.encounter.pending
    assert [type(p.data) for p in pending] == variants
    save_session(session, path)
    old = json.loads((OLD / name).read_text())["encounter"]["pending"]
    assert json.loads(path.read_text())["encounter"]["pending"] == old


def test_an_old_parry_plays_on_to_damage_and_wounds(tmp_path: Path) -> None:
    """A10: not parrying sends the blow on; A11: the damage confirms as a Gore (4 WP)."""
    _path, session = opened(tmp_path, "parry_pending.json")
    enc = session.encounter
    parry = enc.pending[0]
    assert isinstance(parry.data, ParryData) and parry.data.attacker == "lio"
    session.do(Parry(pending=parry.id, weapon=None), ScriptedDice([]))
    damage = enc.pending[0]
    assert isinstance(damage.data, DamageData) and damage.data.wound_points == 4
    session.do(ConfirmDamage(pending=damage.id), ScriptedDice([]))
    assert [(w.wp, w.level, w.location) for w in enc.combatants["bo"].wounds] == [
        (4, "Gore", "chest")
    ]


def test_an_old_damage_confirms_with_an_override(tmp_path: Path) -> None:
    """The stored breakdown recomputes with the GM's 5 WP: a Maim to the chest (A2, A15)."""
    _path, session = opened(tmp_path, "damage_pending.json")
    enc = session.encounter
    damage = enc.pending[0]
    session.do(ConfirmDamage(pending=damage.id, wound_points=5), ScriptedDice([]))
    assert [(w.wp, w.level) for w in enc.combatants["bo"].wounds] == [(5, "Maim")]
    assert [p.kind for p in enc.pending] == ["breakage", "demise"]


def test_old_checks_roll_and_undo_back_to_the_saved_state(tmp_path: Path) -> None:
    """A15/A16: both checks roll on base Endurance 6; undo returns to the file's state."""
    path, session = opened(tmp_path, "breakage_and_demise_pending.json")
    enc = session.encounter
    before = enc.model_dump(mode="json")
    breakage, demise = enc.pending
    assert (breakage.data.location, breakage.data.wp) == ("chest", 5)
    assert demise.data.trigger == "massive wound"
    session.do(ResolveCheck(pending=breakage.id), ScriptedDice([9] * 6))
    session.do(ResolveCheck(pending=demise.id), ScriptedDice([9] * 6))
    assert enc.pending == []
    session.undo()
    session.undo()
    assert session.encounter.model_dump(mode="json") == before
    assert path.exists()
