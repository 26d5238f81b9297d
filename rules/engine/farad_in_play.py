"""Chance, luck and desperation dice in play (RULES Part C, R16-R20, R26).

The dice themselves (faces → modifier, lockout state machine, the desperation
line) are `rules.mechanics.farad`'s pure functions; this module applies them to a
combatant through the journal: it checks the die may be used, rolls it
through `ctx.dice`, pays its cost and logs it. A die is declared before the
roll it modifies (Part C), so callers (`rules.engine.roll.perform_roll`, attacks,
checks) call `declare_special` before they throw the roll's own dice.

Turns (Part C intro): a being's turn is its Action Opportunity plus any
reaction before its next one. The track resets `special_used` and
`turn_bonus` at the actor's next opportunity and when combat ends. Out of
combat there is no turn: a die modifies only the roll it was declared for,
so nothing is recorded for a turn (no one-kind lock, no R26 carry-over).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import wounding
from rules.engine.context import Context, handles
from rules.mechanics import farad
from rules.model.commands import Luck, NewDay, NoteUnusedDice
from rules.model.state import LUCK_MAX, ChanceDice, Combatant, Encounter

__all__ = [
    "SpecialOutcome",
    "chance_state",
    "declare_special",
    "special_refusal",
    "die_refusal",
    "on_battle_start",
    "on_battle_end",
    "unused_chance_dice",
    "new_day",
    "luck",
    "note_unused",
]


@dataclass(frozen=True)
class SpecialOutcome:
    """What a declared special die does to the roll it was declared for.

    `modifier` is the flat bonus/penalty (C); `stat_factor` 2.0/0.5/1.0 doubles
    or halves the action's stat for this one action (C2, C3, R26);
    `refunded` is True when a desperation 5-7 gave the cost back.
    """

    kind: str
    modifier: int
    stat_factor: float
    refunded: bool
    text: str
    faces: list[int]

    @property
    def label(self) -> str:
        """The modifier's label in a roll's arithmetic."""
        return {
            "chance-combat": "combat chance die, C1",
            "chance-roleplay": "roleplay chance die, C1",
            "luck": "luck die, C2",
            "desperation": "desperation die, C3",
        }[self.kind]


# --- C1: battle start / end -------------------------------------------------------


def chance_state(dice: farad.ChanceDice) -> ChanceDice:
    """The mechanics' chance dice (C1) as a combatant holds them."""
    return ChanceDice(combat=dice.combat, roleplay=dice.roleplay)


def _set_chance(ctx: Context, c: Combatant, dice: farad.ChanceDice) -> None:
    if (dice.combat, dice.roleplay) != (c.chance.combat, c.chance.roleplay):
        ctx.j.set(c, "chance", chance_state(dice))


def on_battle_start(ctx: Context, c: Combatant) -> None:
    """C1: a battle starting frees a combat chance die that a roleplay die locked."""
    _set_chance(ctx, c, farad.battle_started(c.chance))


def on_battle_end(ctx: Context, c: Combatant) -> None:
    """C1: a battle ending frees a roleplay chance die that a combat die locked."""
    _set_chance(ctx, c, farad.battle_ended(c.chance))


def unused_chance_dice(c: Combatant) -> list[str]:
    """C1: the chance dice a being has not used today (locked ones count as unused)."""
    return [kind for kind in farad.CHANCE_KINDS if getattr(c.chance, kind) != "used"]


# --- declaring a die ----------------------------------------------------------------


def special_refusal(ctx: Context, c: Combatant, kind: str) -> str | None:
    """Why `c` may not declare this die now (None: it may). Changes nothing.

    Handlers call this before their first change so a refused die fails early.
    """
    return die_refusal(ctx.enc, c, kind)


def die_refusal(enc: Encounter, c: Combatant, kind: str) -> str | None:
    """`special_refusal` asked of the encounter alone: the dialogs ask it before any command
    exists (rules.engine.questions), and the answer needs nothing else."""
    if kind not in farad.SPECIAL_KINDS:
        return f"special must be one of {', '.join(farad.SPECIAL_KINDS)}, got {kind!r}"
    in_combat = enc.in_combat
    used = c.special_used if in_combat else None
    if used is not None:
        # Part C intro / R16: one kind (chance, luck, desperation) per turn.
        if farad.die_family(used) != farad.die_family(kind):
            return (
                f"{c.name} already used a {farad.die_family(used)} die this turn: chance, "
                f"luck and desperation dice do not mix in one turn (C)"
            )
        if kind == "desperation":
            return (
                f"{c.name} already rolled desperation this turn: its result "
                f"({c.turn_bonus:+d}) applies to every action of the turn (R26)"
            )
    if kind in ("chance-combat", "chance-roleplay"):
        which: farad.ChanceKind = "combat" if kind == "chance-combat" else "roleplay"
        if which == "combat" and not in_combat:
            return f"{c.name}'s combat chance die is for battle: no combat is running (C1)"
        if which == "roleplay" and in_combat:
            return f"{c.name}'s roleplay chance die cannot be used in battle (C1)"
        reason = farad.chance_refusal(c.chance, which)
        return f"{c.name}: {reason} (C1)" if reason else None
    if kind == "luck":
        if c.luck == 0:
            return f"{c.name} has no luck points: the pool is 0 (C2, R17)"
        return None
    if not _qualifying(c):
        lines = ", ".join(
            f"{name} {c.effective(name)}/{base} (line {farad.desperation_line(base)})"
            for name, base in c.stats.items()
        )
        return (
            f"{c.name} is not desperate: no stat has dropped below its base to 10% "
            f"of it or less, above 0 (R19): {lines}"
        )
    return None


