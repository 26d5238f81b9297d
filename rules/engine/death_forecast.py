"""An exact death forecast for a being that time hurts (an untreated bleeder, a poisoned
one): when its Endurance lines fall, and the chance it is still alive once some time has
passed (A14, A16, R15, R31, issue 15's ticking effects).

Why here: the GM passing an hour over a bleeding body wants to know, before the dice,
how the hour ends. Bleeding and an effect's ticks are certain (A14: every 10 TU from the
anchor, WP = BLR; a tick every N TU from the effect's start), so the only chance in them
is the demise checks they call (A16; R31: each damage at Endurance 0 or below calls one
again). The forecast walks that damage in the track's order (`rules.engine.clock_damage`:
`demise_triggers` for A16 and R31, `called_check_plan` with the effects standing at each
check, R26 keeping the turn's desperation out) and multiplies the exact chance of
surviving each check (`chance_of_success`, row clamped as the engine's).

Out of scope, on purpose: a tick that is one wound (named in the outlook, and its chance
then read "at most": it can only hurt more), effects the GM adds later or that end at an
opportunity, care, and any die the being might declare on a check (Part C). No forecast
for the dead or a being without Endurance. In combat the tick times are the same (from
the anchor and the effects' starts, R29), so the functions work from `enc.time` either
way; only the passage's words (`forecast_text`) assume the clock runs outside combat.
Pure: the encounter is read, never changed.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from rules.engine.clock_damage import BLEEDING, hurts, left_out, settled_checks, sources
from rules.mechanics.chart import clamp_stat
from rules.mechanics.wounds import BLEED_INTERVAL, ENDURANCE, HALF_ENDURANCE, ZERO_ENDURANCE
from rules.model.effect_commands import MAX_PASS_TU, SECONDS_PER_TU
from rules.model.state import Combatant, Encounter
from rules.odds.skill import chance_of_success

__all__ = [
    "Check",
    "Forecast",
    "Outlook",
    "chance_alive",
    "forecast",
    "forecast_text",
    "forecasts",
    "hurting",
    "outlook",
    "passage_lines",
    "percent_text",
    "span_text",
    "standing_words",
]

NO_BREAK = "\u00a0"  # between a figure and its sign or unit
_TINY = -6.0  # log10 of a chance surely below the 0.05 % that rounds to "0.0 %"
_EDGE = 1e-6  # how near a rounding edge (in tenths of a percent) the estimate defers
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
    raises that tick's checks, then the being is dead and bleeds no more (A16). `left_out`:
    the effects whose ticks are one wound, not counted (`chance` is then an upper bound).
    `more`: the checks after the listed ones, each on row 0, counted in `chance`."""

    combatant: str
    checks: tuple[Check, ...]
    factors: tuple[tuple[Fraction, int], ...]  # (a check's chance, how many such checks)
    left_out: tuple[str, ...] = ()
    more: int = 0

    @cached_property
    def chance(self) -> Fraction:
        """The exact product, made only when asked: a day's has ~500,000 digits and takes
        a tenth of a second a being, so the dialogs' words come from `percent`."""
        product = Fraction(1)
        for chance, count in self.factors:  # powers: no running gcd over thousands of terms
            product *= chance**count
        return product

    def percent(self) -> str:
        """`percent_text(self.chance)`, from the factors' logarithms when that rounding is
        certain (the estimate is off by far less than 1e-6 of a tenth of a percent), else
        from the exact product: the same words, without the half-million-digit powers."""
        met = [(chance, count) for chance, count in self.factors if count]
        if any(chance == 0 for chance, _ in met):
            return _percent_words(0, positive=False)
        if all(chance == 1 for chance, _ in met):
            return _percent_words(1000, certain=True)
        log = sum(count * _log10(chance) for chance, count in met)
        if log < _TINY:  # far below the 0.05 % that rounds to 0.0 (and not 0)
            return _percent_words(0)
        tenths = 1000 * 10**log
        if abs(tenths - math.floor(tenths) - 0.5) < _EDGE:
            return percent_text(self.chance)  # near a rounding edge: the exact product
        return _percent_words(round(tenths))


