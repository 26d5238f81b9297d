"""Declare an Action Opportunity: up to three actions, one perhaps held, and the cost (A8, R6, R7).

The dialog shows the price before the GM commits: the multi-action penalty
on every roll (A8), the opportunity's cost (the largest of its actions, R7,
or the GM's number, R6) and where that lands the actor on the track. It
also tells the app where the actor would land (`LandingPreview`), so the
time track can mark the spot while the GM is still choosing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from rules.engine.questions import why_not
from rules.mechanics.chart import ACTION_PENALTY, MAX_ACTIONS
from rules.mechanics.skill import multi_action_penalty, opportunity_cost
from rules.model.commands import TakeOpportunity
from rules.model.errors import field_errors, field_problem
from rules.model.state import Action, Encounter
from tracker.modals.act.base import ActDialog, DialogBody, FieldSelect
from tracker.modals.form import FORM, FieldError, buttons, combatant_of, labelled
from tracker.modals.marked_fields import MarkedSelectionList
from tracker.modals.parse import whole_number

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete


class LandingPreview(Message):
    """Where the actor would land on the time track if the opportunity were taken now.

    `ttu` is None when the preview is withdrawn (nothing chosen, or the
    dialog closed). Posted to the app, which hands it to the time track.
    """

    def __init__(self, actor: str, ttu: int | None) -> None:
        super().__init__()
        self.actor = actor
        self.ttu = ttu


def action_label(action: Action) -> str:
    """`Shoot (cost 3, attack with Blaster)`."""
    what = action.kind if action.weapon is None else f"{action.kind} with {action.weapon}"
    return f"{action.name} (cost {action.cost}, {what})"


TWICE = " ×2"  # after an action taken twice in the opportunity


class ActionList(MarkedSelectionList[str]):
    """The repertoire as a checklist: space toggles an action, 2 takes it twice (two
    attacks with one knife: issue 27, where a second copy of the action in the sheet took
    ~61 Tabs to add), enter takes the opportunity."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "screen.submit_soon", "Take", id="opportunity.take"),
        Binding("2", "screen.twice", "Twice", id="opportunity.twice"),
    ]


def penalties() -> str:
    """A8's table in the hint's words: `2 cost −4 to each roll, 3 −6`."""
    steps = [(n, p) for n, p in ACTION_PENALTY.items() if p]
    words = [f"{n} cost {p} to each roll".replace("-", "−") for n, p in steps[:1]]
    words += [f"{n} {p}".replace("-", "−") for n, p in steps[1:]]
    return ", ".join(words)


