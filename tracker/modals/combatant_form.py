"""Add or edit a combatant's sheet: stats, skills, d100 values, weapons, armour, shield,
the repertoire of actions with their costs (R6), luck (R17) and notes.

Every keystroke rebuilds the whole Combatant through pydantic, and each
problem is shown under the field it names ("Wits: must be 0–30", "skill
'Melee': 'ten' is not a number"). Editing keeps the id and everything combat
did to the combatant; adding while combat runs asks for the awareness its
reaction roll uses (R8).

A new sheet starts with a default repertoire (Dodge, Move, Wait) and the form
refuses a sheet with no action at all: an opportunity is spent on actions
(A7, A8), so such a being would stall the track. Names are unique in the
encounter (case aside), and every stat a weapon or action rolls on must be on
the sheet (A1); a skill the sheet lacks only earns a note (it rolls 0 dice).
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from rules.engine.questions import default_repertoire, default_side
from rules.model.commands import AddCombatant, EditCombatant
from rules.model.errors import field_errors
from rules.model.state import (
    DEFAULT_STATS,
    SIDES,
    Awareness,
    Combatant,
    Encounter,
    Stats,
)
from tracker.modals.attack_offer import follow_kind, offer_attack, weapon_row_of
from tracker.modals.combatant_rows import (
    ACTION_COLUMNS,
    WEAPON_COLUMNS,
    ActionRow,
    Row,
    WeaponRow,
    header,
)
from tracker.modals.form import FORM, FieldError, FieldSelect, buttons, labelled
from tracker.modals.parse import join_pairs, read_numbers, split_pairs
from tracker.modals.sheet_checks import ARMOUR_FIELDS, PAIR_FIELDS, judge, slot_for
from tracker.modals.sheet_line_fill import LINE, SheetDialog, line_field
from tracker.modals.space_button import SpaceButton

SheetCommand = AddCombatant | EditCombatant
AWARENESS: tuple[str, ...] = get_args(Awareness)


def new_id(encounter: Encounter) -> str:
    """The next free `c<n>` id (the form the engine and old saves use)."""
    n = encounter.next_id
    while f"c{n}" in encounter.combatants:
        n += 1
    return f"c{n}"


class CombatantForm(SheetDialog[SheetCommand]):
    """The whole sheet in one scrollable form; ctrl+s (or Save) when no message shows."""

    AUTO_FOCUS = f"#{LINE}, #name"  # a new sheet starts at its line (the first in the DOM)

    DEFAULT_CSS = """
    CombatantForm > .dialog {
        width: 100;
        height: 100%;
        max-height: 44;
    }
    CombatantForm #body {
        height: 1fr;
    }
    CombatantForm .section {
        text-style: bold;
        margin-top: 1;
    }
    CombatantForm #stats-grid {
        layout: grid;
        grid-size: 3;
        grid-rows: 1;
        grid-columns: 1fr 1fr 1fr;
        height: auto;
    }
    CombatantForm .stat {
        height: 1;
    }
    CombatantForm .stat Label {
        width: 12;
    }
    CombatantForm .stat Input {
        width: 5;
    }
    CombatantForm .numbers Input {
        width: 6;
        margin-right: 2;
    }
    CombatantForm .numbers Label {
        width: auto;
        margin-right: 1;
    }
    CombatantForm #notes {
        height: 4;
    }
    CombatantForm #weapons, CombatantForm #actions {
        height: auto;  /* every row shows (a 1fr list hid the last actions at 80x24) */
    }
    CombatantForm .add-row {
        margin-top: 0;
    }
    """

    def __init__(self, encounter: Encounter, combatant_id: str | None) -> None:
        if combatant_id is not None and combatant_id not in encounter.combatants:
            raise ValueError(f"combatant_id: no combatant with id {combatant_id!r}")
        super().__init__()
        self.encounter = encounter
        self.original = encounter.combatants[combatant_id] if combatant_id else None
        self._offered: set[WeaponRow] = set()  # new weapon rows already given an attack
        self._parries: dict[WeaponRow, ActionRow] = {}  # and the parry given a melee one

    # --- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        c = self.original
        stats = dict(c.stats) if c else Stats().stats
        extra = {name: value for name, value in stats.items() if name not in DEFAULT_STATS}
        with Vertical(classes="dialog"):
            yield Static(self._title(), classes="dialog-title", markup=False)
            yield Static(
                "enter: next field · ctrl+s saves · space: drop-down · escape cancels · "
                "blank number: default",
                classes="hint",
            )
            with VerticalScroll(id="body", can_focus=False):  # a focused field scrolls into view
                if c is None:
                    yield from line_field()
                yield from self._identity(c)
                yield Label("Stats (blank drops a stat)", classes="section")
                with Grid(id="stats-grid"):
                    for i, name in enumerate(DEFAULT_STATS):
                        value = str(stats[name]) if name in stats else ""
                        yield Horizontal(
                            Label(name, markup=False),
                            Input(value, id=f"stat-{i}", compact=True),
                            classes="stat",
                        )
                yield labelled(
                    "More stats",
                    Input(
                        join_pairs(extra), placeholder="e.g. Presence 4, Faith 3", id="more-stats"
                    ),
                )
                yield FieldError("stats")
                for field, label, _word, hint in PAIR_FIELDS:
                    values = getattr(c, field) if c else {}
                    yield labelled(label, Input(join_pairs(values), placeholder=hint, id=field))
                    yield FieldError(field)
                yield labelled(  # A1: the stat `s` opens a skill roll on
                    "Usual stats",
                    Input(
                        join_pairs(c.skill_stats if c else {}),
                        placeholder="e.g. Shoot Dexterity, Observe Perception",
                        id="skill_stats",
                    ),
                )
                yield FieldError("skill_stats")
                yield Label("Weapons", classes="section")
                yield header(*WEAPON_COLUMNS)
                with Vertical(id="weapons"):
                    for weapon in c.weapons if c else []:
                        yield WeaponRow(weapon)
                yield SpaceButton("+ weapon", id="add-weapon", classes="add-row", compact=True)
                yield from self._protection(c)
                yield Label("Actions (time cost in TU, R6)", classes="section")
                yield header(*ACTION_COLUMNS)
                with Vertical(id="actions"):
                    for action in c.actions if c else default_repertoire():
                        yield ActionRow(action)
                yield SpaceButton("+ action", id="add-action", classes="add-row", compact=True)
                yield FieldError("actions")
                yield labelled("Luck points", Input(str(c.luck) if c else "", id="luck"))
                yield FieldError("luck")
                yield Label("Notes", classes="section")
                yield TextArea(c.notes if c else "", id="notes")
                yield FieldError("notes")
            yield FieldError(FORM)
            yield from buttons()

    def _title(self) -> str:
        if self.original is not None:
            return f"Edit {self.original.name} ({self.original.id})"
        if self.encounter.in_combat:
            return f"Add a combatant: joins the fight at track {self.encounter.time} (R8)"
        return "Add a combatant"

    def _identity(self, c: Combatant | None) -> ComposeResult:
        yield labelled(
            "Name", Input(c.name if c else "", placeholder="the combatant's name", id="name")
        )
        yield FieldError("name")
        side = c.side if c else default_side(self.encounter)  # the last one added's
        yield labelled(
            "Side", FieldSelect([(s, s) for s in SIDES], value=side, allow_blank=False, id="side")
        )
        yield FieldError("side")
        if c is None:
            why = "reaction roll (R8)" if self.encounter.in_combat else "prefills Begin combat"
            yield labelled(
                "Awareness",
                FieldSelect(
                    [(a, a) for a in AWARENESS], value="standard", allow_blank=False, id="awareness"
                ),
                Label(why, classes="hint", markup=False),
            )
            yield FieldError("awareness")

    def _protection(self, c: Combatant | None) -> ComposeResult:
        armour = c.armour if c else None
        shield = c.shield if c else None
        cells = [Label("AR"), Input(str(armour.rating) if armour else "", id="armour-rating")]
        cells += [Label("hard"), Input(str(armour.hard) if armour else "", id="armour-hard")]
        cells += [Label("soft"), Input(str(armour.soft) if armour else "", id="armour-soft")]
        for cell in cells:
            if isinstance(cell, Input):
                cell.placeholder = "0"
                cell.compact = True
        yield labelled("Armour (A13)", *cells, classes="numbers")
        yield FieldError("armour")
        hits = "" if shield is None or shield.hits_left is None else str(shield.hits_left)
        yield labelled(
            "Shield (A12)",
            Label("low"),
            Input(str(shield.low) if shield else "", id="shield-low", compact=True),
            Label("high"),
            Input(str(shield.high) if shield else "", id="shield-high", compact=True),
            Label("hits left"),
            Input(hits, placeholder="∞", id="shield-hits", compact=True),
            classes="numbers",
        )
        yield FieldError("shield")

    # --- rows ------------------------------------------------------------------------
    @on(Button.Pressed, "#add-weapon")
    async def _add_weapon(self) -> None:
        await self._add_row(WeaponRow(), "#weapons")

    @on(Button.Pressed, "#add-action")
    async def _add_action(self) -> None:
        await self._add_row(ActionRow(), "#actions")

    async def _add_row(self, row: Row[Any], into: str) -> None:
        await self.query_one(into, Vertical).mount(row)
        row.focus_first()
        self.refresh_form()

    @on(Input.Blurred, ".w-name")
    async def _weapon_named(self, event: Input.Blurred) -> None:
        await self.offer_attack(weapon_row_of(event.input))

    async def offer_attack(self, row: WeaponRow | None) -> None:
        """A new weapon, once named, gets its attack action (attack_offer.py)."""
        actions = self.query_one("#actions", Vertical)
        if row is not None and await offer_attack(actions, row, self._offered, self._parries):
            self.refresh_form()

    @on(Select.Changed, ".w-kind")
    async def _weapon_kind(self, event: Select.Changed) -> None:
        row = weapon_row_of(event.select)
        if row is not None and await follow_kind(
            self.query_one("#actions", Vertical), row, self._parries
        ):
            self.refresh_form()

    @on(Row.Removed)
    async def _remove_row(self, message: Row.Removed) -> None:
        await message.row.remove()
        self.refresh_form()

    # --- reading the fields ----------------------------------------------------------
    def _text(self, selector: str) -> str:
        return self.query_one(selector, Input).value.strip()

    def _sheet(
        self,
        problems: dict[str, list[str]],
        weapon_rows: list[WeaponRow],
        action_rows: list[ActionRow],
    ) -> dict[str, object]:
        """The sheet fields as pydantic will judge them; shape problems go to `problems`."""
        stats: dict[str, object] = {}
        for i, name in enumerate(DEFAULT_STATS):
            if value := self._text(f"#stat-{i}"):
                stats[name] = value
        more, bad = split_pairs(self._text("#more-stats"), "stat")
        problems["stats"].extend(bad)
        for name, value in more.items():
            if name.lower() in (s.lower() for s in stats):
                problems["stats"].append(f"stat {name!r} is given twice")
            else:
                stats[name] = value
        sheet: dict[str, object] = {
            "name": self._text("#name"),
            "side": str(self.query_one("#side", Select).value),
            "stats": stats,
            "weapons": [row.data() for row in weapon_rows],
            "actions": [row.data() for row in action_rows],
            "luck": self._text("#luck") or 0,
            "notes": self.query_one("#notes", TextArea).text,
        }
        for field, _label, word, _hint in PAIR_FIELDS:
            pairs, bad = split_pairs(self._text(f"#{field}"), word)
            problems[field].extend(bad)
            sheet[field] = pairs
        usual, bad = split_pairs(self._text("#skill_stats"), "usual stat", "a stat")
        problems["skill_stats"].extend(bad)
        sheet["skill_stats"] = usual
        armour = {f: self._text(f"#armour-{f}") for f in ARMOUR_FIELDS}
        sheet["armour"] = {f: v for f, v in armour.items() if v}  # blank: 0
        sheet["shield"] = self._shield(problems)
        return sheet

    def _shield(self, problems: dict[str, list[str]]) -> dict[str, object] | None:
        low, high = self._text("#shield-low"), self._text("#shield-high")
        hits = self._text("#shield-hits")
        if not (low or high or hits):
            return None  # no shield at all
        if not (low and high):
            problems["shield"].append("a shield needs both low and high (or neither)")
            return None
        return {"low": low, "high": high, "hits_left": hits or None}  # R10: blank = unlimited

    def validate_form(self) -> tuple[SheetCommand | None, dict[str, str]]:
        weapon_rows = list(self.query_one("#weapons").query_children(WeaponRow))
        action_rows = list(self.query_one("#actions").query_children(ActionRow))
        for i, weapon_row in enumerate(weapon_rows):
            weapon_row.error.slot = f"weapon-{i}"
        for i, action_row in enumerate(action_rows):
            action_row.error.slot = f"action-{i}"
        problems: dict[str, list[str]] = {
            slot: [] for slot in ("stats", "shield", "skill_stats", *(f for f, *_ in PAIR_FIELDS))
        }
        data: dict[str, object] = (
            self.original.model_dump() if self.original else {"id": new_id(self.encounter)}
        )
        data.update(self._sheet(problems, weapon_rows, action_rows))
        if self.original is None:
            data["awareness"] = str(self.query_one("#awareness", Select).value)
        data, refused = read_numbers(Combatant, data)  # the digit rule first, then pydantic
        combatant: Combatant | None = None
        try:
            combatant = Combatant.model_validate(data)
        except ValidationError as err:
            refused = {**field_errors(err, Combatant), **refused}
        for path, text in refused.items():
            slot, prefix = slot_for(path)
            problems.setdefault(slot, []).append(prefix + text)
        notes: dict[str, list[str]] = {}
        if combatant is not None:
            judge(self.encounter, combatant, self.original is not None, problems, notes)
        errors = {slot: "; ".join(texts) for slot, texts in problems.items() if texts}
        if self.original is None and not self.refusals and not self._text("#name"):
            errors.pop("name", None)  # a fresh sheet starts quiet about its empty name
        shown = {slot: "; ".join(texts) for slot, texts in notes.items()}
        shown[LINE] = self.line_problem  # the line filled nothing: Save stays the form's
        if errors or combatant is None:
            return None, {**shown, **errors}  # a slot with an error shows the error
        if self.original is not None:
            return EditCombatant(combatant=combatant), shown
        return AddCombatant(combatant=combatant, awareness=combatant.awareness), shown
