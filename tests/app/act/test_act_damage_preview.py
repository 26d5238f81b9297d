"""The damage dialog previews the breakdown the engine would apply, and its fields agree.

GM report: an override "after the armour 0" previewed `GM: 0 → Bruise, 1 WP`
while the wound points field under it still read the stored `4 (Gore)`.
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import Attack
from rules.model.state import Encounter
from tests.support.act_fixtures import SIZE, ActHost, lio, markon
from tests.support.modal_host import type_into, until
from tracker.modals.act.damage import DamageDialog


def gore_hit() -> Session:
    """Out of combat, Lio's blaster (damage 5) hits Markon (no armour): VS 4 + 5 = 9, Gore."""
    enc = Encounter(combatants={"lio": lio(), "markon": markon()})
    session = Session(enc)
    # Dexterity 8, Shoot 6: six 5s score SS 6; goal 2 → VS 4.
    session.do(
        Attack(attacker="lio", target="markon", weapon="Blaster", goal=2), ScriptedDice([5] * 6)
    )
    return session


async def test_a_damage_override_carries_into_the_later_fields() -> None:
    """After the armour 0 → Bruise, 1 WP: the wound points field follows (not the stored Gore)."""
    session = gore_hit()
    pending = session.encounter.pending[0]
    assert "Gore" in pending.text
    app = ActHost(DamageDialog(session.encounter, pending.id))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#after-armour")))
        await type_into(pilot, "#after-armour", "0")
        preview = app.screen.query_one("#preview")
        await until(pilot, lambda: "GM: 0" in str(preview.render()))
        assert "Bruise, 1 WP" in str(preview.render())
        wp = app.screen.query_one("#wound-points")
        assert "Gore" not in wp.placeholder, wp.placeholder  # type: ignore[attr-defined]
        assert "1 (Bruise)" in wp.placeholder  # type: ignore[attr-defined]