class OpportunityDialog(ActDialog[TakeOpportunity]):
    """Pick the actions (space toggles), maybe hold one, maybe change the cost; enter takes it."""

    DEFAULT_CSS = """
    OpportunityDialog > .dialog {
        width: 80;
    }
    OpportunityDialog #actions {
        height: auto;
        max-height: 12;
        margin-top: 1;
    }
    OpportunityDialog #summary {
        margin-top: 1;
        text-style: bold;
    }
    """

    def __init__(self, encounter: Encounter, actor_id: str) -> None:
        self.actor = combatant_of(encounter, actor_id)
        super().__init__()
        self.encounter = encounter
        self.notice = ""  # a refused 4th action says so until the next change
        self.landing: int | None = None
        self.twice: set[str] = set()  # ticked actions taken twice (A8: each counts)

    # --- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        c, enc = self.actor, self.encounter
        with DialogBody(classes="dialog"):
            yield Static(
                f"{c.name}: Action Opportunity at {enc.time} (TTU {c.ttu})",
                classes="dialog-title",
                markup=False,
            )
            held = f"  Held from before: {c.held_action} (lapses now, A8)." if c.held_action else ""
            yield Static(
                f"Up to {MAX_ACTIONS} actions (space ticks, 2 takes one twice, enter takes,"
                f" none ticked: the highlighted): {penalties()}"
                f" (A8); the opportunity costs the largest (R7).{held}",
                classes="hint",
                markup=False,
            )
            yield ActionList(*[Selection(action_label(a), a.name) for a in c.actions], id="actions")
            yield FieldError("actions")
            yield labelled(
                "Hold",
                FieldSelect[str]([], prompt="hold nothing", id="hold", compact=True),
            )
            yield FieldError("hold")
            yield labelled(
                "Cost (GM)", Input(placeholder="the largest (R7)", id="cost", compact=True)
            )
            yield FieldError("cost")
            yield Static("", id="summary", markup=False)
            yield FieldError(FORM)
            yield from buttons("Take")

    # --- reacting to the choice -----------------------------------------------------

    def on_mount(self) -> None:
        """The highlight starts on the first attack: enter alone takes the common attack."""
        actions = self.actor.actions
        first = next((i for i, a in enumerate(actions) if a.kind == "attack"), 0)
        if actions:
            self.query_one("#actions", SelectionList).highlighted = first

    @on(SelectionList.SelectionHighlighted, "#actions")
    def _highlight_moved(self) -> None:
        if not self.query_one("#actions", SelectionList).selected:
            self.refresh_form()  # nothing ticked: the highlighted action is the one taken

    def _chosen(self) -> list[str]:
        """The ticked actions, one taken twice written twice; none ticked: the highlighted
        one (enter takes it alone)."""
        actions = self.query_one("#actions", SelectionList)
        if actions.selected:
            return [n for name in actions.selected for n in [name] * (1 + (name in self.twice))]
        at = actions.highlighted
        return [] if at is None else [actions.get_option_at_index(at).value]

    def action_twice(self) -> None:
        """The highlighted action twice (ticked), or once again; a fourth is refused (A8)."""
        actions = self.query_one("#actions", SelectionList)
        at = actions.highlighted
        if at is None:
            return
        name = actions.get_option_at_index(at).value
        if name in self.twice:
            self.twice.discard(name)
        else:
            others = [n for n in self._chosen() if n != name] if actions.selected else []
            if len(others) + 2 > MAX_ACTIONS:
                self.notice = f"at most {MAX_ACTIONS} actions in one opportunity (A8)"
                self.app.bell()
                self.refresh_form()
                return
            self.twice.add(name)
        self._label(at, name)
        if name in self.twice and name not in actions.selected:
            actions.select(name)  # posts SelectedChanged: the form is refreshed there
        else:
            self._actions_changed_to(actions)

    def _label(self, index: int, name: str) -> None:
        actions = self.query_one("#actions", SelectionList)
        label = action_label(self.actor.action(name)) + (TWICE if name in self.twice else "")
        actions.replace_option_prompt_at_index(index, label)

    @on(SelectionList.SelectedChanged, "#actions")
    def _actions_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        self._actions_changed_to(event.selection_list)

    def _actions_changed_to(self, actions: SelectionList[str]) -> None:
        for name in self.twice - set(actions.selected):  # unticked: once again, if ticked
            self.twice.discard(name)
            self._label(self._index_of(name), name)
        chosen = self._chosen()
        if len(chosen) > MAX_ACTIONS:
            # A8: a fourth action is refused on the spot: the last one picked is unticked.
            self.notice = f"at most {MAX_ACTIONS} actions in one opportunity (A8)"
            actions.deselect(actions.selected[-1])
            self.app.bell()
            return
        if len(chosen) < MAX_ACTIONS:
            self.notice = ""
        hold = self.query_one("#hold", Select)
        kept = hold.value
        hold.set_options([(name, name) for name in dict.fromkeys(chosen)])
        if kept in chosen:
            hold.value = kept
        self.refresh_form()

    def _index_of(self, name: str) -> int:
        return next(i for i, a in enumerate(self.actor.actions) if a.name == name)

    def validate_form(self) -> tuple[TakeOpportunity | None, dict[str, str]]:
        c, enc = self.actor, self.encounter
        chosen = self._chosen()
        hold_value = self.query_one("#hold", Select).value
        hold = hold_value if isinstance(hold_value, str) else None
        summary = self.query_one("#summary", Static)
        errors: dict[str, str] = {}
        cost_text = self.query_one("#cost", Input).value
        cost: int | None = None
        if cost_text.strip():
            cost, problem = whole_number(cost_text)
            if cost is None:
                errors["cost"] = problem
        if not chosen:
            summary.update("Pick at least one action.")
            self._preview(None)
            if self.refusals:
                errors.setdefault("actions", "pick 1 to 3 actions (A8)")
            return None, errors
        actions = [c.action(name) for name in chosen]
        ruled = opportunity_cost([a.cost for a in actions])  # R7
        if cost is not None and (wrong := field_problem(TakeOpportunity, "cost", cost)):
            errors["cost"] = wrong  # R6: no landing is guessed from a cost the rules refuse
        if "cost" in errors:
            summary.update(f"{len(actions)} action(s): fix the cost to see where {c.name} lands")
            self._preview(None)
            return None, errors
        spent = opportunity_cost([a.cost for a in actions], cost)  # R6: the GM's, if typed
        landing = (c.ttu or 0) + spent
        penalty = multi_action_penalty(len(actions))
        pen = f"{penalty} to each roll (A8)" if penalty else "no action penalty"
        gm = f"GM cost {spent} (rule: {ruled}, R6)" if cost is not None else f"cost {ruled} (R7)"
        kept = f"; holds {hold}" if hold else ""
        summary.update(f"{len(actions)} action(s), {pen}; {gm} → next at {landing}{kept}")
        self._preview(landing)
        try:
            command = TakeOpportunity(actor=c.id, actions=chosen, hold=hold, cost=cost)
        except ValidationError as err:
            for path, text in field_errors(err, TakeOpportunity).items():
                errors.setdefault(path.split(".")[0] or FORM, text)
            return None, errors
        if errors:
            return None, errors
        refusal = why_not(enc, command)  # the handler's own answer: whose turn, combat, pending
        if refusal is not None:
            return None, {FORM: refusal}
        # A refused 4th action is a notice, not an error: the three kept still stand.
        return command, {"actions": self.notice} if self.notice else {}

    _withdrawn = False  # dismissed: no keystroke still queued may preview again

    def _preview(self, landing: int | None) -> None:
        """Tell the app (and through it the time track) where the actor would land."""
        if self._withdrawn:
            return  # a late keystroke's re-validation must not put back a withdrawn preview
        if landing != self.landing:
            self.landing = landing
            self.app.post_message(LandingPreview(self.actor.id, landing))

    def dismiss(self, result: TakeOpportunity | None = None) -> AwaitComplete:
        """Withdraw the preview whatever the outcome: the track redraws from the state."""
        self._withdrawn = True
        if self.landing is not None:
            self.landing = None
            self.app.post_message(LandingPreview(self.actor.id, None))
        return super().dismiss(result)
