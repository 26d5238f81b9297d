"""Chance, luck and desperation dice through commands (Part C, R16-R20, R26)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    Advance,
    EndCombat,
    Luck,
    NewDay,
    NoteUnusedDice,
    SkillRollCommand,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import LUCK_MAX, Action, ChanceDice, Combatant
from tests.support.engine_steps import do, refused, session, undo_all
from tests.support.soak import examples


def being(cid: str, name: str, **fields: Any) -> Combatant:
    """A small sheet: Perception 8 with Search 2 (row 8: 6 → 2 VP, 8 → 3 VP)."""
    sheet: dict[str, Any] = {
        "stats": {"Wits": 7, "Perception": 8, "Dexterity": 7},
        "skills": {"Search": 2},
        "actions": [Action(name="Search", cost=3, kind="skill", skill="Search")],
    }
    sheet.update(fields)
    return Combatant(id=cid, name=name, **sheet)


def search(actor: str = "k", **fields: Any) -> SkillRollCommand:
    return SkillRollCommand(actor=actor, skill="Search", stat="Perception", **fields)


def last_ss(s: Session) -> str:
    return s.encounter.log[-1].text


# --- C1: chance dice ----------------------------------------------------------------


def test_roleplay_chance_die_adds_its_face_and_locks_combat_die_until_battle_starts() -> None:
    """C1: roleplay used → combat locked until a battle starts; the face is the bonus."""
    s = session(being("k", "Kans"))
    start = s.encounter.model_dump(mode="json")
    lines = do(s, search(special="chance-roleplay"), 7, 6, 8)
    kans = s.encounter.combatants["k"]
    assert kans.chance == ChanceDice(combat="locked", roleplay="used")
    assert "Roleplay chance die: d10 7 → +7" in lines[0]
    assert "locked until a battle starts" in lines[0]
    assert "2+3 = 5 +7 (roleplay chance die, C1) = 12" in lines[1]
    refused(s, search(special="chance-roleplay"), "already used today")
    do(s, StartCombat(initiators=["k"]))
    assert s.encounter.combatants["k"].chance.combat == "available"
    undo_all(s, start)


def test_combat_chance_die_locks_roleplay_until_battle_ends() -> None:
    """C1: combat used → roleplay locked until the battle ends."""
    s = session(being("k", "Kans"))
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["k"]))
    do(s, Advance())
    do(s, TakeOpportunity(actor="k", actions=["Search"]))
    lines = do(s, search(special="chance-combat"), 3, 6, 8)
    assert "Combat chance die: d10 3 → +3" in lines[0]
    assert s.encounter.combatants["k"].chance == ChanceDice(combat="used", roleplay="locked")
    do(s, EndCombat(outcome="victory"))
    assert s.encounter.combatants["k"].chance == ChanceDice(combat="used", roleplay="available")
    do(s, search(special="chance-roleplay"), 5, 6, 8)
    assert s.encounter.combatants["k"].chance == ChanceDice(combat="used", roleplay="used")
    undo_all(s, start)


def test_chance_dice_belong_to_their_setting() -> None:
    """C1: the combat die is for battle, the roleplay die is not."""
    s = session(being("k", "Kans"))
    refused(s, search(special="chance-combat"), "combat chance die is for battle")
    do(s, StartCombat(initiators=["k"]))
    refused(s, search(special="chance-roleplay"), "cannot be used in battle")


def test_new_day_gives_fresh_dice_and_logs_the_unused() -> None:
    """C1: every day fresh dice, "every being": the dead's too, so that one revived on a
    later day has that day's dice (they kept the used ones and were refused them ever
    after). Unused ones lapse and the log says whose: the living's, not the dead's."""
    dead = being("d", "Corpse", dead=True, chance=ChanceDice(combat="used", roleplay="used"))
    s = session(being("k", "Kans"), being("m", "Molin"), dead)
    start = s.encounter.model_dump(mode="json")
    do(s, search(actor="m", special="chance-roleplay"), 4, 6, 8)
    lines = do(s, NewDay())
    enc = s.encounter
    assert enc.day == 2
    assert enc.combatants["m"].chance == ChanceDice()
    assert enc.combatants["d"].chance == ChanceDice()
    assert "left unused on day 1: Kans (combat, roleplay); Molin (combat)" in lines[0]
    assert "Corpse" not in lines[0]
    undo_all(s, start)


def test_note_unused_dice_is_logged_and_refused_when_all_used() -> None:
    s = session(being("k", "Kans", chance=ChanceDice(combat="used", roleplay="locked")))
    assert "left the roleplay chance die unused on day 1" in do(s, NoteUnusedDice(target="k"))[0]
    s2 = session(being("k", "Kans", chance=ChanceDice(combat="used", roleplay="used")))
    refused(s2, NoteUnusedDice(target="k"), "used both chance dice")


# --- C2: luck -----------------------------------------------------------------------


def test_luck_award_and_take_move_the_signed_pool() -> None:
    """R17: one signed pool."""
    s = session(being("k", "Kans"))
    start = s.encounter.model_dump(mode="json")
    assert "pool +0 → +2" in do(s, Luck(target="k", amount=2, reason="selfless"))[0]
    assert "pool +2 → -1" in do(s, Luck(target="k", amount=-3))[0]
    assert s.encounter.combatants["k"].luck == -1
    refused(s, Luck(target="k", amount=0), "amount must not be 0")
    undo_all(s, start)


def test_positive_luck_die_spends_toward_zero_and_adds() -> None:
    """C2: 6-7 → bonus 1d10; R17: the pool moves one step toward 0."""
    s = session(being("k", "Kans", luck=2))
    lines = do(s, search(special="luck"), 6, 7, 6, 8)
    assert s.encounter.combatants["k"].luck == 1
    assert "Positive luck die: d10 6, bonus d10 7 → +7" in lines[0]
    assert "= 5 +7 (luck die, C2) = 12" in lines[1]


def test_negative_luck_die_penalises_and_halves_on_ten() -> None:
    """C2: a negative pool rolls a negative die; 10 → penalty 2d10 and the stat halved."""
    s = session(being("k", "Kans", luck=-2))
    lines = do(s, search(special="luck"), 10, 2, 3, 6, 8)
    assert s.encounter.combatants["k"].luck == -1
    assert "Negative luck die" in lines[0]
    # Perception 8 halved → 4: row 4 gives 6 → 1 VP, 8 → 2 VP.
    assert "vs Perception halved 4: 6 8 → 1+2 = 3 -5 (luck die, C2) = -2" in lines[1]


def test_positive_luck_ten_doubles_the_stat_for_the_roll() -> None:
    s = session(being("k", "Kans", luck=1))
    lines = do(s, search(special="luck"), 10, 1, 1, 6, 8)
    # Perception 8 doubled → 16: row 16 gives 6 → 3 VP, 8 → 3 VP.
    assert "vs Perception doubled 16: 6 8 → 3+3 = 6 +2 (luck die, C2) = 8" in lines[1]


def test_luck_die_needs_points() -> None:
    s = session(being("k", "Kans"))
    refused(s, search(special="luck"), "no luck points")


# --- C3: desperation ------------------------------------------------------------------


def desperate(**fields: Any) -> Combatant:
    """Dexterity 7 drained to 1: at the R19 line ceil(7/10) = 1, so it qualifies."""
    return being("k", "Kans", drains={"Dexterity": 6}, **fields)


def test_desperation_needs_a_qualifying_stat() -> None:
    """C3/R19: effective <= ceil(base/10) and above 0."""
    s = session(being("k", "Kans"))
    refused(s, search(special="desperation"), "Kans is not desperate")
    s0 = session(being("k", "Kans", drains={"Dexterity": 7}))  # at 0: no longer qualifies
    refused(s0, search(special="desperation"), "not desperate")


def test_desperation_cost_drains_each_qualifying_stat() -> None:
    """R20: 2-4 → no change, the cost is paid: one drain point per qualifying stat."""
    s = session(desperate())
    start = s.encounter.model_dump(mode="json")
    lines = do(s, search(special="desperation"), 3, 6, 8)
    kans = s.encounter.combatants["k"]
    assert kans.drains == {"Dexterity": 7}
    assert kans.effective("Dexterity") == 0
    assert "the cost is paid: Dexterity -1 (R20)" in lines[0]
    refused(s, search(special="desperation"), "not desperate")
    undo_all(s, start)


def test_desperation_five_to_seven_refunds_the_cost() -> None:
    s = session(desperate())
    lines = do(s, search(special="desperation"), 6, 6, 8)
    assert s.encounter.combatants["k"].drains == {"Dexterity": 6}
    assert "the cost is refunded" in lines[0]


def test_desperation_one_is_blind_flailing() -> None:
    s = session(desperate())
    lines = do(s, search(special="desperation"), 1, 4, 6, 8)
    assert "penalty d10 4 (blind flailing) → -4" in lines[0]
    assert "= 5 -4 (desperation die, C3) = 1" in lines[1]


def test_desperation_out_of_combat_modifies_only_its_roll() -> None:
    """No turn out of combat: nothing carries to the next roll, no one-kind lock."""
    s = session(desperate(luck=1))
    do(s, search(special="desperation"), 8, 4, 6, 8)
    kans = s.encounter.combatants["k"]
    assert (kans.turn_bonus, kans.special_used) == (0, None)
    do(s, search(goal=5), 6, 8)
    assert last_ss(s).endswith("6 8 → 2+3 = 5 vs goal 5 → VS 0, Minimal")
    do(s, search(special="luck"), 2, 6, 8)  # another kind is fine outside a turn


def combat_turn(s: Session, actions: int = 2) -> None:
    do(s, StartCombat(initiators=["k"]))
    do(s, Advance())
    do(s, TakeOpportunity(actor="k", actions=["Search"] * actions))


def test_desperation_applies_to_every_action_of_the_turn_doubling_once() -> None:
    """R26: rolled once, its bonus on every action that turn; the 10's doubling on one."""
    s = session(desperate(luck=1))
    start = s.encounter.model_dump(mode="json")
    combat_turn(s)
    lines = do(s, search(special="desperation"), 10, 2, 3, 6, 8)
    kans = s.encounter.combatants["k"]
    assert (kans.turn_bonus, kans.special_used) == (5, "desperation")
    assert "+5 to every action this turn (R26)" in lines[0]
    assert "vs Perception doubled 16: 6 8 → 3+3 = 6 -4 (actions, A8) +5" in lines[1]
    assert lines[1].endswith("= 7")
    lines = do(s, search(), 6, 8)
    assert "vs Perception 8: 6 8 → 2+3 = 5 -4 (actions, A8) +5 (desperation this turn" in lines[0]
    assert lines[0].endswith("= 6")
    do(s, Advance())  # Kans's next opportunity: a new turn
    kans = s.encounter.combatants["k"]
    assert (kans.turn_bonus, kans.special_used) == (0, None)
    undo_all(s, start)


