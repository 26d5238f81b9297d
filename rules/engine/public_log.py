"""The players' log: which lines of the encounter's log players may read, and in what words.

What a player at the table would know: the party's own rolls with their dice,
attacks, hits, reactions, who acts. Never the GM's own lines (edits, notes,
visibility, luck given to foes), never a hidden combatant (an ambush: its lines
go, those from while it was hidden stay gone once it is shown, and in the party's own
lines it and its weapon are "someone unseen": `rules.engine.public_hidden`), never a
foe's name until the GM reveals it, never a foe's numbers (its WP, its rolls'
arithmetic, its weapon's damage in the party's damage line) unless the GM reveals its
numbers or opens the rolls, and never a foe's stat values, whatever is open.

A line "about" a foe (its subject is the event's actor) that players may not
read whole is rewritten: a short sentence for its kind, or its text cut before
the first number. Redaction is a rule question, so it lives here; the players'
screen only draws the result (`rules.engine.public_view`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from rules.engine.public_hidden import HiddenHistory
from rules.model.event import Event
from rules.model.state import Combatant, Encounter, letter_text

__all__ = [
    "NEVER_WHOLE",
    "PARTY",
    "PublicLine",
    "Tone",
    "is_party",
    "labels",
    "public_log",
]

PARTY = frozenset({"PC", "ally"})  # the players' own side: shown whole

# Kinds players may read at all; anything else (GM edits, visibility, standing and
# manual orders, pending checks, unused-dice notes, settings) is the GM's alone.
PUBLIC_KINDS = frozenset(
    {
        *("combat", "join", "reaction", "opportunity", "react", "held", "aware", "fight"),
        *("add", "remove", "death", "day", "rest", "heal", "staunch", "treat", "condition"),
        *("roll", "attack", "hit", "miss", "dodge", "parry", "damage", "wound", "bleed"),
        "bleeding",
        *("check", "complementary", "opposed", "opposed-roll", "extended", "special", "luck"),
        *("effect", "effect-end", "effect-tick", "time"),  # issue 15 (never a GM's reminder)
    }
)
# Kinds that are a roll: a foe's show whole only while the GM keeps the rolls open.
ROLL_KINDS = frozenset(
    {"roll", "attack", "hit", "miss", "dodge", "parry", "reaction", "check"}
    | {"complementary", "opposed", "opposed-roll", "extended", "special"}
)
# A foe's line players may not read whole: the sentence they get instead (None: nothing).
TEMPLATES: Mapping[str, str | None] = {
    "wound": "{who} is wounded",
    "bleed": "{who} bleeds",
    "bleeding": "{who} is bleeding",
    "damage": None,  # the wound line that follows says enough
    "attack": None,  # the hit or miss line that follows says enough
    "reaction": None,  # the join line says it
    "luck": None,
    "special": None,
    "heal": "{who} is tended",
    "staunch": "{who}'s bleeding is tended",
    "treat": "{who} is treated",
    "rest": "{who} rests",
    "condition": "{who} is hurt",
    "check": "{who} makes a check",
    "roll": "{who} rolls",
    "extended": "{who} works at a task",
    "complementary": "{who} lends a hand",
    "opposed": None,
    "opposed-roll": None,
    "opportunity": None,  # its opening line ("Track N: …", `opening`) stays, reworded (`_cut`)
    "add": "{who} enters the encounter",
    "effect-tick": "{who} suffers",  # "effect" and "effect-end" are cut before the numbers
}
# A foe's lines that show its armour, shield or luck: never whole, whatever is revealed.
NEVER_WHOLE = frozenset({"damage", "luck", "special"})
# Kinds that say when someone acts next: a foe's are cut while its ticks show only as it acts.
TIMING_KINDS = frozenset({"opportunity", "react", "join"})
# A party member's lines that carry its attacker's numbers (VS, the weapon's damage): gone
# when that attacker is unseen or its numbers are closed (the wound line says the hit).
ATTACKER_FIGURE_KINDS = frozenset({"damage"})
UNSEEN = "someone unseen"  # a hidden combatant, named in a line of the party's own
_STOP = re.compile(r"[0-9(:→]")
_TRAILING = re.compile(r"(?:[\s,;:\-]|\b(?:at|to|from|with|vs|by|for|of|on)\b)+$")


# What kind of line it is, so the players' screen can give the log a hierarchy (a turn
# stands out from a roll, a wound from a miss) without reading the words.
Tone = Literal["turn", "attack", "harm", "care", "roll", "scene"]
TONES: Mapping[str, Tone] = {
    **dict.fromkeys(("combat", "join", "opportunity", "react", "held", "aware"), "turn"),
    **dict.fromkeys(("reaction", "fight", "time", "day", "rest"), "turn"),
    **dict.fromkeys(("attack", "hit", "miss", "dodge", "parry"), "attack"),
    **dict.fromkeys(("damage", "wound", "bleed", "bleeding", "condition"), "harm"),
    **dict.fromkeys(("death", "effect-tick"), "harm"),
    **dict.fromkeys(("heal", "staunch", "treat"), "care"),
    **dict.fromkeys(("roll", "check", "complementary", "opposed", "opposed-roll"), "roll"),
    **dict.fromkeys(("extended", "special", "luck"), "roll"),
}  # anything else players may read (enters, leaves, effects) is the scene's


@dataclass(frozen=True)
class PublicLine:
    """One line of the players' log: when, what, the dice they may see, and its tone."""

    seq: int
    time: int | None
    text: str
    faces: tuple[int, ...] = ()
    tone: Tone = "scene"


def is_party(c: Combatant) -> bool:
    return c.side in PARTY


