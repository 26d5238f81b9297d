"""Who is in the encounter: add, edit, duplicate and remove combatants (R8).

A combatant's *sheet* (what the GM writes) and what combat did to it
(wounds, track position, pools, conditions) live on one model; editing
replaces only the sheet, so a GM can fix a typo mid-fight without healing
anyone. Every change goes through the journal so undo is exact.
"""

from __future__ import annotations

import re

from rules.engine import farad_in_play
from rules.engine.context import Context, handles
from rules.engine.fx_schedule import forget
from rules.engine.handlers.track import roll_reaction
from rules.engine.letters import give_letter, tag_in_sight
from rules.engine.track_index import drop_entries, leave_track, restamp, schedule_bleeding, set_ttu
from rules.engine.turns import turn_left
from rules.mechanics.chart import DEFAULT_ACTION_COST
from rules.model.commands import (
    AddCombatant,
    DuplicateCombatant,
    EditCombatant,
    FightStatus,
    RemoveCombatant,
)
from rules.model.effects import Effect
from rules.model.state import Action, Combatant, Encounter, Turn
from rules.model.visibility_commands import HIDDEN_MARK

__all__ = [
    "SHEET_FIELDS",
    "default_repertoire",
    "free_name",
    "numbered_names",
    "name_taken",
    "unique_name",
    "add_combatant",
    "edit_combatant",
    "duplicate_combatant",
    "remove_combatant",
    "join_track",
    "sheet_references",
]

SHEET_FIELDS: tuple[str, ...] = (
    "name",
    "side",
    "stats",
    "skills",
    "skill_stats",
    "abilities",
    "resistances",
    "actions",
    "weapons",
    "armour",
    "shield",
    "notes",
)


def default_repertoire() -> list[Action]:
    """R6/A8/A10: what a new combatant can do before the GM writes its own actions.

    An opportunity is spent on actions and costs the largest of their costs (R7),
    so a being with no action at all could never take one (A7). Dodge is the
    defence anyone may react with (A10); Move and Wait are the plain actions the
    bundled sheets carry, with their costs (R6: costs are the GM's to change).
    """
    return [
        Action(name="Dodge", cost=2, kind="dodge"),  # A10: rolls the Dodge skill (R9)
        Action(name="Move", cost=DEFAULT_ACTION_COST, kind="other"),
        Action(name="Wait", cost=1, kind="other"),
    ]


def _key(name: str) -> str:
    return name.strip().casefold()


def name_taken(enc: Encounter, name: str, but: str | None = None) -> Combatant | None:
    """Who already bears `name` (case aside), other than the combatant with id `but`.

    Names are how the GM, the track and the log tell beings apart.
    """
    key = _key(name)
    for c in enc.combatants.values():
        if c.id != but and _key(c.name) == key:
            return c
    return None


_NUMBERED = re.compile(r"^(.*\S) (\d{1,6})$")


def free_name(enc: Encounter, base: str) -> str:
    """The next free numbered name: "X 2" for X, "X 3" for "X 2" (within 60 characters)."""
    found = _NUMBERED.match(base.strip())
    stem, n = (found.group(1), int(found.group(2)) + 1) if found else (base.strip(), 2)
    while True:
        suffix = f" {n}"
        name = stem[: 60 - len(suffix)] + suffix
        if name_taken(enc, name) is None:
            return name
        n += 1


def numbered_names(enc: Encounter, base: str, count: int) -> list[str]:
    """`count` free names "X 1", "X 2", ... for copies of X, skipping any already borne."""
    stem = base.strip()
    names: list[str] = []
    n = 1
    while len(names) < count:
        suffix = f" {n}"
        name = stem[: 60 - len(suffix)] + suffix
        if name_taken(enc, name) is None:
            names.append(name)
        n += 1
    return names


def unique_name(enc: Encounter, name: str) -> str:
    """`name` itself while no one bears it, else the next free numbered name."""
    return name if name_taken(enc, name) is None else free_name(enc, name)


def _refuse_taken(ctx: Context, name: str, but: str | None = None) -> None:
    other = name_taken(ctx.enc, name, but)
    if other is not None:
        ctx.fail(
            f"the name {name!r} is taken by {other.name}: names must differ "
            "(case aside) so the track, the log and scripts can tell combatants apart; "
            f"try {free_name(ctx.enc, name)!r}"
        )


def _refuse_missing_stats(ctx: Context, c: Combatant) -> None:
    """A1: every stat a weapon or action rolls on must be on the sheet."""
    problems = c.missing_stats()
    if problems:
        texts = "; ".join(c.missing_stat_text(what, stat) for _, what, stat in problems)
        ctx.fail(f"{c.name}'s sheet names a missing stat: {texts}")


def _can_join(ctx: Context, c: Combatant, fresh: bool = False) -> bool:
    """R8: only the living and fighting join a running combat (and need Wits to react).

    `fresh`: a duplicate starts alive and fighting whatever its source is.
    """
    if not ctx.enc.in_combat or (not fresh and (c.dead or c.out_of_fight)):
        return False
    if "Wits" not in c.stats:
        ctx.fail(f"{c.name} has no Wits stat for the reaction roll (A7, R8)")
    return True


