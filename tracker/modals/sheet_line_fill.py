"""The sheet line at the top of the add form, and Enter moving through the sheet (issue 27).

A GM types or pastes the whole sheet as a line (`rules.model.sheet_line`);
Enter there fills every field the line names, the way typing them would:
each weapon becomes a new weapon row, which is offered its attack (and a
melee one its parry, attack_offer.py) beside the default repertoire. The
form is then shown filled for checking, the focus on Save. A line that does
not read fills nothing: its problems show under it.

Enter elsewhere in the sheet moves to the next field; only the last field's
Enter, ctrl+s or the Save button saves. The sheet has some forty fields and
every one has a default, so an Enter meant to move on from the name saved a
being with the default stats (issue 27's "Enter saved a half-filled sheet").
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Input, Select, Static

from rules.model.sheet_line import SheetLine, SheetLineError, read_sheet_line
from rules.model.state import DEFAULT_STATS
from tracker.modals.attack_offer import weapon_row_of
from tracker.modals.combatant_rows import ActionRow, WeaponRow
from tracker.modals.form import Dialog, FieldError, labelled
from tracker.modals.parse import join_pairs
from tracker.textual_compat.paste import JoinedPasteInput

ResultT = TypeVar("ResultT")
LINE = "sheet-line"  # the field's id and its message slot
PLACEHOLDER = "Sir Ulric (PC): Str 6 Dex 7; Melee 7; sword 5 melee; armour 6/3/2; shield 5-10"


class SheetLineInput(JoinedPasteInput):
    """The sheet line, which takes a sheet pasted over several lines: each line break is
    a part's end (`rules.model.sheet_line`), where Textual's Input kept the first line
    alone and the skills, weapons and armour below it were lost without a word."""

    PASTE_JOIN = "; "


def line_field() -> ComposeResult:
    """The one-line field and its message line, for the top of a new sheet."""
    yield labelled("Sheet as a line", SheetLineInput(placeholder=PLACEHOLDER, id=LINE))
    yield Static("paste or type the whole sheet · Enter fills the form below", classes="hint")
    yield FieldError(LINE)


def read_line(text: str) -> tuple[SheetLine | None, str]:
    """The line's sheet, or None and every problem in one message."""
    try:
        return read_sheet_line(text), ""
    except SheetLineError as err:
        return None, "nothing filled: " + "; ".join(err.problems)


def _put(form: Dialog[Any], selector: str, value: str) -> None:
    form.query_one(selector, Input).value = value


async def fill(
    form: Dialog[Any], sheet: SheetLine, offer: Callable[[WeaponRow], Awaitable[None]]
) -> None:
    """Every field `sheet` names, set as the GM would type it; the others stay as they are."""
    if sheet.name is not None:
        _put(form, "#name", sheet.name)
    if sheet.side is not None:
        form.query_one("#side", Select).value = sheet.side
    for i, stat in enumerate(DEFAULT_STATS):
        if stat in sheet.stats:
            _put(form, f"#stat-{i}", str(sheet.stats[stat]))
    extra = {name: v for name, v in sheet.stats.items() if name not in DEFAULT_STATS}
    if extra:
        _put(form, "#more-stats", join_pairs(extra))
    if sheet.skills:
        _put(form, "#skills", join_pairs(sheet.skills))
    if sheet.armour is not None:
        for field in ("rating", "hard", "soft"):
            _put(form, f"#armour-{field}", str(getattr(sheet.armour, field)))
    if sheet.shield is not None:
        hits = sheet.shield.hits_left
        _put(form, "#shield-low", str(sheet.shield.low))
        _put(form, "#shield-high", str(sheet.shield.high))
        _put(form, "#shield-hits", "" if hits is None else str(hits))
    if sheet.luck is not None:
        _put(form, "#luck", str(sheet.luck))
    if sheet.weapons:
        await _weapons(form, sheet, offer)


