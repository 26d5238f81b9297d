"""The main screen's keys for the roster itself: a combatant saved back as a template
(`T`), and the GM's hand on every marked row at once.

With rows marked (space in the roster), `w`, `h`, `l`, `f` and delete open
their dialog for the first marked combatant, titled "for 3 marked: A, B, C",
and the answer goes to each of them as one `Batch` command: one undo, one log
line each, refused whole (naming whose part) when the rules refuse any part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules.model.commands import (
    ApplyWound,
    Batch,
    BatchPart,
    FightStatus,
    Heal,
    Luck,
    RemoveCombatant,
)

if TYPE_CHECKING:
    from tracker.host.action_host import ScreenHost
    from tracker.modals.about_one import CombatantDialog

ONE_AT_A_TIME = "applies to one combatant at a time: escape in the roster clears the marks"


def batch_of(answer: object, ids: list[str]) -> Batch | None:
    """The dialog's answer for the first marked, made for each of them (None: not batchable)."""
    if isinstance(answer, Heal):
        parts: list[BatchPart] = [
            answer.model_copy(update={"target": c, "wound": None}) for c in ids
        ]
    elif isinstance(answer, ApplyWound | Luck | FightStatus):
        parts = [answer.model_copy(update={"target": cid}) for cid in ids]
    else:
        return None
    return Batch(commands=parts)


def ask_marked(screen: ScreenHost, dialog: Callable[[Any, str], CombatantDialog[Any]]) -> bool:
    """With rows marked: the dialog for all of them (True), else False (the selected one)."""
    ids = screen.marked_rows
    if not ids:
        return False
    enc = screen.encounter
    names = [enc.combatants[cid].name for cid in ids]

    def send(answer: object) -> None:
        command = batch_of(answer, ids)
        if command is None:
            screen.notify(f"that {ONE_AT_A_TIME}", title="Not for several", severity="warning")
            return
        screen.tracker.run_command(command)

    screen.ask(dialog(enc, ids[0]).for_marked(names), send)
    return True


def remove_marked(screen: ScreenHost) -> bool:
    """Delete with rows marked: one question, then one Batch removing them all."""
    from tracker.modals.confirm import Confirm

    ids = screen.marked_rows
    if not ids:
        return False
    names = ", ".join(screen.encounter.combatants[cid].name for cid in ids)
    command = Batch(commands=[RemoveCombatant(id=cid) for cid in ids])

    def remove(yes: object) -> None:
        if yes:
            screen.tracker.run_command(command)

    question = f"Remove {len(ids)} marked: {names} from the encounter? (u undoes it)"
    screen.ask(Confirm(question), remove)
    return True


def save_template(screen: ScreenHost, cid: str) -> None:
    """T: the combatant's sheet to `<saves>/roster/<name>.json`; a file there asks first."""
    from tracker.files.template_file import template_path, write_template
    from tracker.modals.confirm import Confirm

    c = screen.encounter.combatants[cid].model_copy(deep=True)  # the sheet as it is now
    folder = screen.tracker.saves_dir / "roster"
    path = template_path(folder, c.name)

    def write(yes: object) -> None:
        if not yes:
            return
        try:
            write_template(c, path)
        except OSError as error:
            screen.notify(f"cannot write {path}: {error.strerror or error}", severity="error")
            return
        screen.notify(f"{c.name} is in the roster: {path} (t adds it)", title="Template saved")

    if path.exists():
        question = f"{path.name} is already in {folder}. Replace it with {c.name}'s sheet?"
        screen.ask(Confirm(question), write)
    else:
        write(True)