@dataclass(frozen=True)
class Forecast:
    """When an untreated bleeder's Endurance lines fall (A14, A16), as track times.

    `half_at`: the tick that calls the half line's check; None if it fired already or
    not within the horizon. `zero_at`: the tick that leaves effective Endurance at 0 or
    below (already there: the next tick, R31); None if not within the horizon. `until`:
    the track time the forecast looked to. `sources`: what hurts it and is counted
    (bleeding, then each ticking effect by name); `left_out`: the effects whose ticks are
    one wound and fall within the horizon, not counted."""

    combatant: str
    name: str
    sources: tuple[str, ...]
    half_at: int | None
    zero_at: int | None
    until: int
    left_out: tuple[str, ...] = ()

    def passage(self, enc: Encounter, tu: int, goal: int | None = None) -> Outlook:
        """The checks and the chance alive if `tu` TU pass from now (`outlook`)."""
        return outlook(enc, self.combatant, tu, goal)


def hurting(enc: Encounter, cid: str) -> Combatant | None:
    """The combatant if time hurts it (alive, with Endurance, bleeding untreated or under a
    ticking effect), else None: only such a being has a forecast."""
    c = enc.combatants.get(cid)
    if c is None or c.dead or ENDURANCE not in c.stats:
        return None
    return c if sources(c) or any(e.tick is not None for e in c.effects) else None


def forecast(enc: Encounter, cid: str, horizon: int) -> Forecast | None:
    """The lines' tick times within `horizon` TU from now; None when time hurts it not."""
    c = hurting(enc, cid)
    if c is None:
        return None
    until = enc.time + max(horizon, 0)
    half_at: int | None = None
    zero_at: int | None = None
    for tick in hurts(c, enc.time, until):
        if HALF_ENDURANCE in tick.triggers and half_at is None:
            half_at = tick.time
        if ZERO_ENDURANCE in tick.triggers and zero_at is None:
            zero_at = tick.time
        if zero_at is not None and (half_at is not None or c.half_endurance_checked):
            break  # both known (a half line still open at 0 falls at the next lower row)
    left = left_out(c, enc.time, until)
    return Forecast(c.id, c.name, sources(c), half_at, zero_at, until, left)


def forecasts(enc: Encounter, horizon: int) -> list[Forecast]:
    """`forecast` for every being time hurts, in the roster's order (the others skipped)."""
    found = (forecast(enc, cid, horizon) for cid in enc.combatants)
    return [f for f in found if f is not None]


@lru_cache(maxsize=1024)
def _survives(row: int, dice: int, goal: int, modifier: int) -> Fraction:
    """One demise check's chance of survival, cached: a day at 0 is thousands of the same."""
    return chance_of_success(row, dice, goal, modifier)


def outlook(
    enc: Encounter, cid: str, tu: int, goal: int | None = None, *, every_check: bool = False
) -> Outlook:
    """The demise checks the damage time deals `cid` calls while `tu` TU pass, and the
    exact chance it survives them all (the product of each check's chance, A16).

    Each check: dice = base Endurance, row = effective Endurance after the damage
    (clamped, R1; row 0 still scores, R15), modifier = `called_check_plan` with the
    effects standing then (R26: not the turn's desperation), goal = `goal` or the
    encounter's (R15). Nothing hurts it: no check, chance 1 (a dead one: chance 0).
    Once it is settled at 0 (`clock_damage.settled_checks`) the rest are counted, not
    listed (`more` of them), so a day of 1-TU poison costs no walk of its 86,400 ticks;
    `every_check` walks and lists them all (the reference the tests hold it to)."""
    c = enc.combatants.get(cid)
    if c is None:
        raise ValueError(f"no combatant {cid!r}")
    if hurting(enc, cid) is None:
        return Outlook(cid, (), ((Fraction(0 if c.dead else 1), 1),))
    dice = c.stats[ENDURANCE]
    aim = enc.settings.demise_goal if goal is None else goal
    until = enc.time + max(tu, 0)
    checks: list[Check] = []
    counts: Counter[Fraction] = Counter()
    more = 0
    for tick in hurts(c, enc.time, until):
        chance = _survives(clamp_stat(tick.endurance), dice, aim, tick.modifier)
        for trigger in tick.triggers:
            checks.append(Check(tick.time, trigger, tick.endurance, chance))
            counts[chance] += 1
        if tick.triggers and chance == 0:
            break
        if tick.settled and not every_check:
            for modifier, count, at_first in settled_checks(c, tick.time, until):
                chance = _survives(0, dice, aim, modifier)
                met = at_first if chance == 0 else count  # the first fatal time is its last
                counts[chance] += met
                more += met
                if chance == 0:
                    break
            break
    factors = tuple(counts.items())
    return Outlook(cid, tuple(checks), factors, left_out(c, enc.time, until), more)


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
        return _percent_words(1000, certain=True)
    return _percent_words(round(chance * 1000), positive=chance > 0)


