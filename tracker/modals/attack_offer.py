"""A weapon typed into the sheet form gets its attack action (A7, R6).

A combatant attacks through an action of kind "attack" naming the weapon: a
weapon no action uses can never be swung, so a hand-made PC could only
Dodge, Move or Wait. When the GM gives a new weapon row its name, the form
puts an `Attack: <weapon>` action (cost 3, as on the bundled sheets) first in
the repertoire unless an action already uses that weapon; it is an ordinary
row the GM may edit or remove. A weapon left without any action earns a note.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Vertical
from textual.widget import Widget

from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.model.state import Action, Combatant
from tracker.modals.combatant_rows import ActionRow, WeaponRow

ATTACK_PREFIX = "Attack: "


def attack_action(weapon: str) -> Action:
    """The action that swings (or fires) `weapon`: kind attack, the default cost (R6)."""
    return Action(
        name=f"{ATTACK_PREFIX}{weapon}", kind="attack", weapon=weapon, cost=DEFAULT_ACTION_COST
    )


def needs_attack(weapon: str, used: Iterable[str]) -> bool:
    """Should a weapon of this name get an attack action? Not when unnamed or already used."""
    return bool(weapon) and weapon not in set(used)


def unused_weapon_notes(c: Combatant) -> dict[int, str]:
    """{weapon index: note} for each weapon no action of the repertoire uses."""
    used = {a.weapon for a in c.actions if a.weapon}
    return {
        i: f"note: no action uses {w.name!r}, so it cannot attack: add an action of kind "
        f"attack with weapon {w.name!r}"
        for i, w in enumerate(c.weapons)
        if w.name not in used
    }


def weapon_row_of(widget: Widget | None) -> WeaponRow | None:
    """The weapon row a focused cell belongs to, if any."""
    if widget is None:
        return None
    return next((r for r in widget.ancestors if isinstance(r, WeaponRow)), None)


async def offer_attack(actions: Vertical, row: WeaponRow, offered: set[WeaponRow]) -> bool:
    """Mount the attack action of a new, named weapon row first in `actions`, once per row
    (a removed one stays removed). True when a row was added."""
    if row.item is not None or row in offered or not row.is_attached:
        return False
    rows = list(actions.query_children(ActionRow))
    name = row.text("w-name")
    if not needs_attack(name, (a.text("a-weapon") for a in rows if a.is_mounted)):
        return False
    offered.add(row)
    await actions.mount(ActionRow(attack_action(name)), before=0 if rows else None)
    return True
