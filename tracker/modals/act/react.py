"""React to the declared action: who may, with what, and what it costs them (A10, R9).

A10: a combatant aware of the action may react when its TTU minus the
relevant skill (R9: the reaction's own skill) is at most the track time.
With a held Opportunity Action it may do anything from its repertoire;
without one only a dodge or a parry. The reaction's cost is added to the
reactor's TTU, so every line shows where the reactor would land.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.engine.reactions import reaction_skill
from rules.model.commands import React
from rules.model.errors import explain
from rules.model.state import Action, Combatant, Encounter
from tracker.modals.act.base import ActDialog, DialogBody
from tracker.modals.act.common import may_react, reaction_line
from tracker.modals.form import FORM, FieldError, buttons

DEFENSIVE = ("dodge", "parry")  # A10: all that may react without a held action


def skill_name(c: Combatant, action: Action) -> str:
    """R9: the name of the skill `rules.engine.reactions.reaction_skill` reads, for the A10 line."""
    if action.skill:
        return action.skill
    if action.weapon is not None:
        return c.weapon(action.weapon).skill
    return "Dodge" if action.kind == "dodge" else action.name


@dataclass(frozen=True)
class ReactOption:
    """One reactor with one action: may it, why (not), and where it would land."""

    reactor: Combatant
    action: Action
    allowed: bool
    reason: str

    @property
    def key(self) -> str:
        return f"{self.reactor.id}\t{self.action.name}"


def reaction_options(encounter: Encounter) -> list[ReactOption]:
    """A10 for everyone but the actor: each repertoire entry, allowed or why not."""
    actor = encounter.turn.actor if encounter.turn is not None else None
    found: list[ReactOption] = []
    for c in encounter.combatants.values():
        if c.id == actor or c.dead or not c.active:
            continue
        held = c.held_action is not None
        for action in c.actions:
            skill = reaction_skill(c, action)
            line = reaction_line(encounter, c, skill_name(c, action), skill)
            timely = may_react(encounter, c, skill)
            kind_ok = held or action.kind in DEFENSIVE
            landing = (c.ttu or 0) + action.cost
            if timely and kind_ok:
                reason = f"{line} · cost {action.cost} → next at {landing}"
            elif timely:
                reason = "no held action: only a dodge or a parry (A10)"
            else:
                reason = line
            found.append(ReactOption(c, action, timely and kind_ok, reason))
    return found


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
            yield OptionList(*items, id="reactions", compact=True)
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
        left = turn.actions[turn.done :]
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
        try:
            return React(reactor=opt.reactor.id, action=opt.action.name), {}
        except ValidationError as err:
            return None, {FORM: explain(err, React)}
