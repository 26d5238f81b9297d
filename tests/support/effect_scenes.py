"""The scene of the ruler snapshot (issue 15): bleeding, an effect's end and a reminder ahead.

The card game with seeded dice: combat begun by keys (b, enter), the track
advanced (n) so Dinzis acts now, the Baron wounded 3 WP (bleeding, R12: its
♦ tick ahead, A14), Kans Stunned for 6 TU (its ✕ end) and a reminder in 8
TU (its ⚑), all by commands; waits on conditions, never on sleeps.
"""

from __future__ import annotations

from textual.pilot import Pilot

from rules.model.commands import ApplyWound
from rules.model.effect_commands import AddEffect, AddReminder
from rules.model.effects import Duration
from tests.support.modal_host import until
from tests.support.scenes import dinzis_acts


async def effects_ahead(pilot: Pilot[None]) -> None:
    app = await dinzis_acts(pilot)
    app.run_command(ApplyWound(target="molin", wound_points=3, source="knife"))
    stunned = AddEffect(targets=["kans"], name="Stunned", duration=Duration(kind="tu", amount=6))
    app.run_command(stunned)
    app.run_command(AddReminder(text="the shuttle lands", in_tu=8))
    enc = app.session.encounter
    await until(pilot, lambda: bool(enc.reminders) and bool(enc.combatants["kans"].effects))
    await until(pilot, lambda: app.autosave.saved)
    await pilot.pause()


async def bleeder_near_zero(pilot: Pilot[None]) -> None:
    """The demo in combat, Baron Molin (Endurance 5) bleeding at BLR 1 with 14 WP: his
    Endurance is 1, so his tick at track 10 brings it to 0 (☠, R31); the half line's demise
    check (A16) waits for the GM."""
    app = await dinzis_acts(pilot)
    for wp in (3, 2, 2, 2, 2, 2, 1):  # one bleeding Wound (R12), then bruises
        app.run_command(ApplyWound(target="molin", wound_points=wp, source="knife"))
    enc = app.session.encounter
    await until(pilot, lambda: enc.combatants["molin"].total_wp() == 14)
    await until(pilot, lambda: app.autosave.saved)
    await pilot.pause()
