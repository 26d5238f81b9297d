"""AddCombatant with a count: N numbered copies of one sheet, one undo, each its own
reaction roll while combat runs (R8)."""

from __future__ import annotations

from rules.model.commands import AddCombatant, StartCombat
from rules.model.state import Combatant
from tests.support.engine_steps import do, refused, session


def guard(cid: str = "guard", name: str = "Decados guard") -> Combatant:
    return Combatant(id=cid, name=name, stats={"Wits": 5, "Dexterity": 5})


def test_four_numbered_copies_one_undo() -> None:
    s = session()
    start = s.encounter.model_dump(mode="json")
    do(s, AddCombatant(combatant=guard(), count=4))
    names = [c.name for c in s.encounter.combatants.values()]
    assert names == [f"Decados guard {n}" for n in (1, 2, 3, 4)]
    assert len(set(s.encounter.combatants)) == 4
    s.undo()
    assert s.encounter.model_dump(mode="json") == start


def test_numbers_skip_names_already_borne() -> None:
    s = session(guard("g2", "Decados guard 2"))
    do(s, AddCombatant(combatant=guard(), count=2))
    names = sorted(c.name for c in s.encounter.combatants.values())
    assert names == ["Decados guard 1", "Decados guard 2", "Decados guard 3"]


def test_each_copy_rolls_its_own_reaction_in_combat() -> None:
    s = session(guard("kaz", "Kaz"))
    do(s, StartCombat(initiators=["kaz"]))
    lines = do(s, AddCombatant(combatant=guard(), count=3), 2, 6, 9)
    assert sum("joins the fight" in line for line in lines) == 3
    ttus = [c.ttu for c in s.encounter.combatants.values() if c.id != "kaz"]
    assert len(set(ttus)) == 3, ttus


def test_a_sheet_that_cannot_join_adds_none() -> None:
    s = session(guard("kaz", "Kaz"))
    do(s, StartCombat(initiators=["kaz"]))
    witless = Combatant(id="x", name="Drone", stats={"Tech": 5})
    refused(s, AddCombatant(combatant=witless, count=3), "no Wits")