def test_one_kind_per_turn_and_one_desperation_roll_per_turn() -> None:
    """Part C: chance, luck and desperation dice do not mix in one turn; R26 rolls once."""
    s = session(desperate(luck=3))
    combat_turn(s, actions=3)
    do(s, search(special="luck"), 2, 6, 8)
    refused(s, search(special="desperation"), "already used a luck die this turn")
    refused(s, search(special="chance-combat"), "do not mix in one turn")
    do(s, search(special="luck"), 3, 6, 8)  # the same kind again is allowed
    assert s.encounter.combatants["k"].luck == 1
    s2 = session(desperate())
    combat_turn(s2)
    do(s2, search(special="desperation"), 2, 6, 8)
    refused(s2, search(special="desperation"), "already rolled desperation this turn")


def test_end_of_combat_clears_the_turn() -> None:
    s = session(desperate())
    combat_turn(s)
    do(s, search(special="desperation"), 9, 4, 6, 8)
    do(s, EndCombat(outcome="retreat"))
    kans = s.encounter.combatants["k"]
    assert (kans.turn_bonus, kans.special_used) == (0, None)


@settings(max_examples=examples(60), deadline=None)
@given(
    pool=st.integers(min_value=-5, max_value=5).filter(bool),
    faces=st.lists(st.integers(min_value=1, max_value=10), min_size=3, max_size=3),
)
def test_any_luck_die_moves_the_pool_one_step_toward_zero_and_undoes(
    pool: int, faces: list[int]
) -> None:
    """R17: whatever the faces, the pool loses one point of magnitude; undo is exact."""
    s = session(being("k", "Kans", luck=pool))
    start = s.encounter.model_dump(mode="json")
    s.do(search(special="luck"), ScriptedDice([*faces, 6, 8]))
    after = s.encounter.combatants["k"].luck
    assert abs(after) == abs(pool) - 1 and after * pool >= 0
    undo_all(s, start)


def test_a_luck_pool_stays_within_what_a_sheet_can_hold_C2() -> None:
    """A hunt's sheet typed `luck 999999999`, then the GM awarded 20: the pool became
    1,000,000,019, which the edit form (9 digits) refused to read back, so no edit of
    that sheet could be saved. The award is refused; the model holds no more either."""
    s = session(being("k", "Kans", luck=LUCK_MAX - 5))
    refused(s, Luck(target="k", amount=20), "a pool is at most ±999,999,999")
    assert s.encounter.combatants["k"].luck == LUCK_MAX - 5
    do(s, Luck(target="k", amount=5))
    assert s.encounter.combatants["k"].luck == LUCK_MAX
    with pytest.raises(ValidationError):
        being("z", "Zed", luck=-(LUCK_MAX + 1))
