"""A party character's lasting state as the party screen's cells, in a GM's words.

Only what the character carries is shown (wounds, bleeding, limbs, exhaustion,
drains, luck, the day's chance dice); the words for a whole character are the
rules' own summary line (`rules.party.lasting.summary`), shown under the table.
"""

from __future__ import annotations

from rules.model.party import Party, PartyChange
from rules.model.state import Combatant
from tracker.widgets.roster_columns import LIMB_SHORT

COLUMNS: tuple[str, ...] = (  # the short ones first: an 80-column terminal shows them all
    "Character",
    "WP",
    "Bleeding",
    "Exh",
    "LP",
    "Chance: combat, roleplay",
    "Limbs, body",
    "Drains",
)
# C1's states in a word each (the summary line under the table has the whole sentence)
CHANCE_WORD = {"available": "ready", "used": "used", "locked": "locked"}


def cells(c: Combatant) -> tuple[str, ...]:
    """One row: each lasting field in a few words ('' where there is nothing)."""
    wp = c.total_wp()
    name = f"{c.name} †" if c.dead else c.name
    bleeding = f"BLR {c.bleed_rate}" if c.bleed_rate else ""
    if c.bleed_wp:
        bleeding += f"{', ' if bleeding else ''}{c.bleed_wp} WP bled"
    body = [f"{where} {LIMB_SHORT[state]}" for where, state in c.limbs.items()]
    if c.broken_ribs:
        body.append("broken ribs")
    if c.vital_organ:
        body.append("vital organ")
    drains = ", ".join(f"{stat} -{n}" for stat, n in c.drains.items() if n)
    return (
        name,
        f"{wp} WP ({len(c.wounds)} wound{'s' if len(c.wounds) != 1 else ''})"
        if c.wounds
        else (f"{wp} WP" if wp else "none"),  # bleeding or ticks alone (issue 23)
        bleeding,
        str(c.exhaustion) if c.exhaustion else "",
        f"{c.luck:+d}",
        f"{CHANCE_WORD[c.chance.combat]}, {CHANCE_WORD[c.chance.roleplay]}",
        ", ".join(body),
        drains,
    )


def title(party: Party, file_name: str) -> str:
    count = len(party.characters)
    who = f"{count} character{'s' if count != 1 else ''}"
    return (
        f" Party {party.name} · day {party.day} · {who} · revision {party.revision} · {file_name}"
    )


def history_lines(party: Party, undoable: list[PartyChange], shown: int = 6) -> list[str]:
    """The newest history entries, newest first; those `u` can undo are marked ↶."""
    can = {entry.revision for entry in undoable}
    lines: list[str] = []
    for entry in reversed(party.history[-shown:]):
        mark = "↶" if entry.revision in can else " "
        struck = " (undone)" if entry.undone else ""
        lines.append(f"{mark} r{entry.revision} day {entry.day}: {entry.text}{struck}")
    return lines
