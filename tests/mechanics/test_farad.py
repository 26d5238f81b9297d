"""FARAD chance, luck and desperation dice (RULES Part C)."""

from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.mechanics.dice import DiceError, DiceExhausted, RecordingDice, ScriptedDice, SeededDice
from rules.mechanics.farad import (
    ChanceDice,
    ChanceState,
    SpecialDie,
    battle_ended,
    battle_started,
    chance_die,
    chance_refusal,
    desperation_die,
    desperation_faces_needed,
    desperation_line,
    die_family,
    luck_die,
    luck_die_sign,
    luck_faces_needed,
    new_day,
    qualifying_stats,
    roll_chance,
    roll_desperation,
    roll_luck,
    scaled_stat,
    special_die,
    spend_luck,
    use_chance,
)

# --- C1 chance dice ---------------------------------------------------------------


def test_chance_die_face_is_the_bonus() -> None:
    assert [chance_die(f) for f in range(1, 11)] == list(range(1, 11))
    with pytest.raises(DiceError, match=r"d10 face 11 .*face"):
        chance_die(11)


def test_roll_chance_records_kind_and_explains() -> None:
    die = roll_chance(ScriptedDice([7]), "combat")
    assert die == SpecialDie("chance-combat", (7,), 7)
    assert die.explain() == "Combat chance die: d10 7 → +7"
    assert roll_chance(ScriptedDice([2]), "roleplay").kind == "chance-roleplay"
    with pytest.raises(ValueError, match=r"kind must be 'combat' or 'roleplay'"):
        roll_chance(ScriptedDice([2]), "luck")  # type: ignore[arg-type]


def test_chance_die_takes_no_follow_up() -> None:
    with pytest.raises(ValueError, match=r"faces: a chance d10 of 4 needs exactly 0"):
        special_die("chance-combat", [4, 4])


# --- C2 luck dice: every band, both signs -----------------------------------------


@pytest.mark.parametrize(
    ("faces", "positive", "negative"),
    [
        ([1, 6], (-6, 1.0), (6, 1.0)),
        ([2], (0, 1.0), (0, 1.0)),
        ([3], (0, 1.0), (0, 1.0)),
        ([4, 7], (3, 1.0), (-3, 1.0)),
        ([5, 10], (5, 1.0), (-5, 1.0)),
        ([6, 3], (3, 1.0), (-3, 1.0)),
        ([7, 10], (10, 1.0), (-10, 1.0)),
        ([8, 3, 4], (7, 1.0), (-7, 1.0)),
        ([9, 10, 10], (20, 1.0), (-20, 1.0)),
        ([10, 5, 6], (11, 2.0), (-11, 0.5)),
    ],
)
def test_luck_bands_both_signs(
    faces: list[int], positive: tuple[int, float], negative: tuple[int, float]
) -> None:
    assert luck_die(True, faces) == positive
    assert luck_die(False, faces) == negative


def test_r18_luck_4_to_5_halves_rounding_down() -> None:
    assert luck_die(True, [4, 1]) == (0, 1.0)
    assert luck_die(True, [4, 3]) == (1, 1.0)
    assert luck_die(False, [5, 9]) == (-4, 1.0)
    assert special_die("luck", [4, 7]).explain() == (
        "Positive luck die: d10 4, bonus ⌊d10 7 / 2⌋ = 3 → +3"
    )


def test_luck_follow_up_counts() -> None:
    assert [luck_faces_needed(f) for f in range(1, 11)] == [1, 0, 0, 1, 1, 1, 1, 2, 2, 2]


def test_wrong_number_of_luck_faces_names_faces() -> None:
    with pytest.raises(ValueError, match=r"faces: a luck d10 of 8 needs exactly 2 follow-up"):
        luck_die(True, [8, 3])
    with pytest.raises(ValueError, match=r"faces: a luck d10 of 2 needs exactly 0"):
        luck_die(True, [2, 3])
    with pytest.raises(ValueError, match=r"faces is empty"):
        luck_die(True, [])
    with pytest.raises(DiceError, match=r"faces\[1\] is 0, not a d10 face"):
        luck_die(True, [6, 0])
    with pytest.raises(ValueError, match=r"positive must be True or False"):
        luck_die(1, [2])  # type: ignore[arg-type]


def test_roll_luck_rolls_exactly_the_follow_ups() -> None:
    dice = RecordingDice(ScriptedDice([10, 5, 6, 9]))
    die = roll_luck(dice, positive=False)
    assert dice.faces == [10, 5, 6]
    assert (die.modifier, die.stat_factor, die.negative) == (-11, 0.5, True)
    assert die.explain() == (
        "Negative luck die: d10 10, penalty 2d10 5+6 = 11 and the stat halved "
        "(round down) for one action → -11"
    )
    dice = RecordingDice(ScriptedDice([3, 9]))
    assert roll_luck(dice, positive=True).modifier == 0 and dice.faces == [3]