def _qualifying(c: Combatant) -> list[str]:
    """C3/R19: stats dropped below their base to 0 < effective <= ceil(base / 10) (luck is
    no stat here)."""
    return farad.qualifying_stats(c.stats, c.effective_stats())


def declare_special(ctx: Context, c: Combatant, kind: str | None) -> SpecialOutcome | None:
    """Declare and roll a chance, luck or desperation die before a roll (Part C).

    Refuses (CommandError) a die that may not be used now; otherwise burns or
    spends it, rolls it through ctx.dice, pays a desperation cost (R20: one
    drain per qualifying stat, refunded on 5-7), records the kind for the
    turn and, for desperation, the turn's bonus (R26). Emits one event.
    """
    if kind is None:
        return None
    reason = special_refusal(ctx, c, kind)
    if reason:
        ctx.fail(reason)
    j = ctx.j
    note = ""
    endurance = wounding.endurance_now(c)  # A16: a drain on Endurance may cross a line
    if kind in ("chance-combat", "chance-roleplay"):
        which: farad.ChanceKind = "combat" if kind == "chance-combat" else "roleplay"
        _set_chance(ctx, c, farad.use_chance(c.chance, which))
        die = farad.roll_chance(ctx.dice, which, c.name)
        other = "roleplay" if which == "combat" else "combat"
        if getattr(c.chance, other) == "locked":
            until = "the battle ends" if which == "combat" else "a battle starts"
            note = f"; the {other} die is locked until {until}"
    elif kind == "luck":
        positive = farad.luck_die_sign(c.luck)
        pool = farad.spend_luck(c.luck)
        note = f"; luck pool {c.luck:+d} → {pool:+d} (R17)"
        j.set(c, "luck", pool)
        die = farad.roll_luck(ctx.dice, positive, c.name)
    else:
        qualifying = _qualifying(c)
        die = farad.roll_desperation(ctx.dice, c.name)
        if die.refunded:
            note = f": no drain on {', '.join(qualifying)} (R20)"
        else:
            for name in qualifying:  # R20: a drain until the GM restores it
                j.setitem(c.drains, name, c.drains.get(name, 0) + 1)
            note = f": {', '.join(f'{name} -1' for name in qualifying)} (R20)"
        if ctx.enc.in_combat:
            j.set(c, "turn_bonus", die.modifier)  # R26: every action this turn
            if die.modifier:
                note += f"; {die.modifier:+d} to every action this turn (R26)"
    if ctx.enc.in_combat:
        j.set(c, "special_used", kind)
    text = f"{c.name}: {die.explain()}{note}"
    ctx.emit("special", text, die.faces, c.id)
    if kind == "desperation" and not die.refunded:
        # A16 "when its effective Endurance falls": an R20 drain on Endurance counts at once.
        wounding.check_demise(ctx, c, endurance, damage=False)
    return SpecialOutcome(
        kind=kind,
        modifier=die.modifier,
        stat_factor=die.stat_factor,
        refunded=die.refunded,
        text=text,
        faces=list(die.faces),
    )


# --- handlers -------------------------------------------------------------------------


@handles(NewDay)
def new_day(ctx: Context, cmd: NewDay) -> None:
    """C1: a new day: fresh chance dice for every being; the living's unused ones lapse.
    The dead's too, unsaid: revived on a later day, one has that day's dice (the dice
    burnt on the day it died refused it ever after)."""
    enc = ctx.enc
    unused: list[str] = []
    for c in enc.combatants.values():
        left = [] if c.dead else unused_chance_dice(c)
        if left:
            unused.append(f"{c.name} ({', '.join(left)})")
        _set_chance(ctx, c, farad.new_day())
    ctx.j.add(enc, "day", 1)
    text = f"Day {enc.day} begins: fresh combat and roleplay chance dice for everyone (C1)"
    if unused:
        text += f"; left unused on day {enc.day - 1}: {'; '.join(unused)}"
    ctx.emit("day", text)


@handles(Luck)
def luck(ctx: Context, cmd: Luck) -> None:
    """C2/R17: the GM awards (+) or takes (-) luck points from the signed pool."""
    c = ctx.combatant(cmd.target)
    if cmd.amount == 0:
        ctx.fail("amount must not be 0: award (+) or take (-) luck points")
    pool = c.luck + cmd.amount
    if abs(pool) > LUCK_MAX:
        ctx.fail(f"{c.name}'s luck pool would be {pool:+,d}: a pool is at most ±{LUCK_MAX:,d}")
    ctx.j.set(c, "luck", pool)
    verb = "awards" if cmd.amount > 0 else "takes"
    why = f" ({cmd.reason})" if cmd.reason else ""
    ctx.emit(
        "luck",
        f"GM {verb} {abs(cmd.amount)} LP {'to' if cmd.amount > 0 else 'from'} {c.name}{why}: "
        f"pool {c.luck - cmd.amount:+d} → {pool:+d} (R17)",
        actor=c.id,
    )


@handles(NoteUnusedDice)
def note_unused(ctx: Context, cmd: NoteUnusedDice) -> None:
    """C1: the GM notes that a being left chance dice unused (the seed allows a reward)."""
    c = ctx.combatant(cmd.target)
    left = unused_chance_dice(c)
    if not left:
        ctx.fail(f"{c.name} has used both chance dice today (C1)")
    ctx.emit(
        "unused-dice",
        f"GM notes: {c.name} left the {' and '.join(left)} chance "
        f"{'die' if len(left) == 1 else 'dice'} unused on day {ctx.enc.day} (C1)",
        actor=c.id,
    )
