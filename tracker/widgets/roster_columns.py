"""What each roster column shows for a combatant, as plain text (no Textual here).

The roster widget caches one painted line per combatant keyed by these
cells, so a row is repainted only when one of its cells changed. Columns
carry a priority: on a narrow terminal (80×24) the least needed go first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from rules.engine.questions import acts_now
from rules.model.state import ChanceDice, Combatant, Encounter

LOCATION_SHORT = {
    "head": "head",
    "chest": "chest",
    "left arm": "LA",
    "right arm": "RA",
    "left leg": "LL",
    "right leg": "RL",
    "unspecified": "limb",
}
LIMB_SHORT = {"broken": "broken", "shattered": "shattered", "severed": "severed"}
# The conditions cell's short forms (issue 27, 80×24): a location, then b/s/x for broken,
# shattered, severed (`LAb`); HEADER_LEGEND["Conditions"] says them.
LOCATION_CODE = {**LOCATION_SHORT, "head": "Hd", "chest": "Ch", "unspecified": "Lm"}
LIMB_CODE = {"broken": "b", "shattered": "s", "severed": "x"}
# C1: available / used / locked chance dice (combat, then roleplay).
CHANCE_MARK = {"available": "●", "used": "○", "locked": "×"}
SIDE_SHORT = {"PC": "PC", "ally": "ally", "enemy": "enemy", "neutral": "neut"}
HIDDEN = "◌ "  # before a name the players' screen does not show (an ambusher): `v` shows it


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    width: int
    priority: int  # 0 never dropped; higher numbers are dropped first when narrow
    align: Literal["left", "right"] = "left"


COLUMNS: tuple[Column, ...] = (
    Column("mark", "", 2, 0),
    Column("name", "Name", 14, 0),
    Column("side", "Side", 5, 4),  # at 80×24 it goes before the names are cut (detail shows it)
    Column("ttu", "TTU", 4, 0, "right"),
    Column("wp", "WP", 9, 0),
    Column("blr", "BLR", 3, 1, "right"),
    Column("armour", "AR/H/S", 6, 3),  # as wide as its longest cell (`cell_needs`)
    Column("shield", "Shield", 6, 3),
    Column("pen", "Pen", 3, 1, "right"),
    Column("cond", "Conditions", 10, 2),  # at least its title; it takes the spare room
    Column("chance", "CR", 2, 3),  # kept at 80×24 (issue 27): `●○`, combat then roleplay
    Column("luck", "LP", 3, 2, "right"),
)
NAME_MAX = 26
GAP = 1
# What each short header means (issue 27: "WP" read as hit points to a newcomer): the
# roster's tooltip and the help screen say it in these words.
HEADER_LEGEND: dict[str, str] = {
    "TTU": "the track time it acts next (now: due; †: dead; —: not on the track)",
    "WP": "WP taken: the wound points taken so far, and the last wound's level",
    "BLR": "bleed rate: WP lost at each bleeding tick",
    "AR/H/S": "armour: Armour Rating / hard armour / soft armour",
    "Shield": "energy shield low/high, × its hits left (∞ unlimited)",
    "Pen": "the penalty to stats from wounds (* some stats take less)",
    "Conditions": "in words, or short when narrow: LAb, LAs, LAx left arm broken, shattered,"
    " severed (RA, LL, RL, Hd head, Ch chest, Lm a limb) · rib ribs · VO vital organ · Ex2"
    " exhausted 2 · Hld held action · Stu8 an effect's first letters and TU left · +n more"
    " (the detail pane names them all)",
    "CR": "chance dice, combat then roleplay: ● ready  ○ used  × locked",
    "LP": "luck points",
}


def layout(width: int, needs: Mapping[str, int] | None = None) -> list[tuple[Column, int]]:
    """The columns that fit `width`, each with its width; the name takes what is left.

    `needs` widens a column to its longest cell (`cell_needs`): a number is
    never cut, since cut from the left a TTU of 10800 read 0800 and a Pen of -24* read
    24*, a bonus. Drops the highest-priority columns first until the name keeps at
    least its minimum, then gives spare room to the name (up to NAME_MAX) and the rest
    to the conditions column. The Side column (whose glyph beside the turn mark says the
    same) stays only while every name fits whole (`needs["name"]`): at 80 columns it had
    come back and cut "Baron Molin Decados" to "Baron Molin D…".
    """
    wide = needs or {}
    kept = [
        c if c.key == "name" else replace(c, width=max(c.width, wide.get(c.key, 0)))
        for c in COLUMNS
    ]
    name = next(c for c in COLUMNS if c.key == "name")
    whole = min(NAME_MAX, wide.get("name", 0)) - name.width  # what a whole name adds
    for level in (4, 3, 2, 1):
        if _used(kept) + (max(0, whole) if level == 4 else 0) <= width:
            break
        kept = [c for c in kept if c.priority < level]
    spare = max(0, width - _used(kept))
    sizes = {c.key: c.width for c in kept}
    grow = min(spare, NAME_MAX - sizes["name"])
    sizes["name"] += grow
    spare -= grow
    if "cond" in sizes:
        sizes["cond"] += spare
    else:
        sizes["name"] += spare
    return [(c, sizes[c.key]) for c in kept]


def _used(columns: list[Column]) -> int:
    return sum(c.width for c in columns) + GAP * (len(columns) - 1)


def fit_number(text: str, size: int) -> str:
    """A right-aligned cell in `size` cells. One that is too long (a column narrower
    than `cell_needs` asked) loses its `*` first, then ends in `…`: cut, it shows it
    is cut, and keeps its sign and its first digits."""
    if len(text) > size and text.endswith("*"):
        text = text[:-1]
    if len(text) > size:
        text = text[: max(0, size - 1)] + "…"
    return text.rjust(size)


def fit_list(text: str, size: int, sep: str = ", ") -> str:
    """A list of conditions in `size` cells: the whole ones that fit, then "+n" for the
    rest (the detail pane says them all), as the track's labels do. Before (issue 27)
    the cell was cut mid-word: "Prone, On"."""
    if len(text) <= size:
        return text
    parts = text.split(sep)
    for keep in range(len(parts) - 1, 0, -1):
        shown = f"{sep.join(parts[:keep])} +{len(parts) - keep}"
        if len(shown) <= size:
            return shown
    rest = f" +{len(parts) - 1}" if len(parts) > 1 else ""
    room = size - len(rest) - 1
    return f"{parts[0][:room]}…{rest}" if room >= 2 else text[: max(0, size - 1)] + "…"


def fit_conditions(full: str, short: str, size: int) -> str:
    """The conditions cell: whole words when they fit, else each condition's short form
    (HEADER_LEGEND["Conditions"]), then "+n" for the rest. At 80×24 (issue 27) "LA broken,
    ribs, Stunned 8" had shown "LA broken +2"; it shows "LAb rib +1" in ten cells."""
    return full if len(full) <= size else fit_list(short, size, " ")


