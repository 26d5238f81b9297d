"""The players' view of random fights never shows what players must not see.

Over random command sequences (the engine's property mix plus the GM's visibility
commands at random moments): no hidden combatant's name, no GM note, no name of a
foe the GM has not revealed, no foe's armour, shield or luck line, and no number
of a foe whose numbers are closed (its lines carry no digit and no dice; no figures
for it) appear in the view's text.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.public_log import NEVER_WHOLE, PUBLIC_KINDS, ROLL_KINDS, _Redactor
from rules.engine.public_view import public_view
from rules.engine.session import Session
from rules.mechanics.dice import SeededDice
from rules.model.commands import DuplicateCombatant
from rules.model.state import Encounter
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal
from tests.support.random_fights import candidates, fighter
from tests.support.soak import examples

NOTE = "secret-gm-note-qx"


def table() -> Encounter:
    """Two of the party, two foes (one of them an ambush), one neutral; each with a note."""
    enc = Encounter(name="property fight")
    cast = [("c0", "Dinzis", "PC"), ("c1", "Kans", "ally"), ("c2", "Molin", "enemy")]
    cast += [("c3", "Zorvax", "enemy"), ("c4", "Ulla", "neutral")]
    for index, (cid, name, side) in enumerate(cast):
        c = fighter(cid, name, 5 + index % 3)
        enc.combatants[cid] = c.model_copy(update={"side": side, "notes": f"{NOTE} {name}"})
    enc.combatants["c3"].hidden = True
    return enc


def visibility(enc: Encounter, pick: st.DataObject) -> list[object]:
    cid = pick.draw(st.sampled_from(list(enc.combatants)))
    return [
        SetHidden(id=cid, hidden=pick.draw(st.booleans())),
        SetReveal(id=cid, reveal=pick.draw(st.sampled_from(["unknown", "name", "numbers"]))),
        SetOpenRolls(open_rolls=pick.draw(st.booleans())),
        SetFoeTicks(foe_ticks=pick.draw(st.sampled_from(["always", "acting"]))),
    ]


def check_view(enc: Encounter) -> None:
    view = public_view(enc)
    text = view.text()
    assert NOTE not in text
    party = {"PC", "ally"}
    for c in enc.combatants.values():
        named = re.search(rf"(?<!\w){re.escape(c.name)}(?!\w)", text)
        if c.hidden:
            assert not named, f"hidden {c.name} shows"
        elif c.side not in party and c.reveal == "unknown":
            assert not named, f"unrevealed {c.name} shows by name"
    closed = {
        c.id for c in enc.combatants.values() if c.side not in party and c.reveal != "numbers"
    }
    redactor = _Redactor(enc)
    foes = {c.id for c in enc.combatants.values() if c.side not in party}
    for event in enc.log:
        line = redactor.line(event)
        if event.actor in foes and event.kind in NEVER_WHOLE:
            assert line is None, f"a foe's armour, shield or luck shows: {line}"
        if line is None or event.actor not in closed:
            continue
        if event.kind in ROLL_KINDS and enc.settings.open_rolls:
            continue
        assert not re.search(r"\d", line.text), f"a closed foe's number shows: {line.text!r}"
        assert line.faces == (), line
    for foe in view.foes:
        if foe.figures is not None:
            assert any(foe.name == enc.combatants[c].name for c in enc.combatants)
    shown_ids = {c.id for c in enc.combatants.values() if not c.hidden}
    assert len(view.party) + len(view.foes) == len(shown_ids)


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_random_fights_never_leak_to_the_players(data: st.DataObject, seed: int) -> None:
    session = Session(table())
    dice = SeededDice(seed)
    for _ in range(data.draw(st.integers(5, 40))):
        enc = session.encounter
        mix = [c for c in candidates(enc, data) if not isinstance(c, DuplicateCombatant)]
        command = data.draw(st.sampled_from(mix + visibility(enc, data)))
        try:
            session.do(command, dice)  # type: ignore[arg-type]
        except CommandError:
            pass
        check_view(session.encounter)


def test_gm_only_kinds_are_not_public() -> None:
    assert not {"visibility", "settings", "edit", "unused-dice", "pending", "order"} & PUBLIC_KINDS
