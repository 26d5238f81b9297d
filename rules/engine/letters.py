"""The players' tags for foes they do not know by name: "Unknown A", "Unknown B"… (issue 25).

Each foe gets its letter once, the first time the players see it while it is unknown
(added in sight, shown after an ambush, set back to unknown, edited onto the other side),
and keeps it in the save: hiding another foe, revealing one or removing one never moves
a letter, and no letter is given twice (`Encounter.letters` counts them). A foe never
seen unknown has none, so a gap in the letters never hints at an ambush.

An encounter made outside the engine (the demo, a schema-6 save, a test's) may hold
foes in sight without a tag: the players' labels give them the next letters in roster
order (`rules.engine.public_log.labels`), and `tag_in_sight` makes exactly those theirs
before any command that could move them (an add, a removal, an edit, a hiding or a
reveal) and again after it, for whoever it brought into sight.
"""

from __future__ import annotations

from rules.engine.context import Context
from rules.engine.public_log import is_party
from rules.model.state import Combatant, Encounter, letter_text

__all__ = ["give_letter", "needs_letter", "tag_in_sight"]


def needs_letter(c: Combatant) -> bool:
    """A foe in the players' sight, unknown to them, still without its tag."""
    return c.letter is None and not c.hidden and c.reveal == "unknown" and not is_party(c)


def give_letter(ctx: Context, c: Combatant) -> None:
    """The next letter, once: call wherever a combatant may come into the players' sight."""
    if needs_letter(c):
        enc: Encounter = ctx.enc
        ctx.j.set(c, "letter", letter_text(enc.letters))
        ctx.j.set(enc, "letters", enc.letters + 1)


def tag_in_sight(ctx: Context) -> None:
    """Every foe in sight and unknown gets its letter, in roster order (`labels`' order)."""
    for c in ctx.enc.combatants.values():
        give_letter(ctx, c)
