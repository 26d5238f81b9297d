"""Who was hidden from the players when each line of the log was written (the players'
log, `rules.engine.public_log`).

Why: a combatant shown again after an ambush must not bring its hidden lines with it
("Unknown E enters the encounter", at the time it was added, told the players it had
been there all along). Each line is read with the hiding of its own moment: the GM's
visibility lines (`HIDES_LINE`, `SHOWS_LINE`) mark when each combatant was hidden or
shown; before a combatant's first such line it was the opposite of what that line did,
and a combatant with none has been as it is now throughout. A combatant removed while
hidden says so in its removal line (`HIDDEN_MARK`): it was hidden up to there, though no
longer in the encounter to ask. Pure reads of the log.
"""

from __future__ import annotations

from bisect import bisect_left

from rules.model.state import Encounter
from rules.model.visibility_commands import HIDDEN_MARK, HIDES_LINE, SHOWS_LINE

__all__ = ["HiddenHistory"]

VISIBILITY = "visibility"
REMOVE = "remove"


class HiddenHistory:
    """The hiding of every combatant at any line of `enc`'s log."""

    def __init__(self, enc: Encounter) -> None:
        marks: dict[str, tuple[list[int], list[bool]]] = {}
        gone_hidden: set[str] = set()  # removed while hidden, with no line shown since
        for event in enc.log:
            if not event.actor:
                continue
            if event.kind == REMOVE and HIDDEN_MARK in event.text:
                gone_hidden.add(event.actor)
                continue
            if event.kind != VISIBILITY:
                continue
            hides = event.text.startswith(HIDES_LINE)
            if hides or event.text.startswith(SHOWS_LINE):
                seqs, states = marks.setdefault(event.actor, ([], []))
                seqs.append(event.seq)
                states.append(hides)
                gone_hidden.discard(event.actor)  # (an id used again after a removal)
        self._marks = marks
        now = {cid for cid, c in enc.combatants.items() if c.hidden}
        now |= {cid for cid in gone_hidden if cid not in enc.combatants}
        self._ever = frozenset(now | set(marks))  # all who are or were ever hidden
        self._now = frozenset(now)

    def hidden_at(self, cid: str, seq: int) -> bool:
        """Was `cid` hidden when line `seq` was written?"""
        found = self._marks.get(cid)
        if found is None:
            return cid in self._now
        seqs, states = found
        index = bisect_left(seqs, seq)  # the changes logged before this line
        return not states[0] if index == 0 else states[index - 1]

    def unseen(self, seq: int) -> frozenset[str]:
        """Who players may not see in line `seq`: hidden then, or hidden now."""
        if not self._ever:
            return self._now
        return self._now | {cid for cid in self._ever if self.hidden_at(cid, seq)}
