"""A whole sheet typed or pasted as one line (issue 27: a PC from scratch took 101 keys).

    Sir Ulric (PC): Str 6 Dex 7 End 6 Wits 5 Per 5 Tech 3; Melee 7 Dodge 4 Fight 5;
    broadsword 5 melee; armour 6/3/2; shield 5-10 x10; luck 1

The grammar, forgiving where a GM's typing varies and strict where a guess
could put a number in the wrong place:

- Parts are separated by `;` (a pasted line break is one too).
- `Name (side):` before the first `;` names the combatant; the side (PC, ally,
  enemy, neutral, any case) is optional. Without a colon, a first part with no
  number in it is the name (`Guy`, `Guy (ally); Melee 5`).
- The first part (after the name) holds stats as `Name N` pairs, separated by
  spaces or commas: Str, Dex, End, Wits/Wit, Per, Tech or their full names in
  any case; any other name is one more stat (`Presence 4`).
- Every later part starts with a word that says what it is, or holds pairs:
  `armour R/H/S` (Armour Rating, hard, soft: the form's AR, hard, soft; `armor`,
  `AR`, spaces for slashes), `shield L-H [xN]` (low-high, N hits left, none for
  unlimited), `luck N` (signed), `side S`, or comma-separated weapons and
  skills. A weapon is `name damage melee|ranged [skill] [stat]`
  (`pistol 4 ranged Shoot Dex`; `weapon name damage` for melee; unnamed, a
  melee weapon's skill is Melee, a ranged one's Shoot); anything else
  is skills, `Name N` pairs whose names may be several words (`Energy Guns 5`).
  A stat's name among the skills is a stat. Armour, shield, luck and side are
  said once: twice is refused, as a stat, skill or weapon twice is.

The combatant's name holds no `;`, `:` or `(`; other names hold no digits.
Every part that does not read gets a message naming the part and why, and
then the whole line is refused (`SheetLineError`): nothing is half-applied.
The numbers go through the digit rule, the ranges and names through the
model's own pydantic fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeVar, get_args

from pydantic import TypeAdapter, ValidationError

from rules.mechanics.numbers import NumberError, parse_int, shown
from rules.model.errors import field_errors
from rules.model.plain_text import Name
from rules.model.state import SIDES, Armour, Shield, Side, Stats, Weapon

__all__ = ["MAX_LINE", "SheetLine", "SheetLineError", "read_sheet_line", "write_sheet_line"]

ModelT = TypeVar("ModelT", Weapon, Armour, Shield)
MAX_LINE = 2000  # a sheet is ~120 characters; a longer paste is the wrong clipboard
STAT_NAMES: dict[str, str] = {
    "str": "Strength",
    "strength": "Strength",
    "dex": "Dexterity",
    "dexterity": "Dexterity",
    "end": "Endurance",
    "endurance": "Endurance",
    "wit": "Wits",
    "wits": "Wits",
    "per": "Perception",
    "perc": "Perception",
    "perception": "Perception",
    "tech": "Tech",
}
SHORT: dict[str, str] = {
    "Strength": "Str",
    "Dexterity": "Dex",
    "Endurance": "End",
    "Perception": "Per",
}
KINDS: tuple[str, ...] = get_args(Weapon.model_fields["kind"].annotation)
ARMOUR_WORDS = ("armour", "armor", "ar")
RANGED_SKILL = "Shoot"  # a ranged weapon's skill when the line names none (Melee's would roll 0)
KEYWORDS = (*ARMOUR_WORDS, "shield", "luck", "side", "weapon", *KINDS)
_NAME: TypeAdapter[str] = TypeAdapter(Name)
_HEAD = re.compile(r"(?P<name>[^()]*?)\s*(?:\((?P<side>[^()]*)\))?\s*", re.DOTALL)
_SHIELD = re.compile(r"(?P<low>\S+?)\s*[-/]\s*(?P<high>[^\sxX]+)(?:\s*[xX]\s*(?P<hits>\S+))?")


class SheetLineError(ValueError):
    """A line that does not read whole: one message per part that failed."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass
class SheetLine:
    """What a line says; None or empty for what it leaves unsaid (the form keeps those)."""

    name: str | None = None
    side: Side | None = None
    stats: dict[str, int] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    weapons: list[Weapon] = field(default_factory=list)
    armour: Armour | None = None
    shield: Shield | None = None
    luck: int | None = None


def _is_number(token: str) -> bool:
    """A token meant as a number (so the digit rule words a bad one: '٣', '1e9')."""
    bare = token.lstrip("+-")
    return bool(bare) and (bare[0].isdigit() or bare[0].isnumeric())


def _words(text: str) -> list[str]:
    return text.replace(",", " ").replace("=", " ").split()


