"""What a wound does to a combatant on the track: bleeding, breakage, demise (A9, A14-A16).

Care (heal, staunch, treat, rest) is in `rules.engine.handlers.care`.

`inflict_wound` is the one way WP from a blow enter the encounter (attacks
via ConfirmDamage, and the GM's ApplyWound: both follow the same
consequences). `bleed_tick` is called by the track when a bleeding tick comes
due. Breakage and demise checks are never rolled on the spot: they become
pending decisions (the GM sees the prefilled goal, may change it, R15) and
`ResolveCheck` rolls them (`rules.engine.handlers.pool_checks`, above the Part C dice it
may declare). The pure rules live in `rules.mechanics.wounds`.
"""

from __future__ import annotations

from rules.engine import track_index
from rules.engine.context import Context, handles
from rules.engine.passage import Passage
from rules.mechanics.chart import LEVELS
from rules.mechanics.wounds import (
    BROKEN_RIBS,
    ENDURANCE,
    HALF_ENDURANCE,
    MASSIVE_WOUND,
    ZERO_ENDURANCE,
    Location,
    breakage_goal,
    demise_triggers,
    highest_open_line,
    needs_breakage_roll,
    next_bleed_tick,
    starts_bleeding,
    vital_organ_struck,
)
from rules.model.commands import ApplyWound, SetDemiseGoal
from rules.model.pending import BreakageData, DemiseData, Pending
from rules.model.state import Combatant, TickWP, Wound

__all__ = [
    "inflict_wound",
    "tick_damage",
    "bleed_tick",
    "check_demise",
    "damage_calls_no_check",
    "wp_before_a_check",
    "endurance_now",
    "refresh_demise_texts",
    "level_for",
    "LIMB_SEVERITY",
    "break_by",
]

# A15: a limb only ever gets worse from a new failed roll (broken < shattered < severed).
LIMB_SEVERITY: dict[str, int] = {"broken": 1, "shattered": 2, "severed": 3}
_TRIGGER_TEXT = {
    MASSIVE_WOUND: "5+ WP from one wound",
    HALF_ENDURANCE: "Endurance at half or less",
    ZERO_ENDURANCE: "Endurance at 0",
}


def level_for(wound_points: int) -> str:
    """A2: the damage name of a number of WP (above 6 still an Eviscerate)."""
    if wound_points < 1:
        raise ValueError(f"wound_points must be 1 or more, got {wound_points}")
    name = LEVELS[0][3]
    for _threshold, _level, _word, damage, wp in LEVELS:
        if wound_points >= wp:
            name = damage
    return name


def endurance_now(c: Combatant, total_wp: int | None = None) -> int | None:
    """A9: effective Endurance, or None without the stat: pass it to `check_demise` as
    the Endurance from before any change that may lower it (A16)."""
    return c.effective(ENDURANCE, total_wp) if ENDURANCE in c.stats else None


def passage_of(ctx: Context) -> Passage | None:
    """The passage of time under way (PassTime), whose totals and tallies a tick uses."""
    passage = getattr(ctx, "passage", None)
    return passage if isinstance(passage, Passage) else None


def _endurance(ctx: Context, c: Combatant) -> int | None:
    """`endurance_now`, from the passage's running total while time passes (issue 23)."""
    passage = passage_of(ctx)
    return endurance_now(c, None if passage is None else passage.total(c))


def article(word: str) -> str:
    """`an Eviscerate`, `a Wound` (A2's level names)."""
    return "an" if word[:1].upper() in "AEIOU" else "a"


def _where(location: str) -> str:
    return "" if location == "unspecified" else f" to the {location}"


