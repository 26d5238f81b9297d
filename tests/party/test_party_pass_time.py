"""Issue 17 with issue 15: pass time for the party between fights (A14, A16).

The encounter's PassTime runs on the party's characters: bleeding lands every
BLEED_INTERVAL TU from its anchor, effects end, a demise check that comes due
is rolled with the caller's dice and time goes on; one logged change, undone
exactly, kept through the party file, anchors measured from a track at 0 again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.engine.session import Session
from rules.mechanics.dice import DiceExhausted, ScriptedDice, SeededDice
from rules.mechanics.wounds import BLEED_INTERVAL, next_bleed_tick
from rules.model.commands import StartCombat
from rules.model.effect_commands import SECONDS_PER_TU
from rules.model.effects import Duration, Effect, Tick
from rules.model.party import Party
from rules.model.state import Combatant, TickWP, Wound
from rules.party.clock import pass_time
from rules.party.encounters import new_encounter
from rules.party.errors import PartyError
from rules.party.history import undo, undoable
from rules.party.lasting import lasting_state
from rules.saves.party_store import load_party, save_party
from tests.support.party_steps import FILE, company

PASSES = [10] * 6  # Kans's 6d10 demise check on the Endurance 3 row: 18 VP vs goal 5
FAILS = [1] * 6  # 0 VP


def with_kans(**update: object) -> Party:
    party = company()
    kans = party.get("c1").model_copy(update=update)
    return party.model_copy(update={"characters": {**party.characters, "c1": kans}})


def bleeding(anchor: int = -4, wounds: int = 3, **more: object) -> Party:
    """Kans bleeding at BLR 1 since `-anchor` TU before the track's 0 (A14)."""
    return with_kans(
        wounds=[Wound(wp=wounds, location="chest", bleeding=True)],
        bleed_rate=1,
        bleed_anchor=anchor,
        **more,
    )


def no_endurance() -> dict[str, int]:
    """Kans's stats without Endurance: no demise check ever (A16), so no check stops a long
    passage (since R31 a being at Endurance 0 is checked at every tick of it)."""
    return {name: value for name, value in company().get("c1").stats.items() if name != "Endurance"}


def for_tu(eid: int, name: str, start: int, amount: int) -> Effect:
    duration = Duration(kind="tu", amount=amount)
    return Effect(id=eid, name=name, start=start, ends=start + amount, duration=duration)


def kans(party: Party) -> Combatant:
    return party.get("c1")


def test_an_hour_of_bleeding_lands_a_tick_every_ten_tu_from_the_anchor() -> None:
    party = bleeding(stats=no_endurance())  # no A16 checks
    hour = 3600 // SECONDS_PER_TU
    due = [t for t in range(1, hour + 1) if (t + 4) % BLEED_INTERVAL == 0]  # anchor -4
    after = pass_time(party, 1, "hours", ScriptedDice())
    k = kans(after)
    assert k.bleed_wp == len(due) == 360
    assert k.total_wp() == 3 + len(due)
    # the anchor is measured from a track at 0 again: the next tick keeps the rhythm
    assert k.bleed_anchor == -4 - hour
    assert next_bleed_tick(k.bleed_anchor, 0) == due[-1] + BLEED_INTERVAL - hour == 6
    entry = after.history[-1]
    assert (entry.kind, entry.revision) == ("time", party.revision + 1)
    assert entry.text.startswith("Time passes: 1 hour (3600 TU, 1 s a TU): Kans: bled 360")
    assert entry.lines == ["Kans: bled 360 WP (360 ticks, A14); now 363 WP"]
    assert entry.touched == ["c1"]  # Molin did not bleed: untouched
    assert kans(party).bleed_wp == 0  # pure: the party given is as it was


def test_the_next_encounter_bleeds_on_where_the_passed_time_left_off() -> None:
    party = bleeding(half_endurance_checked=True, zero_endurance_checked=True)
    after = pass_time(party, 25, "TU", ScriptedDice())  # ticks at 6, 16 → anchor -29
    assert kans(after).bleed_anchor == -29 and kans(after).bleed_wp == 2
    encounter = new_encounter(after, FILE, "Afternoon")
    assert encounter.get("c1").bleed_anchor == -29  # next tick at track 1 (A14)
    assert lasting_state(encounter.get("c1")) == lasting_state(kans(after))
    # R29: the battle that begins there keeps the rhythm (was: re-anchored at 0, tick at 10)
    session = Session(encounter)
    session.do(StartCombat(initiators=["c1"]), SeededDice(1))
    assert session.encounter.combatants["c1"].bleed_anchor == -29
    assert next_bleed_tick(-29, 0) == 1


