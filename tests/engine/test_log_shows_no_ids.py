"""Issue 14, item 6: a GM reads names in the log, never internal ids, and the verbs agree.

A played fight (random valid commands over three fighters whose ids c0-c2 differ from
their names, plus arrivals, copies and removals) is scanned line by line for any
combatant id that ever existed in it.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    AddCombatant,
    Attack,
    DuplicateCombatant,
    RemoveCombatant,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Weapon
from tests.support.random_fights import candidates, fighter, start_encounter
from tests.support.soak import examples


def id_pattern(ids: set[str]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, ids))) + r")\b")


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_no_log_line_of_a_played_fight_names_a_combatant_id(data: st.DataObject, seed: int) -> None:
    session = Session(start_encounter())
    dice = SeededDice(seed)
    session.do(AddCombatant(combatant=fighter("c0", "Vorox", 4)), dice)  # a taken id: c3
    ids: set[str] = set(session.encounter.combatants)
    for _ in range(data.draw(st.integers(5, 30))):
        command = data.draw(st.sampled_from(candidates(session.encounter, data)))
        try:
            session.do(command, dice)  # type: ignore[arg-type]
        except CommandError:
            pass
        ids |= set(session.encounter.combatants)
    pattern = id_pattern(ids)
    leaks = [e.text for e in session.encounter.log if pattern.search(e.text)]
    assert leaks == []


def test_arrival_copy_and_removal_lines_name_no_id() -> None:
    session, dice = Session(start_encounter()), ScriptedDice([])
    arrival = session.do(AddCombatant(combatant=fighter("c0", "Vorox", 4)), dice)
    lines = [e.text for e in arrival.events]
    side = session.encounter.combatants["c3"].side
    assert lines[0] == f"Vorox ({side}) enters the encounter"
    assert not id_pattern(set(session.encounter.combatants)).search(" ".join(lines))
    copied = session.do(DuplicateCombatant(id="c3"), dice).events
    assert [e.text for e in copied][0] == "Vorox 2 enters as a copy of Vorox's sheet"
    removed = session.do(RemoveCombatant(id="c1"), dice).events
    assert [e.text for e in removed] == ["Kans leaves the encounter"]


def test_a_plural_weapon_reads_with_the_attacker_as_subject() -> None:
    """'Vorox's claws hits' was the log's grammar: the attacker hits, with the claws."""
    encounter = start_encounter()
    vorox = encounter.combatants["c0"]
    vorox.weapons.append(Weapon(name="claws", skill="Melee", stat="Dexterity", damage=3))
    session = Session(encounter)
    session.do(StartCombat(initiators=["c0"]), ScriptedDice([1, 1]))
    session.do(TakeOpportunity(actor="c0", actions=["Attack"]), ScriptedDice([]))
    hit = Attack(attacker="c0", target="c1", weapon="claws", goal=3, location="chest")
    lines = [e.text for e in session.do(hit, ScriptedDice([10] * 7)).events]
    assert any(line.startswith("Dinzis hits Kans with claws (SS") for line in lines), lines
    assert not any("claws hits" in line for line in lines)
