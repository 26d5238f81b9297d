"""Pick a reusable character from the roster: the built-in templates shipped in
the package (`tracker/data/roster`) and the GM's own in `<saves folder>/roster/*.json`,
the GM's file winning over a built-in one of the same file name.

A template is one combatant's JSON (as a combatant is saved; `id` may be
left out, the file name stands in). A file that is not a good template is
listed with the reason and cannot be picked: that includes a weapon or action
rolling on a stat the sheet lacks (A1), refused as for a sheet typed in the form.
A template whose name someone in the encounter already bears is added under
the next free numbered name ("Decados guard 2"), so names stay unique.
While combat runs the GM also gives its awareness (A7): it rolls its reaction
to join the track (R8) with that, not with whatever the file happens to hold.
"How many" adds that many numbered copies at once ("Decados guard 1" to "4",
AddCombatant.count): one command, one undo, each copy its own reaction (R8).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path, PurePath
from typing import get_args

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from rules.engine.questions import numbered_names, unique_name
from rules.model.commands import MAX_COPIES
from rules.model.errors import explain
from rules.model.state import NEW_SHEET, Awareness, Combatant, Encounter
from rules.saves.json_text import read_json
from tracker.modals.form import FORM, FieldError, FieldSelect, labelled
from tracker.modals.option_marks import MarkedOptionList
from tracker.modals.parse import whole_number
from tracker.modals.pick_dialog import PickDialog

MAX_TEMPLATE_BYTES = 1024 * 1024  # a character sheet is a few KB
AWARENESS: tuple[str, ...] = get_args(Awareness)


@dataclass(frozen=True)
class Template:
    path: Path | Traversable  # Traversable: a built-in template inside the package
    combatant: Combatant | None
    error: str = ""


def load_template(path: Path | Traversable) -> Combatant:
    """Read one template; ValueError says what is wrong, in words a GM can fix."""
    try:
        with path.open("rb") as file:  # Path or package resource alike
            raw = file.read(MAX_TEMPLATE_BYTES + 1)
        if len(raw) > MAX_TEMPLATE_BYTES:
            raise ValueError("the file is too big to be a character")
        text = raw.decode("utf-8-sig")
    except OSError as err:
        raise ValueError((err.strerror or str(err)).lower()) from None
    except UnicodeDecodeError:
        raise ValueError("the file is not UTF-8 text") from None
    data = read_json(text)  # a ValueError in a GM's words: not JSON, too deep, too long
    if not isinstance(data, dict):
        raise ValueError("a template is one JSON object (a combatant)")
    data.setdefault("id", PurePath(path.name).stem[:40] or "template")  # = Path.stem
    try:
        return Combatant.model_validate(data, context={NEW_SHEET: True})
    except ValidationError as err:
        raise ValueError(explain(err, Combatant)) from None


def read_roster(roster_dir: Path, builtin: Traversable | None = None) -> list[Template]:
    """Every *.json in the folder and the built-in ones, by file name; broken ones carry
    their error. The GM's own file replaces a built-in one of the same name."""
    chosen: dict[str, Path | Traversable] = {}
    for folder in (builtin, roster_dir):
        chosen.update((p.name, p) for p in _json_files(folder))
    found: list[Template] = []
    for _, path in sorted(chosen.items()):
        try:
            found.append(Template(path, load_template(path)))
        except ValueError as err:
            found.append(Template(path, None, str(err)))
    return found


def _json_files(folder: Path | Traversable | None) -> list[Path | Traversable]:
    if folder is None:
        return []
    try:
        return [p for p in folder.iterdir() if p.name.endswith(".json") and _visible(p)]
    except OSError:  # no such folder (yet), or unreadable: nothing from it
        return []


def _visible(path: Path | Traversable) -> bool:
    return not path.name.startswith(".") and path.is_file()


