"""The GM's visibility commands: each changes one thing, refuses a no-op, undoes exactly,
and logs a GM-only line (kind "visibility", which the players' log never shows)."""

from __future__ import annotations

import pytest

from rules.engine.context import CommandError
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal
from tracker.files.demo import build_demo


def test_each_setting_changes_logs_and_undoes() -> None:
    session = Session(build_demo())
    cid = next(iter(session.encounter.combatants))
    before = session.encounter.model_dump()
    for command in (
        SetHidden(id=cid, hidden=True),
        SetReveal(id=cid, reveal="numbers"),
        SetOpenRolls(open_rolls=True),
        SetFoeTicks(foe_ticks="acting"),
    ):
        session.do(command, ScriptedDice())
        assert session.encounter.log[-1].kind == "visibility"
    enc = session.encounter
    assert enc.combatants[cid].hidden and enc.combatants[cid].reveal == "numbers"
    assert enc.settings.open_rolls and enc.settings.foe_ticks == "acting"
    for _ in range(4):
        session.undo()
    assert session.encounter.model_dump() == before


@pytest.mark.parametrize(
    "command",
    [
        SetHidden(id="kans", hidden=False),
        SetReveal(id="kans", reveal="unknown"),
        SetOpenRolls(open_rolls=False),
        SetFoeTicks(foe_ticks="always"),
    ],
)
def test_a_setting_already_so_is_refused_by_name(command: object) -> None:
    session = Session(build_demo())
    with pytest.raises(CommandError, match="already"):
        session.do(command, ScriptedDice())  # type: ignore[arg-type]


def test_an_unknown_combatant_is_named() -> None:
    session = Session(build_demo())
    with pytest.raises(CommandError, match="no combatant with id 'nobody'"):
        session.do(SetHidden(id="nobody", hidden=True), ScriptedDice())
