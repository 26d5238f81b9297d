"""From the key that rolls to the dialog it opens, no CSS query walks a screen for what
can be found directly (issue 27: dialog_open_ms).

A query by type matches every widget of the screen it runs on against CSS: the main
screen's banner (by the act flow and the main screen, three times) and the dialog's
text fields (to watch their typing) cost about 2 ms together at 200 combatants.
They are found by id and by a plain walk now; the dialog still watches its fields.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.support.demo import SIZE, demo_app, dinzis_due
from tests.support.modal_host import until
from tests.support.queries import recorded_queries
from tracker.modals.act import AttackDialog, OpportunityDialog
from tracker.widgets.pending_banner import PendingBanner

NEXT = ("ParryDialog", "DamageDialog")  # what a hit opens


async def test_the_roll_opens_its_dialog_without_those_queries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await dinzis_due(pilot)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog) and app.screen.is_mounted)
        queried = recorded_queries(monkeypatch)
        await pilot.press("enter")  # the attack rolls
        await until(pilot, lambda: type(app.screen).__name__ in NEXT and app.screen.is_mounted)
        await pilot.pause()
        assert PendingBanner not in queried and Input not in queried, queried
        dialog = app.screen
        field = next(iter(dialog.walk_children(Input)))
        checks: list[object] = []
        monkeypatch.setattr(type(dialog), "refresh_form", lambda self: checks.append(1))
        field.value = "2"  # typing is still watched: the form checks it at once
        await until(pilot, lambda: bool(checks))
