"""The repeating rows of the combatant form: one weapon, or one action of the repertoire (R6).

Each row reads its own cells into the dict pydantic validates, shows its own
message line, and asks the form to remove it; the form owns the list.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar, get_args

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select

from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.model.state import Action, Weapon
from tracker.modals.form import FieldError, FieldSelect
from tracker.modals.space_button import SpaceButton

WEAPON_KINDS: tuple[str, ...] = get_args(Weapon.model_fields["kind"].annotation)
ACTION_KINDS: tuple[str, ...] = get_args(Action.model_fields["kind"].annotation)
ItemT = TypeVar("ItemT", Weapon, Action)
Cells = tuple[tuple[str, str, int | None], ...]  # (cell class, column title, width; None = 1fr)
REMOVE_WIDTH = 3  # the ✕ button closing each row (`Row .remove`)


def cells_css(row: str, cells: Cells) -> str:
    """Each cell's width in a row class: the widths its column titles get (`column_titles`)."""
    return "\n".join(
        f"{row} .{cell} {{ width: {'1fr' if width is None else width}; }}"
        for cell, _t, width in cells
    )


def column_titles(cells: Cells) -> tuple[tuple[str, int | None], ...]:
    """The column titles over a list of rows, the remove button's column last."""
    return (*((title, width) for _c, title, width in cells), ("", REMOVE_WIDTH))


def _default(model: type[Weapon] | type[Action], field: str) -> Any:
    return model.model_fields[field].default


def _kind_select(kinds: tuple[str, ...], value: str, cell: str) -> FieldSelect[str]:
    """A row's kind cell: enter moves to the next field (sheet_line_fill); space opens it."""
    return FieldSelect(
        [(k, k) for k in kinds], value=value, allow_blank=False, compact=True, classes=cell
    )


class Row(Vertical, Generic[ItemT]):
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

        def __init__(self, row: Row[Any]) -> None:
            super().__init__()
            self.row = row

    def __init__(self, item: ItemT | None = None) -> None:
        super().__init__()
        self.item: ItemT | None = item  # None: a new, blank row
        self.error = FieldError("row")  # the form renames the slot by position
        self._cells: dict[str, Widget] = {}

    def cells(self) -> ComposeResult:
        raise NotImplementedError(f"{type(self).__name__} must compose its cells")

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield from self.cells()
            yield SpaceButton("✕", classes="remove", compact=True, tooltip="remove this row")
        yield self.error

    def cell(self, cell: str) -> Widget:
        """A cell by its class, found once: the form reads every cell of every row on
        each keystroke, and a query walks the row's widgets every time."""
        found = self._cells.get(cell)
        if found is None:
            found = self._cells[cell] = self.query_one(f".{cell}")
        return found

    def text(self, cell: str) -> str:
        found = self.cell(cell)
        assert isinstance(found, Input), f"{cell} is no Input"
        return found.value.strip()

    def choice(self, cell: str) -> str:
        found = self.cell(cell)
        assert isinstance(found, Select), f"{cell} is no Select"
        return str(found.value)

    def focus_first(self) -> None:
        self.query(Input).first().focus()

    @on(Button.Pressed, ".remove")
    def _remove_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Removed(self))


WEAPON_CELLS: Cells = (
    ("w-name", "weapon", None),
    ("w-skill", "skill", 12),
    ("w-stat", "stat", 12),
    ("w-damage", "dmg", 6),  # compact input: 1 + 3 digits + 1 + cursor
    ("w-kind", "kind", 11),
)
ACTION_CELLS: Cells = (
    ("a-name", "action", None),
    ("a-cost", "TU", 6),  # a cost of 12 (or 120) shows whole
    ("a-kind", "kind", 10),
    ("a-weapon", "weapon", 12),
    ("a-skill", "skill", 10),
    ("a-stat", "stat", 10),
)


class WeaponRow(Row[Weapon]):
    """name · skill · stat · damage · melee/ranged."""

    DEFAULT_CSS: ClassVar[str] = cells_css("WeaponRow", WEAPON_CELLS)

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
        yield _kind_select(WEAPON_KINDS, kind, "w-kind")

    def data(self) -> dict[str, object]:
        """The weapon as pydantic will judge it (values still as typed)."""
        found: dict[str, object] = {"name": self.text("w-name"), "kind": self.choice("w-kind")}
        for cell, field in (("w-skill", "skill"), ("w-stat", "stat"), ("w-damage", "damage")):
            if self.text(cell):  # blank: the weapon's default
                found[field] = self.text(cell)
        return found


class ActionRow(Row[Action]):
    """name · cost (TU, R6: default 3) · kind · weapon · skill · stat (the last three optional)."""

    DEFAULT_CSS: ClassVar[str] = cells_css("ActionRow", ACTION_CELLS)

    def cells(self) -> ComposeResult:
        a = self.item
        cost = a.cost if a else DEFAULT_ACTION_COST
        kind = a.kind if a else _default(Action, "kind")
        yield Input(a.name if a else "", placeholder="action", classes="a-name", compact=True)
        yield Input(str(cost), placeholder=str(DEFAULT_ACTION_COST), classes="a-cost", compact=True)
        yield _kind_select(ACTION_KINDS, kind, "a-kind")
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


WEAPON_COLUMNS = column_titles(WEAPON_CELLS)
ACTION_COLUMNS = column_titles(ACTION_CELLS)
