"""The saves browser's tidying keys: rename (F2), copy (c), delete (del), undo delete (u).

Each turns the highlighted row into one call of `rules.saves.tidy` or
`rules.saves.trash`, which do all the file work and all the refusing; here a
refusal is shown on the browser's error line (what and where) and the list is
drawn again with the cursor on the save that was acted on. Only an encounter's
save row is tidied: the new-encounter, demo, party and backup rows say so. The
browser is read as a `Browser` (it imports this module, never the reverse).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rules.saves.folder import SaveInfo
from rules.saves.raw import SaveError
from rules.saves.tidy import duplicate_save, rename_save
from rules.saves.trash import restore_last, trash_save

if TYPE_CHECKING:
    from textual.app import App

NOT_A_SAVE = "{what} acts on an encounter's save: move the cursor to one of the saves first"


class Browser(Protocol):
    """The saves browser as its tidying keys read it."""

    folder: Path
    saves: dict[str, SaveInfo]

    @property
    def app(self) -> App[object]: ...

    def highlighted(self) -> str | None: ...

    def show_error(self, message: str) -> None: ...

    def relist(self, select: str | None = None) -> None: ...


def rename(browser: Browser) -> None:
    """Ask the new name; rename the save and its encounter (refused: why, and nothing)."""
    from tracker.modals.save_rename import RenameSave

    info = _save(browser, "F2 (rename)")
    if info is None:
        return
    opens = info.error is None
    current = info.name if opens else info.path.stem

    def named(name: str | None) -> None:
        if name is None:
            return  # escape: nothing renamed
        try:
            new = rename_save(browser.folder, info.path, name, open_file=_open_file(browser))
        except SaveError as error:
            browser.show_error(str(error))
            return
        said = f"{info.path.name} is now {new.name}" if new != info.path else f"Now {name}"
        browser.app.notify(said, title="Renamed", timeout=4)
        browser.relist(select=str(new))

    browser.app.push_screen(RenameSave(browser.folder, info.path, current, opens=opens), named)


def duplicate(browser: Browser) -> None:
    """A copy of the save beside it (`NAME-copy.json`); the cursor goes to the copy."""
    info = _save(browser, "c (copy)")
    if info is None:
        return
    try:
        copy = duplicate_save(browser.folder, info.path)
    except SaveError as error:
        browser.show_error(str(error))
        return
    browser.app.notify(f"Copied {info.path.name} as {copy.name}", title="Copied", timeout=4)
    browser.relist(select=str(copy))


def delete(browser: Browser) -> None:
    """Move the save (and its `.bak`) to the trash; u puts it back."""
    info = _save(browser, "del (delete)")
    if info is None:
        return
    try:
        trash_save(browser.folder, info.path, open_file=_open_file(browser))
    except SaveError as error:
        browser.show_error(str(error))
        return
    browser.app.notify(
        f"{info.path.name} is in the trash ({browser.folder / '.trash'}): u puts it back",
        title="Deleted",
        timeout=6,
    )
    browser.relist()


def undo_delete(browser: Browser) -> None:
    """Put back the save deleted last, at its old name (or NAME-restored.json if taken)."""
    try:
        restored = restore_last(browser.folder)
    except SaveError as error:
        browser.show_error(str(error))
        return
    if restored is None:
        browser.show_error(f"nothing to put back: the trash of {browser.folder} is empty")
        return
    item, path = restored
    where = "" if path.name == item.name else f" as {path.name} ({item.name} is taken)"
    browser.app.notify(f"Put back {item.name}{where}", title="Undeleted", timeout=5)
    browser.relist(select=str(path))


TIDY: dict[str, Callable[[Browser], None]] = {  # the browser's `tidy(...)` bindings
    "rename": rename,
    "duplicate": duplicate,
    "delete": delete,
    "undo_delete": undo_delete,
}


def _save(browser: Browser, what: str) -> SaveInfo | None:
    key = browser.highlighted()
    info = browser.saves.get(key) if key is not None else None
    if info is None:
        browser.show_error(NOT_A_SAVE.format(what=what))
    return info


def _open_file(browser: Browser) -> Path | None:
    """The save this app has open (and autosaves to): never renamed or deleted."""
    path = getattr(browser.app, "save_path", None)
    return path if isinstance(path, Path) else None