def describe(template: Template, encounter: Encounter | None = None) -> str:
    c = template.combatant
    if c is None:
        return f"{template.path.name}\n  cannot use: {template.error}"
    stats = ", ".join(f"{name[:3]} {value}" for name, value in c.stats.items())
    skills = ", ".join(f"{name} {value}" for name, value in list(c.skills.items())[:4])
    name = unique_name(encounter, c.name) if encounter is not None else c.name
    joins = f" → joins as {name}" if name != c.name else ""
    return f"{c.name} ({c.side}, {template.path.name}){joins}\n  {stats}" + (
        f"; {skills}" if skills else ""
    )


class TemplatePicker(PickDialog[Combatant]):
    """Arrows choose, enter takes the character; broken files cannot be chosen."""

    DEFAULT_CSS = """
    TemplatePicker > .dialog {
        width: 90;
    }
    """

    def __init__(
        self,
        roster_dir: Path,
        encounter: Encounter | None = None,
        *,
        builtin: Traversable | None = None,
    ) -> None:
        """`roster_dir`: the GM's own templates; `builtin`: the package's, listed too."""
        super().__init__()
        self.roster_dir = Path(roster_dir)
        self.builtin = builtin
        self.encounter = encounter  # names already taken there get the next number
        self.templates = read_roster(self.roster_dir, builtin)
        self.count = 1  # how many copies the answer stands for (AddCombatant.count)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Add from the roster", classes="dialog-title")
            yield Static(self._where(), classes="hint", markup=False)
            yield MarkedOptionList(
                *(
                    Option(
                        Content(describe(t, self.encounter)),
                        id=str(i),
                        disabled=t.combatant is None,
                    )
                    for i, t in enumerate(self.templates)
                ),
                id="templates",
            )
            if self.encounter is not None and self.encounter.in_combat:  # R8, A7
                yield labelled(
                    "Awareness",
                    FieldSelect[str](
                        [(a, a) for a in AWARENESS],
                        value="standard",  # as the + form: the GM says otherwise
                        allow_blank=False,
                        id="awareness",
                    ),
                )
            yield labelled("How many", Input(placeholder="1", id="count"))
            yield Static("", id="copies", classes="hint", markup=False)
            yield FieldError("count")
            yield FieldError(FORM)

    def on_mount(self) -> None:
        usable = [i for i, t in enumerate(self.templates) if t.combatant is not None]
        if usable:
            self.query_one("#templates", OptionList).highlighted = usable[0]

    def validate_form(self) -> tuple[Combatant | None, dict[str, str]]:
        if not self.templates:
            return None, {FORM: f"no templates (*.json) in {self.roster_dir}"}
        index = self.query_one("#templates", OptionList).highlighted
        chosen = self.templates[index].combatant if index is not None else None
        if chosen is None:
            return None, {FORM: "no usable template is chosen"} if self.refusals else {}
        count, problem = self._count()
        if count is None:
            return None, {"count": problem}
        self.count = count
        if self.encounter is None:
            return chosen.model_copy(deep=True), {}
        name = unique_name(self.encounter, chosen.name)  # N copies: numbered by the engine
        update: dict[str, object] = {"name": name if count == 1 else chosen.name}
        for select in self.query("#awareness").results(FieldSelect):
            if select.value in AWARENESS:
                update["awareness"] = select.value  # R8: it reacts with this (A7)
        return chosen.model_copy(deep=True, update=update), {}

    def _count(self) -> tuple[int | None, str]:
        """How many copies: blank is 1, at most MAX_COPIES; the hint names the copies."""
        text = self.query_one("#count", Input).value.strip()
        count, problem = whole_number(text) if text else (1, "")
        if count is not None and not 1 <= count <= MAX_COPIES:
            count, problem = None, f"how many: 1 to {MAX_COPIES}, got {count}"
        index = self.query_one("#templates", OptionList).highlighted
        chosen = self.templates[index].combatant if index is not None else None
        copies = ""
        if count is not None and count > 1 and chosen is not None:
            names = numbered_names(self.encounter or Encounter(), chosen.name, count)
            copies = f"adds {names[0]} … {names[-1]}, each its own reaction roll (R8)"
        self.query_one("#copies", Static).update(copies)
        return count, problem

    def _where(self) -> str:
        if self.builtin is None:
            return f"in {self.roster_dir}"
        return f"built-in, and yours in {self.roster_dir} (yours win by file name)"
