"""What kind of line a line of the GM's log is (its tone and mark are the log's own)."""

from __future__ import annotations

from rules.engine.log_tones import LogTone, log_tone

__all__ = ["LogTone", "log_tone"]
