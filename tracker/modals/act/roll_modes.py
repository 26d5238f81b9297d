"""The four ways to roll a skill, and the note the skill-roll dialog shows for each.

Standard (A1), extended (A3: the running total and the time it took),
complementary (A4: the bonus table, or a bonus waiting), opposed (A6, whose
words are `contest.py`'s). The note also warns before a roll ends a running
extended roll and when the skill is untrained.
"""

from __future__ import annotations

from typing import Literal

from rules.mechanics.chart import COMPLEMENTARY
from rules.model.commands import RollMode
from rules.model.state import Combatant, Encounter
from tracker.modals.act.common import untrained_warning
from tracker.modals.act.contest import decided_text
from tracker.modals.act.extended_note import extended_warning

MODES = {
    "standard": "standard roll",
    "extend": "extended (A3): roll again, SS − 2 adds",
    "complementary": "complementary (A4): a bonus for the next roll",
    "opposed": "opposed (A6): rounds until a margin wins",
}
ROLL_MODES: tuple[RollMode | Literal["opposed"], ...] = (
    "standard",
    "extend",
    "complementary",
    "opposed",
)


def roll_note(
    encounter: Encounter,
    c: Combatant,
    mode: RollMode | Literal["opposed"],
    skill: str,
    dice: int | None,
    continuing: bool,
) -> str:
    """The lines under the form for a roll in `mode` (not opposed: its contest speaks)."""
    ext = c.extended
    lines: list[str] = []
    if continuing and ext is not None:
        units = len(ext.rolls)
        lines.append(
            f"Extended {ext.skill}: total {ext.total} after {units} roll(s), {units} time"
            f" unit(s); this roll adds its SS − 2 (R3)"
            + (f"; goal {ext.goal}" if ext.goal is not None else "")
        )
    elif mode == "extend":
        lines.append("A new extended roll: its SS starts the running total (A3).")
    elif mode == "complementary":
        table = ", ".join(f"{ss}+ → +{bonus}" for ss, bonus in COMPLEMENTARY)
        lines.append(f"Bonus for the next roll by SS: {table} (A4)")
    elif c.complement_bonus:
        lines.append(f"+{c.complement_bonus} complementary bonus waiting (A4): included.")
    kind = {"extend": "extended", "complementary": "complementary"}.get(mode, "standard")
    lines.append(decided_text(encounter, c, kind))
    if not continuing and mode != "complementary":
        lines.append(extended_warning(c, skill, new_extended=mode == "extend"))
    if not continuing:
        lines.append(untrained_warning(c, skill, dice))
    return "\n".join(line for line in lines if line)
