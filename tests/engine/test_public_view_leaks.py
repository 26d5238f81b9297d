"""The players' view of random fights never shows what players must not see.

Over random command sequences (the engine's property mix plus the GM's visibility
commands at random moments): no hidden combatant's name or weapon, no GM note, no name
of a foe the GM has not revealed, no foe's armour, shield or luck line, no number of a
foe whose numbers are closed (its lines carry no digit and no dice; no figures for it;
its weapon's damage in no line of the party's), no foe's stat value in any line, no
time that belongs only to a hidden combatant (the track's time at its turn, a countdown
to its opportunity), and no line a combatant's own from while it was hidden; a foe's
"Unknown" letter, once shown, never changes, and no two foes share one.

The foes carry canaries: weapons of their own names and damages no one else has.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.public_log import _Redactor, labels
from rules.engine.public_phrases import PHRASES
from rules.engine.public_view import PublicView, public_view
from rules.engine.session import Session
from rules.engine.track_index import tied
from rules.mechanics.dice import SeededDice
from rules.model.commands import DuplicateCombatant
from rules.model.effect_commands import AddEffect
from rules.model.effects import Duration
from rules.model.state import Combatant, Encounter
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal
from tests.support.random_fights import candidates, fighter
from tests.support.soak import examples

NOTE = "secret-gm-note-qx"


# A foe's canaries: (melee weapon, ranged weapon, their damage); the party's are Knife 4,
# Pistol 6, and no line of a fight holds "damage 13" but from one of these.
CANARIES = {
    "c2": ("Halberd", "Sling", 13),
    "c3": ("Garrote", "Crossbow", 17),
    "c4": ("Cudgel", "Javelin", 19),
}
STATS = ("Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech")


def armed(c: Combatant, melee: str, ranged: str, damage: int) -> Combatant:
    """`c` with its two weapons renamed and hitting for `damage` (its actions follow)."""
    names = {"Knife": melee, "Pistol": ranged}
    weapons = [w.model_copy(update={"name": names[w.name], "damage": damage}) for w in c.weapons]
    actions = [
        a.model_copy(update={"weapon": names[a.weapon]}) if a.weapon in names else a
        for a in c.actions
    ]
    return c.model_copy(update={"weapons": weapons, "actions": actions})


def table() -> Encounter:
    """Two of the party, two foes (one of them an ambush), one neutral; each with a note."""
    enc = Encounter(name="property fight")
    cast = [("c0", "Dinzis", "PC"), ("c1", "Kans", "ally"), ("c2", "Molin", "enemy")]
    cast += [("c3", "Zorvax", "enemy"), ("c4", "Ulla", "neutral")]
    for index, (cid, name, side) in enumerate(cast):
        c = fighter(cid, name, 5 + index % 3)
        if cid in CANARIES:
            c = armed(c, *CANARIES[cid])
        enc.combatants[cid] = c.model_copy(update={"side": side, "notes": f"{NOTE} {name}"})
    enc.combatants["c3"].hidden = True
    return enc


def word(text: str, words: Iterable[str]) -> str | None:
    """The first of `words` in `text` as a whole word, else None."""
    for w in words:
        if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text):
            return w
    return None


def visibility(enc: Encounter, pick: st.DataObject) -> list[object]:
    cid = pick.draw(st.sampled_from(list(enc.combatants)))
    return [
        SetHidden(id=cid, hidden=pick.draw(st.booleans())),
        SetReveal(id=cid, reveal=pick.draw(st.sampled_from(["unknown", "name", "numbers"]))),
        SetOpenRolls(open_rolls=pick.draw(st.booleans())),
        SetFoeTicks(foe_ticks=pick.draw(st.sampled_from(["always", "acting"]))),
    ]


def check_view(enc: Encounter, unseen: set[int], gone: dict[str, Combatant]) -> None:
    """`unseen`: the log's lines a combatant logged while hidden (never public after);
    `gone`: those removed, as they last were (a removed foe's name and numbers stay out)."""
    view = public_view(enc)
    text = view.text()
    assert NOTE not in text
    party = {"PC", "ally"}
    for c in gone.values():
        if c.side not in party and c.reveal == "unknown" and c.id not in enc.combatants:
            assert not word(text, [c.name]), f"removed {c.name}'s name shows"
        if c.id in CANARIES and c.id not in enc.combatants:
            assert f"damage {CANARIES[c.id][2]}" not in text, f"removed {c.name}'s damage shows"
    for c in enc.combatants.values():
        named = word(text, [c.name])
        if c.hidden:
            assert not named, f"hidden {c.name} shows"
            if c.id in CANARIES:  # (the party's Knife and Pistol are both Dinzis's and Kans's)
                weapon = word(text, [w.name for w in c.weapons])
                assert weapon is None, f"hidden {c.name}'s {weapon} shows"
        elif c.side not in party and c.reveal == "unknown":
            assert not named, f"unrevealed {c.name} shows by name"
        if c.id in CANARIES and (c.hidden or c.reveal != "numbers"):
            damage = CANARIES[c.id][2]
            assert f"damage {damage}" not in text, f"closed {c.name}'s damage shows"
    leaked = [(line, enc.log[line.seq - 1]) for line in view.log if line.seq in unseen]
    assert not leaked, f"a line from while hidden shows: {leaked}"
    check_times(enc, view)
    closed = {
        c.id for c in enc.combatants.values() if c.side not in party and c.reveal != "numbers"
    }
    redactor = _Redactor(enc)
    foes = {c.id for c in enc.combatants.values() if c.side not in party}
    for event in enc.log:
        line = redactor.line(event)
        phrase = PHRASES.get(event.kind)
        if phrase is None:
            assert line is None, f"a GM's line shows: {line}"
            continue
        if event.actor in foes and phrase.own_never:
            assert line is None, f"a foe's armour, shield or luck shows: {line}"
        if line is None:
            continue
        names_closed = phrase.named and any(
            word(event.text, [enc.combatants[cid].name]) for cid in closed - {event.actor}
        )
        if event.actor not in closed and not names_closed:
            continue
        if phrase.opens == "rolls" and enc.settings.open_rolls:
            continue
        assert not re.search(r"\d", line.text), f"a closed foe's number shows: {line.text!r}"
        assert line.faces == (), line
    for event in enc.log:
        line = redactor.line(event)
        if line is not None and event.actor in foes:
            stat = re.search(rf"\b({'|'.join(STATS)}) -?\d", line.text)
            assert stat is None, f"a foe's stat value shows: {line.text!r}"
    for foe in view.foes:
        if foe.figures is not None:
            assert any(foe.name == enc.combatants[c].name for c in enc.combatants)
    shown_ids = {c.id for c in enc.combatants.values() if not c.hidden}
    assert len(view.party) + len(view.foes) == len(shown_ids)


def check_times(enc: Encounter, view: PublicView) -> None:
    """No time of a hidden combatant's own: while only the hidden act, the view's time is
    the last the players saw something at; no countdown runs to a hidden combatant's or
    (its ticks not shown) a foe's next opportunity."""
    acting = tied(enc) if enc.in_combat else []
    if enc.in_combat and all(enc.combatants[cid].hidden for cid in acting):
        # No one seen acts (the hidden's turn, a hidden one's tick, a GM's reminder): the
        # time is one the players saw a line at, or the track's start (A7: no one's own).
        seen_at = {line.time for line in view.log}
        assert view.time in seen_at or view.time == 0, (
            f"the track's time with no one seen acting shows: {enc.time} {view.time} {acting}"
            f" {[(line.time, line.text) for line in view.log[-4:]]}"
        )
        assert view.now == ()
    shown = {f.name: f.conditions for f in view.party}
    shown |= {f.figures.name: f.figures.conditions for f in view.foes if f.figures}
    labels_of = labels(enc)
    for c in enc.combatants.values():
        if c.id not in labels_of or labels_of[c.id] not in shown:
            continue
        for e in c.effects:
            if e.duration.kind != "next":
                continue
            whose = enc.combatants.get(e.duration.whose or c.id)
            secret = whose is not None and (
                whose.hidden
                or (whose.side not in ("PC", "ally") and enc.settings.foe_ticks != "always")
            )
            if secret:
                said = [k for k in shown[labels_of[c.id]] if k.split(" (")[0] == e.name]
                assert all("TU left" not in k for k in said), f"a secret countdown: {said}"


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_random_fights_never_leak_to_the_players(data: st.DataObject, seed: int) -> None:
    session = Session(table())
    dice = SeededDice(seed)
    unseen: set[int] = set()
    gone: dict[str, Combatant] = {}  # every combatant as last seen in the encounter
    letters: dict[str, str] = {}  # a foe's first "Unknown" tag: it never changes
    for _ in range(data.draw(st.integers(5, 40))):
        enc = session.encounter
        gone |= {cid: c.model_copy() for cid, c in enc.combatants.items()}
        mix = [c for c in candidates(enc, data) if not isinstance(c, DuplicateCombatant)]
        mix += effects_on_opportunities(enc, data)
        command = data.draw(st.sampled_from(mix + visibility(enc, data)))
        logged = len(enc.log)
        try:
            session.do(command, dice)  # type: ignore[arg-type]
        except CommandError:
            pass
        enc = session.encounter
        hidden = {c.id for c in enc.combatants.values() if c.hidden}
        unseen |= {e.seq for e in enc.log[logged:] if e.actor in hidden and e.kind != "visibility"}
        gone |= {cid: c.model_copy() for cid, c in enc.combatants.items()}
        check_view(enc, unseen, gone)
        for cid, label in labels(enc).items():
            if label.startswith("Unknown "):
                assert letters.setdefault(cid, label) == label, f"{cid}: {letters[cid]} → {label}"
        taken = [label for cid, label in labels(enc).items() if label.startswith("Unknown ")]
        assert len(taken) == len(set(taken)), f"a letter twice: {taken}"


def effects_on_opportunities(enc: Encounter, pick: st.DataObject) -> list[object]:
    """An effect on one that ends at another's next opportunity (a countdown to it)."""
    bearer, whose = (pick.draw(st.sampled_from(list(enc.combatants))) for _ in range(2))
    duration = Duration(kind="next", whose=whose)
    return [AddEffect(targets=[bearer], name=f"Blinded-{whose}", duration=duration)]


def test_gm_only_kinds_are_not_public() -> None:
    gm_only = {"visibility", "settings", "edit", "unused-dice", "pending", "order", "reminder"}
    assert not gm_only & set(PHRASES)
