"""The one digit rule (rules.mechanics.numbers) and everything that reads numbers through it.

`'²'.isdigit()` is true but `int('²')` raises; `int('٣')` is 3; `int('9' * 5000)`
raises (Python's 4,300-digit limit). A typed number is ASCII digits, at most
MAX_DIGITS, or it is refused with a message: never an exception, never a
surprising value.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mechanics.dice import DiceError, parse_faces
from rules.mechanics.numbers import MAX_DIGITS, NumberError, parse_int
from tests.support.hostile_text import HOSTILE
from tests.support.soak import examples
from tracker.modals.parse import goal, modifier, whole_number, wound_points

ASCII_INT = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)  # matched after strip()

# Text a GM (or a paste, or a terminal) can produce: digits of every script, signs,
# exponents, separators, control characters, long runs of digits.
hostile_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.sampled_from("0123456789+-_.eE ²³¹٣٤５６߀๓\x00\x1b\x7f\t\n"), max_size=40),
    st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n),
    st.from_regex(r"\A[+-]?[0-9]{1,12}\Z"),
)


@settings(max_examples=examples(400), deadline=None)
@given(hostile_text)
def test_parse_int_takes_ascii_digits_only_and_refuses_the_rest_with_a_message(
    text: str,
) -> None:
    try:
        value = parse_int(text, "goal")
    except NumberError as err:
        assert ASCII_INT.fullmatch(text.strip()) is None
        assert str(err).startswith("goal: ")
        assert len(str(err)) < 200  # a 10,000-character paste is not repeated whole
        return
    assert ASCII_INT.fullmatch(text.strip()) is not None
    assert value == int(text.strip())


@settings(max_examples=examples(300), deadline=None)
@given(hostile_text)
def test_the_form_readers_never_raise(text: str) -> None:
    for read in (whole_number, goal, wound_points):
        value, problem = read(text)
        assert (value is None) == bool(problem)
        if value is not None:
            assert abs(value) < 10**MAX_DIGITS
    errors: dict[str, str] = {}
    modifier(text, errors, "modifier")


@settings(max_examples=examples(300), deadline=None)
@given(hostile_text, st.sampled_from([6, 10, 20, 100]))
def test_parse_faces_raises_only_dice_error(text: str, sides: int) -> None:
    try:
        faces = parse_faces(text, sides)
    except DiceError:
        return
    assert all(1 <= face <= sides for face in faces)


@pytest.mark.parametrize("text", HOSTILE, ids=lambda text: ascii(text[:8]) + f"x{len(text)}")
def test_every_hostile_value_is_refused_by_every_reader(text: str) -> None:
    for read in (whole_number, goal, wound_points):
        value, problem = read(text)
        assert value is None
        assert problem
    if text.strip():
        with pytest.raises(DiceError, match=r"^die 1: "):
            parse_faces(text, 10)


def test_the_messages_say_why() -> None:
    assert whole_number("²") == (None, "'²' is not a number (type the digits 0-9)")
    assert goal("٣") == (None, "'٣' is not a number (type the digits 0-9)")
    assert whole_number("9" * 5000)[1] == (
        f"'{'9' * 24}'… (5000 characters) is too long: at most {MAX_DIGITS} digits"
    )
    with pytest.raises(DiceError, match=r"die 2: '²' is not a number \(type the digits 0-9\)"):
        parse_faces("3 ²", 10)
    with pytest.raises(DiceError, match=r"die 1: '-3' is not a number \(no sign here\)"):
        parse_faces("-3", 10)


def test_ordinary_numbers_still_read() -> None:
    assert whole_number(" -12 ") == (-12, "")
    assert whole_number("+7") == (7, "")
    assert goal("Near Impossible") == (17, "")
    assert goal("14") == (14, "")
    assert wound_points("Eviscerate")[0] is not None
    assert parse_faces("1 5, 7 0", 10) == [1, 5, 7, 10]
    assert parse_faces("00", 100) == [100]
