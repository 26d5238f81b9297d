"""What a hostile tester types into a field: digits of other scripts, numbers past any
limit, signs, control characters, huge pastes, blanks. The form fuzz types each into
every field of every dialog; the number rule's own tests read each too. A text field must
refuse each that breaks the text rule (rules.model.plain_text) with a message."""

from __future__ import annotations

HOSTILE: tuple[str, ...] = (
    "²",  # an ordinary key on a French keyboard; '²'.isdigit() is True
    "٣",
    "５",
    "9" * 5000,  # past Python's 4,300-digit int-string limit
    "1e309",
    "+-3",
    "\x00\x1b[2J\x7f",
    "x\u202eevil\x01y",  # a bidi override and a control character, pasted (issue 23)
    "\udcff",  # a lone surrogate: no file can hold it
    "ok\x00",  # NUL after words that would pass
    "\x1b]0;owned\x07",  # an escape sequence that retitles the terminal
    "x" * 10_000,
    "3" * 10_000,
    " \t ",
    "",
)