def inflict_wound(
    ctx: Context,
    c: Combatant,
    wound_points: int,
    location: Location,
    level: str,
    source: str,
    from_attack: bool = True,
    logged: bool = True,
) -> None:
    """Record one wound (A11 step 6) and call its consequences (A14-A16).

    `from_attack=True`: a blow (an attack or the GM's ApplyWound): R12 bleeding
    at 3+ WP, A15 breakage at 4+ WP to a limb or the chest (and a vital organ
    for a chest Eviscerate), A16 massive wound at 5+ WP, and the Endurance lines.
    `from_attack=False`: WP that are not one wound (e.g. the strain of using a
    broken limb, A15): only the Endurance lines are checked, as for bleeding (A14).
    A dead combatant's wound is recorded with no consequence. `logged=False`: its line
    is a passage's tally's (an effect's tick while time passes, issue 23).
    """
    if wound_points < 1:
        raise ValueError(f"wound_points must be 1 or more, got {wound_points}")
    j = ctx.j
    before = _endurance(ctx, c)
    bleeds = from_attack and not c.dead and starts_bleeding(wound_points)
    wound = Wound(
        location=location,
        level=level,
        wp=wound_points,
        time=ctx.now(),
        source=source,
        bleeding=bleeds,
    )
    j.append(c.wounds, wound)
    if logged:
        origin = f" from {source}" if source else ""
        penalty = f", stats -{c.stat_penalty()} (A9)" if c.stat_penalty() else ""
        ctx.emit(
            "wound",
            f"{c.name} takes {article(level)} {level} ({wound_points} WP){_where(location)}"
            f"{origin} → total {c.total_wp()} WP{penalty}",
            actor=c.id,
        )
    if c.dead:
        return
    if bleeds:
        _start_bleeding(ctx, c)
    if from_attack and needs_breakage_roll(location, wound_points):
        goal = breakage_goal(wound_points)
        text = f"Breakage roll for {c.name} ({location}, {wound_points} WP): goal {goal} (A15)"
        ctx.new_pending(c.id, text, BreakageData(location=location, wp=wound_points), goal=goal)
        ctx.emit("pending", f"{text}: to roll", actor=c.id)
    if from_attack and vital_organ_struck(location, wound_points):
        j.set(c, "vital_organ", True)
        ctx.emit("condition", f"{c.name}: a vital organ is struck (A15)", actor=c.id)
    check_demise(ctx, c, before, wound_points if from_attack else None, damage=True)


def tick_damage(ctx: Context, c: Combatant, wp: int, source: str, logged: bool = True) -> None:
    """An effect's tick that is not one wound (`Tick.one_wound` False): its WP go to the
    source's running count (`Combatant.tick_wp`, issue 23), as bleeding's go to `bleed_wp`
    (A14): no R12 bleeding, no A15 breakage, no massive wound; only the Endurance lines
    (A16, R31). A dead combatant's tick is counted with no consequence. `logged=False`:
    its line is a passage's tally's."""
    before = None if c.dead else _endurance(ctx, c)
    ticked = c.tick_wp.get(source)
    if ticked is None:
        ctx.j.setitem(c.tick_wp, source, TickWP.model_construct(wp=wp, ticks=1))
    else:
        d = ticked.__dict__
        ctx.j.put(d, "wp", d["wp"] + wp)
        ctx.j.put(d, "ticks", d["ticks"] + 1)
    if logged:
        penalty = f", stats -{c.stat_penalty()} (A9)" if c.stat_penalty() else ""
        total = f"total {c.total_wp()} WP{penalty}"
        ctx.emit("effect-tick", f"{c.name}: {source} deals {wp} WP → {total}", actor=c.id)
    if before is not None:
        check_demise(ctx, c, before, None, damage=True)


def _start_bleeding(ctx: Context, c: Combatant) -> None:
    """R12: BLR + 1; A14: the anchor is kept if already bleeding, else it is now."""
    enc, j = ctx.enc, ctx.j
    j.add(c, "bleed_rate", 1)
    anchor = c.bleed_anchor
    if anchor is None:
        # Out of combat the clock runs on (PassTime); StartCombat moves the anchor with the
        # new track's 0, the rhythm kept (R29).
        anchor = enc.time
        j.set(c, "bleed_anchor", anchor)
    track_index.schedule_bleeding(enc, c)
    when = ""
    if enc.in_combat:
        tick = next_bleed_tick(anchor, enc.time)
        when = f", from {anchor}, next at {tick}"
    ctx.emit("bleeding", f"{c.name} bleeds: BLR {c.bleed_rate}{when} (R12)", actor=c.id)