async def _weapons(
    form: Dialog[Any], sheet: SheetLine, offer: Callable[[WeaponRow], Awaitable[None]]
) -> None:
    """The line's weapons replace the rows there, and the actions that used those go too
    (they would name a weapon the sheet no longer has); each new row is offered its attack."""
    rows = form.query_one("#weapons", Vertical)
    actions = form.query_one("#actions", Vertical)
    old = list(rows.query_children(WeaponRow))
    gone = {row.text("w-name") for row in old} - {""}
    for action in list(actions.query_children(ActionRow)):
        if action.text("a-weapon") in gone:
            await action.remove()
    for row in old:
        await row.remove()
    for weapon in sheet.weapons:
        row = WeaponRow()
        await rows.mount(row)
        for cell, value in (
            ("w-name", weapon.name),
            ("w-skill", weapon.skill),
            ("w-stat", weapon.stat),
            ("w-damage", str(weapon.damage)),
        ):
            found = row.cell(cell)
            assert isinstance(found, Input)
            found.value = value
        kind = row.cell("w-kind")
        assert isinstance(kind, Select)
        kind.value = weapon.kind
        await offer(row)


def next_field(form: Dialog[Any]) -> bool:
    """Focus the field after the focused one (text fields and drop-downs, not buttons:
    an Enter must never press `✕` on a row); False from the last one."""
    fields = [w for w in form.focus_chain if isinstance(w, Input | Select) and w.id != LINE]
    focused = form.focused
    at = next((i for i, w in enumerate(fields) if w is focused), None)
    if at is None or at + 1 >= len(fields):
        return False
    fields[at + 1].focus()
    return True


class SheetDialog(Dialog[ResultT]):
    """A sheet's keys: Enter fills from the line or moves on, the last field's saves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save_typed", "Save", id="sheet.save", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.line_problem = ""  # why the sheet line filled nothing (shown under it)
        self._line_read = ""  # the line it is about

    async def offer_attack(self, row: WeaponRow | None) -> None:
        """A new weapon row, once named, gets its attack (the form's own: attack_offer)."""

    async def action_submit_typed(self) -> None:
        """Enter: the sheet line fills the form; any other field moves on, the last saves."""
        focused = self.focused
        await self.keys_handled()
        if self.is_current and isinstance(focused, Input) and focused.id == LINE:
            await self._fill_line(focused.value)
        elif self.is_current:
            await self.offer_attack(weapon_row_of(focused))
            if self.is_current and not next_field(self):
                self.action_submit()

    async def action_save_typed(self) -> None:
        """ctrl+s: a typed line fills the form first (refused, nothing is saved), a new
        weapon's attack action comes first; then the save."""
        focused = self.focused
        await self.keys_handled()
        if not self.is_current:
            return
        if isinstance(focused, Input) and focused.id == LINE and focused.value.strip():
            if not await self._fill_line(focused.value):
                self.refusals += 1
                self.app.bell()
                return
        await self.offer_attack(weapon_row_of(focused))
        if self.is_current:
            self.action_submit()

    def action_submit_soon(self) -> None:
        """Enter on a closed drop-down: the next field too (the last one saves)."""
        if not next_field(self):
            super().action_submit_soon()

    async def _fill_line(self, text: str) -> bool:
        """Fill the form from the line; False (nothing filled) when it does not read."""
        sheet, self.line_problem = read_line(text)
        self._line_read = text
        if sheet is not None:
            await fill(self, sheet, self.offer_attack)
        if self.refresh_form() is not None:
            self.query_one("#save", Button).focus()  # filled and valid: check, then Enter
        return sheet is not None

    @on(Input.Changed, f"#{LINE}")
    def _line_changed(self, event: Input.Changed) -> None:
        """A new line: the old one's problems no longer apply. (A fast typist's last keys'
        changes may come after their Enter was read: those keep the problems.)"""
        if event.value != self._line_read:
            self.line_problem = ""
            self.refresh_form()
