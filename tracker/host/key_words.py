"""The engine says what to do; the tracker says which key does it.

A leaf: the key reasons (tracker.actions.key_reasons) and the dialogs that word a refusal
the same way (tracker.modals.orders) both read it, and neither imports the other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# A key in a message, by action id and its default key's words: `{key:advance=n}`. It
# reads "n" until the GM's keymap moves the action (keyed), so no message names a key
# that no longer does it. tests check each default against the registry's.
KEY_TOKEN = re.compile(r"\{key:([a-z-]+)=([^}]+)\}")

# A reason that starts with an engine phrase gets the key's wording in its place, the
# rest kept.
KEY_WORDS = (
    (
        "no combat is running: begin combat first",
        "no combat is running: {key:begin-combat=b} begins one",
    ),
    ("answer the pending decision first", "answer the pending decision first ({key:answer=d})"),
    (
        "combat is already running: end it first",
        "combat is already running: {key:end-combat=e} ends it",
    ),
)


def in_keys(reason: str | None, words: Mapping[str, str] = {}) -> str | None:
    """An engine refusal in the GM's keys: "begin combat first" becomes "b begins one"
    (the key in force, from `words`)."""
    keys = tokened(reason)
    return None if keys is None else keyed(keys, words)


def tokened(reason: str | None) -> str | None:
    """An engine refusal with its key as a token, to be `keyed` when it is shown."""
    if reason is None:
        return None
    for engine, keys in KEY_WORDS:
        if reason.startswith(engine):
            return keys + reason[len(engine) :]
    return reason


def keyed(text: str, words: Mapping[str, str] = {}) -> str:
    """`text` with each key token as the key in force: `words` (action id -> its keys as
    a GM reads them, the app's `gm_settings.words`), else the token's default."""
    if "{key:" not in text:
        return text
    return KEY_TOKEN.sub(lambda m: words.get(m[1], m[2]), text)


def words_in_force(app: object) -> Mapping[str, str]:
    """The app's keys in force by action id, or none (a dialog tested on its own)."""
    words = getattr(getattr(app, "gm_settings", None), "words", None)
    return words if isinstance(words, Mapping) else {}


def words_for(node: object) -> Mapping[str, str]:
    """The keys in force of the app a widget runs in; none for one drawn outside an app
    (its text's own test), where Textual's `app` raises NoActiveAppError."""
    try:
        app = getattr(node, "app", None)
    except RuntimeError:
        return {}
    return words_in_force(app)
