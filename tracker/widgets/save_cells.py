"""The saves browser's cells for one save, and for the intact backup of a broken one.

Kept apart from the screen, which only decides which rows it lists and where.
Every cell is `Text`, never markup: a name like `[/]` is shown as typed. An
encounter listed under its party's row is indented under it (`↳`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import DataTable

from rules.saves.folder import SaveInfo
from rules.saves.listing import shown_when
from tracker.widgets.tones import theme_style

if TYPE_CHECKING:
    from textual.app import App

UNDER_PARTY = "  ↳ "


def save_cells(app: App[object], info: SaveInfo, *, grouped: bool = False) -> list[Text]:
    """Name, day, track time, alive/total, when saved, file; a broken save says so."""
    lead = UNDER_PARTY if grouped else ""
    saved = shown_when(info.modified)
    if info.error is not None:
        style = theme_style(app, "text-error")
        return [Text(f"{lead}⚠ {info.name}", style=style), *_plain("", "", "won't open")] + (
            _plain(saved, info.path.name)
        )
    fighting = " ⚔" if info.in_combat else ""
    return _plain(
        lead + info.name + fighting,
        str(info.day),
        str(info.time),
        f"{info.alive}/{info.total}",
        saved,
        info.path.name,
    )


def backup_cells(app: App[object], backup: SaveInfo, *, grouped: bool = False) -> list[Text]:
    """The "↺ backup" row under a broken save: enter opens a copy of it."""
    lead = "    " if grouped else "  "
    fighting = " ⚔" if backup.in_combat else ""
    return [
        Text(
            f"{lead}↺ backup: {backup.name}{fighting} (enter opens a copy)",
            style=theme_style(app, "text-warning"),
        ),
        *_plain(
            str(backup.day),
            str(backup.time),
            f"{backup.alive}/{backup.total}",
            shown_when(backup.modified),
            backup.path.name,
        ),
    ]


def _plain(*cells: str) -> list[Text]:
    return [Text(cell) for cell in cells]


def cursor_key(table: DataTable[Any]) -> str | None:
    """The key of the row under the cursor: a new filter lists the rows again and the
    cursor stays on that save, not on whatever row now has its number."""
    keys = list(table.rows)
    return keys[table.cursor_row].value if 0 <= table.cursor_row < len(keys) else None