class _Reader:
    """One line read part by part; `problems` collects what did not read."""

    def __init__(self) -> None:
        self.sheet = SheetLine()
        self.problems: list[str] = []
        self.said: set[str] = set()  # the parts said once: armour, shield, luck, side

    def once(self, what: str) -> bool:
        """True the first time `what` is said; then a problem (the later one silently
        won: `(PC) …; side enemy` made an enemy)."""
        if what in self.said:
            self.problems.append(f"{what} is given twice")
            return False
        self.said.add(what)
        return True

    def number(self, text: str, where: str, *, signed: bool = False) -> int | None:
        try:
            return parse_int(text, signed=signed)
        except NumberError as err:
            self.problems.append(f"{where}: {err}")
            return None

    def head(self, text: str) -> None:
        match = _HEAD.fullmatch(text)
        if match is None:
            self.problems.append(f"name {shown(text)}: a name, then the side in brackets")
            return
        name = " ".join(match["name"].split())
        try:
            self.sheet.name = _NAME.validate_python(name) if name else None
        except ValidationError as err:
            self.problems.append(f"name {shown(name)}: {'; '.join(field_errors(err).values())}")
        if match["side"] is not None and self.once("side"):
            self.side(match["side"])

    def side(self, text: str) -> None:
        found = next((s for s in SIDES if s.lower() == text.strip().lower()), None)
        if found is None:
            self.problems.append(f"side {shown(text.strip())}: one of {', '.join(SIDES)}")
        else:
            self.sheet.side = found  # type: ignore[assignment]  # one of Side's own values

    def pairs(self, text: str, first: bool) -> None:
        """`Name N` pairs: stats in the first part, else skills (a stat's name: a stat)."""
        name: list[str] = []
        for token in _words(text):
            if not _is_number(token):
                name.append(token)
                continue
            if not name:
                self.problems.append(f"{shown(text.strip())}: {token} has no name before it")
                continue
            self.pair(" ".join(name), token, first)
            name = []
        if name:
            self.problems.append(
                f"{shown(text.strip())}: {' '.join(name)!r} has no number after it"
            )

    def pair(self, name: str, value: str, first: bool) -> None:
        stat = STAT_NAMES.get(name.lower())
        table, what = (self.sheet.stats, "stat") if first or stat else (self.sheet.skills, "skill")
        name = stat or name
        number = self.number(value, f"{what} {name!r}")
        if any(key.lower() == name.lower() for key in table):
            self.problems.append(f"{what} {name!r} is given twice")
        elif number is not None:
            table[name] = number

    def part(self, text: str) -> None:
        words = _words(text)
        if not words:
            return  # `;,;`: nothing said
        key, rest = words[0].lower(), text.strip()[len(words[0]) :].strip()
        key = "armour" if key in ARMOUR_WORDS else key
        if key in ("armour", "shield", "luck", "side") and not self.once(key):
            return
        if key == "armour":
            self.armour(text, rest)
        elif key == "shield":
            self.shield(text, rest)
        elif key == "luck":
            self.luck(text, rest)
        elif key == "side":
            self.side(rest)
        else:
            for item in text.split(","):
                if item.strip() and not self.weapon(item):
                    self.pairs(item, first=False)

    def armour(self, text: str, rest: str) -> None:
        numbers = rest.replace("/", " ").split()
        if len(numbers) != 3:
            self.problems.append(
                f"{shown(text.strip())} needs three numbers: rating/hard/soft (armour 6/3/2)"
            )
            return
        fields = list(Armour.model_fields)
        values = [self.number(n, f"armour {f}") for n, f in zip(numbers, fields, strict=True)]
        data: dict[str, object] = dict(zip(fields, values, strict=True))
        if None not in values:
            self.sheet.armour = self.model(Armour, data, "armour")

    def shield(self, text: str, rest: str) -> None:
        match = _SHIELD.fullmatch(rest)
        if match is None:
            self.problems.append(
                f"{shown(text.strip())} needs low-high and maybe hits left (shield 5-10 x10)"
            )
            return
        low = self.number(match["low"], "shield low")
        high = self.number(match["high"], "shield high")
        hits = None if match["hits"] is None else self.number(match["hits"], "shield hits")
        if low is not None and high is not None and (hits is not None or not match["hits"]):
            data: dict[str, object] = {"low": low, "high": high, "hits_left": hits}
            self.sheet.shield = self.model(Shield, data, "shield")

    def luck(self, text: str, rest: str) -> None:
        if not rest:
            self.problems.append(f"{shown(text.strip())} needs a number (luck 2, luck -1)")
        else:
            self.sheet.luck = self.number(rest, "luck", signed=True)

    def weapon(self, item: str) -> bool:
        """Reads `item` if it is a weapon; False if it is not one (then it is skills)."""
        words = _words(item)
        if words and words[0].lower() == "weapon":
            words = words[1:]
            if len(words) >= 2 and _is_number(words[-1]):
                words.append("melee")  # `weapon name damage`
        at = next((i for i, w in enumerate(words) if w.lower() in KINDS), None)
        if at is None or at < 2 or not _is_number(words[at - 1]):
            return False
        name, after = words[: at - 1], words[at + 1 :]
        if any(_is_number(w) for w in (*name, *after)):
            return False  # `Dodge 4 Melee 7`: skills
        data: dict[str, object] = {"name": " ".join(name), "kind": words[at].lower()}
        if after and after[-1].lower() in STAT_NAMES:
            data["stat"] = STAT_NAMES[after.pop().lower()]
        data["skill"] = " ".join(after) if after else _skill_of(str(data["kind"]))
        where = f"weapon {data['name']!r}"
        data["damage"] = self.number(words[at - 1], f"{where} damage")
        if any(w.name.lower() == str(data["name"]).lower() for w in self.sheet.weapons):
            self.problems.append(f"{where} is given twice")
        elif data["damage"] is not None:
            weapon = self.model(Weapon, data, where)
            if weapon is not None:
                self.sheet.weapons.append(weapon)
        return True

    def model(self, kind: type[ModelT], data: dict[str, object], where: str) -> ModelT | None:
        """`kind` built from `data`, or None with pydantic's words for each field in `problems`."""
        try:
            return kind.model_validate(data)
        except ValidationError as err:
            for path, text in field_errors(err, kind).items():
                said = text if text.startswith(where) else f"{where}: {text}"  # the model's own
                self.problems.append(f"{where} {path}: {text}" if path else said)
            return None

    def ranges(self) -> None:
        """Stats and skills against the model's own ranges and name rule."""
        try:
            Stats.model_validate({"stats": self.sheet.stats, "skills": self.sheet.skills})
        except ValidationError as err:
            for path, text in field_errors(err, Stats).items():
                table, _, name = path.partition(".")
                self.problems.append(f"{table[:-1]} {name!r}: {text}")