def join_track(ctx: Context, c: Combatant) -> None:
    """R8: a combatant joining a running combat rolls its reaction: TTU = now + time.

    C1: for it a battle has started. Bleeding carries on, counted from its arrival.
    """
    enc = ctx.enc
    farad_in_play.on_battle_start(ctx, c)
    if c.bleed_rate > 0:
        ctx.j.set(c, "bleed_anchor", enc.time)
    time = roll_reaction(ctx, c, c.awareness)
    set_ttu(ctx, c, enc.time + time)
    ctx.emit(
        "join",
        f"{c.name} joins the fight at {enc.time}: reaction time {time} → "
        f"first opportunity at {enc.time + time} (R8)",
        actor=c.id,
    )
    schedule_bleeding(enc, c)


def _insert(ctx: Context, c: Combatant) -> None:
    c.letter = None  # a copy or a template brings no tag of its own (issue 25)
    tag_in_sight(ctx)  # those already in sight keep the letters they show (rules.engine.letters)
    ctx.j.setitem(ctx.enc.combatants, c.id, c)
    give_letter(ctx, c)


@handles(AddCombatant)
def add_combatant(ctx: Context, cmd: AddCombatant) -> None:
    """Add a deep copy (rule 2: never the command's own object); a taken id gets a new one."""
    enc = ctx.enc
    if cmd.count == 1:
        _refuse_taken(ctx, cmd.combatant.name)
        names = [cmd.combatant.name]
    else:
        names = numbered_names(enc, cmd.combatant.name, cmd.count)
    _refuse_missing_stats(ctx, cmd.combatant)
    joins = _can_join(ctx, cmd.combatant)
    for name in names:  # every check is done: each copy now joins, and rolls (R8)
        update: dict[str, object] = {"awareness": cmd.awareness, "ttu": None, "arrival": 0}
        update["name"] = name
        if cmd.combatant.id in enc.combatants:
            update["id"] = ctx.new_id()
        if cmd.combatant.effects:  # issue 15: ids are the encounter's, one for each
            update["effects"] = [_renumbered(ctx, e) for e in cmd.combatant.effects]
        c = cmd.combatant.model_copy(deep=True, update=update)
        _insert(ctx, c)
        ctx.emit("add", f"{c.name} ({c.side}) enters the encounter", actor=c.id)
        if joins:
            join_track(ctx, c)


def _renumbered(ctx: Context, e: Effect) -> Effect:
    """An effect a joining sheet brings, with an id from the encounter's counter: effect,
    reminder and decision ids are unique together (rules.model.effects)."""
    fresh = e.model_copy(deep=True, update={"id": ctx.enc.next_id})
    ctx.add(ctx.enc, "next_id", 1)
    return fresh


def sheet_references(enc_turn: Turn | None, c: Combatant, new: Combatant) -> list[str]:
    """What the new sheet would break: stats, actions or weapons combat still names."""
    problems: list[str] = []
    for stat in c.drains:
        if stat not in new.stats:
            problems.append(f"a desperation drain names {stat!r} (R20)")
    if c.extended is not None and c.extended.stat not in new.stats:
        problems.append(f"the extended {c.extended.skill} roll uses {c.extended.stat!r} (A3)")
    actions = {a.name for a in new.actions}
    if c.held_action is not None and c.held_action not in actions:
        problems.append(f"the held action {c.held_action!r} (A8)")
    turn = enc_turn
    while turn is not None:
        if turn.actor == c.id:
            for name in turn_left(turn, c):
                if name not in actions:
                    problems.append(f"this turn's declared action {name!r} (A8)")
        turn = turn.interrupted
    return problems


@handles(EditCombatant)
def edit_combatant(ctx: Context, cmd: EditCombatant) -> None:
    """Replace the sheet only; wounds, TTU, pools and conditions stay as combat left them."""
    enc = ctx.enc
    c = ctx.combatant(cmd.combatant.id)
    new = cmd.combatant
    problems = sheet_references(enc.turn, c, new)
    op = enc.opposed
    if op is not None and op.winner is None:
        for who, stat in ((op.a, op.a_stat), (op.b, op.b_stat)):
            if who == c.id and stat not in new.stats:
                problems.append(f"the opposed contest uses {stat!r} (A6)")
    if problems:
        ctx.fail(f"the edit of {c.name} would break what combat still uses: {'; '.join(problems)}")
    _refuse_taken(ctx, new.name, but=c.id)
    _refuse_missing_stats(ctx, new)
    changed = [name for name in SHEET_FIELDS if getattr(new, name) != getattr(c, name)]
    if not changed:
        ctx.fail(f"the edit changes nothing on {c.name}")
    old_name = c.name
    tag_in_sight(ctx)  # issue 25: a change of side must not move another's letter
    for name in changed:
        value = getattr(new, name)
        copied = value.model_copy(deep=True) if hasattr(value, "model_copy") else _copy(value)
        ctx.j.set(c, name, copied)
    renamed = f" (now {c.name})" if c.name != old_name else ""
    ctx.emit("edit", f"GM edits {old_name}{renamed}: {', '.join(changed)}", actor=c.id)
    give_letter(ctx, c)  # a change of side may put an unknown foe in sight
    restamp(enc, c)  # R5: new Wits or name, a new place in any tie


