"""The players' log is built from an allow-list (`rules.engine.public_phrases`), not cut
down from the GM's lines (issue 25): what got through a cut-down line, each case as the GM
would make it, and the allow-list's own promises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.context import CommandError
from rules.engine.public_log import PublicLine, _Redactor, is_party, public_log
from rules.engine.public_phrases import PHRASES
from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice, SeededDice
from rules.model.commands import (
    Attack,
    ConfirmDamage,
    DuplicateCombatant,
    Luck,
    NewDay,
    Parry,
    RemoveCombatant,
    TakeOpportunity,
)
from rules.model.effect_commands import AddReminder, PassTime
from rules.model.event import Event
from rules.model.state import Combatant, Encounter, Weapon, Wound
from rules.model.visibility_commands import SetOpenRolls
from tests.support.random_fights import candidates, fighter
from tests.support.soak import examples

TENS = ScriptedDice([10] * 200)


def foe(cid: str, name: str, **update: object) -> Combatant:
    return fighter(cid, name, 5).model_copy(update={"side": "enemy", **update})


def inn(*foes: Combatant, due: str | None = None) -> Session:
    """Dinzis (PC, luck 0) and the foes given: out of combat, or in it with `due` acting
    at 5 and the others later."""
    dinzis = fighter("c0", "Dinzis", 6).model_copy(update={"side": "PC", "luck": 0})
    cast = {c.id: c for c in (dinzis, *foes)}
    enc = Encounter(name="Inn", combatants=cast)
    if due is not None:
        for c in cast.values():
            c.ttu = 5 if c.id == due else 9
        enc = enc.model_copy(update={"in_combat": True, "time": 5, "due": [due]})
    return Session(enc)


def texts(s: Session) -> list[str]:
    return [line.text for line in public_log(s.encounter)]


def strike(s: Session, attacker: str, target: str, weapon: str = "Knife") -> None:
    """`attacker`, due now, strikes `target` (every die a 10), unparried, damage confirmed."""
    s.do(TakeOpportunity(actor=attacker, actions=["Attack"]), TENS)
    s.do(Attack(attacker=attacker, target=target, weapon=weapon, goal=0), TENS)
    for p in [p for p in s.encounter.pending if p.kind == "parry"]:
        s.do(Parry(pending=p.id, weapon=None), TENS)
    for p in [p for p in s.encounter.pending if p.kind == "damage"]:
        s.do(ConfirmDamage(pending=p.id), TENS)


def test_a_reminders_words_never_reach_the_players() -> None:
    """A time-stop line quoted the GM's reminder: "(…: Reminder: the sniper waits)"."""
    s = inn()
    s.do(AddReminder(text="the sniper waits on the roof", in_tu=5), TENS)
    s.do(PassTime(amount=20), TENS)
    stop = next(e.text for e in s.encounter.log if e.kind == "time")
    assert "Reminder: the sniper waits on the roof" in stop  # the GM's line
    lines = texts(s)
    assert "Time stops" in lines
    assert not any("sniper" in line or "Reminder" in line for line in lines)


def test_a_new_day_keeps_the_foes_chance_dice_to_the_gm() -> None:
    s = inn(foe("c1", "Molin"))
    s.do(NewDay(), TENS)
    day = next(e.text for e in s.encounter.log if e.kind == "day")
    assert "Molin (combat, roleplay)" in day  # the GM's line: the foe's unused dice
    assert texts(s) == ["A new day begins"]
    alone = inn()
    alone.do(NewDay(), TENS)
    assert texts(alone) == [next(e.text for e in alone.encounter.log if e.kind == "day")]


def test_a_luck_award_reads_whole_unless_its_reason_is_the_gms_own_words() -> None:
    s = inn()
    s.do(Luck(target="c0", amount=2), TENS)
    s.do(Luck(target="c0", amount=1, reason="for spotting the hidden sniper"), TENS)
    assert texts(s) == [
        "GM awards 2 LP to Dinzis: pool +0 → +2 (R17)",
        "Dinzis's luck pool changes",
    ]


def test_a_removed_foe_takes_its_name_and_numbers_with_it() -> None:
    """Removing an unrevealed foe used to put its name, its rolls and its knife's damage on
    the players' screen: its lines had no one to be redacted for."""
    s = inn(foe("c1", "Molin"), due="c1")
    strike(s, "c1", "c0")
    s.do(RemoveCombatant(id="c1"), TENS)
    text = "\n".join(texts(s))
    assert "Dinzis is wounded" in text  # (the wound line named Molin's knife)
    assert "Molin" not in text and "damage 4" not in text and "Dexterity 6" not in text


