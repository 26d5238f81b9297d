"""What a hostile tester types into a field: digits of other scripts, numbers past any
limit, signs, control characters, huge pastes, blanks. The form fuzz types each into
every field of every dialog; the number rule's own tests read each too."""

from __future__ import annotations

HOSTILE: tuple[str, ...] = (
    "²",  # an ordinary key on a French keyboard; '²'.isdigit() is True
    "٣",
    "５",
    "9" * 5000,  # past Python's 4,300-digit int-string limit
    "1e309",
    "+-3",
    "\x00\x1b[2J\x7f",
    "x" * 10_000,
    "3" * 10_000,
    " \t ",
    "",
)
