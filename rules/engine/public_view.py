"""What the players may see of an encounter: a frozen `PublicView` the players' screen draws.

The party (PC and ally sides) shows whole: WP, bleeding, stat penalty, chance
dice, luck pool, conditions. A foe (any other side) shows what a player would
know: its name once the GM reveals it (`reveal` "name"; "Unknown A" before), its
wound level in words, and its figures only once the GM reveals its numbers
(`reveal` "numbers": WP, bleeding, stat penalty, conditions; never stats, armour,
shields, luck or chance dice). A hidden combatant is absent from everything.
The track shows foes at their ticks, or (setting `foe_ticks` "acting") only
while they act. No time that is only a hidden combatant's shows: while only the hidden
act, the view's time stays the last one the players saw something at, and no countdown
runs to the next opportunity of a hidden combatant (or of a foe whose ticks show only as
it acts). A foe out of the fight (fled, surrendered) is "out of the fight", not "down",
and its bleeding leaves the players' track. The log's redaction is
`rules.engine.public_log`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.engine.effects_ahead import active_effects
from rules.engine.public_log import PublicLine, is_party, labels, public_log
from rules.engine.track_index import tied, upcoming
from rules.engine.wounding import endurance_now
from rules.mechanics.wounds import ENDURANCE
from rules.model.effects import Effect
from rules.model.state import Combatant, Encounter

__all__ = ["FoeFigure", "PartyFigure", "PublicView", "TrackMark", "public_view", "wound_level"]

Level = Literal["unhurt", "bruised", "bleeding", "badly hurt", "out of the fight", "down"]
TRACK_MARKS = 12  # the next opportunities shown: enough for a table, few enough for a phone


@dataclass(frozen=True)
class TrackMark:
    """One place on the players' track: when, who, and whether it acts now."""

    time: int
    who: str
    kind: Literal["act", "bleed"]
    party: bool
    now: bool = False


@dataclass(frozen=True)
class PartyFigure:
    """A party member's (or a foe's revealed) figures, as the GM's screen has them."""

    name: str
    side: str
    level: Level
    wp: int
    bleeding: int  # BLR (A14)
    stat_penalty: int  # A9
    conditions: tuple[str, ...]
    chance: str = ""  # C1: "combat available, roleplay used"; "" for a foe
    luck: int | None = None  # C2/R17: the pool; None for a foe
    # A9/A16: effective Endurance (unclamped) and its base, the party's own: how far from
    # the line where demise checks begin (0, R31); None for a foe (stats are never shown)
    endurance: tuple[int, int] | None = None


@dataclass(frozen=True)
class FoeFigure:
    """A foe as players know it: a name or "Unknown A", a level word, no numbers."""

    name: str
    level: Level
    figures: PartyFigure | None = None  # only once the GM reveals its numbers


@dataclass(frozen=True)
class PublicView:
    """Everything the players' screen shows, computed from the encounter alone."""

    name: str
    in_combat: bool
    time: int
    outcome: str | None
    now: tuple[str, ...]
    track: tuple[TrackMark, ...]
    party: tuple[PartyFigure, ...]
    foes: tuple[FoeFigure, ...]
    log: tuple[PublicLine, ...]

    @property
    def next(self) -> TrackMark | None:
        """The first opportunity after those acting now."""
        return next((m for m in self.track if not m.now and m.kind == "act"), None)

    def text(self) -> str:
        """The whole view as plain text (what a test checks for leaks)."""
        lines = [self.name, f"time {self.time}", *self.now]
        lines += [f"{m.time} {m.who} {m.kind}" for m in self.track]
        for p in self.party:
            lines.append(f"{p.name} {p.level} {p.wp} {p.bleeding} {p.stat_penalty} {p.chance}")
            lines += [*p.conditions, str(p.luck)]
        for f in self.foes:
            lines.append(f"{f.name} {f.level}")
            if f.figures is not None:
                lines += [f"{f.figures.wp} {f.figures.bleeding}", *f.figures.conditions]
        lines += [f"{line.time} {line.text} {line.faces}" for line in self.log]
        return "\n".join(lines)


def wound_level(c: Combatant) -> Level:
    """The words a player would use: down (dead), out of the fight (fled, surrendered, the
    GM's word), badly hurt (effective Endurance at half its base or less, A16.2, or a limb
    broken or worse, A15), bleeding (BLR above 0, A14), bruised (any WP, A9), else unhurt."""
    if c.dead:
        return "down"
    if c.out_of_fight:
        return "out of the fight"
    endurance = endurance_now(c)
    if endurance is not None and endurance * 2 <= c.stats[ENDURANCE] and c.total_wp():
        return "badly hurt"
    if c.limbs or c.vital_organ:
        return "badly hurt"
    if c.bleed_rate > 0:
        return "bleeding"
    return "bruised" if c.total_wp() else "unhurt"


