"""The one road every Fading Suns roll of the engine takes (A1-A5, A9, Part C).

Attack rolls, dodges, parries and plain skill rolls all come through
`perform_roll`, so the order of the extras is the same everywhere:

1. dice = the skill rating (a skill the combatant lacks rolls 0 dice: an
   unskilled attempt scores only its modifiers), unless `dice` is given;
2. the stat is the effective stat (A9), read as the action is declared;
3. a special die is declared and rolled before the roll (Part C): its stat
   factor (luck/desperation 10) scales the stat for this one action, its
   modifier joins the SS (R16: at most one such die a roll);
4. a desperation result rolled earlier this turn applies again (R26);
5. a waiting complementary bonus is consumed (A4);
6. exertion adds the roll's stat as it stood before exerting (A5) and gives
   one Exhaustion Point after the roll.

7. A15: a roll that uses a broken or shattered limb (`limb`) is at -4 and
   costs 1 WP after it; a severed limb cannot be used at all.

Which modifiers and in what order is `rules.engine.roll_plan.plan_roll`'s to say
(the dialogs' previews ask it too); this module rolls and pays for them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import farad_in_play, wounding
from rules.engine.context import Context
from rules.engine.roll_plan import plan_roll
from rules.engine.roll_preview import roll_inputs
from rules.mechanics import farad
from rules.mechanics.sheet_names import on_sheet
from rules.mechanics.skill import SkillRoll, roll_skill
from rules.mechanics.wounds import Location
from rules.model.state import Combatant

__all__ = ["check_roll", "perform_roll", "roll_stat", "stat_on_sheet"]


def stat_on_sheet(ctx: Context, c: Combatant, stat: str) -> str:
    """The sheet's spelling of a stat typed in any case, or a CommandError naming it."""
    found = on_sheet(c.stats, stat)
    if found is None:
        ctx.fail(f"{c.name} has no stat {stat!r} (has {', '.join(c.stats)})")
    return found


def roll_stat(ctx: Context, c: Combatant, stat: str) -> int:
    """A9: the combatant's effective stat, or a CommandError naming the missing stat."""
    return c.effective(stat_on_sheet(ctx, c, stat))


def check_roll(
    ctx: Context,
    c: Combatant,
    *,
    stat: str,
    goal: int | None,
    dice: int | None = None,
    special: str | None = None,
    limb: Location | None = None,
) -> str:
    """Every refusal of `perform_roll`, changing nothing; returns the sheet's stat name.

    A command that rolls twice (an attack after its dodge, A10-A11) checks its
    second roll before the first die, so no refusal ever follows a die.
    """
    stat = stat_on_sheet(ctx, c, stat)  # the sheet's spelling, in any case typed
    if dice is not None and dice < 0:
        ctx.fail(f"dice must not be negative, got {dice}")
    if goal is not None and goal < 0:
        ctx.fail(f"goal must not be negative, got {goal}")
    if special is not None:
        reason = farad_in_play.special_refusal(ctx, c, special)
        if reason:
            ctx.fail(reason)
    refusal = plan_roll(c, limb=limb).refusal  # A15: a severed limb, before any change
    if refusal:
        ctx.fail(refusal)
    return stat


def perform_roll(
    ctx: Context,
    c: Combatant,
    *,
    skill: str,
    stat: str,
    goal: int | None,
    dice: int | None = None,
    actions: int = 0,
    held: int = 0,
    gm: int = 0,
    extra: Sequence[tuple[str, int]] = (),
    exert: bool = False,
    special: str | None = None,
    purpose: str = "",
    kind: str = "roll",
    use_complement: bool = True,
    limb: Location | None = None,
) -> SkillRoll:
    """Roll `c`'s skill against `stat` and `goal`, with every modifier the rules add.

    `actions`, `held`, `gm` and `extra` are the action's own modifiers (A8, the GM's,
    see `plan_roll`). Emits one event (`kind`) with the roll's arithmetic, plus one for a
    special die. Raises CommandError for a missing stat, a negative dice
    count or a special die that may not be used now (before any change).
    """
    stat = check_roll(ctx, c, stat=stat, goal=goal, dice=dice, special=special, limb=limb)
    inputs = roll_inputs(c, skill, stat, dice)  # what the dialogs' previews read too
    assert inputs is not None  # check_roll found the stat
    effective, count = inputs.effective, inputs.dice
    limb_state = c.limbs.get(limb) if limb is not None else None
    known = on_sheet(c.skills, skill)
    skill = inputs.skill
    # 3. Part C: declared before the roll. The stat is the one read at
    # declaration, so a desperation cost (R20) lowers it from the next action.
    outcome = farad_in_play.declare_special(ctx, c, special)
    value = effective
    stat_label = stat
    if outcome is not None:
        value = farad.scaled_stat(effective, outcome.stat_factor)
        if outcome.stat_factor == farad.DOUBLED:
            stat_label = f"{stat} doubled"
        elif outcome.stat_factor == farad.HALVED:
            stat_label = f"{stat} halved"
    plan = plan_roll(
        c,
        actions=actions,
        held=held,
        gm=gm,
        extra=extra,
        limb=limb,
        special=special,
        rolled=(outcome.label, outcome.modifier) if outcome is not None else None,
        complement=use_complement,
        exert_stat=value if exert else None,  # A5: the stat as it stood, scaled by the die
        skill=skill,
        stat=stat,
    )
    mods = list(plan.modifiers)
    # 5. A4: a supporting roll's bonus is spent on the next roll.
    if use_complement and c.complement_bonus:
        ctx.j.set(c, "complement_bonus", 0)
    label = purpose or f"{skill}: {c.name}"
    result = roll_skill(ctx.dice, value, count, goal, mods, stat_name=stat_label, purpose=label)
    text = f"{c.name} rolls {skill}"
    if dice is None and known is None:
        text += f" (no {skill} skill: 0 dice)"
    text += f": {result.explain()}"
    endurance = wounding.endurance_now(c) if exert else None
    if exert:
        ctx.j.add(c, "exhaustion", 1)
        text += f"; exertion: exhaustion {c.exhaustion} (A5)"
    ctx.emit(kind, text, result.faces, c.id)
    if exert:  # A16: the Exhaustion Point lowers Endurance too: its lines are checked now
        wounding.check_demise(ctx, c, endurance, damage=False)
    if limb is not None and limb_state is not None:  # (a state implies a limb)
        # A15: "the character adds 1 WP to their current total" — strain, not a new blow.
        source = f"using a {limb_state} {limb} (A15)"
        wounding.inflict_wound(ctx, c, 1, limb, "Bruise", source, from_attack=False)
    return result