def check_demise(
    ctx: Context,
    c: Combatant,
    endurance_before: int | None,
    massive_wp: int | None = None,
    *,
    damage: bool,
) -> list[Pending]:
    """A16: one pending demise check per trigger (R15: goal = the encounter's demise_goal).

    Call at the moment effective Endurance may have fallen (A16: "when ... falls"),
    with the effective Endurance from before: WP from wounds and bleeding, broken
    ribs, an Exhaustion Point from exertion (A5), a desperation drain on Endurance
    (R20). `massive_wp` is the WP of one wound, None for bleeding or other WP that
    are not a wound (A14). `damage`: the loss is WP (a wound, a tick); R31: every such
    damage that leaves Endurance at 0 or below calls the zero line's check again. The
    half line, and the zero line for a loss that is no damage, fire the first time only
    (the flags stay set after healing).
    """
    if c.dead or endurance_before is None or ENDURANCE not in c.stats:
        return []
    after = _endurance(ctx, c)
    assert after is not None  # it has the stat (above)
    triggers = demise_triggers(
        massive_wp,
        c.stats[ENDURANCE],
        endurance_before,
        after,
        c.half_endurance_checked,
        c.zero_endurance_checked,
        damage=damage,
    )
    goal = ctx.enc.settings.demise_goal
    made: list[Pending] = []
    for trigger in triggers:
        if trigger == HALF_ENDURANCE:
            ctx.j.set(c, "half_endurance_checked", True)
        elif trigger == ZERO_ENDURANCE:
            ctx.j.set(c, "zero_endurance_checked", True)
        text = demise_text(c, trigger, goal)
        made.append(ctx.new_pending(c.id, text, DemiseData(trigger=trigger), goal=goal))
        ctx.emit("pending", f"{text}: to roll", actor=c.id)
    return made


def wp_before_a_check(c: Combatant, total_wp: int | None = None) -> int | None:
    """How many WP of damage that is not one wound (bleeding, A14; an effect's tick) `c`
    can take before one calls a demise check (A16, R31): the WP that keep its effective
    Endurance above the highest line still open; 0: the next may call one; None: never
    (dead, or no Endurance). `total_wp`: its total now, if the caller keeps it.

    Where time may pass in steady cycles (rules.engine.steady_cycles, rules.party.steady)
    and standing orders tick without a check: they go no further than this."""
    if c.dead or ENDURANCE not in c.stats:
        return None
    total = c.total_wp() if total_wp is None else total_wp
    line = highest_open_line(c.stats[ENDURANCE], c.half_endurance_checked)
    if c.effective(ENDURANCE, total) <= line:
        return 0
    low, high = 0, 1  # the most WP that keep it above the line: A9's own arithmetic
    while c.effective(ENDURANCE, total + high) > line:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if c.effective(ENDURANCE, total + middle) > line:
            low = middle
        else:
            high = middle
    return low


def damage_calls_no_check(c: Combatant, wp: int, total_wp: int | None = None) -> bool:
    """`wp` of damage that is not one wound can call no demise check on `c` (A16, R31)."""
    margin = wp_before_a_check(c, total_wp)
    return margin is None or wp <= margin


def demise_text(c: Combatant, trigger: str, goal: int | None) -> str:
    """The decision's words, from the combatant as it stands now (dice: base, row: effective)."""
    return (
        f"Demise check for {c.name} ({trigger}: {_TRIGGER_TEXT.get(trigger, trigger)}):"
        f" {c.stats[ENDURANCE]}d10 vs Endurance {c.effective(ENDURANCE)}, goal {goal} (A16, R15)"
    )


