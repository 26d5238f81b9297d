"""A Batch: one wound, heal, luck, out-of-the-fight or removal for several marked
combatants, as one command (one undo), one log line each, refused whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.engine.checks import why_not
from rules.model.commands import (
    ApplyWound,
    Batch,
    FightStatus,
    Heal,
    Luck,
    RemoveCombatant,
    StartCombat,
)
from rules.model.state import Combatant, Wound
from tests.support.engine_steps import do, refused, session, undo_all


def being(cid: str, name: str, **fields: Any) -> Combatant:
    return Combatant(id=cid, name=name, stats={"Wits": 5, "Endurance": 6}, **fields)


def three() -> Any:
    return session(being("a", "Ann"), being("b", "Bo"), being("c", "Cy"))


def test_one_wound_each_one_line_each_one_undo() -> None:
    s = three()
    start = s.encounter.model_dump(mode="json")
    parts = [ApplyWound(target=cid, wound_points=2) for cid in ("a", "b", "c")]
    lines = do(s, Batch(commands=parts))
    assert [c.total_wp() for c in s.encounter.combatants.values()] == [2, 2, 2]
    assert len(lines) == 3 and [line.split()[0] for line in lines] == ["Ann", "Bo", "Cy"]
    s.undo()
    assert s.encounter.model_dump(mode="json") == start
    assert not s.can_undo
    undo_all(s, start)


def test_heal_luck_out_and_remove_for_all() -> None:
    s = three()
    for c in s.encounter.combatants.values():
        c.wounds.append(Wound(wp=3))
    do(s, Batch(commands=[Heal(target=cid, wound_points=1) for cid in ("a", "b")]))
    assert [c.total_wp() for c in s.encounter.combatants.values()] == [2, 2, 3]
    do(s, Batch(commands=[Luck(target=cid, amount=1) for cid in ("a", "c")]))
    assert [c.luck for c in s.encounter.combatants.values()] == [1, 0, 1]
    do(s, Batch(commands=[FightStatus(target=cid, reason="fled") for cid in ("b", "c")]))
    assert [c.out_of_fight for c in s.encounter.combatants.values()] == [False, True, True]
    do(s, Batch(commands=[RemoveCombatant(id=cid) for cid in ("a", "b")]))
    assert list(s.encounter.combatants) == ["c"]


def test_one_part_refused_refuses_all_and_says_whose() -> None:
    s = three()
    s.encounter.combatants["b"].dead = True
    batch = Batch(commands=[ApplyWound(target=cid, wound_points=2) for cid in ("a", "b", "c")])
    assert why_not(s.encounter, batch) == "Bo: Bo is dead (so none of the 3 is done)"
    refused(s, batch, "^Bo: Bo is dead")
    assert all(c.total_wp() == 0 for c in s.encounter.combatants.values())


def test_bringing_back_in_a_running_fight_is_one_at_a_time() -> None:
    s = three()
    do(s, StartCombat(initiators=["a"]), 5, 5)
    do(s, Batch(commands=[FightStatus(target=cid) for cid in ("b", "c")]))
    back = Batch(commands=[FightStatus(target=cid, out=False) for cid in ("b", "c")])
    assert why_not(s.encounter, back) is not None
    refused(s, back, "one at a time")


def test_a_batch_in_the_history_saves_and_redoes(tmp_path: Path) -> None:
    from rules.saves.store import load_session, save_session

    s = three()
    do(s, Batch(commands=[Luck(target="a", amount=2), ApplyWound(target="b", wound_points=3)]))
    path = tmp_path / "fight.json"
    save_session(s, path)
    loaded = load_session(path)
    assert loaded.encounter == s.encounter
    loaded.undo()
    assert loaded.encounter.combatants["a"].luck == 0
    loaded.redo()
    assert loaded.encounter.combatants["b"].total_wp() == 3
