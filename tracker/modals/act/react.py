"""React to the declared action: who may, with what, and what it costs them (A10, R9).

Every line is the command it would send, asked of the rules before it is
offered: `why_not(encounter, React(...))` is the React handler's own answer,
so a line is allowed exactly when the engine takes it, and a refused one
says what the engine would say. The rest of the words are the engine's too,
through its door (`rules.engine.questions`): who may react at all
(`reactor_refusal`), the A10 arithmetic (`timing`) and where the reactor would
land (`landing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.engine.questions import (
    landing,
    left_to_do,
    reaction_skill_name,
    reactor_refusal,
    timing,
    why_not,
)
from rules.model.commands import React
from rules.model.state import Action, Combatant, Encounter
from tracker.modals.act.base import ActDialog, DialogBody
from tracker.modals.form import FORM, FieldError, buttons
from tracker.modals.option_marks import MarkedOptionList


@dataclass(frozen=True)
class ReactOption:
    """One reactor with one action: the command it sends, may it, why (not), where it lands."""

    reactor: Combatant
    action: Action
    allowed: bool
    reason: str
    command: React

    @property
    def key(self) -> str:
        return f"{self.reactor.id}\t{self.action.name}"


def reaction_option(encounter: Encounter, c: Combatant, action: Action) -> ReactOption:
    """One line: the rules' refusal of its React, else A10's sum, cost and landing."""
    command = React(reactor=c.id, action=action.name)
    why = why_not(encounter, command)
    if why is None:
        name = reaction_skill_name(c, action)  # R9
        line = timing(c, name, c.skill_rating(name), encounter.time)
        why_or_how = f"{line} · cost {action.cost} → next at {landing(c, action)}"
    else:
        why_or_how = why
    return ReactOption(c, action, why is None, why_or_how, command)


def reaction_options(encounter: Encounter) -> list[ReactOption]:
    """A10: every repertoire entry of everyone who might react, allowed or why not."""
    return [
        reaction_option(encounter, c, action)
        for c in encounter.combatants.values()
        if reactor_refusal(encounter, c) is None  # dead, the actor, off the track: not listed
        for action in c.actions
    ]


class ReactDialog(ActDialog[React]):
    """Everyone who could react, line by line; enter on an allowed line reacts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="react.cancel"),
    ]

    DEFAULT_CSS = """
    ReactDialog > .dialog {
        width: 110;
    }
    ReactDialog #reactions {
        height: auto;
        max-height: 22;
        margin-top: 1;
    }
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self.encounter = encounter
        self.reactions = reaction_options(encounter)

    def compose(self) -> ComposeResult:
        enc = self.encounter
        with DialogBody(classes="dialog"):
            yield Static(self._title(), classes="dialog-title", markup=False)
            yield Static(
                "A10: aware, and TTU − the reaction's skill ≤ now. With a held action any"
                " action; otherwise only a dodge or a parry. Its cost moves the reactor on;"
                " its roll comes next. (To dodge an attack, declare it in the attack dialog.)",
                classes="hint",
            )
            items: list[Option | None] = []
            current = None
            for opt in self.reactions:
                c = opt.reactor
                if c.id != current:
                    if current is not None:
                        items.append(None)
                    current = c.id
                    held = f"holds {c.held_action}" if c.held_action else "nothing held"
                    items.append(Option(f"{c.name} — TTU {c.ttu}, {held}", disabled=True))
                mark = "✓" if opt.allowed else "✗"
                items.append(
                    Option(
                        f"  {mark} {opt.action.name} ({opt.action.kind}): {opt.reason}",
                        id=opt.key,
                        disabled=not opt.allowed,
                    )
                )
            if not items:
                items.append(Option("no one else is on the time track", disabled=True))
            yield MarkedOptionList(*items, id="reactions", compact=True)
            if not enc.in_combat:
                yield Static("No combat is running: reactions happen on the track.", classes="hint")
            yield FieldError(FORM)
            yield from buttons("React")

    def _title(self) -> str:
        enc = self.encounter
        turn = enc.turn
        if turn is None or turn.actor not in enc.combatants:
            return f"React at {enc.time}: no action is declared"
        actor = enc.combatants[turn.actor]
        left = left_to_do(enc)
        doing = ", ".join(left) if left else "its declared actions are done"
        return f"React to {actor.name} at {enc.time}: {doing}"

    def on_mount(self) -> None:
        listing = self.query_one("#reactions", OptionList)
        for index in range(listing.option_count):
            if not listing.get_option_at_index(index).disabled:
                listing.highlighted = index
                break
        super().on_mount()

    @on(OptionList.OptionHighlighted)
    def _moved(self) -> None:
        self.refresh_form()

    @on(OptionList.OptionSelected)
    def _chosen(self) -> None:
        self.action_submit()

    def chosen(self) -> ReactOption | None:
        listing = self.query_one("#reactions", OptionList)
        option = listing.highlighted_option
        if option is None or option.id is None:
            return None
        return next((o for o in self.reactions if o.key == option.id), None)

    def validate_form(self) -> tuple[React | None, dict[str, str]]:
        opt = self.chosen()
        if opt is None:
            return None, {FORM: "no one may react now (A10)"} if self.refusals else {}
        if not opt.allowed:
            return None, {FORM: opt.reason}
        return opt.command, {}
