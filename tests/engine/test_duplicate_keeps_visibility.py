"""A copy of a hidden combatant stays off the players' screen (issue 16): the GM copying
an ambusher must not show the ambush; a copy of a revealed foe is revealed as far."""

from __future__ import annotations

from rules.engine.public_view import public_view
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import DuplicateCombatant
from rules.model.state import Combatant
from rules.model.visibility_commands import SetHidden, SetReveal
from tests.support.engine_steps import session


def test_a_copy_of_a_hidden_or_revealed_foe_keeps_what_players_may_see() -> None:
    s = session(Combatant(id="kans", name="Kans", side="PC"), Combatant(id="g", name="Ambusher"))
    s.do(SetHidden(id="g", hidden=True), ScriptedDice())
    s.do(DuplicateCombatant(id="g", name="Ambusher 2"), ScriptedDice())
    copy = next(c for c in s.encounter.combatants.values() if c.name == "Ambusher 2")
    assert copy.hidden
    assert "Ambusher" not in str(public_view(s.encounter))
    s.do(SetHidden(id="g", hidden=False), ScriptedDice())
    s.do(SetReveal(id="g", reveal="name"), ScriptedDice())
    s.do(DuplicateCombatant(id="g", name="Ambusher 3"), ScriptedDice())
    third = next(c for c in s.encounter.combatants.values() if c.name == "Ambusher 3")
    assert (third.hidden, third.reveal) == (False, "name")
