"""The attack dialog suggests the other team first: a PC's allies are not its targets."""

from rules.model.state import Combatant, Encounter
from tracker.modals.act.common import living_others


def test_pcs_and_allies_are_one_team() -> None:
    sides = {"kans": "PC", "molin": "ally", "dinzis": "enemy", "merchant": "neutral"}
    enc = Encounter(
        combatants={
            cid: Combatant(id=cid, name=cid.title(), side=side) for cid, side in sides.items()
        }
    )
    assert [c.id for c in living_others(enc, enc.combatants["kans"])] == [
        "dinzis",
        "merchant",
        "molin",
    ]
    assert [c.id for c in living_others(enc, enc.combatants["dinzis"])][:2] == ["kans", "molin"]
