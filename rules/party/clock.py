"""Pass time for the party between fights (issue 17, with issue 15's PassTime).

The encounter's own `PassTime` runs on a scratch encounter holding the party's
characters (rules.party.between.scratch_encounter), so bleeding (A14, every
`BLEED_INTERVAL` TU from its anchor), effect ticks and ends land exactly as they
would after a fight; no rule is copied here. The engine stops at a decision: a
demise check that comes due (A16) is rolled at once with the caller's dice (the
app's virtual dice, or the faces the GM types: a `DiceExhausted` comes out of
here unchanged so the app can ask for them and call again), then the rest of the
time passes. A reminder has no place in a party: if one fires it is logged and
dismissed. The whole passage is one logged change; the characters come back with
their anchors and effects measured from a track at 0 again (rules.party.lasting).
A long passage of nothing but bleeding runs one steady cycle through the engine and
skips the identical ones after it, up to where a bleeder may meet a demise check (R31,
rules.party.steady): the same answer, tick for tick.
R15: the GM gives the demise goal (a party has no encounter settings); it is set
on the scratch encounter with the encounter's own SetDemiseGoal, so every check
that comes due is written and rolled at it, and the log line names it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from pydantic import ValidationError

from rules.engine.apply import apply
from rules.engine.context import CommandError
from rules.engine.wounding import passage_of
from rules.mechanics.dice import DiceSource
from rules.model.commands import Command, ResolveCheck, SetDemiseGoal
from rules.model.effect_commands import SECONDS_PER_TU, DismissReminder, PassTime, TimeUnit
from rules.model.errors import field_errors
from rules.model.event import Event
from rules.model.party import Party
from rules.model.pending import ReminderData
from rules.model.state import Encounter, Settings
from rules.party.between import moved_by, scratch_encounter
from rules.party.errors import PartyError
from rules.party.history import commit
from rules.party.steady import (
    BLEED_INTERVAL,
    cycles_without_a_check,
    measure,
    quiet,
    skip,
    snapshot,
)

__all__ = ["demise_goal_of", "pass_time", "time_command"]

_ROLLED = ("breakage", "demise")  # the pool checks ResolveCheck rolls (A15, A16)


@dataclass
class _Ran:
    """What the passage logged, and its ticks (the log tallies them: rules.engine.passage)."""

    events: list[Event] = field(default_factory=list)
    bleeds: Counter[str] = field(default_factory=Counter)  # id: bleeding ticks
    hurts: Counter[tuple[str, str]] = field(default_factory=Counter)  # (id, "X deals 1 WP")

    def add(self, other: _Ran) -> None:
        self.events += other.events
        self.bleeds.update(other.bleeds)
        self.hurts.update(other.hurts)


def time_command(amount: int, unit: TimeUnit) -> PassTime:
    """The encounter's PassTime for `amount` `unit`; a PartyError names the bad field."""
    try:
        return PassTime.model_validate({"amount": amount, "unit": unit})
    except ValidationError as err:
        problems = field_errors(err, PassTime)
        raise PartyError(
            "; ".join(f"{where}: {why}" if where else why for where, why in problems.items())
        ) from None


def demise_goal_of(goal: int) -> SetDemiseGoal:
    """R15: the goal of the demise checks (the command's and the setting's limits both
    hold); a PartyError names the field."""
    try:
        Settings(demise_goal=goal)
        return SetDemiseGoal(demise_goal=goal)
    except ValidationError as err:
        raise PartyError(
            "demise goal: " + "; ".join(field_errors(err, Settings).values())
        ) from None


