"""One passage of time: its running WP totals and its compact log (issue 23).

A day passed over a bleeder is 8,640 ticks, over a 1-TU poison 86,400. Two things
must stay proportionate to what happened, not to the ticks:

- **the work**: each tick needs the combatant's total WP (A9: the Endurance lines,
  A16), and `Combatant.total_wp` walks every wound (a "one wound" tick adds one; any
  other tick adds to its source's running count, `Combatant.tick_wp`). The passage
  sums the wounds once and then only the wounds added since (during a passage
  wounds are only ever appended: no care is given, no wound is healed);
- **the log**: a tick is not a line. Each bleeder's ticks (A14) and each effect's
  ticks are tallied and logged as one line: what changed, over which span, to
  which total ("Kans bled 8,640 WP in 8,640 ticks …"). Any other line (a demise
  check coming due, A16, or R31's later; an effect's end; a reminder; the
  passage's own line) is preceded by the tallies so far (`Context.emit` asks), so
  the log stays in the order things happened. A tally's line carries the time it is
  logged at (the totals are as of then); its words say the span of its ticks.

The totals, tallies and counts are the passage's own: the state changes tick by tick
through the journal as ever, so undo, redo and replay are exact.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.mechanics.wounds import stat_penalty
from rules.model.effects import Effect
from rules.model.state import Combatant, Wound

if TYPE_CHECKING:
    from rules.engine.context import Context

__all__ = ["BLEEDING", "Passage", "Tally", "line"]

BLEEDING = -1  # a tally's key for bleeding; an effect's is its id


@dataclass(slots=True)
class Tally:
    """The ticks of one source on one combatant since the last line about them."""

    what: str  # "" for bleeding, else the effect's name
    first: int
    last: int
    ticks: int = 0
    wp: int = 0


class Passage:
    """The running totals and tallies of one PassTime (see the module's words)."""

    __slots__ = ("known", "tallies", "bleed_ticks", "effect_ticks", "ended")

    def __init__(self) -> None:
        self.known: dict[str, tuple[list[Wound], int, int]] = {}  # id: (wounds, n, their WP)
        self.tallies: dict[tuple[str, int], Tally] = {}
        self.bleed_ticks: Counter[str] = Counter()  # every tick, for callers (rules.party)
        self.effect_ticks: Counter[tuple[str, str]] = Counter()  # (id, "On fire deals 1 WP")
        self.ended = False

    def total(self, c: Combatant) -> int:
        """`c.total_wp()`, summing only the wounds added since the last call."""
        wounds = c.wounds
        known = self.known.get(c.id)
        if self.ended or known is None or known[0] is not wounds or known[1] > len(wounds):
            known = (wounds, 0, 0)
        _, counted, wp = known
        for index in range(counted, len(wounds)):
            wp += wounds[index].wp
        if not self.ended:
            self.known[c.id] = (wounds, len(wounds), wp)
        for ticked in c.tick_wp.values():  # a source each: a handful
            wp += ticked.wp
        return c.bleed_wp + wp

    def end(self) -> None:
        """The passage is over: its totals are forgotten (care may follow), counts kept."""
        self.ended = True
        self.known.clear()

    def bled(self, c: Combatant, time: int) -> None:
        """One bleeding tick of `c` (A14), its WP already taken."""
        self.bleed_ticks[c.id] += 1
        self._count((c.id, BLEEDING), "", time, c.bleed_rate)

    def ticked(self, c: Combatant, e: Effect, wp: int, time: int) -> None:
        """One tick of `e` on `c`, about to deal `wp` WP."""
        self.effect_ticks[(c.id, f"{e.name} deals {wp} WP")] += 1
        self._count((c.id, e.id), e.name, time, wp)

    def _count(self, key: tuple[str, int], what: str, time: int, wp: int) -> None:
        tally = self.tallies.get(key)
        if tally is None:
            tally = self.tallies[key] = Tally(what, time, time)
        tally.last = time
        tally.ticks += 1
        tally.wp += wp

    def flush(self, ctx: Context) -> None:
        """Log each tally as one line (then start them again): before any other line."""
        tallies, self.tallies = self.tallies, {}
        for (cid, _), tally in tallies.items():
            c = ctx.enc.combatants[cid]
            total = self.total(c)
            kind = "bleed" if tally.what == "" else "effect-tick"
            ctx.emit(kind, line(c, tally, total), actor=cid)


def line(c: Combatant, tally: Tally, total: int) -> str:
    """`Kans bled 8,640 WP in 8,640 ticks (track 10 → 86,400, BLR 1, A14) → total 8,646 WP`."""
    ticks = f"{tally.ticks:,} tick{'s' if tally.ticks != 1 else ''}"
    span = f"track {tally.first}" + (f" → {tally.last}" if tally.last != tally.first else "")
    penalty = stat_penalty(total)
    after = f" → total {total:,} WP" + (f", stats -{penalty:,} (A9)" if penalty else "")
    if tally.what == "":
        return f"{c.name} bled {tally.wp:,} WP in {ticks} ({span}, BLR {c.bleed_rate}, A14){after}"
    return f"{c.name}: {tally.what} dealt {tally.wp:,} WP in {ticks} ({span}){after}"