def _percent_words(tenths: int, *, certain: bool = False, positive: bool = True) -> str:
    """`percent_text`'s words for a chance rounded to `tenths` of a percent (not 1 unless
    `certain`; not 0 when `positive`)."""
    if certain:
        text = "100 %"
    elif tenths == 0 and positive:
        text = "< 0.1 %"
    elif tenths >= 1000:
        text = "> 99.9 %"
    else:
        text = f"{tenths // 10}.{tenths % 10} %"
    return text.replace(" ", NO_BREAK)


def _log10(chance: Fraction) -> float:
    """log10 of a positive Fraction whose terms may have thousands of digits."""
    return math.log10(chance.numerator) - math.log10(chance.denominator)


def _cadence(f: Forecast) -> str:
    """How often a being at 0 meets a check (R31): at each damage time deals it."""
    if f.sources == (BLEEDING,):
        return f"each {BLEED_INTERVAL} TU"
    return "at each tick of " + " and ".join(f.sources)


def forecast_text(f: Forecast, now: int, tu: int | None, chance: str | None) -> str:
    """`Ulric: half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU — alive
    after 200 TU: 7.4 %` (times relative to `now`; `chance` in `percent_text`'s words,
    said only when both are given).
    One-wound ticks are named as not counted, the chance then "at most"; a being only
    they hurt has no forecast to give, and its line says so."""
    left = " and ".join(f.left_out)
    if not f.sources:
        return f"{f.name}: not forecast — each tick of {left} is a wound (R12, A15, A16)"
    parts: list[str] = []
    if f.half_at is not None:
        parts.append(f"half Endurance at +{f.half_at - now} TU")
    if f.zero_at is not None:
        parts.append(f"0 at +{f.zero_at - now} TU, then a check {_cadence(f)}")
    if not parts:
        parts.append(f"no demise check within {span_text(f.until - now)}")
    text = f"{f.name}: {', '.join(parts)}"
    if tu is not None and chance is not None:
        bound = "at most " if left else ""
        text += f" — alive after {span_text(tu)}: {bound}{chance}"
    if left:
        text += f" ({left} not counted: each tick is a wound)"
    return text


def passage_lines(enc: Encounter, tu: int, goal: int | None = None) -> list[str]:
    """The forecast of each being time hurts for a passage of `tu` TU at demise goal
    `goal` (None: the encounter's, R15), in words: what both pass-time dialogs show before
    the GM confirms, so a bleeder can be staunched first."""
    lines = []
    for f in forecasts(enc, tu):
        ahead = f.passage(enc, tu, goal)
        lines.append(forecast_text(f, enc.time, tu, ahead.percent()))
    return lines


def standing_words(enc: Encounter, cid: str, horizon: int = MAX_PASS_TU) -> str | None:
    """What the detail pane and the party screen say of a being time hurts, without its
    name: `half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU` (None: time
    hurts it not), looking a day ahead (the longest passage). Staunching (R13) clears it."""
    found = forecast(enc, cid, horizon)
    if found is None:
        return None
    return forecast_text(found, enc.time, None, None).removeprefix(f"{found.name}: ")
