"""The one rule for reading a whole number a GM typed: ASCII digits, a short length.

Python's `int()` and `str.isdigit()` accept far more than a keyboard's digits:
`'²'.isdigit()` is true yet `int('²')` raises, `int('٣')` is 3, `int('５')` is 5,
and `int('9' * 5000)` raises (the 4,300-digit limit on int-string conversion).
No number in the rulebook needs more than a few digits, so anything else is
refused here, with a message that says what was typed (shortened) and why.
Every form field and the dice prompt read numbers through `parse_int`.
"""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "NumberError", "is_int_text", "parse_int", "shown"]

# The largest number the rules use has 3 digits (a d100 ability, 999); a time track
# runs to thousands. Nine digits leave room and stay far below Python's limit.
MAX_DIGITS = 9
MAX_SHOWN = 24  # how much of a long bad value a message repeats

_SIGNED = re.compile(r"[+-]?[0-9]+", re.ASCII)
_UNSIGNED = re.compile(r"[0-9]+", re.ASCII)


class NumberError(ValueError):
    """Typed text that is not a whole number (the message says what and why)."""


def shown(text: str) -> str:
    """`text` as a message quotes it: repr (control characters escaped), shortened."""
    if len(text) <= MAX_SHOWN:
        return repr(text)
    return repr(text[:MAX_SHOWN]) + f"… ({len(text)} characters)"


def _why(text: str, signed: bool) -> str:
    """The hint a refused number earns: a digit that is not 0-9 ('²', '٣') or a sign."""
    if any(c.isnumeric() and not c.isascii() for c in text):
        return " (type the digits 0-9)"
    if not signed and text[0] in "+-" and _UNSIGNED.fullmatch(text[1:]):
        return " (no sign here)"
    return ""


def is_int_text(text: str, *, signed: bool = True) -> bool:
    """Whether `text` (already stripped) is a number `parse_int` takes."""
    pattern = _SIGNED if signed else _UNSIGNED
    return pattern.fullmatch(text) is not None and len(text.lstrip("+-")) <= MAX_DIGITS


def parse_int(text: str, what: str = "", *, signed: bool = True) -> int:
    """A whole number typed as ASCII digits (a sign if `signed`), at most MAX_DIGITS.

    Surrounding whitespace is ignored. Raises NumberError naming `what` (the
    field or die, when given) and the value: "die 2: '²' is not a number".
    """
    prefix = f"{what}: " if what else ""
    stripped = text.strip()
    if not stripped:
        raise NumberError(f"{prefix}type a number")
    pattern = _SIGNED if signed else _UNSIGNED
    if pattern.fullmatch(stripped) is None:
        raise NumberError(f"{prefix}{shown(stripped)} is not a number{_why(stripped, signed)}")
    if len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise NumberError(f"{prefix}{shown(stripped)} is too long: at most {MAX_DIGITS} digits")
    return int(stripped)