def test_luck_explains_the_turned_die() -> None:
    assert special_die("luck", [1, 6]).explain() == "Positive luck die: d10 1, penalty d10 6 → -6"
    assert special_die("luck", [1, 6], positive=False).explain() == (
        "Negative luck die: d10 1, bonus d10 6 → +6"
    )
    assert special_die("luck", [2]).explain() == "Positive luck die: d10 2 → no change"


def test_scaled_stat_doubles_and_halves_down() -> None:
    assert scaled_stat(7, 2.0) == 14
    assert scaled_stat(7, 0.5) == 3
    assert scaled_stat(7, 1.0) == 7
    with pytest.raises(ValueError, match=r"factor must be"):
        scaled_stat(7, 3.0)


# --- C3 desperation dice: every band -------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ([1, 6], (-6, False, False)),
        ([2], (0, False, False)),
        ([3], (0, False, False)),
        ([4], (0, False, False)),
        ([5], (0, True, False)),
        ([6], (0, True, False)),
        ([7], (0, True, False)),
        ([8, 4], (4, False, False)),
        ([9, 10], (10, False, False)),
        ([10, 5, 5], (10, False, True)),
    ],
)
def test_desperation_bands(faces: list[int], expected: tuple[int, bool, bool]) -> None:
    assert desperation_die(faces) == expected


def test_desperation_follow_up_counts() -> None:
    assert [desperation_faces_needed(f) for f in range(1, 11)] == [1, 0, 0, 0, 0, 0, 0, 1, 1, 2]
    with pytest.raises(ValueError, match=r"first_face"):
        desperation_faces_needed(0)


def test_wrong_number_of_desperation_faces_names_faces() -> None:
    with pytest.raises(ValueError, match=r"faces: a desperation d10 of 10 needs exactly 2"):
        desperation_die([10, 4])


def test_roll_desperation_records_and_explains() -> None:
    dice = RecordingDice(ScriptedDice([10, 5, 5, 1]))
    die = roll_desperation(dice)
    assert dice.faces == [10, 5, 5]
    assert (die.modifier, die.stat_factor, die.refunded) == (10, 2.0, False)
    assert die.explain() == (
        "Desperation die: d10 10, bonus 2d10 5+5 = 10 and the stat doubled "
        "for one action → +10; the cost is paid"
    )
    refunded = roll_desperation(ScriptedDice([6]))
    assert refunded.refunded
    assert refunded.explain() == "Desperation die: d10 6 → no change; the cost is refunded"
    flail = roll_desperation(ScriptedDice([1, 6]))
    assert flail.explain() == (
        "Desperation die: d10 1, penalty d10 6 (blind flailing) → -6; the cost is paid"
    )


def test_roll_desperation_running_out_names_the_follow_up() -> None:
    with pytest.raises(DiceExhausted, match=r"desperation die follow-up"):
        roll_desperation(ScriptedDice([8]))


def test_special_die_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match=r"kind must be one of"):
        special_die("fate", [3])  # type: ignore[arg-type]


# --- eligibility and pools -------------------------------------------------------------


def test_r19_desperation_line_is_ceil_of_a_tenth() -> None:
    assert [desperation_line(b) for b in (0, 1, 7, 10, 11, 20, 21)] == [0, 1, 1, 1, 2, 2, 3]
    with pytest.raises(ValueError, match=r"base must be a whole number 0 or more"):
        desperation_line(-1)


def test_r19_base_7_stat_qualifies_at_1() -> None:
    base = {"Strength": 7, "Dexterity": 7, "Endurance": 12, "Wits": 5}
    effective = {"Strength": 1, "Dexterity": 0, "Endurance": 2, "Wits": 2}
    assert qualifying_stats(base, effective) == ["Strength", "Endurance"]


def test_qualifying_stats_need_the_same_names() -> None:
    with pytest.raises(ValueError, match=r"effective must name the same stats.*Wits"):
        qualifying_stats({"Strength": 7, "Wits": 5}, {"Strength": 1})


def test_r17_spending_moves_the_pool_toward_zero() -> None:
    assert spend_luck(3) == 2 and spend_luck(-2) == -1 and spend_luck(1) == 0
    assert luck_die_sign(3) and not luck_die_sign(-1)
    with pytest.raises(ValueError, match=r"pool is 0"):
        spend_luck(0)
    with pytest.raises(ValueError, match=r"pool is 0"):
        luck_die_sign(0)


def test_die_families() -> None:
    """C intro/R16: the one-kind-a-turn rule compares families (the engine's check,
    `specials.special_refusal`, is tested in tests/engine/test_specials.py)."""
    assert die_family("chance-roleplay") == "chance"
    assert die_family("chance-combat") == die_family("chance") == "chance"
    assert die_family("luck") == "luck"
    assert die_family("desperation") == "desperation"
    with pytest.raises(ValueError, match=r"kind must be chance, luck or desperation"):
        die_family("fate")


# --- C1 chance-die lockouts ---------------------------------------------------------------


