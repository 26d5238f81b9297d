"""A character's lasting state: taken from an encounter, carried into the next, in words.

`LASTING_FIELDS` (rules.model.party) is the one list; this module moves exactly
those fields between a party character and an encounter's combatant.

The bleed anchor (A14, R13) is a time on one encounter's track, and every
encounter has its own track. A party keeps it *relative to a track at 0*:
`bleed_anchor = -n` means "bleeding since n TU before the track's 0". A
write-back at track time T stores `anchor - T` (how long it has bled when that
track stopped, negated); a new encounter starts at time 0 with that anchor, so
its next tick falls where it would have had the fight gone on (A14: every 10 TU
from the anchor). Between fights no track runs, so no bleeding ticks there
(time passing between fights is rules.party.clock's: issue 15's PassTime).
When a battle starts the engine moves the anchor with the new track's 0, so
bleeding keeps its rhythm (R29, rules.engine.handlers.track.start_combat). R13: BLR 0
clears the anchor, and a party never holds an anchor without a BLR.

Effects (issue 15) hold track times too (`start`, `ends`): they are kept relative
to a track at 0 the same way, so each keeps the TU it had left. Those that end
with this fight (until the end of combat, or until someone else's next
opportunity: that someone is of this fight) do not go to the party.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.model.effects import Effect
from rules.model.party import ANCHORED, FIGHT_FIELDS, LASTING_FIELDS, fight_default
from rules.model.state import Combatant


def outlasting(c: Combatant, now: int) -> list[Effect]:
    """`c`'s effects that outlast the fight, their times moved to a track at 0 (`now`)."""
    kept = []
    for e in c.effects:
        if e.duration.kind == "end" or (e.duration.kind == "next" and e.duration.whose != c.id):
            continue
        ends = None if e.ends is None else e.ends - now
        kept.append(e.model_copy(update={"start": e.start - now, "ends": ends}))
    return kept


def lasting_state(c: Combatant, now: int = 0) -> dict[str, Any]:
    """The lasting fields as JSON, anchors relative to a track at 0 (`now`: the track's time).

    Two characters with equal lasting states carry the same into any next fight.
    """
    data = c.model_dump(mode="json", include=set(LASTING_FIELDS))
    for name in ANCHORED:
        if data[name] is not None:
            data[name] -= now
    data["effects"] = [e.model_dump(mode="json") for e in outlasting(c, now)]
    return data


def for_party(c: Combatant, now: int, sheet: Combatant | None = None) -> Combatant:
    """The party character after a fight: `sheet` (the party's own sheet, else `c`'s) with
    `c`'s lasting state at track time `now`, fight-only fields fresh."""
    base = sheet if sheet is not None else c
    update: dict[str, Any] = {name: copy.deepcopy(getattr(c, name)) for name in LASTING_FIELDS}
    for name in ANCHORED:
        if update[name] is not None:
            update[name] -= now
    update["effects"] = outlasting(c, now)
    update.update({name: fight_default(name) for name in FIGHT_FIELDS})
    return base.model_copy(deep=True, update=update)


def into_encounter(c: Combatant) -> Combatant:
    """A party character joining a new encounter (track at 0): the same sheet and state."""
    return c.model_copy(deep=True)


def changed(before: Combatant | None, after: Combatant | None) -> bool:
    """Whether a character's lasting state (or presence) differs."""
    if before is None or after is None:
        return before is not after
    return lasting_state(before) != lasting_state(after)


def summary(c: Combatant, was: Combatant | None = None) -> str:
    """One line for the GM: "Kans: 7 WP, bleeding 1, right arm broken, combat chance die
    used, LP +2" (`was`: the party's state before, for the luck change)."""
    parts: list[str] = []
    if c.dead:
        parts.append("dead (A16)")
    wp = c.total_wp()
    parts.append(f"{wp} WP" if wp else "no wounds")
    if c.bleed_rate:
        parts.append(f"bleeding {c.bleed_rate}")
    parts.extend(f"{where} {state}" for where, state in c.limbs.items())
    if c.broken_ribs:
        parts.append("broken ribs")
    if c.vital_organ:
        parts.append("vital organ struck")
    if c.exhaustion:
        parts.append(f"exhaustion {c.exhaustion}")
    parts.extend(f"{stat} -{n} drained" for stat, n in c.drains.items() if n)
    for kind in ("combat", "roleplay"):
        state = getattr(c.chance, kind)
        if state != "available":
            parts.append(f"{kind} chance die {state}")
    parts.extend(_gear(c, was))
    luck = f"LP {c.luck:+d}"
    if was is not None and was.luck != c.luck:
        luck += f" (was {was.luck:+d})"
    parts.append(luck)
    return f"{c.name}: {', '.join(parts)}"


def _gear(c: Combatant, was: Combatant | None) -> list[str]:
    """Worn gear (A13/R11) when it changed since `was`; a shield's hits left (R10) when
    it has a count (a battery spent fight after fight, so the GM always sees it)."""
    found: list[str] = []
    if was is not None and was.armour != c.armour:
        rated = was.armour.rating != c.armour.rating  # AR only when it changed (an edit)
        found.append(f"armour {_armour(c, rated)} (was {_armour(was, rated)})")
    hits = None if c.shield is None else c.shield.hits_left
    if hits is not None:
        before = None if was is None or was.shield is None else was.shield.hits_left
        change = f" (was {before})" if was is not None and before != hits else ""
        found.append(f"shield {hits} hit{'s' if hits != 1 else ''} left{change}")
    return found


def _armour(c: Combatant, rated: bool) -> str:
    a = c.armour
    return f"AR {a.rating} H{a.hard} S{a.soft}" if rated else f"H{a.hard} S{a.soft}"
