"""The dice source: seeded, scripted, recorded, and faces typed by the GM."""

import pytest

from rules.mechanics.dice import (
    DiceError,
    DiceExhausted,
    RecordingDice,
    ScriptedDice,
    SeededDice,
    parse_faces,
)


def test_seeded_dice_repeat_with_the_same_seed() -> None:
    assert SeededDice(7).roll(10, 20) == SeededDice(7).roll(10, 20)
    assert all(1 <= f <= 100 for f in SeededDice(1).roll(100, 500))


def test_scripted_dice_hand_out_faces_in_order() -> None:
    dice = ScriptedDice([1, 5, 10])
    assert dice.roll(10, 2) == [1, 5]
    assert dice.roll(10) == [10]


def test_scripted_face_outside_the_die_names_die_and_value() -> None:
    with pytest.raises(DiceError, match=r"d10 face 11 is outside 1-10"):
        ScriptedDice([11]).roll(10)
    with pytest.raises(DiceError, match=r"d100 face 0"):
        ScriptedDice([0]).roll(100)


def test_running_out_names_the_die_and_how_many() -> None:
    dice = ScriptedDice([3])
    with pytest.raises(DiceExhausted, match=r"needed 2 more d10 for soft armour") as info:
        dice.roll(10, 3, "soft armour")
    assert info.value.needed == 2 and info.value.sides == 10


def test_recording_keeps_every_face() -> None:
    rec = RecordingDice(ScriptedDice([4, 9, 2]))
    rec.roll(10, 2)
    rec.roll(10)
    assert rec.faces == [4, 9, 2]


def test_typed_faces_read_zero_as_ten() -> None:
    assert parse_faces("1 5 7 8 8 0", 10, 6) == [1, 5, 7, 8, 8, 10]
    assert parse_faces("00, 95", 100) == [100, 95]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 5 x", r"die 3: 'x' is not a number"),
        ("1 11", r"die 2: 11 is not a face of a d10"),
        ("1 2", r"expected 3 d10 faces, got 2"),
    ],
)
def test_bad_typed_faces_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        parse_faces(text, 10, 3)
