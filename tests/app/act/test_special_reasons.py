"""A refused special die says why in full, in the list itself (C, R19).

The desperation die's refusal carries the per-stat figures (effective/base
and each stat's R19 line); the line once stopped at the form's edge
("not desperate: no stat ≤ 10% of its …"). It now wraps under itself.
"""

from __future__ import annotations

from rules.mechanics.dice import ScriptedDice
from rules.model.commands import TakeOpportunity
from tests.support.act_fixtures import SIZE, ActHost, a10
from tests.support.modal_host import until
from tracker.modals.act import AttackDialog
from tracker.modals.act.common import SpecialPicker


async def test_the_desperation_refusal_shows_every_stat_line_R19() -> None:
    session = a10()
    session.do(TakeOpportunity(actor="lio", actions=["Shoot"]), ScriptedDice([]))
    app = ActHost(AttackDialog(session.encounter, "lio", "Blaster"))
    async with app.run_test(size=SIZE) as pilot:
        picker = app.screen.query_one(SpecialPicker)
        button = app.screen.query_one("#special-desperation")
        await until(pilot, lambda: button.region.height > 0)
        assert button.disabled  # Lio's Dexterity 8 is not ≤ 1: no desperation (R19)
        label = str(button.label)
        for stat in ("Strength 5/5 (line 1)", "Dexterity 8/8 (line 1)", "Tech 5/5 (line 1)"):
            assert stat in label
        # Wrapped inside the picker, not cut at its edge: every cell of the label is drawn.
        assert button.region.height >= 2
        assert button.region.right <= picker.region.right
        drawn = "".join(
            "".join(seg.text for seg in button.render_line(y)) for y in range(button.size.height)
        )
        assert "Tech 5/5 (line 1)" in " ".join(drawn.split())