def pass_time(
    party: Party,
    amount: int,
    unit: TimeUnit,
    dice: DiceSource,
    demise_goal: int | None = None,
    *,
    tick_by_tick: bool = False,
) -> Party:
    """`amount` `unit` pass for the whole party: one logged change ("time").

    Demise (A16) and breakage (A15) checks that come due are rolled with `dice`,
    a demise check at `demise_goal` (R15; None: the encounter's default goal); a
    failed demise check writes the character as dead. Pure: `party` is untouched;
    a refusal is a PartyError, and running out of scripted faces raises
    `DiceExhausted` before anything is returned. `tick_by_tick`: never skip steady
    cycles (the reference the skipping is tested against; the answer is the same).
    """
    command = time_command(amount, unit)
    goal = None if demise_goal is None else demise_goal_of(demise_goal)
    if not party.characters:
        raise PartyError(f"{party.name} has no characters: no time to pass for anyone")
    scratch = scratch_encounter(party)
    ran = _Ran()
    events = ran.events
    if goal is not None and goal.demise_goal != scratch.settings.demise_goal:
        _run(scratch, goal, dice)  # its "settings" line has no actor: not in the lines
    left = command.tu
    ticks: Counter[str] = Counter()  # the bleeding ticks of the steady cycles skipped
    tried = tick_by_tick
    while left > 0:
        if not tried and left >= 2 * BLEED_INTERVAL and quiet(scratch):
            tried = True  # once: a cycle that was not steady is not tried again
            before = snapshot(scratch)
            one = _run(scratch, PassTime(amount=BLEED_INTERVAL), dice)
            ran.add(one)
            left -= scratch.time - before[0]  # a check may stop it short (A16, R31)
            _answer_pending(scratch, dice, events)
            cycle = measure(before, scratch, one.events, one.bleeds)
            if cycle is not None:
                skipped = left // BLEED_INTERVAL
                most = cycles_without_a_check(scratch, cycle)  # R31: no check skipped
                skipped = skipped if most is None else min(skipped, most)
                scratch = skip(scratch, cycle, skipped)
                ticks.update({cid: n * skipped for cid, n in cycle.ticks.items()})
                left -= skipped * BLEED_INTERVAL
            continue
        start = scratch.time
        ran.add(_run(scratch, PassTime(amount=left), dice))
        left -= scratch.time - start
        answered = _answer_pending(scratch, dice, events)
        if not answered and scratch.time == start:
            raise PartyError(f"time would not pass beyond track {start}: nothing was changed")
    moved = moved_by(party, scratch)
    unit_words = "" if unit == "TU" else f" ({command.tu} TU, {SECONDS_PER_TU} s a TU)"
    said = unit[:-1] if amount == 1 and unit != "TU" else unit  # "1 hour", "2 hours"
    head = f"Time passes: {amount} {said}{unit_words}"
    if any(e.kind == "check" and "demise check" in e.text for e in events):
        head += f", demise checks at goal {scratch.settings.demise_goal} (R15)"
    lines = _lines(party, scratch, ran, ticks) or ["nothing lasting changed"]
    text = f"{head}: " + "; ".join(lines)
    return commit(party, "time", text, moved, lines=lines)


def _run(scratch: Encounter, command: Command, dice: DiceSource) -> _Ran:
    try:
        applied = apply(scratch, command, dice)
    except CommandError as error:
        raise PartyError(str(error)) from None
    ran = _Ran(list(applied.events))
    passage = passage_of(applied)
    if passage is not None:
        ran.bleeds.update(passage.bleed_ticks)
        ran.hurts.update(passage.effect_ticks)
    return ran


def _answer_pending(scratch: Encounter, dice: DiceSource, events: list[Event]) -> bool:
    """Roll each pending check (A15, A16); a reminder is logged (above) and dismissed."""
    answered = False
    while scratch.pending:
        p = scratch.pending[0]
        if isinstance(p.data, ReminderData):
            events += _run(scratch, DismissReminder(id=p.id), dice).events
        elif p.kind in _ROLLED:
            events += _run(scratch, ResolveCheck(pending=p.id), dice).events
        else:  # out of combat no parry or damage waits: never, but never loop on it
            raise PartyError(f"time stopped at a decision a party cannot answer: {p.text}")
        answered = True
    return answered


def _lines(party: Party, scratch: Encounter, ran: _Ran, skipped: dict[str, int]) -> list[str]:
    """Per character, what happened: bleeding WP, effect ticks, effects ended, checks and
    their results, death; then any reminder that fired (logged, dismissed). `skipped`:
    the bleeding ticks of the steady cycles skipped (not in `ran`)."""
    by_actor: dict[str, list[Event]] = defaultdict(list)
    reminders: list[str] = []
    for e in ran.events:
        if e.kind == "reminder" and e.text.endswith(": seen"):
            continue  # its firing is the line that says it
        if e.actor in scratch.combatants:
            by_actor[e.actor].append(e)
        elif e.kind == "reminder":
            reminders.append(f"{e.text}: dismissed (a party keeps no reminders)")
    lines = []
    for cid, c in scratch.combatants.items():
        bled = c.bleed_wp - party.characters[cid].bleed_wp
        ticks = ran.bleeds[cid] + skipped.get(cid, 0)
        hurt = Counter({text: n for (who, text), n in ran.hurts.items() if who == cid})
        parts = _character_parts(c.name, bled, by_actor.get(cid, []), ticks, hurt)
        if parts:
            lines.append(f"{c.name}: " + ", ".join(parts) + f"; now {c.total_wp()} WP")
    return lines + reminders


def _character_parts(
    name: str, bled: int, events: list[Event], ticks: int, hurt: Counter[str]
) -> list[str]:
    """`ticks` of bleeding, `hurt`: each effect's tick ("On fire deals 1 WP") and how often
    (the log tallies ticks, rules.engine.passage: they are counted, not read from lines)."""
    parts = [f"bled {bled} WP ({ticks} tick{'s' if ticks != 1 else ''}, A14)"] if ticks else []
    for e in events:
        text = e.text.removeprefix(f"{name}: ")
        if e.kind == "check":
            parts.append(f"check {text}")
        elif e.kind in ("effect-end", "death", "condition", "reminder"):
            parts.append(text)
    at = 1 if ticks else 0
    parts[at:at] = [f"{text} ×{n}" if n > 1 else text for text, n in hurt.items()]
    return parts
