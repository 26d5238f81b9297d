"""What kind of line each line of the GM's log is (issue 27), so the log reads at a glance.

Before, a hit, a wound and the parry question were all the theme's warning colour and
every other line was plain. The players' log already sorts its lines by tone
(`public_phrases.PHRASES`: a turn, an attack, harm, care, a roll, the scene); the GM's
log takes those tones and adds the two kinds only the GM sees: a decision the table
waits on (a pending question) and the GM's own doing (an edit, a reveal, an order, a
setting, a reminder). What the rest are is the rules' notes: the scene, an effect.
"""

from __future__ import annotations

from typing import Literal

from rules.engine.public_phrases import PHRASES

__all__ = ["GM_OWN", "LogTone", "log_tone"]

LogTone = Literal["turn", "attack", "harm", "care", "roll", "decision", "gm", "note"]
# The kinds a GM's own key writes: never the rules' doing, and never the players'.
GM_OWN = frozenset({"visibility", "edit", "order", "settings", "reminder", "party"})
_DECISION = frozenset({"pending"})


def log_tone(kind: str) -> LogTone:
    """The tone of a line of `kind`; a kind the players' phrases do not know is a note."""
    if kind in _DECISION:
        return "decision"
    if kind in GM_OWN:
        return "gm"
    phrase = PHRASES.get(kind)
    if phrase is None or phrase.tone == "scene":
        return "note"
    return phrase.tone
