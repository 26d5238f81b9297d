"""R8/A7: a combatant brought back into the fight reacts with the awareness the GM gives.

The reason (fled, unconscious, surrendered) goes to the log; undo is exact.
"""

from __future__ import annotations

from rules.model.commands import Advance, FightStatus, StartCombat
from rules.model.state import Combatant
from tests.support.engine_steps import do, refused, session, undo_all


def being(cid: str, name: str) -> Combatant:
    return Combatant(id=cid, name=name, stats={"Wits": 7, "Dexterity": 6, "Endurance": 6})


def test_back_in_surprised_reacts_with_the_surprised_base_R8_A7() -> None:
    s = session(being("k", "Kans"), being("d", "Dinzis"))
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["d"], awareness={"k": "ready"}), 7)
    assert do(s, FightStatus(target="k", reason="surrendered")) == [
        "Kans is out of the fight (surrendered)"
    ]
    do(s, Advance())
    lines = do(s, FightStatus(target="k", out=False, awareness="surprised"), 7)
    assert lines[0] == "Kans is back in the fight, surprised"
    kans = s.encounter.combatants["k"]
    assert kans.awareness == "surprised"
    assert kans.ttu == 9 - 2  # A7: surprised 9, minus the VP of 7 against Wits 7; not ready's 2
    undo_all(s, start)


def test_no_awareness_keeps_the_stored_one() -> None:
    s = session(being("k", "Kans"), being("d", "Dinzis"))
    do(s, StartCombat(initiators=["d"], awareness={"k": "active"}), 7)
    do(s, FightStatus(target="k", reason="fled"))
    do(s, FightStatus(target="k", out=False), 7)
    assert s.encounter.combatants["k"].ttu == 3 - 2  # active 3, minus 2 VP


def test_awareness_taking_one_out_is_refused_and_changes_nothing() -> None:
    s = session(being("k", "Kans"), being("d", "Dinzis"))
    do(s, StartCombat(initiators=["d"]), 7)
    refused(s, FightStatus(target="k", awareness="ready"), "awareness is for bringing")
