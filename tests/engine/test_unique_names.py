"""Names tell combatants apart (the track, the log): the engine refuses a
name already in the encounter (case aside) on add, edit and named duplicate; copies and
templates take the next free numbered name. Saves that already hold two equal names load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.engine.handlers.roster import free_name, name_taken, unique_name
from rules.engine.session import Session
from rules.model.commands import AddCombatant, DuplicateCombatant, EditCombatant
from rules.model.state import Combatant, Encounter
from rules.saves.store import load_session, save_session
from tests.support.engine_steps import do, refused, session


def being(cid: str, name: str, **fields: Any) -> Combatant:
    return Combatant(id=cid, name=name, stats={"Wits": 6, "Dexterity": 6}, **fields)


def test_add_refuses_a_name_already_in_the_encounter_case_aside() -> None:
    s = session(being("kans", "Kans the Scraver"))
    refused(
        s,
        AddCombatant(combatant=being("c9", "kans the scraver")),
        r"the name 'kans the scraver' is taken by Kans the Scraver: names must "
        r"differ \(case aside\).*try 'kans the scraver 2'",
    )
    refused(s, AddCombatant(combatant=being("c9", " Kans the Scraver ")), "is taken by")
    do(s, AddCombatant(combatant=being("c9", "Kans the Scraver 2")))
    assert [c.name for c in s.encounter.combatants.values()] == [
        "Kans the Scraver",
        "Kans the Scraver 2",
    ]


def test_edit_refuses_another_combatants_name_but_not_its_own() -> None:
    s = session(being("a", "Decados guard"), being("b", "Decados guard 2"))
    refused(
        s,
        EditCombatant(combatant=being("b", "DECADOS GUARD")),
        r"the name 'DECADOS GUARD' is taken by Decados guard: names",
    )
    lines = do(s, EditCombatant(combatant=being("a", "DECADOS GUARD")))  # its own, recased
    assert lines == ["GM edits Decados guard (now DECADOS GUARD): name"]


def test_duplicate_takes_the_next_free_number_and_refuses_a_taken_name() -> None:
    s = session(being("a", "Decados guard"), being("b", "Decados guard 2"))
    do(s, DuplicateCombatant(id="b"))
    do(s, DuplicateCombatant(id="a"))
    names = [c.name for c in s.encounter.combatants.values()]
    assert names == ["Decados guard", "Decados guard 2", "Decados guard 3", "Decados guard 4"]
    refused(s, DuplicateCombatant(id="a", name="decados guard 3"), "is taken by Decados guard 3")


def test_free_and_unique_names() -> None:
    enc = Encounter(combatants={"a": being("a", "Decados guard"), "b": being("b", "Agent 47")})
    assert unique_name(enc, "Vorox") == "Vorox"
    assert unique_name(enc, "decados guard") == "decados guard 2"
    assert free_name(enc, "Agent 47") == "Agent 48"
    assert name_taken(enc, "AGENT 47") is enc.combatants["b"]
    assert name_taken(enc, "Agent 47", but="b") is None
    long = "x" * 60
    assert len(free_name(enc, long)) == 60


def test_an_old_save_with_two_equal_names_still_loads(tmp_path: Path) -> None:
    """Only new adds and edits are refused: the encounter model itself allows the twins."""
    twins = {c.id: c for c in (being("c1", "Decados guard"), being("c2", "Decados guard"))}
    path = tmp_path / "twins.json"
    save_session(Session(Encounter(combatants=twins, next_id=3)), path)
    loaded = load_session(path)
    assert [c.name for c in loaded.encounter.combatants.values()] == ["Decados guard"] * 2