def test_an_effect_with_30_tu_left_ends_after_40_tu_and_a_longer_one_stays() -> None:
    party = with_kans(
        effects=[
            for_tu(100, "Blessed", start=-10, amount=40),  # 30 TU left at the track's 0
            for_tu(101, "Aiming", start=0, amount=60),
        ]
    )
    after = pass_time(party, 40, "TU", ScriptedDice())
    left = kans(after).effects
    assert [(e.name, e.start, e.ends) for e in left] == [("Aiming", -40, 20)]  # 20 TU left
    assert after.history[-1].lines == ["Kans: Blessed ends (40 TU from -10); now 0 WP"]


def test_a_demise_check_comes_due_is_rolled_and_time_goes_on() -> None:
    # 8 WP: Endurance 6 → 4; the first tick (track 6) crosses half Endurance (A16).
    party = bleeding(wounds=8)
    after = pass_time(party, 40, "TU", ScriptedDice(PASSES))
    k = kans(after)
    assert not k.dead and k.half_endurance_checked
    assert k.bleed_wp == 4  # the ticks at 16, 26, 36 came after the check
    line = after.history[-1].lines[0]
    assert "check Kans (half endurance): demise check: 6d10" in line and "→ survives" in line


def test_a_failed_demise_check_writes_the_character_dead() -> None:
    party = bleeding(wounds=8)
    after = pass_time(party, 40, "TU", ScriptedDice(FAILS))
    k = kans(after)
    assert k.dead and k.bleed_wp == 1  # the dead bleed no more (A14, A16)
    assert "Kans dies (failed demise check, half endurance)" in after.history[-1].text


def test_physical_dice_run_out_and_nothing_changes_until_the_faces_are_typed() -> None:
    party = bleeding(wounds=8)
    with pytest.raises(DiceExhausted) as need:
        pass_time(party, 40, "TU", ScriptedDice())
    assert (need.value.sides, need.value.needed) == (10, 6)
    assert kans(party).bleed_wp == 0 and party.revision == 1
    again = pass_time(party, 40, "TU", ScriptedDice(PASSES))  # the app calls again with them
    assert kans(again).bleed_wp == 4


def test_virtual_dice_give_the_same_passage_for_the_same_seed() -> None:
    party = bleeding(wounds=8)
    first = pass_time(party, 2, "minutes", SeededDice(7))
    second = pass_time(party, 2, "minutes", SeededDice(7))
    assert first.characters == second.characters


@pytest.mark.parametrize(
    ("amount", "unit", "words"),
    [
        (0, "TU", "amount"),
        (25, "hours", "amount: 25 hours is more than a day"),
        (3, "days", "unit"),
    ],
)
def test_bad_time_is_refused_naming_the_field(amount: int, unit: str, words: str) -> None:
    party = bleeding()
    with pytest.raises(PartyError, match=words):
        pass_time(party, amount, unit, ScriptedDice())  # type: ignore[arg-type]


def test_the_passage_round_trips_through_the_party_file_and_undoes_exactly(
    tmp_path: Path,
) -> None:
    party = bleeding(wounds=8)
    path = tmp_path / FILE
    save_party(party, path, expected=None)
    after = pass_time(party, 40, "TU", ScriptedDice(FAILS))
    save_party(after, path, expected=party.revision)
    loaded, _ = load_party(path)
    assert loaded == after
    assert undoable(loaded)[0].kind == "time"
    undone = undo(loaded)
    assert undone.characters == party.characters
    assert not kans(undone).dead and kans(undone).bleed_wp == 0


def test_a_ticking_effect_lands_its_wp_and_keeps_its_rhythm() -> None:
    fire = Effect(
        id=100,
        name="On fire",
        start=-5,
        duration=Duration(kind="removed"),
        tick=Tick(every=10, wp=1),
    )
    after = pass_time(with_kans(effects=[fire]), 30, "TU", ScriptedDice())  # ticks at 5, 15, 25
    k = kans(after)
    assert k.tick_wp == {"On fire": TickWP(wp=3, ticks=3)} and k.wounds == []  # a count
    assert [(e.name, e.start) for e in k.effects] == [("On fire", -35)]
    assert k.effects[0].next_tick(0) == 5  # the next at 35 on the old clock: 5 from a track at 0
    assert after.history[-1].lines == ["Kans: On fire deals 1 WP ×3; now 3 WP"]


def test_a_day_of_a_one_tu_poison_is_one_count_a_character() -> None:
    """Issue 23: a party day with a 1-TU poison took over 30 s (a Wound a tick, deep-copied
    at every step); now each character carries one count, and the day is milliseconds."""
    poison = Effect(id=100, name="Poison", tick=Tick(every=1, wp=1))
    party = with_kans(effects=[poison], stats=no_endurance())  # no check stops it (R31)
    after = pass_time(party, 24, "hours", ScriptedDice())
    k = kans(after)
    assert k.wounds == [] and k.tick_wp == {"Poison": TickWP(wp=86_400, ticks=86_400)}
    assert undo(after).characters == party.characters
