"""Roll a pending breakage (A15) or demise (A16) check, the goal open to change first (R15).

Both are pool rolls: as many d10 as the base Endurance, read on the row of
the effective Endurance. The goal is prefilled (2 + WP for breakage, the
encounter's demise goal for demise, R15) and the odds view redraws as the
GM types another, so a change is made knowing what it means. Part C modifies any
attempt, so the being may declare a chance, luck or desperation die here too (the
same picker, the same refusals as every roll's); the odds hold its whole spread.
"""

from __future__ import annotations

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.widgets import Input, Static

from rules.engine.questions import called_check_plan
from rules.model.commands import ResolveCheck
from rules.model.errors import explain
from tracker.modals.act.base import DialogBody
from tracker.modals.act.common import SpecialPicker
from tracker.modals.act.pending_dialog import PendingDialog
from tracker.modals.form import FORM, FieldError, buttons, labelled
from tracker.modals.parse import goal as parse_goal
from tracker.widgets.odds import OddsView

ENDURANCE = "Endurance"


class CheckDialog(PendingDialog[ResolveCheck]):
    """The pending check, its goal (editable) and the exact odds; enter rolls."""

    KINDS = ("breakage", "demise")
    DEFAULT_CSS = """
    CheckDialog > .dialog {
        width: 80;
    }
    CheckDialog .field {
        margin-top: 1;
    }
    CheckDialog #odds {
        margin-top: 1;
    }
    """

    def _prefilled(self) -> str:
        if self.pending.goal is not None:
            return str(self.pending.goal)
        return str(self.encounter.settings.demise_goal) if self.pending.kind == "demise" else ""

    def compose(self) -> ComposeResult:
        c, p = self.target, self.pending
        kind = "Breakage roll (A15)" if p.kind == "breakage" else "Demise check (A16)"
        with DialogBody(classes="dialog"):
            yield Static(f"{kind}: {c.name}", classes="dialog-title", markup=False)
            yield Static(p.text, markup=False)
            yield labelled("Goal", Input(self._prefilled(), id="goal", compact=True))
            yield FieldError("goal")
            yield SpecialPicker(self.encounter, c, id="special")
            yield OddsView(id="odds")
            yield FieldError(FORM)
            yield from buttons("Roll")

    def validate_form(self) -> tuple[ResolveCheck | None, dict[str, str]]:
        c, p = self.target, self.pending
        if ENDURANCE not in c.stats:
            return None, {FORM: f"{c.name} has no Endurance stat to roll the {p.kind} check"}
        goal, problem = parse_goal(self.query_one("#goal", Input).value)
        special = self.query_one("#special", SpecialPicker)
        plan = called_check_plan(c, special=special.kind)  # the engine's own (R26)
        odds = self.query_one("#odds", OddsView)
        odds.stat_name = "Endurance"
        odds.stat = c.effective(ENDURANCE)  # the row: effective Endurance
        odds.dice = c.stats[ENDURANCE]  # the pool: base Endurance
        odds.goal = goal
        odds.modifier = plan.total
        odds.special = special.kind
        odds.positive = special.positive
        odds.note = " ".join(
            part
            for part in (
                "base Endurance dice on the effective Endurance row (A15, A16)",
                plan.text(),
            )
            if part
        )
        if goal is None:
            return None, {"goal": problem}
        try:
            # R15: an unchanged goal is sent as None, so the log shows no GM change.
            changed = None if str(goal) == self._prefilled() and p.goal is not None else goal
            return ResolveCheck(pending=p.id, goal=changed, special=special.kind), {}
        except ValidationError as err:
            return None, {"goal": explain(err, ResolveCheck)}
