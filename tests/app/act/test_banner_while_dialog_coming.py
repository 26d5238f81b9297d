"""The pending banner never invites `d` while the act flow is opening a dialog (issue 27).

After a hit, the damage waits as a decision and the damage dialog is on its way.
Before, the banner said `press d to answer` in that gap (1.2-3 s on a busy laptop),
and the GM's `d` landed in the damage dialog's first field: `'d' is not a number`.
Every text the banner is given is recorded with the moment, and none said it while
the dialog was coming; once the GM holds the dialog (escape), `d` is offered again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from tests.support.act_fixtures import SIZE, fight_file, type_faces
from tests.support.modal_host import until
from tracker.app.tracker_app import make_app
from tracker.modals.act import AttackDialog, DamageDialog, OpportunityDialog
from tracker.screens.main import MainScreen
from tracker.widgets.pending_banner import PendingBanner


async def test_no_key_is_offered_between_the_hit_and_its_damage_dialog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, bool]] = []  # each text, and whether the damage dialog was up
    update = PendingBanner.update

    def recorded(self: PendingBanner, content: object = "", **kwargs: object) -> None:
        up = any(isinstance(s, DamageDialog) and s.is_mounted for s in self.app.screen_stack)
        said.append((content.plain if isinstance(content, Text) else str(content), up))
        update(self, content, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PendingBanner, "update", recorded)
    app = make_app(fight_file(tmp_path), saves_dir=tmp_path, seed=1, dice_mode="physical")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        main = app.screen
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
        await pilot.press("space", "enter")
        await until(pilot, lambda: isinstance(app.screen, AttackDialog))
        app.screen.query_one("#dodge").value = "hit the floor"
        await pilot.press("enter")
        await type_faces(pilot, "1 1 1 1 1 1")  # Markon's dodge: VS 0
        await type_faces(pilot, "0 0 0 0 1 1")  # Lio's Shoot: VS 9, a hit
        await until(pilot, lambda: isinstance(app.screen, DamageDialog))
        await until(pilot, lambda: app.screen.is_mounted)
        before = [text for text, up in said if not up and "DECISION" in text]
        assert before, "the damage was pending before its dialog was up"
        assert not any("press d" in text for text in before), before
        assert any("opening" in text for text in before), before
        await pilot.press("escape")  # the GM holds the damage: `d` answers it later
        await until(pilot, lambda: app.screen is main)
        banner = main.query_one(PendingBanner)
        await until(pilot, lambda: "press d to answer" in str(banner.render()))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DamageDialog))
