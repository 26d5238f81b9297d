"""A weapon typed into the sheet form gets its attack action (A7, R6).

A combatant attacks through an action of kind "attack" naming the weapon: a
weapon no action uses can never be swung, so a hand-made PC could only
Dodge, Move or Wait. When the GM gives a new weapon row its name, the form
puts an `Attack: <weapon>` action (cost 3, as on the bundled sheets) first in
the repertoire unless an action already uses that weapon; a melee weapon also
gets its `Parry: <weapon>` (A10: a parry rolls the weapon's skill, R9; cost 2,
as the bundled sheets' Parry) unless a parry already uses it. Both are
ordinary rows the GM may edit or remove. A weapon left without any action
earns a note.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import Vertical
from textual.widget import Widget

from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.model.state import Action, Combatant
from tracker.modals.combatant_rows import ActionRow, WeaponRow

ATTACK_PREFIX = "Attack: "
PARRY_PREFIX = "Parry: "
PARRY_COST = 2  # R6: the GM's to change; the bundled sheets' Parry and the default Dodge


def attack_action(weapon: str) -> Action:
    """The action that swings (or fires) `weapon`: kind attack, the default cost (R6)."""
    return Action(
        name=f"{ATTACK_PREFIX}{weapon}", kind="attack", weapon=weapon, cost=DEFAULT_ACTION_COST
    )


def parry_action(weapon: str) -> Action:
    """The parry with `weapon` (A10), for a melee weapon."""
    return Action(name=f"{PARRY_PREFIX}{weapon}", kind="parry", weapon=weapon, cost=PARRY_COST)


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


async def offer_attack(
    actions: Vertical,
    row: WeaponRow,
    offered: set[WeaponRow],
    parries: dict[WeaponRow, ActionRow],
) -> bool:
    """Mount the attack action of a new, named weapon row first in `actions`, once per row
    (a removed one stays removed), and its parry after it when the weapon is melee
    (`parries` keeps it, so the weapon's kind can take it back). True when a row was added."""
    if row.item is not None or row in offered or not row.is_attached:
        return False
    rows = [a for a in actions.query_children(ActionRow) if a.is_mounted]
    name = row.text("w-name")
    if not needs_attack(name, (a.text("a-weapon") for a in rows)):
        return False
    offered.add(row)
    added = [ActionRow(attack_action(name))]
    if row.choice("w-kind") == "melee":
        parries[row] = ActionRow(parry_action(name))
        added.append(parries[row])
    await actions.mount_all(added, before=0 if rows else None)
    return True


async def follow_kind(
    actions: Vertical, row: WeaponRow, parries: dict[WeaponRow, ActionRow]
) -> bool:
    """A weapon offered its actions, turned ranged, loses the parry offered with it (a
    ranged weapon does not parry); turned melee again, gets it back. True on a change."""
    parry = parries.get(row)
    if parry is None:
        return False
    if row.choice("w-kind") != "melee" and parry.is_attached:
        await parry.remove()
        return True
    if row.choice("w-kind") == "melee" and not parry.is_attached and row.is_attached:
        name = row.text("w-name")
        parries[row] = ActionRow(parry_action(name))
        rows = list(actions.query_children(ActionRow))
        attack = next((a for a in rows if a.text("a-weapon") == name), None)
        if attack is not None:
            await actions.mount(parries[row], after=attack)
        else:
            await actions.mount(parries[row], before=0 if rows else None)
        return True
    return False