def test_a_weapon_named_after_its_owner_keeps_its_name() -> None:
    """ "Sniper rifle" read "Unknown A rifle" when its owner Sniper was renamed."""
    rifle = Weapon(name="Sniper rifle", skill="Shoot", stat="Dexterity", damage=7, kind="ranged")
    sniper = foe("c1", "Sniper")
    actions = [a.model_copy(update={"weapon": rifle.name}) for a in sniper.actions if a.weapon]
    s = inn(sniper.model_copy(update={"weapons": [rifle], "actions": actions}), due="c1")
    s.do(SetOpenRolls(open_rolls=True), TENS)
    strike(s, "c1", "c0", weapon="Sniper rifle")
    text = "\n".join(texts(s))
    assert "Unknown A hits Dinzis with Sniper rifle" in text
    assert "Unknown A rifle" not in text and "Sniper hits" not in text


def test_a_closed_foes_demise_check_in_a_time_stop_shows_no_figure() -> None:
    gores = [Wound(location="chest", level="Gore", wp=4) for _ in range(2)]
    s = inn(foe("c1", "Molin", wounds=gores, bleed_rate=1, bleed_anchor=0))
    s.do(PassTime(amount=60), TENS)  # it bleeds to half its Endurance: a demise check
    stops = [e.text for e in s.encounter.log if e.kind == "time" and "Molin" in e.text]
    assert stops and "vs Endurance" in stops[0]  # the GM's: the foe's Endurance, its goal
    assert texts(s) == ["Unknown A bleeds", "Time stops"]


def test_a_line_of_a_new_phrasing_or_kind_falls_back_to_its_sentence() -> None:
    """A handler's new words are not public until written down: the line is its kind's
    sentence (labels only), and a kind with no phrase is the GM's alone."""
    s = inn(foe("c1", "Molin"))
    log = s.encounter.log
    log.append(
        Event(1, None, "wound", "Dinzis takes a Gore (4 WP) from the trap Zed laid", [], "c0")
    )
    log.append(Event(2, None, "gossip", "Dinzis is wanted in Byzantium", [], "c0"))
    log.append(
        Event(3, None, "hit", "Molin hits Dinzis with Knife (SS 9 vs goal 3 → VS 6)", [9], "c1")
    )
    assert public_log(s.encounter) == (
        PublicLine(1, None, "Dinzis is wounded", (), "harm"),
        PublicLine(3, None, "Unknown A hits Dinzis", (), "attack"),
    )


def party_table() -> Encounter:
    """Three of the party and one neutral whose numbers are revealed, rolls open: every
    line the rules write of them may be read whole."""
    enc = Encounter(name="sparring")
    for index, (cid, name) in enumerate([("c0", "Dinzis"), ("c1", "Kans"), ("c2", "Molin")]):
        enc.combatants[cid] = fighter(cid, name, 5 + index).model_copy(update={"side": "PC"})
    enc.combatants["c3"] = fighter("c3", "Ulla", 6).model_copy(
        update={"side": "neutral", "reveal": "numbers"}
    )
    enc.settings.open_rolls = True
    return enc


@settings(
    max_examples=examples(20),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data(), st.integers(0, 2**16))
def test_every_word_the_rules_write_of_the_party_is_in_the_allow_list(
    data: st.DataObject, seed: int
) -> None:
    """If a handler writes a new word, its party lines would quietly shrink to a sentence:
    this says which word to add to `VOCABULARY` (when it is no GM's own)."""
    session = Session(party_table())
    dice = SeededDice(seed)
    for _ in range(data.draw(st.integers(5, 30))):
        enc = session.encounter
        skip = (DuplicateCombatant, Luck, RemoveCombatant)  # (no reasons typed, no one leaves)
        mix = [c for c in candidates(enc, data) if not isinstance(c, skip)]
        try:
            session.do(data.draw(st.sampled_from(mix)), dice)  # type: ignore[arg-type]
        except CommandError:
            pass
    enc = session.encounter
    redactor = _Redactor(enc)
    for event in enc.log:
        subject = enc.combatants.get(event.actor or "")
        if event.kind not in PHRASES or (subject is not None and not is_party(subject)):
            continue
        unknown = redactor.unknown_words(redactor.rename(event.text))
        assert not unknown, f"{event.kind}: {event.text!r} has {unknown}"
