"""The pass-time dialog asks the rules whether time may pass now without passing it in
the screen's thread (issue 23): its dry run (rules.engine.checks.why_not runs a command
up to its first die, and a passage rolls none) was of the amount typed, so typing
"86400" ran 1, 8, 86, 864, 8,640 and 86,400 TU at the keys. The refusals of a passage
come before the clock runs (in combat, a decision open), so one TU asks the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.engine.handlers import effects
from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import type_into, until
from tracker.modals.pass_time import PassTimeForm
from tracker.screens.main import MainScreen


async def test_the_dialog_never_runs_the_passage_in_the_screens_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[int] = []
    real = effects.pass_time

    def spy(ctx: Any, tu: int) -> str | None:
        ran.append(tu)
        return real(ctx, tu)

    monkeypatch.setattr(effects, "pass_time", spy)
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("P")
        await until(pilot, lambda: isinstance(app.screen, PassTimeForm))
        await type_into(pilot, "#amount", "86400")
        await until(
            pilot, lambda: "86400 TU of the clock" in str(app.screen.query_one("#preview").render())
        )
        assert ran and set(ran) == {1}, ran