def _conditions(enc: Encounter, c: Combatant, lag: int) -> tuple[str, ...]:
    """The conditions players may see, each countdown from the time the view shows, `lag`
    TU before the track's: counted from the track's, "15 TU left" of a 20-TU effect begun
    at the shown 0 told them the time was 5, a hidden one's."""
    found = [f"{where} {state}" for where, state in c.limbs.items()]  # A15
    if c.broken_ribs:
        found.append("broken ribs")
    if c.vital_organ:
        found.append("vital organ struck")
    if c.exhaustion:
        found.append(f"exhaustion {c.exhaustion}")  # A5
    if c.awareness == "surprised":
        found.append("surprised")
    if c.dead:
        found.append("dead")
    elif c.out_of_fight:
        found.append("out of the fight")
    secret = {e.id for e in c.effects if _secret_end(enc, c, e)}
    for active in active_effects(enc, c):  # the GM's effects (issue 15), with the time left
        if active.effect_id is not None:
            left = None if active.effect_id in secret else active.left
            found.append(active.name + ("" if left is None else f" ({left + lag} TU left)"))
    return tuple(found)


def _secret_end(enc: Encounter, bearer: Combatant, e: Effect) -> bool:
    """Does `e` end at the next opportunity of one whose time players may not know (hidden,
    or a foe whose ticks show only as it acts)? Its countdown would tell that time."""
    if e.duration.kind != "next":
        return False
    whose = enc.combatants.get(e.duration.whose or bearer.id)
    if whose is None:
        return False
    return whose.hidden or (not is_party(whose) and enc.settings.foe_ticks != "always")


def _figures(enc: Encounter, c: Combatant, name: str, lag: int) -> PartyFigure:
    party = is_party(c)
    chance = f"combat {c.chance.combat}, roleplay {c.chance.roleplay}" if party else ""
    return PartyFigure(
        name=name,
        side=c.side,
        level=wound_level(c),
        wp=c.total_wp(),
        bleeding=c.bleed_rate,
        stat_penalty=c.stat_penalty(),
        conditions=_conditions(enc, c, lag),
        chance=chance,
        luck=c.luck if party else None,
        endurance=_endurance(c) if party else None,
    )


def _endurance(c: Combatant) -> tuple[int, int] | None:
    now = endurance_now(c)
    return None if now is None else (now, c.stats[ENDURANCE])


def _track(enc: Encounter, label: dict[str, str], tied_now: list[str]) -> tuple[TrackMark, ...]:
    if not enc.in_combat:
        return ()
    now = set(tied_now)
    foes_always = enc.settings.foe_ticks == "always"
    marks: list[TrackMark] = []
    for time, kind, cid in upcoming(enc, limit=4 * TRACK_MARKS):
        c = enc.combatants[cid]
        if c.hidden or (c.out_of_fight and not is_party(c)):
            continue  # a fled foe's bleeding is no longer the players' business
        acting = kind == "act" and cid in now and time == enc.time
        if not is_party(c) and not foes_always and not acting:
            continue
        marks.append(TrackMark(time, label[cid], kind, is_party(c), acting))  # type: ignore[arg-type]
        if len(marks) >= TRACK_MARKS:
            break
    return tuple(marks)


def shown_time(enc: Encounter, log: tuple[PublicLine, ...]) -> int:
    """The track's time while no one the players see acts now: the last time they saw
    anything at. The track stops for the hidden's turns, but also for a hidden one's
    bleeding or effect tick and for the GM's reminders, with no one acting: its time
    then was only theirs, or the GM's. (A clock's time, out of combat, is no track's.)"""
    seen = (line.time for line in reversed(log) if line.time is not None)
    return next((t for t in seen if t <= enc.time), 0)


def public_view(enc: Encounter) -> PublicView:
    """What players may see of `enc` now (pure: reads the encounter, changes nothing)."""
    label = labels(enc)
    shown = [c for c in enc.combatants.values() if not c.hidden]
    acting = tied(enc) if enc.in_combat else []
    now = tuple(label[cid] for cid in acting if cid in label)
    log = public_log(enc)
    time = shown_time(enc, log) if enc.in_combat and not now else enc.time
    party = tuple(_figures(enc, c, c.name, enc.time - time) for c in shown if is_party(c))
    foes = tuple(
        FoeFigure(
            label[c.id],
            wound_level(c),
            _figures(enc, c, label[c.id], enc.time - time) if c.reveal == "numbers" else None,
        )
        for c in shown
        if not is_party(c)
    )
    return PublicView(
        name=enc.name,
        in_combat=enc.in_combat,
        time=time,
        outcome=enc.outcome,
        now=now,
        track=_track(enc, label, acting),
        party=party,
        foes=foes,
        log=log,
    )
