"""The players' log: which lines of the encounter's log players may read, and in what words.

What a player at the table would know: the party's own rolls with their dice,
attacks, hits, reactions, who acts. Never the GM's own lines (edits, notes,
visibility, luck given to foes), never a hidden combatant (an ambush: its lines
go, those from while it was hidden stay gone once it is shown, and in the party's own
lines it and its weapon are "someone unseen": `rules.engine.public_hidden`), never a
foe's name until the GM reveals it, never a foe's numbers (its WP, its rolls'
arithmetic, its weapon's damage in the party's damage line) unless the GM reveals its
numbers or opens the rolls, and never a foe's stat values, whatever is open.

What players may read of each kind of line, per visibility state, is written down in
`rules.engine.public_phrases`: a line reads whole only while all it names lets its
figures show and all its words are the rules' own or names players know; otherwise it
is its kind's own sentence, made of labels alone, never the GM's line cut down. A line
of one who has left the encounter is not shown (no one can say any more what players
knew of it). Redaction is a rule question, so it lives here; the players' screen only
draws the result (`rules.engine.public_view`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rules.engine.public_hidden import HiddenHistory
from rules.engine.public_phrases import PHRASES, VOCABULARY, Phrase, Tone
from rules.model.event import Event
from rules.model.state import Combatant, Encounter, letter_text

__all__ = ["PARTY", "UNSEEN", "PublicLine", "Tone", "is_party", "labels", "public_log"]

PARTY = frozenset({"PC", "ally"})  # the players' own side: shown whole
UNSEEN = "someone unseen"  # a hidden combatant, named in a line of the party's own
_WORD = re.compile(r"[^\W\d_]+")


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
        self.history = HiddenHistory(enc)
        self._unseen_re: dict[frozenset[str], re.Pattern[str] | None] = {}
        shown = [c for c in enc.combatants.values() if not c.hidden]
        self.by_name: dict[str, str] = {}
        self.id_by_name: dict[str, str] = {}
        for c in sorted(shown, key=lambda c: is_party(c)):  # a party name wins a clash
            self.by_name[c.name] = self.label[c.id]
            self.id_by_name[c.name] = c.id
        for c in shown:  # a weapon keeps its name: a "Sniper rifle" is no "Unknown E rifle"
            for w in c.weapons:
                self.by_name.setdefault(w.name, w.name)
        self.names_re = _names_pattern(self.by_name)
        self.labels_re = _names_pattern([*self.label.values(), UNSEEN])
        self.known = VOCABULARY | {w.casefold() for c in shown for w in _sheet_words(c)}
        self.open_rolls = enc.settings.open_rolls
        self.foe_timing = enc.settings.foe_ticks == "always"

    def rename(self, text: str) -> str:
        if self.names_re is None:
            return text
        return self.names_re.sub(lambda m: self.by_name[m.group(1)], text)

    def named(self, text: str) -> list[Combatant]:
        """The seen combatants `text` names, in order, each once."""
        found: dict[str, Combatant] = {}
        if self.names_re is not None:
            for m in self.names_re.finditer(text):
                cid = self.id_by_name.get(m.group(1))
                if cid is not None:
                    found.setdefault(cid, self.enc.combatants[cid])
        return list(found.values())

    def unknown_words(self, text: str) -> set[str]:
        """The words of a players' line (names already theirs) that are neither the rules'
        own nor a name players know: any one keeps the line from reading whole."""
        bare = text if self.labels_re is None else self.labels_re.sub(" ", text)
        return {w for w in _WORD.findall(bare) if w.casefold() not in self.known}

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

    def opens(self, c: Combatant, phrase: Phrase, subject: bool) -> bool:
        """Does `c`, named in a line of `phrase`'s kind, let that line's figures show?"""
        if is_party(c):
            return True
        if (phrase.own_never and subject) or phrase.opens == "never":
            return False
        if phrase.timing and not self.foe_timing:
            return False
        if phrase.opens == "rolls":  # a foe's own roll: open rolls alone show it
            return self.open_rolls or (not subject and c.reveal == "numbers")
        return c.reveal == "numbers"

    def line(self, event: Event) -> PublicLine | None:
        phrase = PHRASES.get(event.kind)
        if phrase is None:
            return None  # the GM's alone
        unseen = self.history.unseen(event.seq)
        if event.actor in unseen:
            return None
        subject = self.enc.combatants.get(event.actor) if event.actor else None
        if event.actor and subject is None:
            return None  # one who has left: what players knew of it is no longer known
        text = event.text
        hidden_re = self.unseen_pattern(unseen) if unseen else None
        named_unseen = hidden_re is not None and hidden_re.search(text) is not None
        if named_unseen:
            assert hidden_re is not None  # (searched above)
            if subject is None or not is_party(subject):
                return None  # a line naming an ambusher gives it away
            text = hidden_re.sub(UNSEEN, text)  # the party knows it was hit, not by whom
        others = [c for c in self.named(text) if c is not subject]
        whole = subject is None or self.opens(subject, phrase, subject=True)
        if phrase.named:
            whole = whole and not named_unseen
            whole = whole and all(self.opens(c, phrase, subject=False) for c in others)
        foes = [c for c in [subject, *others] if c is not None and not is_party(c)]
        if foes:
            text = _without_stat_values(text, foes)  # never shown, whatever is open
        text = self.rename(text)
        if whole and not self.unknown_words(text):
            return PublicLine(event.seq, event.time, text, tuple(event.faces), phrase.tone)
        if phrase.own_never and subject is not None and not is_party(subject):
            return None
        who = self.label[subject.id] if subject is not None else ""
        if not who and others:
            who, others = self.label[others[0].id], others[1:]
        other = UNSEEN if named_unseen and not others else ""
        other = self.label[others[0].id] if others else other
        sentence = _sentence(phrase, event.text, who, other)
        return (
            None
            if sentence is None
            else PublicLine(event.seq, event.time, sentence, (), phrase.tone)
        )


def _sentence(phrase: Phrase, gm_text: str, who: str, other: str) -> str | None:
    """The kind's own sentence for a line players may not read whole (labels only)."""
    closed = phrase.closed
    if isinstance(closed, tuple):  # the GM's words choose among sentences, never more
        closed = next(s for marker, s in closed if marker in gm_text)
    if closed is None or ("{who}" in closed and not who):
        return None
    if not other:
        closed = closed.replace(" {other}", "")
    return closed.format(who=who, other=other)


def _sheet_words(c: Combatant) -> list[str]:
    """The names on `c`'s sheet a line may hold: its stats, skills, actions, weapons, effects."""
    words = [*c.stats, *c.skills, *c.skill_stats.values(), *c.abilities, *c.resistances]
    for a in c.actions:
        words += [a.name, a.weapon or "", a.skill or "", a.stat or ""]
    for w in c.weapons:
        words += [w.name, w.skill, w.stat]
    words += [e.name for e in c.effects] + [*c.tick_wp, *c.drains, c.held_action or ""]
    if c.extended is not None:
        words += [c.extended.skill, c.extended.stat]
    return [word for name in words for word in _WORD.findall(name)]


def _without_stat_values(text: str, foes: list[Combatant]) -> str:
    """`6d10 vs Dexterity 6` → `6d10 vs Dexterity`: a foe's stats are never shown (in a line
    naming one, no stat value shows: which of them is whose is not the words' to say)."""
    stats = {stat for c in foes for stat in c.stats}
    if not stats:
        return text
    names = "|".join(map(re.escape, sorted(stats, key=len, reverse=True)))
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
