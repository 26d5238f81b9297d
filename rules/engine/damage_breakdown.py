"""A pending hit's damage with the GM's overrides, worked out once (A11-A13, R10, R11).

`ConfirmDamage` applies this breakdown and the damage dialog previews it, so the
line the GM reads before pressing enter is the line the engine logs after.
Pure: a hit the shield stopped but the GM lets through meets soft armour whose
dice are not rolled yet; the breakdown says so (`soft_to_roll`) and the engine
rolls them and asks again with the faces.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from rules.mechanics.damage import AttackDamage, resolve_damage
from rules.model.pending import DamageData

__all__ = ["MAX_LEVEL_WP", "Breakdown", "damage_breakdown"]

MAX_LEVEL_WP = 6  # A2: an Eviscerate; a GM override above it keeps the name


@dataclass(frozen=True)
class Breakdown:
    """The hit as it would be applied (None while soft dice wait), or what is still to roll."""

    result: AttackDamage | None
    soft_to_roll: int = 0  # soft d10 to roll first (a stopped hit the GM let through)
    gm: bool = False  # any stage overridden
    let_through: int | None = None  # the GM's "after the shield"

    def line(self, data: DamageData) -> str:
        """The breakdown in one line, as the log and the dialog show it."""
        if self.result is not None:
            return self.result.explain()
        return (
            f"VS {data.attack_vs} + damage {data.weapon_damage} = {data.damage_vs} → shield"
            f" (GM: {self.let_through} passes) → armour:"
            f" {self.soft_to_roll} soft d10 rolled when applied"
        )


def damage_breakdown(
    data: DamageData,
    *,
    after_shield: int | None = None,
    after_armour: int | None = None,
    wound_points: int | None = None,
    faces: Sequence[int] | None = None,
) -> Breakdown:
    """The stored hit with these overrides; `faces`: soft dice rolled for a let-through hit.

    Raises ValueError, in the GM's words, for an override with no stage to
    replace or out of range.
    """
    gm = any(v is not None for v in (after_shield, after_armour, wound_points))
    stopped = data.after_shield is None
    if stopped and after_shield is None and (after_armour is not None or wound_points is not None):
        raise ValueError("the shield stopped this hit: override after_shield first")
    soft_faces = list(data.soft_faces)
    if stopped and after_shield is not None and data.soft and not soft_faces:
        if faces is None:
            return Breakdown(None, data.soft, gm, after_shield)
        soft_faces = list(faces)
    result = resolve_damage(
        data.attack_vs,
        data.weapon_damage,
        data.shield,
        data.shield_hits,
        data.hard,
        data.soft,
        data.rating,
        soft_faces,
        override_after_shield=after_shield,
        override_after_armour=after_armour,
        override_wp=None if wound_points is None else min(wound_points, MAX_LEVEL_WP),
    )
    if wound_points is not None and wound_points > MAX_LEVEL_WP:
        result = dataclasses.replace(result, wound_points=wound_points)
    return Breakdown(result, 0, gm, after_shield)
