"""A typed duration's number goes through the one digit rule (rules.mechanics.numbers).

Before, `'²'.isdigit()` passed and `int('²')` raised a bare ValueError, and 5,000 nines
made a message 5,000 characters long; the effect dialog crashed on both.
"""

from __future__ import annotations

import pytest

from rules.model.effects import Duration, parse_duration


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("²", "duration: '²' is not a number (type the digits 0-9)"),
        ("t٣", "duration: '٣' is not a number (type the digits 0-9)"),
        ("9" * 5000, "(5000 characters) is too long: at most 9 digits"),
        ("t" + "9" * 40, "is too long: at most 9 digits"),
    ],
)
def test_strange_digits_are_refused_in_words(typed: str, says: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_duration(typed)
    assert says in str(caught.value) and len(str(caught.value)) < 120


def test_ascii_digits_still_read() -> None:
    assert parse_duration(" 10 ") == Duration(kind="tu", amount=10)
    assert parse_duration("T40") == Duration(kind="until", amount=40)
