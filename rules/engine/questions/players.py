"""What the players may see: the public view of an encounter and its log's lines.

The players' screen draws these as they come; what a foe hides is decided here,
never by a widget.
"""

from __future__ import annotations

from rules.engine.public_log import PublicLine, Tone, is_party, labels
from rules.engine.public_view import PartyFigure, PublicView, public_view

__all__ = ["PartyFigure", "PublicLine", "PublicView", "Tone", "is_party", "labels", "public_view"]
