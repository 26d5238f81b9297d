"""The CSS queries a stretch of the app runs: a type query matches every widget of the
screen it runs on, so the hot paths find what they need by id or by a plain walk."""

from __future__ import annotations

import pytest
from textual.dom import DOMNode


def recorded_queries(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """From now on, each `query(selector)` a node runs adds its selector to the list."""
    queried: list[object] = []
    query = DOMNode.query

    def counted(self: DOMNode, selector: object = None) -> object:
        queried.append(selector)
        return query(self, selector)  # type: ignore[arg-type]

    monkeypatch.setattr(DOMNode, "query", counted)
    return queried
