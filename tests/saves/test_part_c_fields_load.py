"""Saves of the previous build load with the new Part C fields of a dodge and a check.

`Dodge.exert`, `Dodge.special` and `ResolveCheck.special` are optional with defaults
(no die, no exertion), so a recorded command without them reads as it was played, and
an old save's pending checks are answered with a die declared (issue 14, item 7).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, ResolveCheck
from rules.saves.store import load_session, save_session

OLD = Path(__file__).parent / "old_saves" / "breakage_and_demise_pending.json"


def test_old_commands_read_with_no_die_and_no_exertion() -> None:
    attack = Attack.model_validate(
        {"type": "attack", "attacker": "lio", "target": "bo", "weapon": "Sword",
         "dodge": {"goal": 4, "situation": "melee"}}
    )  # fmt: skip
    assert attack.dodge is not None
    assert (attack.dodge.exert, attack.dodge.special) == (False, None)
    assert ResolveCheck.model_validate({"type": "resolve", "pending": 3}).special is None


def test_an_old_saves_check_is_answered_with_a_declared_die(tmp_path: Path) -> None:
    path = tmp_path / OLD.name
    shutil.copyfile(OLD, path)
    session = load_session(path)
    check = next(p for p in session.encounter.pending if p.kind == "demise")
    bo = session.encounter.combatants[check.combatant]
    special = "chance-combat" if session.encounter.in_combat else "chance-roleplay"
    faces = [9] + [10] * bo.stats["Endurance"]
    applied = session.do(ResolveCheck(pending=check.id, special=special), ScriptedDice(faces))
    assert any("chance die: d10 9 → +9" in e.text for e in applied.events)
    save_session(session, path)
    again = load_session(path)
    assert again.encounter.model_dump(mode="json") == session.encounter.model_dump(mode="json")