def _name_and_stats(first: str) -> tuple[str, str]:
    """The first part as (name, stats): `Name: stats`, a part with no number (a name
    alone), or `Sir Ulric Str 6 ...` (the words before the first stat's name)."""
    head, colon, stats = first.partition(":")
    if colon:
        return head, stats
    tokens = first.split()
    at = next((i for i, t in enumerate(tokens) if _is_number(t)), None)
    if at is None:
        return first, ""
    if at >= 2 and tokens[at - 1].lower() in STAT_NAMES:
        return " ".join(tokens[: at - 1]).rstrip(","), " ".join(tokens[at - 1 :])
    return "", first


def read_sheet_line(text: str) -> SheetLine:
    """The sheet `text` describes, or SheetLineError with every part that does not read."""
    if len(text) > MAX_LINE:
        raise SheetLineError(
            [f"the line is {len(text):,} characters: a sheet line is at most {MAX_LINE:,}"]
        )
    reader = _Reader()
    parts = [p.strip() for p in re.split(r"[;\r\n]", text.replace("\t", " "))]
    head, stats = _name_and_stats(parts[0] if parts else "")
    if head:
        reader.head(head)
    words = _words(stats)
    if words and words[0].lower() in KEYWORDS:
        reader.part(stats)  # `armour 6/3/2; ...`: no stats at all
    elif words:
        reader.pairs(stats, first=True)
    for part in parts[1:]:
        if part:
            reader.part(part)
    reader.ranges()
    if reader.problems:
        raise SheetLineError(reader.problems)
    if reader.sheet == SheetLine():
        raise SheetLineError(["the line says nothing: type e.g. Sir Ulric: Str 6 Dex 7; Melee 7"])
    return reader.sheet


def _skill_of(kind: str) -> str:
    """The skill a weapon of `kind` rolls when the line names none."""
    return RANGED_SKILL if kind == "ranged" else str(Weapon.model_fields["skill"].default)


def _pairs(values: dict[str, int]) -> str:
    return " ".join(f"{SHORT.get(name, name)} {value}" for name, value in values.items())


def write_sheet_line(sheet: SheetLine) -> str:
    """The line `read_sheet_line` reads back as `sheet` (a template's, a test's)."""
    head = sheet.name or ""
    if sheet.side is not None:
        head = f"{head} ({sheet.side})".strip()
    parts = [f"{head}: {_pairs(sheet.stats)}" if head else _pairs(sheet.stats)]
    if sheet.skills:
        parts.append(_pairs(sheet.skills))
    for w in sheet.weapons:
        skill = "" if w.skill == _skill_of(w.kind) else f" {w.skill}"
        stat = "" if w.stat == Weapon.model_fields["stat"].default else f" {w.stat}"
        parts.append(f"{w.name} {w.damage} {w.kind}{skill}{stat}")
    if sheet.armour is not None:
        parts.append(f"armour {sheet.armour.rating}/{sheet.armour.hard}/{sheet.armour.soft}")
    if sheet.shield is not None:
        hits = "" if sheet.shield.hits_left is None else f" x{sheet.shield.hits_left}"
        parts.append(f"shield {sheet.shield.low}-{sheet.shield.high}{hits}")
    if sheet.luck is not None:
        parts.append(f"luck {sheet.luck}")
    return "; ".join(parts)
