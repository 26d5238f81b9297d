"""The repeating rows of the combatant form: one weapon, or one action of the repertoire (R6).

Each row reads its own cells into the dict pydantic validates, shows its own
message line, and asks the form to remove it; the form owns the list.
"""

from __future__ import annotations

from typing import Any, get_args

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select

from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.model.state import Action, Weapon
from tracker.modals.form import FieldError, FieldSelect

WEAPON_KINDS: tuple[str, ...] = get_args(Weapon.model_fields["kind"].annotation)
ACTION_KINDS: tuple[str, ...] = get_args(Action.model_fields["kind"].annotation)


def _default(model: type[Weapon] | type[Action], field: str) -> Any:
    return model.model_fields[field].default


class Row(Vertical):
    """A row of compact cells with a remove button and a message line below."""

    DEFAULT_CSS = """
    Row {
        height: auto;
    }
    Row > Horizontal {
        height: 1;
    }
    Row Input, Row Select {
        margin-right: 1;
    }
    Row .remove {
        min-width: 3;
        width: 3;
    }
    """

    class Removed(Message):
        """The GM asked to drop this row."""

        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

    def __init__(self) -> None:
        super().__init__()
        self.error = FieldError("row")  # the form renames the slot by position

    def cells(self) -> ComposeResult:
        raise NotImplementedError(f"{type(self).__name__} must compose its cells")

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield from self.cells()
            yield Button("✕", classes="remove", compact=True, tooltip="remove this row")
        yield self.error

    def text(self, cell: str) -> str:
        return self.query_one(f".{cell}", Input).value.strip()

    def choice(self, cell: str) -> str:
        return str(self.query_one(f".{cell}", Select).value)

    def focus_first(self) -> None:
        self.query(Input).first().focus()

    @on(Button.Pressed, ".remove")
    def _remove_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Removed(self))


class WeaponRow(Row):
    """name · skill · stat · damage · melee/ranged."""

    DEFAULT_CSS = """
    WeaponRow .w-name { width: 1fr; }
    WeaponRow .w-skill { width: 12; }
    WeaponRow .w-stat { width: 12; }
    WeaponRow .w-damage { width: 6; }  /* compact input: 1 + 3 digits + 1 + cursor */
    WeaponRow .w-kind { width: 11; }
    """

    def __init__(self, weapon: Weapon | None = None) -> None:
        super().__init__()
        self.item = weapon

    def cells(self) -> ComposeResult:
        w = self.item
        skill = w.skill if w else _default(Weapon, "skill")
        stat = w.stat if w else _default(Weapon, "stat")
        damage = w.damage if w else _default(Weapon, "damage")
        kind = w.kind if w else _default(Weapon, "kind")
        yield Input(w.name if w else "", placeholder="weapon", classes="w-name", compact=True)
        yield Input(skill, placeholder="skill", classes="w-skill", compact=True)
        yield Input(stat, placeholder="stat", classes="w-stat", compact=True)
        yield Input(str(damage), placeholder="dmg", classes="w-damage", compact=True)
        yield FieldSelect(  # enter saves the sheet; space opens the list
            [(k, k) for k in WEAPON_KINDS],
            value=kind,
            allow_blank=False,
            compact=True,
            classes="w-kind",
        )

    def data(self) -> dict[str, object]:
        """The weapon as pydantic will judge it (values still as typed)."""
        found: dict[str, object] = {"name": self.text("w-name"), "kind": self.choice("w-kind")}
        for cell, field in (("w-skill", "skill"), ("w-stat", "stat"), ("w-damage", "damage")):
            if self.text(cell):  # blank: the weapon's default
                found[field] = self.text(cell)
        return found


class ActionRow(Row):
    """name · cost (TU, R6: default 3) · kind · weapon · skill · stat (the last three optional)."""

    DEFAULT_CSS = """
    ActionRow .a-name { width: 1fr; }
    ActionRow .a-cost { width: 6; }  /* a cost of 12 (or 120) shows whole */
    ActionRow .a-kind { width: 10; }
    ActionRow .a-weapon { width: 12; }
    ActionRow .a-skill { width: 10; }
    ActionRow .a-stat { width: 10; }
    """

    def __init__(self, action: Action | None = None) -> None:
        super().__init__()
        self.item = action

    def cells(self) -> ComposeResult:
        a = self.item
        cost = a.cost if a else DEFAULT_ACTION_COST
        kind = a.kind if a else _default(Action, "kind")
        yield Input(a.name if a else "", placeholder="action", classes="a-name", compact=True)
        yield Input(str(cost), placeholder=str(DEFAULT_ACTION_COST), classes="a-cost", compact=True)
        yield FieldSelect(  # enter saves the sheet; space opens the list
            [(k, k) for k in ACTION_KINDS],
            value=kind,
            allow_blank=False,
            compact=True,
            classes="a-kind",
        )
        for cell, value in (
            ("a-weapon", a.weapon if a else None),
            ("a-skill", a.skill if a else None),
            ("a-stat", a.stat if a else None),
        ):
            yield Input(value or "", placeholder=cell[2:], classes=cell, compact=True)

    def data(self) -> dict[str, object]:
        found: dict[str, object] = {"name": self.text("a-name"), "kind": self.choice("a-kind")}
        if self.text("a-cost"):  # R6: blank is the default cost
            found["cost"] = self.text("a-cost")
        for cell in ("a-weapon", "a-skill", "a-stat"):
            found[cell[2:]] = self.text(cell) or None
        return found


def header(*columns: tuple[str, int | None]) -> Horizontal:
    """Column titles over a list of rows (width None = the flexible column)."""
    labels = []
    for title, width in columns:
        label = Label(title, classes="column", markup=False)
        label.styles.width = "1fr" if width is None else width
        label.styles.margin = (0, 1, 0, 0)
        labels.append(label)
    row = Horizontal(*labels, classes="columns")
    row.styles.height = 1
    return row


WEAPON_COLUMNS: tuple[tuple[str, int | None], ...] = (
    ("weapon", None),
    ("skill", 12),
    ("stat", 12),
    ("dmg", 6),
    ("kind", 11),
    ("", 3),
)
ACTION_COLUMNS: tuple[tuple[str, int | None], ...] = (
    ("action", None),
    ("TU", 6),
    ("kind", 10),
    ("weapon", 12),
    ("skill", 10),
    ("stat", 10),
    ("", 3),
)