def labels(enc: Encounter) -> dict[str, str]:
    """What players call each combatant they can see: its name, or "Unknown A" for a
    foe the GM has not named yet, by the letter it got when first seen (`rules.engine.
    letters`: kept, never moved). Hidden combatants have no label. A foe without its
    letter (an encounter made by hand) gets one after those given, for this view only."""
    found: dict[str, str] = {}
    spare = enc.letters
    for c in enc.combatants.values():
        if c.hidden:
            continue
        if is_party(c) or c.reveal != "unknown":
            found[c.id] = c.name
        elif c.letter is not None:
            found[c.id] = f"Unknown {c.letter}"
        else:
            found[c.id] = f"Unknown {letter_text(spare)}"
            spare += 1
    return found


def _names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    ordered = sorted({n for n in names if n}, key=len, reverse=True)  # "Guard 2" before "Guard"
    if not ordered:
        return None
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, ordered)) + r")(?!\w)")


class _Redactor:
    """The encounter's names as players know them, computed once per view."""

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.label = labels(enc)
        combatants = enc.combatants.values()
        self.history = HiddenHistory(enc)
        self._unseen_re: dict[frozenset[str], re.Pattern[str] | None] = {}
        shown = [c for c in combatants if not c.hidden]
        self.by_name: dict[str, str] = {}
        for c in sorted(shown, key=lambda c: is_party(c)):  # a party name wins a clash
            self.by_name[c.name] = self.label[c.id]
        self.names_re = _names_pattern(self.by_name)
        self.closed = {c.name for c in shown if not is_party(c) and c.reveal != "numbers"}
        self.open_rolls = enc.settings.open_rolls
        self.foe_timing = enc.settings.foe_ticks == "always"

    def rename(self, text: str) -> str:
        if self.names_re is None:
            return text
        return self.names_re.sub(lambda m: self.by_name[m.group(1)], text)

    def names_closed_foe(self, text: str) -> bool:
        if self.names_re is None:
            return False
        return any(m.group(1) in self.closed for m in self.names_re.finditer(text))

    def unseen_pattern(self, unseen: frozenset[str]) -> re.Pattern[str] | None:
        """The names of the unseen, each also as "Name's weapon" (so its weapon goes too)."""
        if unseen not in self._unseen_re:
            words: list[str] = []
            for cid in unseen:
                c = self.enc.combatants.get(cid)
                if c is not None:
                    words += [f"{c.name}'s {w.name}" for w in c.weapons] + [c.name]
            self._unseen_re[unseen] = _names_pattern(words)
        return self._unseen_re[unseen]

    def line(self, event: Event) -> PublicLine | None:
        if event.kind not in PUBLIC_KINDS:
            return None
        unseen = self.history.unseen(event.seq)
        if event.actor in unseen:
            return None
        subject = self.enc.combatants.get(event.actor) if event.actor else None
        text = event.text
        hidden_re = self.unseen_pattern(unseen) if unseen else None
        named_unseen = hidden_re is not None and hidden_re.search(text) is not None
        if named_unseen:
            assert hidden_re is not None  # (searched above)
            if subject is None or not is_party(subject):
                return None  # a line naming an ambusher gives it away
            text = hidden_re.sub(UNSEEN, text)  # the party knows it was hit, not by whom
        roll = event.kind in ROLL_KINDS
        if subject is not None and not is_party(subject):
            whole = self.open_rolls if roll else subject.reveal == "numbers"
            if event.kind in TIMING_KINDS and not self.foe_timing:
                whole = False
            if event.kind in NEVER_WHOLE:
                whole = False
            who = self.label[subject.id]
            text = _without_stat_values(text, subject)  # never shown, whatever is open
        else:  # the party's own line (or the track's): whole unless it shows a foe's roll
            whole = not (roll and not self.open_rolls and self.names_closed_foe(text))
            if event.kind in ATTACKER_FIGURE_KINDS and (
                named_unseen or self.names_closed_foe(text)
            ):
                return None  # the attacker's VS and damage: the wound line says the hit
            who = self.label.get(subject.id, "") if subject is not None else ""
        if whole:
            faces = tuple(event.faces)
            return PublicLine(event.seq, event.time, self.rename(text), faces, _tone(event))
        cut = self._cut(event, text, who)
        return None if cut is None else PublicLine(event.seq, event.time, cut, (), _tone(event))

    def _cut(self, event: Event, text: str, who: str) -> str | None:
        """The sentence for a line players may not read whole (no number of the foe's)."""
        if event.kind == "opportunity" and event.text.startswith("Track "):
            return f"Action Opportunity for {who}"  # the line's own time says when
        if event.kind in TEMPLATES:
            template = TEMPLATES[event.kind]
            return None if template is None or not who else template.format(who=who)
        text = self.rename(text)
        stop = _STOP.search(text)
        cut = _TRAILING.sub("", text[: stop.start()] if stop else text)
        if not who or cut.strip() == who or not cut.startswith(who):
            return f"{who} acts" if who else None
        return cut


def _tone(event: Event) -> Tone:
    return TONES.get(event.kind, "scene")


def _without_stat_values(text: str, c: Combatant) -> str:
    """`6d10 vs Dexterity 6` → `6d10 vs Dexterity`: a foe's stats are never shown."""
    if not c.stats:
        return text
    names = "|".join(map(re.escape, sorted(c.stats, key=len, reverse=True)))
    return re.sub(rf"(?<!\w)({names}) -?\d+", r"\1", text)


def public_log(enc: Encounter, limit: int = 200) -> tuple[PublicLine, ...]:
    """The last `limit` lines players may read, oldest first, in their words."""
    redactor = _Redactor(enc)
    found: list[PublicLine] = []
    for event in reversed(enc.log):
        line = redactor.line(event)
        if line is not None:
            found.append(line)
            if len(found) >= limit:
                break
    found.reverse()
    return tuple(found)
