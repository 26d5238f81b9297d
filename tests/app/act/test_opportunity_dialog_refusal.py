"""The opportunity dialog refuses exactly what the TakeOpportunity handler refuses (A8, R5).

Before, the dialog kept its own copy of the handler's check ("it acts now")
and missed half of it: with a decision pending, an actor tied at now whose
opportunity had not opened yet could be submitted, and the engine refused it.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.model.commands import TakeOpportunity
from rules.model.state import Encounter, Pending
from tests.support.act_fixtures import SIZE, ActHost, lio, markon
from tests.support.modal_host import until
from tests.support.pending_samples import DEMISE
from tracker.modals.act import OpportunityDialog
from tracker.modals.form import FORM


def due_with_a_decision_open() -> Encounter:
    """Lio is due at 13 (TTU 13, not yet opened); Markon's demise check is pending."""
    return Encounter(
        in_combat=True,
        time=13,
        combatants={"lio": lio(ttu=13), "markon": markon(ttu=16)},
        pending=[Pending(id=1, kind="demise", combatant="markon", text="demise", data=DEMISE)],
        next_id=2,
    )


async def test_a_pending_decision_refuses_the_opportunity_as_the_engine_does_A8() -> None:
    enc = due_with_a_decision_open()
    engine = why_not(enc, TakeOpportunity(actor="lio", actions=["Shoot"]))
    assert engine == "it is not Lio's Action Opportunity (next at 13)"
    app = ActHost(OpportunityDialog(enc, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        dialog = app.screen
        await until(pilot, lambda: "next at 16" in str(dialog.query_one("#summary").render()))
        command, errors = dialog.validate_form()
    assert command is None
    assert errors[FORM] == engine


async def test_out_of_combat_the_dialog_says_what_the_engine_says_A7() -> None:
    enc = due_with_a_decision_open()
    enc.in_combat = False
    enc.pending = []
    engine = why_not(enc, TakeOpportunity(actor="lio", actions=["Shoot"]))
    app = ActHost(OpportunityDialog(enc, "lio"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        dialog = app.screen
        await until(pilot, lambda: "next at 16" in str(dialog.query_one("#summary").render()))
        command, errors = dialog.validate_form()
    assert command is None and engine == "no combat is running: begin combat first"
    assert errors[FORM] == engine
