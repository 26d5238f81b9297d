"""Questions and apps for the kept-dialog tests (tracker/app/dialog_pool.py): the card
game's stab answered by a Kans changed at will, the card game open in an app, a dialog
opened through the act flow, closed into the pool, and what a GM sees of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack, Parry
from rules.model.state import Action, Encounter
from rules.saves.store import save_session
from tests.support.act_fixtures import KNIFE, card_game
from tests.support.modal_host import type_into, until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.form import Dialog
from tracker.screens.main import MainScreen

NEXT = ("ParryDialog", "DamageDialog")
STAB = Attack(attacker="dinzis", target="kans", weapon="knife", goal=3)
SS_9 = [10, 10, 10, 1, 1, 1]  # Dinzis, Dexterity 6: 3+3+3 = SS 9 (Kans may parry)
SS_6 = [10, 10, 1, 1, 1, 1]  # 3+3: another goal for the parry, another hit


DIRK = KNIFE.model_copy(update={"name": "dirk"})
BOLD: dict[str, Any] = {  # another Kans: name, luck, TTU, Melee, his one weapon
    "name": "Kans the Bold",
    "luck": 2,
    "ttu": 1,
    "skills": {"Dodge": 5, "Melee": 6},
    "weapons": [DIRK],
    "actions": [
        Action(name="Throw", kind="attack", weapon="dirk"),
        Action(name="Dodge", kind="dodge", cost=2),
        Action(name="Parry", kind="parry", weapon="dirk", cost=2),
    ],
}


def question(kind: str, stab: list[int] = SS_9, **kans: Any) -> tuple[Encounter, int]:
    """The card game's stab (its dice: `stab`), Kans (changed by `kans`) to answer: a
    parry, or the damage (the parry declined)."""
    encounter, pending, asked = any_question(kind, stab, **kans)
    assert asked == kind
    return encounter, pending


def any_question(kind: str, stab: list[int], **kans: Any) -> tuple[Encounter, int, str]:
    """As `question`, and what is asked: the damage at once when Kans cannot parry."""
    session = card_game()
    fighter = session.encounter.combatants["kans"]
    for name, value in kans.items():
        setattr(fighter, name, value)
    session.do(STAB, ScriptedDice(stab))
    (pending,) = session.encounter.pending
    if kind == "damage" and pending.kind == "parry":
        session.do(Parry(pending=pending.id, weapon=None), ScriptedDice([5, 5, 5, 5]))
        (pending,) = session.encounter.pending
    return session.encounter, pending.id, pending.kind


def app_on(tmp_path: Path, name: str) -> TrackerApp:
    """The card game open (the same file name in each app: the header shows it)."""
    folder = tmp_path / name
    folder.mkdir()
    save_session(card_game(), folder / "fight.json")
    return make_app(folder / "fight.json", saves_dir=folder, seed=1)


async def shown(pilot: Pilot[None], dialog: Dialog[Any]) -> None:
    """`dialog` on screen, its form worked out and drawn."""
    app = pilot.app
    await until(pilot, lambda: app.screen is dialog and dialog.is_mounted)
    await pilot.pause()
    await pilot.pause()


async def opened(pilot: Pilot[None], made: Dialog[Any]) -> Dialog[Any]:
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    app.act_flow.open(made)
    await until(pilot, lambda: isinstance(app.screen, Dialog))
    dialog = app.screen
    assert isinstance(dialog, Dialog)
    await shown(pilot, dialog)
    return dialog


async def closed(pilot: Pilot[None], dialog: Dialog[Any]) -> None:
    """Escape, and the dialog gone to the pool (after the next frame)."""
    app: TrackerApp = pilot.app  # type: ignore[assignment]
    await pilot.press("escape")
    await until(pilot, lambda: dialog in app.act_flow.pool.idle)


def seen(app: TrackerApp) -> tuple[str, str | None, object]:
    """The screen as drawn, who has the focus, what the form would answer."""
    dialog = app.screen
    assert isinstance(dialog, Dialog)
    focused = dialog.focused
    return app.export_screenshot(), None if focused is None else focused.id, dialog.validate_form()


async def parry_keys(pilot: Pilot[None]) -> None:
    """Another weapon, a die declared, a modifier: the keys a GM uses in the question."""
    pilot.app.screen.query_one("#weapon").focus()
    await pilot.press("down", "ctrl+l")
    await type_into(pilot, "#modifier", "+2")
    await pilot.pause()
