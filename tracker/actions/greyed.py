"""Whether a key is greyed now, and why: the footer's look and the toast on its press.

A key the rules would refuse now (`tracker.actions.key_reasons.reasons`, through the
engine's `why_not`) is shown disabled in the footer, and pressing it says why
instead of opening a dialog that could only be refused. Keys that act on the
marked rows are never greyed while rows are marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tracker.actions.key_reasons import raw_reasons
from tracker.host.key_words import keyed

if TYPE_CHECKING:
    from rules.engine.session import Session
    from tracker.actions.registry import GMAction


def refusal_now(
    action: GMAction,
    session: Session | None,
    selected: str | None,
    revision: int,
    *,
    marked: bool = False,
    words: Mapping[str, str] = {},
) -> str | None:
    """Why `action` may not be taken now (None: it may, or nothing is open to ask), in
    the keys in force (`words`, the app's `gm_settings.words`)."""
    key = action.refusal_key
    if key is None or session is None or (action.marked and marked):
        return None
    why = raw_reasons(session, selected, revision).get(key)
    return None if why is None else keyed(why, words)


def greyed_signature(
    session: Session | None, selected: str | None, revision: int, *, busy: bool, marked: bool
) -> tuple[object, ...]:
    """What the footer's greying depends on: unchanged, the footer need not be rebuilt.

    Textual's Footer recomposes every key on each `refresh_bindings`; at 200
    combatants doing it on every revision cost ~5-10 ms a frame (issue 26's bench).
    """
    if busy or session is None:
        return (busy, session is None)
    refused = frozenset(k for k, why in raw_reasons(session, selected, revision).items() if why)
    return (refused, marked)
