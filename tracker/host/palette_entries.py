"""A palette provider made of titled entries: a screen's commands by name (ctrl+p).

Each provider says only which entries fit the moment (`entries`); showing them
all when the palette opens and matching them as the GM types is this one piece.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider

Entry = tuple[str, Callable[[], object], str]  # title, what it runs, its help line


class EntryProvider(Provider):
    """Subclasses give `entries()`; the palette lists and searches them."""

    def entries(self) -> list[Entry]:
        raise NotImplementedError

    async def discover(self) -> Hits:
        for title, run, help_text in self.entries():
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, run, help_text in self.entries():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, help=help_text)