def cell_needs(combatants: Iterable[Combatant], enc: Encounter) -> dict[str, int]:
    """The longest cell of each number column, over every combatant (for `layout`)."""
    texts: dict[str, list[str]] = {
        key: [] for key in ("name", "ttu", "blr", "pen", "luck", "armour", "shield")
    }
    for c in combatants:
        texts["name"].append(HIDDEN + c.name if c.hidden else c.name)
        texts["ttu"].append(ttu_text(c, enc))
        texts["blr"].append(blr_text(c))
        texts["pen"].append(pen_text(c))
        texts["luck"].append(luck_text(c))
        texts["armour"].append(armour_text(c))  # not numbers, but as wide as they need:
        texts["shield"].append(shield_text(c))  # 6/3/2 took 8 cells, room a name lacked
    return {key: max(map(len, cells), default=0) for key, cells in texts.items()}


def blr_text(c: Combatant) -> str:
    return str(c.bleed_rate) if c.bleed_rate else ""


def luck_text(c: Combatant) -> str:
    return f"{c.luck:+d}" if c.luck else "0"


def chance_text(chance: ChanceDice, gap: str = "") -> str:
    return CHANCE_MARK[chance.combat] + gap + CHANCE_MARK[chance.roleplay]


def armour_text(c: Combatant) -> str:
    a = c.armour
    return f"{a.rating}/{a.hard}/{a.soft}"


