"""A combatant saved back to the roster as a template: `<saves folder>/roster/<name>.json`.

Only the sheet is written (what the GM typed: `SHEET_FIELDS`), never what combat
did to it, so the template adds a fresh being (the picker, `t`). Its gear is as
worn (armour A13/R11, shield hits R10), as for a party character saved with the
party screen's `T`: no rule mends or recharges gear, so the gear as it stands is
the being's; a GM who wants it fresh types the numbers. No id: the
file name stands in for it (tracker.modals.templates). The write is atomic
(tracker.files.atomic_write), so a crash never leaves half a template.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules.engine.questions import SHEET_FIELDS
from rules.model.state import Combatant
from tracker.files.atomic_write import write_atomically

_UNSAFE = re.compile(r"[^a-z0-9]+")


def template_path(folder: Path, name: str) -> Path:
    """The file a template of `name` goes to: its name in lower case, words joined by '-'."""
    stem = _UNSAFE.sub("-", name.casefold()).strip("-")[:60] or "template"
    return folder / f"{stem}.json"


def template_text(c: Combatant) -> str:
    """The sheet as a template's JSON (what `load_template` reads back)."""
    sheet = c.model_dump(mode="json", include=set(SHEET_FIELDS))
    return json.dumps(sheet, indent=2, ensure_ascii=False) + "\n"


def write_template(c: Combatant, path: Path) -> None:
    """Write the template atomically; OSError says why it could not be."""
    write_atomically(path, template_text(c), ".template-")
