"""The attack dialog's refusal is the engine's (`why_not`), not a copy of its rules.

Whose turn it is (A8) and what is pending were restated in the dialog; now the
declared `Attack` is put to the rules themselves, so anything the engine would
refuse keeps Attack disabled with the engine's reason, and nothing changes.
"""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10
from tests.support.modal_host import save_disabled, shown, type_into, until
from tracker.modals.act import AttackDialog
from tracker.modals.form import FORM


async def test_not_yet_the_attackers_turn_is_the_engines_refusal_A8() -> None:
    session = a10()  # Lio is due at 13 but has not taken the opportunity
    before = session.encounter.model_dump(mode="json")
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#goal", "5")
        why = "it is not Lio's turn: take the opportunity (or react) first"
        await until(pilot, lambda: shown(app, FORM) == why)
        assert save_disabled(app)
    assert session.encounter.model_dump(mode="json") == before


async def test_a_stat_missing_from_the_sheet_is_said_before_the_roll_A9() -> None:
    """The blaster rolls Dexterity; a sheet edited to lose it was let through by the
    dialog (the engine then refused the submitted attack). Now the dialog says so."""
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    lio = session.encounter.combatants["lio"]
    lio.stats = {name: value for name, value in lio.stats.items() if name != "Dexterity"}
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#goal", "5")
        await until(pilot, lambda: "Lio has no stat 'Dexterity'" in shown(app, FORM))
        assert save_disabled(app)
