"""Standing orders (A7, A8): the GM lets the track run while the extras act on their own.

Every combatant on the track gets a line with its standing order, a plain
action (kind "other", no skill, no weapon: no roll to make, A8) or none.
Non-PCs start with their first plain action, PCs with none, so the run
stops at a player's turn (the engine opens that opportunity, as an Advance
would). The dialog dismisses with one `FastForward`; the engine runs it.

The rows are one `OptionList`, not a widget per combatant: a hundred Select
widgets take seconds to mount, a list of a thousand lines does not. The
highlighted combatant's order is edited in the "Order" drop-down below the
list, or cycled in place with left / right.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from rules.engine.questions import orders_refusal as engine_orders_refusal
from rules.engine.questions import plain_actions
from rules.model.commands import FastForward
from rules.model.errors import field_errors
from rules.model.state import Action, Combatant, Encounter
from tracker.host.key_words import keyed, tokened, words_in_force
from tracker.modals.form import FORM, Dialog, FieldError, FieldSelect, buttons, labelled
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.parse import whole_number

NO_ORDERS = ""  # the Select value (and `orders` entry) for a combatant left to the GM
NO_ORDERS_LABEL = "— no orders —"
UNTIL_STEP = 30  # the default run: half a minute of track time from now
NAME_WIDTH = 28
DIALOG_WIDTH = 100  # as in the CSS; borders and padding take 4 of it


def orders_refusal(enc: Encounter) -> str | None:
    """Why the track cannot run on orders now (the engine's answer, its key a token)."""
    return tokened(engine_orders_refusal(enc))


def default_order(c: Combatant) -> str:
    """Extras (enemy, ally, neutral) take their first plain action; PCs wait for the GM."""
    plain = plain_actions(c)
    return plain[0].name if plain and c.side != "PC" else NO_ORDERS


def order_label(action: Action) -> str:
    return f"{action.name} (cost {action.cost})"


class OrdersList(MarkedOptionList):
    """One line per combatant; left / right cycle its order, enter runs the track."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "screen.submit_soon", "Run", id="orders.run", show=False),
        Binding("right", "screen.cycle(1)", "Next order", id="orders.next", show=False),
        Binding("left", "screen.cycle(-1)", "Previous order", id="orders.previous", show=False),
    ]


class OrdersDialog(Dialog[FastForward]):
    """Set who does what, and until when; enter (or Run) lets the track run (A7)."""

    AUTO_FOCUS = "#rows"

    DEFAULT_CSS = """
    OrdersDialog > .dialog {
        width: 100;  /* DIALOG_WIDTH */
    }
    OrdersDialog #rows-head {
        color: $text-muted;
        padding-left: 2;  /* over the rows' cursor gutter (option_marks) */
        margin-top: 1;
    }
    OrdersDialog #rows {
        height: auto;
        max-height: 30vh;  /* 12 rows at 40 lines, 7 at 24: the rest still fits */
        border: none;
        padding: 0;
    }
    OrdersDialog #who {
        width: 30;
        padding-right: 1;
    }
    OrdersDialog .field #until {
        width: 12;
    }
    OrdersDialog #now {
        color: $text-muted;
        padding-left: 2;
    }
    OrdersDialog #summary {
        margin-top: 1;
        height: auto;
        text-style: bold;
    }
    """

    def __init__(self, encounter: Encounter) -> None:
        super().__init__()
        self.encounter = encounter
        # A7: only those on the track take opportunities: alive, in the fight, with a TTU.
        self.fighters = [c for c in encounter.combatants.values() if c.active]
        self.choices = {c.id: plain_actions(c) for c in self.fighters}
        self.orders: dict[str, str] = {c.id: default_order(c) for c in self.fighters}
        self._editing: int | None = None  # the row the Order drop-down edits now

    # --- layout -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        enc = self.encounter
        with Vertical(classes="dialog"):
            yield Static("Run the track on standing orders (A7)", classes="dialog-title")
            yield Static(
                "Orders are plain actions (no roll), one per opportunity; bleeding goes on.\n"
                "↑/↓ pick a row · ←/→ change its order · enter runs · escape cancels",
                classes="hint",
                markup=False,
            )
            yield Static(
                self._row_text("combatant", "side", "TTU", "order"), id="rows-head", markup=False
            )
            yield OrdersList(*(self._option(c) for c in self.fighters), id="rows")
            yield labelled(
                "Order",
                Static("", id="who", markup=False),
                FieldSelect([], prompt=NO_ORDERS_LABEL, id="order", disabled=True),
            )
            yield labelled(
                "Until track",
                Input(str(enc.time + UNTIL_STEP), id="until", placeholder="whole number"),
                Static(f"the track is at {enc.time} now", id="now", markup=False),
            )
            yield FieldError("until")
            yield Static("", id="summary", markup=False)
            yield FieldError(FORM)
            yield from buttons("Run")

    @staticmethod
    def _row_text(name: str, side: str, ttu: str, order: str) -> str:
        if len(name) > NAME_WIDTH:
            name = name[: NAME_WIDTH - 1] + "…"
        return f"{name:<{NAME_WIDTH}} {side:<8} {ttu:>5}  {order}"

    def _option(self, c: Combatant) -> Option:
        plain = self.choices[c.id]
        if not plain:
            text = self._row_text(c.name, c.side, str(c.ttu), "no plain action")
            return Option(Content(text), id=c.id, disabled=True)
        return Option(Content(self._prompt(c)), id=c.id)

    def _prompt(self, c: Combatant) -> str:
        name = self.orders[c.id]
        action = next((a for a in self.choices[c.id] if a.name == name), None)
        order = order_label(action) if action is not None else NO_ORDERS_LABEL
        return self._row_text(c.name, c.side, str(c.ttu), order)

    def on_mount(self) -> None:
        """Highlight the first row that can take orders. (Textual then runs
        `Dialog.on_mount` itself, which validates once every field exists.)"""
        rows = self.query_one("#rows", OrdersList)
        first = next((i for i, c in enumerate(self.fighters) if self.choices[c.id]), None)
        rows.highlighted = first
        self._bind(first)

    # --- editing the orders -----------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#rows")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._bind(event.option_index)

    def _bind(self, index: int | None) -> None:
        """Point the Order drop-down at row `index` (its plain actions, its order)."""
        select = self.query_one("#order", FieldSelect)
        who = self.query_one("#who", Static)
        self._editing = index
        if index is None or not self.choices[self.fighters[index].id]:
            select.disabled = True
            who.update("")
            return
        c = self.fighters[index]
        who.update(c.name)
        options = [(order_label(a), a.name) for a in self.choices[c.id]]
        select.set_options([(NO_ORDERS_LABEL, NO_ORDERS), *options])
        select.value = self.orders[c.id]
        select.disabled = False

    @on(Select.Changed, "#order")
    def _order_chosen(self, event: Select.Changed) -> None:
        if event.value != event.select.value or self._editing is None:
            return  # stale: the drop-down moved on to another row since
        self._set_order(self._editing, str(event.value))

    def _set_order(self, index: int, name: str) -> None:
        c = self.fighters[index]
        valid = name == NO_ORDERS or any(a.name == name for a in self.choices[c.id])
        if not valid or self.orders[c.id] == name:
            return
        self.orders[c.id] = name
        self.query_one("#rows", OrdersList).replace_option_prompt_at_index(
            index, Content(self._prompt(c))
        )
        self.refresh_form()

    def action_cycle(self, step: int) -> None:
        """←/→ on a row: the next (or previous) order, "no orders" included."""
        index = self.query_one("#rows", OrdersList).highlighted
        if index is None or not self.choices[self.fighters[index].id]:
            return
        c = self.fighters[index]
        names = [NO_ORDERS, *(a.name for a in self.choices[c.id])]
        at = names.index(self.orders[c.id]) if self.orders[c.id] in names else 0
        self._set_order(index, names[(at + step) % len(names)])
        if self._editing == index:
            self.query_one("#order", FieldSelect).value = self.orders[c.id]

    # --- validation -------------------------------------------------------------------
    def validate_form(self) -> tuple[FastForward | None, dict[str, str]]:
        enc = self.encounter
        errors: dict[str, str] = {}
        orders = {cid: [name] for cid, name in self.orders.items() if name != NO_ORDERS}
        until, why = whole_number(self.query_one("#until", Input).value)
        if until is None:
            errors["until"] = why
        elif until < enc.time:
            errors["until"] = f"must be at least {enc.time} (the track now)"
        self.query_one("#summary", Static).update(self._summary(orders, until))
        refusal = orders_refusal(enc)
        if refusal is not None:
            errors[FORM] = keyed(refusal, words_in_force(self.app))
        elif not orders:
            errors[FORM] = "give someone an order: with none the run would stop at once"
        if errors:
            return None, errors
        try:
            command = FastForward.model_validate({"until": until, "orders": orders})
        except ValidationError as err:
            found = field_errors(err, FastForward)
            return None, {("until" if path == "until" else FORM): t for path, t in found.items()}
        return command, {}

    def _summary(self, orders: dict[str, list[str]], until: int | None) -> str:
        """One line: who has orders, and where the first one without them stops the run."""
        waiting = [c for c in self.fighters if c.id not in orders]
        if not waiting:
            target = "the Until track" if until is None else f"track {until}"
            tail = f"Runs to {target} at most."
        else:
            first = min(waiting, key=lambda c: (c.ttu or 0, c.name))
            stop = first.ttu or 0
            if until is not None and until < stop:
                tail = f"Runs to track {until} at most."
            else:
                tail = f"Stops by track {stop}: {first.name} has no orders."
        names = [c.name for c in self.fighters if c.id in orders]
        count = f"{len(names)} of {len(self.fighters)}"
        width = min(DIALOG_WIDTH, self.app.size.width) - 4  # one line on any terminal
        shown = _fit(names, width - len(count) - len(tail) - 13)
        head = f"Orders: {shown} ({count})" if shown else f"Orders for {count}"
        return f"{head}. {tail}"


def _fit(names: list[str], budget: int) -> str:
    """As many names as fit in `budget` characters, then "+N more"; "" if none fits."""
    shown: list[str] = []
    used = 0
    for i, name in enumerate(names):
        rest = len(names) - i - 1
        more = len(f" +{rest} more") if rest else 0
        if used + (2 if shown else 0) + len(name) + more > budget:
            return f"{', '.join(shown)} +{len(names) - i} more" if shown else ""
        used += (2 if shown else 0) + len(name)
        shown.append(name)
    return ", ".join(shown)