def test_new_day_gives_both_dice() -> None:
    assert new_day() == ChanceDice("available", "available")


def test_combat_die_locks_roleplay_until_the_battle_ends() -> None:
    state = battle_started(new_day())
    state = use_chance(state, "combat")
    assert state == ChanceDice("used", "locked")
    with pytest.raises(
        ValueError, match=r"the roleplay chance die is locked until the battle ends"
    ):
        use_chance(state, "roleplay")
    with pytest.raises(ValueError, match=r"the combat chance die is already used today"):
        use_chance(state, "combat")
    assert battle_started(state) == state
    state = battle_ended(state)
    assert state == ChanceDice("used", "available")
    assert use_chance(state, "roleplay") == ChanceDice("used", "used")


def test_roleplay_die_locks_combat_until_a_battle_starts() -> None:
    state = use_chance(new_day(), "roleplay")
    assert state == ChanceDice("locked", "used")
    assert (
        chance_refusal(state, "combat") == "the combat chance die is locked until a battle starts"
    )
    assert battle_ended(state) == state
    state = battle_started(state)
    assert state == ChanceDice("available", "used")
    state = use_chance(state, "combat")
    assert state == ChanceDice("used", "used")  # a used roleplay die stays used
    assert battle_ended(state) == ChanceDice("used", "used")


def test_a_new_day_clears_used_and_locked_dice() -> None:
    state = use_chance(new_day(), "combat")
    assert state != new_day()
    assert new_day() == ChanceDice()
    assert chance_refusal(new_day(), "combat") is None


def test_chance_kinds_are_checked() -> None:
    with pytest.raises(ValueError, match=r"kind must be 'combat' or 'roleplay'"):
        use_chance(new_day(), "luck")  # type: ignore[arg-type]


class _ModelLike(NamedTuple):
    """Stands in for the encounter's own chance-dice model (same two fields)."""

    combat: ChanceState
    roleplay: ChanceState


def test_lockouts_read_any_object_with_the_two_states() -> None:
    stored = _ModelLike("available", "locked")
    assert chance_refusal(stored, "roleplay") == (
        "the roleplay chance die is locked until the battle ends"
    )
    assert battle_ended(stored) == ChanceDice("available", "available")
    assert use_chance(_ModelLike("available", "available"), "roleplay") == ChanceDice(
        "locked", "used"
    )


def test_chance_dice_refuse_unknown_states() -> None:
    with pytest.raises(ValueError, match=r"roleplay must be available, used or locked"):
        ChanceDice("available", "burnt")  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------


@st.composite
def luck_faces(draw: st.DrawFn) -> list[int]:
    first = draw(st.integers(1, 10))
    return [first, *draw(st.lists(st.integers(1, 10), min_size=2, max_size=2))][
        : 1 + luck_faces_needed(first)
    ]


@given(luck_faces())
def test_luck_sign_matches_the_table(faces: list[int]) -> None:
    """A 1 works against the die, 2-3 do nothing, 4-10 work for it."""
    up, up_factor = luck_die(True, faces)
    down, down_factor = luck_die(False, faces)
    assert up == -down
    if faces[0] == 1:
        assert up < 0
    elif faces[0] in (2, 3):
        assert up == 0
    else:
        assert up >= 0
    assert abs(up) <= 20
    assert (up_factor, down_factor) == ((2.0, 0.5) if faces[0] == 10 else (1.0, 1.0))


@given(st.integers(0, 2**32 - 1), st.booleans())
def test_rolled_dice_replay_from_their_faces(seed: int, positive: bool) -> None:
    dice = SeededDice(seed)
    luck = roll_luck(dice, positive)
    assert luck == special_die("luck", luck.faces, positive=positive)
    desperate = roll_desperation(dice)
    assert desperate == special_die("desperation", desperate.faces)
    assert len(desperate.faces) == 1 + desperation_faces_needed(desperate.faces[0])


@given(st.integers(0, 200), st.integers(-5, 30))
def test_qualifying_matches_the_line(base: int, effective: int) -> None:
    qualifies = qualifying_stats({"stat": base}, {"stat": effective}) == ["stat"]
    assert qualifies == (0 < effective < base and effective * 10 < base + 10)  # R19 amended


@given(st.lists(st.sampled_from(["combat", "roleplay", "start", "end"]), max_size=12))
def test_chance_dice_each_used_at_most_once_a_day(events: list[str]) -> None:
    state = new_day()
    uses = {"combat": 0, "roleplay": 0}
    for event in events:
        if event == "start":
            state = battle_started(state)
        elif event == "end":
            state = battle_ended(state)
        elif chance_refusal(state, event) is None:  # type: ignore[arg-type]
            state = use_chance(state, event)  # type: ignore[arg-type]
            uses[event] += 1
        else:
            with pytest.raises(ValueError):
                use_chance(state, event)  # type: ignore[arg-type]
        assert not (state.combat == "locked" and state.roleplay == "locked")
    assert max(uses.values()) <= 1