def _copy(value: object) -> object:
    """Rule 2: a fresh copy of a sheet field from a command (lists of models, dicts, text)."""
    if isinstance(value, list):
        return [v.model_copy(deep=True) if hasattr(v, "model_copy") else v for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


@handles(DuplicateCombatant)
def duplicate_combatant(ctx: Context, cmd: DuplicateCombatant) -> None:
    """A fresh being from the same sheet: no wounds, conditions, pools or track place."""
    src = ctx.combatant(cmd.id)
    joins = _can_join(ctx, src, fresh=True)
    sheet = {name: getattr(src, name) for name in SHEET_FIELDS}
    if cmd.name is not None:
        _refuse_taken(ctx, cmd.name)
    sheet["name"] = cmd.name or free_name(ctx.enc, src.name)
    c = Combatant(id=ctx.new_id(), awareness=src.awareness, **sheet).model_copy(deep=True)
    # What the players' screen may show of it is the source's (issue 16: a copy of a
    # hidden ambusher stays hidden).
    c.hidden, c.reveal = src.hidden, src.reveal
    _insert(ctx, c)
    ctx.emit("add", f"{c.name} enters as a copy of {src.name}'s sheet", actor=c.id)
    if joins:
        join_track(ctx, c)


def _without(turn: Turn | None, cid: str) -> Turn | None:
    """The turn chain with every turn of `cid` cut out (A10: reactions interrupt turns)."""
    if turn is None:
        return None
    rest = _without(turn.interrupted, cid)
    if turn.actor == cid:
        return rest
    if rest is turn.interrupted:
        return turn
    return turn.model_copy(update={"interrupted": rest})


@handles(RemoveCombatant)
def remove_combatant(ctx: Context, cmd: RemoveCombatant) -> None:
    """Out of the due list, the turn, the decisions and contests naming it; then gone."""
    enc = ctx.enc
    c = ctx.combatant(cmd.id)
    j = ctx.j
    leave_track(ctx, c)
    turn = _without(enc.turn, c.id)
    if turn is not enc.turn:
        j.set(enc, "turn", turn)
    dropped = 0
    for pending in list(enc.pending):
        if pending.combatant == c.id or c.id in pending.data.combatants():
            j.remove(enc.pending, pending)
            dropped += 1
    notes = [f"{dropped} pending decision{'s' if dropped > 1 else ''} dropped"] if dropped else []
    contest = enc.opposed
    if contest is not None and c.id in (contest.a, contest.b):
        if contest.winner is None:  # A6: a contest under way ends with no winner
            other = enc.combatants.get(contest.b if c.id == contest.a else contest.a)
            with_whom = f" with {other.name}" if other is not None else ""
            notes.append(f"its opposed contest{with_whom} ends undecided (margin {contest.margin})")
        j.set(enc, "opposed", None)
    forget(ctx, c)  # issue 15: what waited for its next opportunity ends
    tag_in_sight(ctx)  # issue 25: the others keep the letters they show
    j.delitem(enc.combatants, c.id)
    drop_entries(enc, c)  # the heap as if rebuilt: no reader meets its id (A7)
    extra = "".join(f"; {note}" for note in notes)
    hidden = HIDDEN_MARK if c.hidden else ""  # its lines stay the GM's (public_hidden)
    ctx.emit("remove", f"{c.name}{hidden} leaves the encounter{extra}", actor=c.id)


@handles(FightStatus)
def fight_status(ctx: Context, cmd: FightStatus) -> None:
    """Out of the fight: off the track, still in the encounter. Back in: R8's reaction roll."""
    c = ctx.living(cmd.target)
    why = f" ({cmd.reason})" if cmd.reason else ""
    if cmd.out:
        if c.out_of_fight:
            ctx.fail(f"{c.name} is already out of the fight")
        if cmd.awareness is not None:
            ctx.fail("awareness is for bringing a combatant back into the fight (R8)")
        ctx.j.set(c, "out_of_fight", True)
        leave_track(ctx, c)
        ctx.emit("fight", f"{c.name} is out of the fight{why}", actor=c.id)
        return
    if not c.out_of_fight:
        ctx.fail(f"{c.name} is already in the fight")
    ctx.j.set(c, "out_of_fight", False)
    if cmd.awareness is not None and cmd.awareness != c.awareness:
        ctx.j.set(c, "awareness", cmd.awareness)  # R8: it reacts as the GM says (A7)
    aware = f", {cmd.awareness}" if cmd.awareness is not None and ctx.enc.in_combat else ""
    ctx.emit("fight", f"{c.name} is back in the fight{why}{aware}", actor=c.id)
    if _can_join(ctx, c):
        join_track(ctx, c)