def refresh_demise_texts(ctx: Context) -> None:
    """Keep each open demise check's text in step with the Endurance it will roll on.

    A check written before something else lowered (or raised) Endurance, such
    as a breakage roll answered first that breaks the ribs (A15), would show a
    stale row; `ResolveCheck` always rolls on the Endurance at that moment. The
    engine calls this after every command that leaves decisions open.
    """
    for p in ctx.enc.pending:
        if not isinstance(p.data, DemiseData):
            continue
        c = ctx.enc.combatants.get(p.combatant)
        if c is None or c.dead or ENDURANCE not in c.stats:
            continue
        text = demise_text(c, p.data.trigger, p.goal)
        if text != p.text:
            ctx.j.set(p, "text", text)


def bleed_tick(ctx: Context, c: Combatant, log: bool = True) -> None:
    """A14: a bleeding tick at the track's time: WP = BLR now, then the next tick.

    Bleeding WP count toward total WP and the Endurance lines, but never start
    bleeding, breakage or the massive-wound check. Standing orders pass
    `log=False` and count the ticks in their summary line instead; while time passes
    the passage tallies them (one line a bleeder, issue 23).
    """
    if c.dead or c.bleed_rate <= 0:
        return
    before = _endurance(ctx, c)
    ctx.j.add(c, "bleed_wp", c.bleed_rate)
    track_index.keys_may_have_moved(ctx.enc)  # A9: more WP, maybe less Wits (R5)
    passage = passage_of(ctx)
    if passage is not None:
        passage.bled(c, ctx.enc.time)
    elif log:
        ctx.emit(
            "bleed",
            f"{c.name} bleeds {c.bleed_rate} WP (BLR {c.bleed_rate}) → total {c.total_wp()} WP",
            actor=c.id,
        )
    check_demise(ctx, c, before, None, damage=True)  # R31: at 0 or below, every tick
    track_index.schedule_bleeding(ctx.enc, c)


# --- pending checks -----------------------------------------------------------------


def break_by(ctx: Context, c: Combatant, location: Location, outcome: str | None) -> None:
    """A15: a failed roll breaks the ribs (Endurance -1) or breaks/shatters/severs a limb."""
    if outcome == BROKEN_RIBS:
        before = c.effective(ENDURANCE)
        ctx.j.set(c, "broken_ribs", True)
        ctx.emit("condition", f"{c.name}: broken ribs, Endurance -1 (A15)", actor=c.id)
        check_demise(ctx, c, before, None, damage=False)  # the lost point: a line crossed?
        return
    if outcome is None:
        return
    old = c.limbs.get(location)
    if old is not None and LIMB_SEVERITY[old] >= LIMB_SEVERITY[outcome]:
        ctx.emit("condition", f"{c.name}'s {location} is already {old}", actor=c.id)
        return
    ctx.j.setitem(c.limbs, location, outcome)
    effect = "cannot be used" if outcome == "severed" else "-4 and +1 WP to rolls using it"
    ctx.emit("condition", f"{c.name}'s {location} is {outcome}: {effect} (A15)", actor=c.id)


# --- the GM's hand ---------------------------------------------------------------------


@handles(ApplyWound)
def apply_wound(ctx: Context, cmd: ApplyWound) -> None:
    """A wound the GM applies directly: the same consequences as an attack's (A14-A16)."""
    c = ctx.living(cmd.target)
    level = level_for(cmd.wound_points)
    inflict_wound(ctx, c, cmd.wound_points, cmd.location, level, cmd.source)


@handles(SetDemiseGoal)
def set_demise_goal(ctx: Context, cmd: SetDemiseGoal) -> None:
    """R15: the goal prefilled for new demise checks (open ones keep theirs)."""
    settings = ctx.enc.settings
    if settings.demise_goal == cmd.demise_goal:
        ctx.fail(f"demise_goal is already {cmd.demise_goal}")
    old = settings.demise_goal
    ctx.j.set(settings, "demise_goal", cmd.demise_goal)
    ctx.emit("settings", f"Demise check goal {old} → {cmd.demise_goal} (R15)")
