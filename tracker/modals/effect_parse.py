"""Reading the effect, reminder and pass-time dialogs' fields into the rules' own models.

Only the shape of the text is read here: `next Baron` names whose next
opportunity (a name's first letters, as the attack dialog's target), numbers
go through the one digit rule (`rules.mechanics.numbers`). What a duration
means and whether it fits the moment stays the rules' to say
(`rules.model.effects.parse_duration`, the command's validators, `why_not`).
Each problem comes back in a slot named for its field, so the dialog shows
it under that field and changes nothing.
"""

from __future__ import annotations

from rules.mechanics.numbers import NumberError, is_int_text, parse_int
from rules.model.effects import Duration, parse_duration
from rules.model.errors import field_problem
from rules.model.state import Encounter

Problems = dict[str, str]

# The commands' field paths -> the dialog's message slots (the rest go to the form's).
SLOTS: tuple[tuple[str, str], ...] = (
    ("name", "name"),
    ("modifier", "modifier"),
    ("duration", "duration"),
    ("tick", "tick"),
    ("text", "text"),
    ("at", "when"),
    ("in_tu", "when"),
    ("whose", "when"),
    ("reminder", "when"),
    ("amount", "amount"),
    ("unit", "amount"),
)


def slot_of(message: str, default: str = "form") -> str:
    """The slot a message (a field path, or a refusal starting with the field) belongs to."""
    head = message.strip().lower()
    for path, slot in SLOTS:
        if head.startswith(path):
            return slot
    return default


def slots_of(errors: dict[str, str], form: str = "form") -> Problems:
    """pydantic's `field_errors` (path -> text) by the dialog's slots, joined per slot."""
    out: Problems = {}
    for path, text in errors.items():
        slot = slot_of(path, "") or slot_of(text, form)
        out[slot] = "; ".join(filter(None, (out.get(slot), text)))
    return out


def whose_of(enc: Encounter, typed: str, field: str) -> tuple[str | None, str]:
    """A combatant by its name's first letters (`Bar` is Baron Molin): (id, '') or
    (None, why), the field named."""
    wanted = typed.strip().lower()
    if not wanted:
        return None, f"{field}: type whose next opportunity (a name)"
    living = [c for c in enc.combatants.values() if not c.dead]
    exact = [c for c in living if c.name.lower() == wanted]
    found = exact or [c for c in living if c.name.lower().startswith(wanted)]
    if len(found) == 1:
        return found[0].id, ""
    if not found:
        return None, f"{field}: no living combatant is called {typed.strip()!r}"
    names = ", ".join(c.name for c in found[:4])
    return None, f"{field}: {typed.strip()!r} could be {names}: type more of the name"


def duration_of(enc: Encounter, text: str) -> tuple[Duration | None, str]:
    """`10`, `t40`, `next`, `next Baron`, `end` or nothing: the rules' Duration, or why not.
    `next` alone is the bearer's own next opportunity (whose None)."""
    typed = text.strip()
    whose: str | None = None
    if typed.lower().startswith("next ") and typed[5:].strip():
        whose, why = whose_of(enc, typed[5:], "duration")
        if whose is None:
            return None, why
        typed = "next"
    try:
        return parse_duration(typed, whose), ""
    except ValueError as error:
        return None, _in_range(typed) or str(error)


def _in_range(typed: str) -> str | None:
    """`t0`, `0`: shaped right, but the amount is out of the model's range: that, in words
    (`duration 't0': amount must be 1–…`), not pydantic's whole report."""
    digits = typed[1:] if typed.lower().startswith("t") else typed
    if not is_int_text(digits, signed=False):
        return None  # ('²', 5,000 digits: the rules' own message says why)
    problem = field_problem(Duration, "amount", int(digits))
    return None if problem is None else f"duration {typed!r}: amount {problem}"


def number_of(text: str, field: str, *, signed: bool = False) -> tuple[int | None, str]:
    """A whole number typed into `field`, or (None, why) naming the field."""
    try:
        return parse_int(text, field, signed=signed), ""
    except NumberError as error:
        return None, str(error)


def reminder_moment(
    enc: Encounter, text: str, selected: str | None
) -> tuple[dict[str, object], str]:
    """`t40` (at track time 40), `10` (in 10 TU), `next` (the selected combatant's next
    opportunity) or `next Baron`: AddReminder's `at` / `in_tu` / `whose`, or why not."""
    typed = text.strip().lower()
    if not typed:
        return {}, "when: type t40 (at track time 40), 10 (in 10 TU) or next (a name)"
    if typed == "next":
        if selected is None:
            return {}, "when: next whose opportunity? type next and a name"
        return {"whose": selected}, ""
    if typed.startswith("next "):
        whose, why = whose_of(enc, text.strip()[5:], "when")
        return ({"whose": whose}, "") if whose is not None else ({}, why)
    if typed.startswith("t"):
        at, why = number_of(typed[1:], "when (track time)")
        return ({"at": at}, "") if at is not None else ({}, why)
    in_tu, why = number_of(typed, "when (TU from now)")
    return ({"in_tu": in_tu}, "") if in_tu is not None else ({}, why)