def condition_parts(c: Combatant, enc: Encounter | None = None) -> list[tuple[str, str]]:
    """A15/A16/A5 conditions, each in words and in its short form: dead first, then what
    hampers rolls; with the encounter, the GM's effects after them with the TU they have
    left (issue 15)."""
    parts: list[tuple[str, str]] = []
    if c.dead:
        parts.append(("DEAD", "DEAD"))
    elif c.out_of_fight:
        parts.append(("out", "out"))
    for location, state in c.limbs.items():
        words = f"{LOCATION_SHORT.get(location, location)} {LIMB_SHORT[state]}"
        parts.append((words, f"{LOCATION_CODE.get(location, location)}{LIMB_CODE[state]}"))
    if c.broken_ribs:
        parts.append(("ribs", "rib"))
    if c.vital_organ:
        parts.append(("vital organ", "VO"))
    if c.exhaustion:
        parts.append((f"exhausted {c.exhaustion}", f"Ex{c.exhaustion}"))
    if c.held_action:
        parts.append(("held", "Hld"))
    if enc is not None and c.effects:
        from tracker.widgets.effect_marks import gm_effects

        for active in gm_effects(c, enc):
            left = "" if active.left is None else str(active.left)
            words = active.name if not left else f"{active.name} {left}"
            parts.append((words, effect_code(active.name) + left))
    return parts


def effect_code(name: str) -> str:
    """An effect's short form: its first three letters or digits, `On fire` → `Onf`."""
    kept = "".join(ch for ch in name if ch.isalnum())[:3]
    return kept or "eff"


def ttu_text(c: Combatant, enc: Encounter) -> str:
    """`now` only while the TTU is the current time; an opened opportunity that has
    already paid for a reaction (A10, e.g. a parry at 8 → 11) shows its new TTU."""
    if c.dead:
        return "†"
    if c.ttu is None:
        return "—"
    if c.id in enc.due and c.ttu == enc.time:
        return "now"
    return str(c.ttu)


SHORT_LEVEL = {"Eviscerate": "Evisc."}  # A2: the one level name too wide for the WP column


def wp_text(c: Combatant) -> str:
    """Total WP and the level of the last wound (A2, A14), shortened to fit, never cut."""
    total = c.total_wp()
    last = c.last_wound()
    if last is None:
        return str(total) if total else "0"
    return f"{total} {SHORT_LEVEL.get(last.level, last.level)}"


def shield_text(c: Combatant) -> str:
    """A12 low/high and R10 hits left (∞ when unlimited)."""
    s = c.shield
    if s is None:
        return "—"
    hits = "∞" if s.hits_left is None else str(s.hits_left)
    return f"{s.low}/{s.high} ×{hits}"


def pen_text(c: Combatant) -> str:
    """The worst stat penalty the rules give (A9), `*` when some stats take less."""
    each = {c.penalty(stat) for stat in c.stats}  # a sheet has at least one stat
    worst = max(each)
    return f"-{worst}{'' if len(each) == 1 else '*'}" if worst else ""


def row_cells(c: Combatant, enc: Encounter) -> dict[str, str]:
    """Every column's text for one combatant (the row's cache key is built from it)."""
    acting = bool(enc.due) and enc.due[0] == c.id
    parts = condition_parts(c, enc)
    return {
        "mark": "▶" if acting else ("·" if acts_now(enc, c) else " "),
        "name": HIDDEN + c.name if c.hidden else c.name,
        "side": SIDE_SHORT[c.side],
        "ttu": ttu_text(c, enc),
        "wp": wp_text(c),
        "blr": blr_text(c),
        "armour": armour_text(c),
        "shield": shield_text(c),
        "pen": pen_text(c),
        "cond": ", ".join(words for words, _short in parts),
        "cond short": " ".join(short for _words, short in parts),
        "chance": chance_text(c.chance),
        "luck": luck_text(c),
    }
