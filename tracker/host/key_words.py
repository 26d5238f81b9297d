"""The engine says what to do; the tracker says which key does it.

A leaf: the key reasons (tracker.actions.key_reasons) and the dialogs that word a refusal
the same way (tracker.modals.orders) both read it, and neither imports the other.
"""

from __future__ import annotations

# A reason that starts with an engine phrase gets the key's wording in its place, the
# rest kept.
KEY_WORDS = (
    ("no combat is running: begin combat first", "no combat is running: b begins one"),
    ("answer the pending decision first", "answer the pending decision first (d)"),
    ("combat is already running: end it first", "combat is already running: e ends it"),
)


def in_keys(reason: str | None) -> str | None:
    """An engine refusal in the GM's keys: "begin combat first" becomes "b begins one"."""
    if reason is None:
        return None
    for engine, keys in KEY_WORDS:
        if reason.startswith(engine):
            return keys + reason[len(engine) :]
    return reason
