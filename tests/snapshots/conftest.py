"""Snapshots are taken with animation off, so a frame never catches a widget mid-move."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_animation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATION", "none")
