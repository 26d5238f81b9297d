"""The save tests' shared fixture: a fight driven through real commands."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.session import Session
from tests.support.saved_fights import fought_session


@pytest.fixture
def fought() -> tuple[Session, list[dict[str, Any]]]:
    """The session and the encounter after each of its steps (0 = the start)."""
    return fought_session()
