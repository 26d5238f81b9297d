"""A typed character's key name, as Textual names it (`?` is "question_mark").

The GM's keymap may say "?" or "question_mark", "+" or "plus"; Textual's
`set_keymap` turns a one-character key into its name with its private
`_character_to_key`, and the tracker must compare keys the same way before it
hands the keymap over (two ids on "?" and "question_mark" are one clash). No
public helper does it: `textual.keys` exposes the reverse (`key_to_character`).
"""

from __future__ import annotations

from textual.keys import _character_to_key

__all__ = ["key_name"]


def key_name(character: str) -> str:
    """The name Textual binds a one-character key under ("?" -> "question_mark")."""
    return _character_to_key(character)
