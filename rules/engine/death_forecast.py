"""An exact death forecast for an untreated bleeder: when its Endurance lines fall, and the
chance it is still alive once some time has passed (A14, A16, R15, R31).

Why here: the GM passing an hour over a bleeding body wants to know, before the dice,
how the hour ends. Bleeding is certain (A14: every 10 TU from the anchor, WP = BLR), so
the only chance in it is the demise checks it calls (A16; R31: each tick at Endurance 0
or below calls one again). The forecast walks those ticks with the engine's own pieces
(`Combatant.effective` for A9, `demise_triggers` for A16 and R31, `called_check_plan`
for the check's modifiers, R26 keeping the turn's desperation out) and multiplies the
exact chance of surviving each check (`chance_of_success`, row clamped as the engine's).

Out of scope, on purpose: an effect's ticks (their WP and checks), effects that start or
end during the passage (the modifiers are those standing now), care, and any die the being
might declare on a check (Part C). No forecast for the dead, the staunched (BLR 0), a
being without Endurance or without an anchor. In combat the tick times are the same
(`next_bleed_tick` from the anchor, R29), so the functions work from `enc.time` either
way; only the passage's words (`forecast_text`) assume the clock runs outside combat.
Pure: the encounter is read, never changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rules.engine.roll_plan import called_check_plan
from rules.mechanics.chart import clamp_stat
from rules.mechanics.wounds import (
    BLEED_INTERVAL,
    HALF_ENDURANCE,
    ZERO_ENDURANCE,
    demise_triggers,
    next_bleed_tick,
)
from rules.model.effect_commands import MAX_PASS_TU, SECONDS_PER_TU
from rules.model.state import Combatant, Encounter
from rules.odds.skill import chance_of_success

__all__ = [
    "Check",
    "Forecast",
    "Outlook",
    "bleeder",
    "chance_alive",
    "forecast",
    "forecast_text",
    "forecasts",
    "outlook",
    "passage_lines",
    "percent_text",
    "span_text",
    "standing_words",
]

ENDURANCE = "Endurance"
NO_BREAK = "\u00a0"  # between a figure and its sign or unit
_SECONDS_PER_MINUTE = 60
_SECONDS_PER_HOUR = 3600


@dataclass(frozen=True)
class Check:
    """One demise check a bleeding tick calls (A16): when, why, on which row, its odds.

    `endurance` is the effective Endurance unclamped (as the engine's decision shows it);
    `chance` is the chance of surviving this one check (the chart row clamped, R1, R15)."""

    time: int
    trigger: str
    endurance: int
    chance: Fraction


@dataclass(frozen=True)
class Outlook:
    """The checks a passage calls on one bleeder, in order, and the chance it lives through
    them all. The list stops with the tick of the first check it cannot survive: the engine
    raises that tick's checks, then the being is dead and bleeds no more (A16)."""

    combatant: str
    checks: tuple[Check, ...]
    chance: Fraction = field(repr=False)  # a day's has tens of thousands of digits


@dataclass(frozen=True)
class Forecast:
    """When an untreated bleeder's Endurance lines fall (A14, A16), as track times.

    `half_at`: the tick that calls the half line's check; None if it fired already or
    not within the horizon. `zero_at`: the tick that leaves effective Endurance at 0 or
    below (already there: the next tick, R31); None if not within the horizon. `until`:
    the track time the forecast looked to."""

    combatant: str
    name: str
    bleed_rate: int
    half_at: int | None
    zero_at: int | None
    until: int

    def passage(self, enc: Encounter, tu: int, goal: int | None = None) -> Outlook:
        """The checks and the chance alive if `tu` TU pass from now (`outlook`)."""
        return outlook(enc, self.combatant, tu, goal)


@dataclass(frozen=True)
class _Tick:
    time: int
    endurance: int  # effective after the tick's WP (A9, unclamped)
    triggers: tuple[str, ...]


def bleeder(enc: Encounter, cid: str) -> Combatant | None:
    """The combatant if it is an untreated bleeder (alive, BLR > 0, anchored, with
    Endurance), else None: only such a being has a forecast."""
    c = enc.combatants.get(cid)
    if c is None or c.dead or c.bleed_rate <= 0 or c.bleed_anchor is None:
        return None
    return c if ENDURANCE in c.stats else None


def _ticks(c: Combatant, now: int, until: int) -> Iterator[_Tick]:
    """A14: each bleeding tick after `now` up to `until` (inclusive, as the clock lands
    on its target), with the checks it calls (A16, R31) and the flags kept as
    `check_demise` keeps them."""
    anchor = c.bleed_anchor
    assert anchor is not None  # `bleeder` let it through
    base, rate = c.stats[ENDURANCE], c.bleed_rate
    half, zero = c.half_endurance_checked, c.zero_endurance_checked
    total = c.total_wp()
    before = c.effective(ENDURANCE, total)
    time = next_bleed_tick(anchor, now)
    while time <= until:
        total += rate
        after = c.effective(ENDURANCE, total)
        triggers = demise_triggers(None, base, before, after, half, zero, damage=True)
        half = half or HALF_ENDURANCE in triggers
        zero = zero or ZERO_ENDURANCE in triggers
        yield _Tick(time, after, tuple(triggers))
        before = after
        time += BLEED_INTERVAL


def forecast(enc: Encounter, cid: str, horizon: int) -> Forecast | None:
    """The lines' tick times within `horizon` TU from now; None for no untreated bleeder."""
    c = bleeder(enc, cid)
    if c is None:
        return None
    until = enc.time + max(horizon, 0)
    half_at: int | None = None
    zero_at: int | None = None
    for tick in _ticks(c, enc.time, until):
        if HALF_ENDURANCE in tick.triggers and half_at is None:
            half_at = tick.time
        if ZERO_ENDURANCE in tick.triggers and zero_at is None:
            zero_at = tick.time
        if zero_at is not None and (half_at is not None or c.half_endurance_checked):
            break  # both known (a half line still open at 0 falls at the next lower row)
    return Forecast(c.id, c.name, c.bleed_rate, half_at, zero_at, until)


def forecasts(enc: Encounter, horizon: int) -> list[Forecast]:
    """`forecast` for every untreated bleeder, in the roster's order (the others skipped)."""
    found = (forecast(enc, cid, horizon) for cid in enc.combatants)
    return [f for f in found if f is not None]


@lru_cache(maxsize=1024)
def _survives(row: int, dice: int, goal: int, modifier: int) -> Fraction:
    """One demise check's chance of survival, cached: a day at 0 is thousands of the same."""
    return chance_of_success(row, dice, goal, modifier)


def outlook(enc: Encounter, cid: str, tu: int, goal: int | None = None) -> Outlook:
    """The demise checks `cid`'s bleeding calls while `tu` TU pass, and the exact chance
    it survives them all (the product of each check's chance, A16).

    Each check: dice = base Endurance, row = effective Endurance after the tick (clamped,
    R1; row 0 still scores, R15), modifier = `called_check_plan` (its Endurance effects;
    R26: not the turn's desperation), goal = `goal` or the encounter's (R15). No untreated
    bleeder: no check, chance 1 (a dead one: chance 0)."""
    c = enc.combatants.get(cid)
    if c is None:
        raise ValueError(f"no combatant {cid!r}")
    if bleeder(enc, cid) is None:
        return Outlook(cid, (), Fraction(0 if c.dead else 1))
    dice = c.stats[ENDURANCE]
    aim = enc.settings.demise_goal if goal is None else goal
    modifier = called_check_plan(c).total
    checks: list[Check] = []
    counts: Counter[Fraction] = Counter()
    for tick in _ticks(c, enc.time, enc.time + max(tu, 0)):
        chance = _survives(clamp_stat(tick.endurance), dice, aim, modifier)
        for trigger in tick.triggers:
            checks.append(Check(tick.time, trigger, tick.endurance, chance))
            counts[chance] += 1
        if tick.triggers and chance == 0:
            break
    # Powers of the few distinct chances: a running product of thousands of Fractions
    # would reduce a growing numerator by its gcd at every step.
    product = Fraction(1)
    for chance, count in counts.items():
        product *= chance**count
    return Outlook(cid, tuple(checks), product)


def chance_alive(enc: Encounter, cid: str, tu: int, goal: int | None = None) -> Fraction:
    """The exact chance `cid` is still alive after `tu` TU pass (`outlook`'s product)."""
    return outlook(enc, cid, tu, goal).chance


def span_text(tu: int) -> str:
    """`1 hour`, `2 hours`, `30 minutes`, else `90 TU` (R30: 1 TU = 1 second)."""
    seconds = tu * SECONDS_PER_TU
    for size, word in ((_SECONDS_PER_HOUR, "hour"), (_SECONDS_PER_MINUTE, "minute")):
        if seconds > 0 and seconds % size == 0:
            count = seconds // size
            return f"{count} {word}" if count == 1 else f"{count} {word}s"
    return f"{tu} TU"


def percent_text(chance: Fraction) -> str:
    """One decimal, rounded exactly; `100 %` only when certain, `< 0.1 %` / `> 99.9 %`
    when the rounding would hide that it is not 0 or not certain. The spaces are
    no-break spaces: a dialog's line never breaks a figure from its sign or its `%`."""
    if chance >= 1:
        text = "100 %"
    else:
        tenths = round(chance * 1000)
        if tenths == 0 and chance > 0:
            text = "< 0.1 %"
        elif tenths >= 1000:
            text = "> 99.9 %"
        else:
            text = f"{tenths // 10}.{tenths % 10} %"
    return text.replace(" ", NO_BREAK)


def forecast_text(f: Forecast, now: int, tu: int | None, chance: Fraction | None) -> str:
    """`Ulric: half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU — alive
    after 200 TU: 7.4 %` (times relative to `now`; the chance only when both are given)."""
    parts: list[str] = []
    if f.half_at is not None:
        parts.append(f"half Endurance at +{f.half_at - now} TU")
    if f.zero_at is not None:
        parts.append(f"0 at +{f.zero_at - now} TU, then a check each {BLEED_INTERVAL} TU")
    if not parts:
        parts.append(f"no demise check within {span_text(f.until - now)}")
    text = f"{f.name}: {', '.join(parts)}"
    if tu is not None and chance is not None:
        text += f" — alive after {span_text(tu)}: {percent_text(chance)}"
    return text


def passage_lines(enc: Encounter, tu: int, goal: int | None = None) -> list[str]:
    """Each untreated bleeder's forecast for a passage of `tu` TU at demise goal `goal`
    (None: the encounter's, R15), in words: what both pass-time dialogs show before the
    GM confirms, so a bleeder can be staunched first."""
    return [
        forecast_text(f, enc.time, tu, f.passage(enc, tu, goal).chance) for f in forecasts(enc, tu)
    ]


def standing_words(enc: Encounter, cid: str, horizon: int = MAX_PASS_TU) -> str | None:
    """What the detail pane and the party screen say of an untreated bleeder, without its
    name: `half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU` (None: no
    untreated bleeder), looking a day ahead (the longest passage). Staunching (R13) clears it."""
    found = forecast(enc, cid, horizon)
    if found is None:
        return None
    return forecast_text(found, enc.time, None, None).removeprefix(f"{found.name}: ")
