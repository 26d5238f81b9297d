"""From a hit to Wound Points: damage VS, energy shield, armour (RULES A11-A13, R10, R11).

Everything here is pure: the soft-armour dice arrive as faces (rolled through
the dice source by the caller, or typed by the GM), so a resolved hit can be
replayed exactly. Each stage keeps its numbers so the log can show one line
with every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.mechanics.arguments import require, require_non_negative
from rules.mechanics.chart import LEVELS, VP_CHART, clamp_stat
from rules.mechanics.dice import check_face, faces_text

SOFT_DIE_SIDES = 10


def shield_pass(victory_score: int, low: int, high: int) -> int | None:
    """A12: what an energy shield lets through; None when it stops the hit.

    Below `low` the shield does not activate; `low..high` stops the hit;
    above `high` the VS is reduced by `high` (14 vs 5/10 -> 4).
    """
    require_non_negative(low=low)
    require(high >= low, "high", f"must be at least low ({low}), got {high}")
    if victory_score < low:
        return victory_score
    if victory_score <= high:
        return None
    return victory_score - high


def wound_points_for(victory_score: int) -> tuple[str, int]:
    """A2/A11: damage name and WP of a damage VS; below 0 still a Bruise (A11 step 5)."""
    name, wound_points = LEVELS[0][3], LEVELS[0][4]
    for threshold, _level, _word, damage_name, wp in LEVELS:
        if victory_score >= threshold:
            name, wound_points = damage_name, wp
    return name, wound_points


def _soft_vp(rating: int, faces: Sequence[int]) -> tuple[int, ...]:
    """A13: each soft-armour die read against the Armour Rating as the stat (R1 clamps)."""
    row = VP_CHART[clamp_stat(rating)]
    return tuple(row[check_face(SOFT_DIE_SIDES, face, "soft_faces")] for face in faces)


def _pool_text(faces: Sequence[int], vps: Sequence[int], total: int) -> str:
    if len(faces) == 1:
        return f"{faces[0]}: {total} VP"
    return f"{faces_text(faces)}: {'+'.join(str(v) for v in vps)} = {total} VP"


def _level_text(victory_score: int, name: str, wound_points: int) -> str:
    minimum = " (at least 1 WP, A11)" if victory_score < 0 else ""
    return f"{name}, {wound_points} WP{minimum}"


@dataclass(frozen=True)
class ArmourHit:
    """One hit through armour (A13): the reduction, the level, and the worn armour."""

    victory_score: int  # what remains after hard and soft
    wound_points: int  # at least 1: the hit passed the shield (A11 step 5)
    hard: int  # hard armour after degradation
    soft: int  # soft armour after degradation / wear
    soft_faces: tuple[int, ...]
    soft_ss: int
    damage_name: str
    incoming: int  # the damage VS that reached the armour
    hard_before: int
    soft_before: int
    rating: int
    soft_vp: tuple[int, ...]
    raw_wound_points: int  # WP of `incoming` before any armour (drives degradation)

    @property
    def after_hard(self) -> int:
        return self.incoming - self.hard_before

    @property
    def worn(self) -> bool:
        return (self.hard, self.soft) != (self.hard_before, self.soft_before)

    def reduction_parts(self) -> list[str]:
        """The armour stages after the incoming VS, e.g. `hard 1`, `3`, `soft 2d10 ...`."""
        parts: list[str] = []
        if self.hard_before:
            parts += [f"hard {self.hard_before}", str(self.after_hard)]
        if self.soft_before:
            pool = _pool_text(self.soft_faces, self.soft_vp, self.soft_ss)
            parts += [
                f"soft {self.soft_before}d10 vs AR {self.rating} ({pool})",
                str(self.victory_score),
            ]
        return parts

    def wear_text(self) -> str:
        """`armour H3 S0 -> H0 S3` when the hit degraded or wore the armour, else ``."""
        if not self.worn:
            return ""
        return f"armour H{self.hard_before} S{self.soft_before} → H{self.hard} S{self.soft}"

    def explain(self) -> str:
        """One line: `4 → hard 1 → 3 → soft 2d10 vs AR 6 (1 7: 0+2 = 2 VP) → 1 → Bruise, 1 WP`."""
        stages = self.reduction_parts() or ["no armour"]
        line = " → ".join([str(self.incoming), *stages, self._level()])
        wear = self.wear_text()
        return f"{line}; {wear}" if wear else line

    def _level(self) -> str:
        return _level_text(self.victory_score, self.damage_name, self.wound_points)


def armour_hit(
    victory_score: int, hard: int, soft: int, rating: int, soft_faces: Sequence[int]
) -> ArmourHit:
    """A13 and R11: reduce a damage VS by hard then soft armour, then wear the armour.

    The armour values used for the reduction are those before the hit;
    degradation (hard -> soft) or R11 soft wear applies afterwards.
    """
    require_non_negative(hard=hard, soft=soft, rating=rating)
    faces = tuple(soft_faces)
    require(
        len(faces) == soft,
        "soft_faces",
        f"must hold one d10 face per point of soft armour ({soft}), got {len(faces)}",
    )
    vps = _soft_vp(rating, faces)
    soft_ss = sum(vps)

    after_hard = victory_score - hard
    remaining = after_hard - soft_ss
    _raw_name, raw_wp = wound_points_for(victory_score)

    new_hard, new_soft = hard, soft
    if hard > 0:
        if raw_wp > hard:
            # A13.3: the excess WP turn hard armour into soft (H3 hit for 6 WP -> H0, S+3).
            converted = min(hard, raw_wp - hard)
            new_hard, new_soft = hard - converted, soft + converted
    else:
        # R11: with no hard armour left, soft loses what it actually stopped this hit.
        removed = min(soft_ss, max(after_hard, 0))
        new_soft = soft - min(removed, soft)

    name, wound_points = wound_points_for(remaining)
    return ArmourHit(
        victory_score=remaining,
        wound_points=wound_points,
        hard=new_hard,
        soft=new_soft,
        soft_faces=faces,
        soft_ss=soft_ss,
        damage_name=name,
        incoming=victory_score,
        hard_before=hard,
        soft_before=soft,
        rating=rating,
        soft_vp=vps,
        raw_wound_points=raw_wp,
    )


@dataclass(frozen=True)
class ShieldOutcome:
    """A12/R10: what passed the shield (None: stopped), whether it activated, hits left."""

    victory_score: int | None
    activated: bool
    hits_left: int | None


def apply_shield(
    victory_score: int, shield: tuple[int, int] | None, hits_left: int | None
) -> ShieldOutcome:
    """A12 with R10: a shield with 0 hits left no longer activates; each activation spends one.

    Callers use it to learn whether soft-armour dice are needed before rolling them.
    """
    require(
        hits_left is None or hits_left >= 0,
        "shield_hits_left",
        f"must be 0 or more (or None for unlimited), got {hits_left}",
    )
    if shield is None:
        return ShieldOutcome(victory_score, False, hits_left)
    low, high = _check_shield(shield)
    if hits_left == 0 or victory_score < low:
        return ShieldOutcome(victory_score, False, hits_left)
    spent = None if hits_left is None else hits_left - 1
    return ShieldOutcome(shield_pass(victory_score, low, high), True, spent)


def _check_shield(shield: tuple[int, int]) -> tuple[int, int]:
    require(len(shield) == 2, "shield", f"must be (low, high), got {shield!r}")
    low, high = shield
    require(0 <= low <= high, "shield", f"must satisfy 0 <= low <= high, got {low}/{high}")
    return low, high


@dataclass(frozen=True)
class AttackDamage:
    """A11 steps 2-5 for one successful attack, with any GM overrides of a stage."""

    attack_vs: int
    weapon_damage: int
    damage_vs: int
    shield: tuple[int, int] | None
    shield_activated: bool
    shield_hits_before: int | None  # R10: None means unlimited
    shield_hits_left: int | None  # after this hit
    shield_result: int | None  # what the shield rule let through; None: it stopped the hit
    stopped_by_shield: bool  # False when the GM let a stopped hit through
    after_shield: int | None  # what reached the armour (the GM's number if overridden)
    armour: ArmourHit | None  # None when the shield stopped the hit
    victory_score: int | None  # the VS that names the level; None when stopped
    damage_name: str | None
    wound_points: int  # 0 when stopped, else at least 1 (A11 step 5)
    hard: int  # armour after this hit
    soft: int
    override_after_shield: int | None = None
    override_after_armour: int | None = None
    override_wp: int | None = None

    def explain(self) -> str:
        """`VS 9 + damage 5 = 14 → shield 5/10 → 4 → hard 1 → 3 → soft ... → 2 → Graze, 2 WP`."""
        parts = [f"VS {self.attack_vs} + damage {self.weapon_damage} = {self.damage_vs}"]
        if self.shield is not None:
            parts.append(self._shield_text())
            if self.stopped_by_shield:
                return " → ".join([*parts, "stopped, no damage"])
            parts.append(_gm(self.shield_result, self.override_after_shield))
        elif self.override_after_shield is not None:
            parts += ["no shield", _gm(self.damage_vs, self.override_after_shield)]
        armour = self.armour
        assert armour is not None  # not stopped
        stages = armour.reduction_parts()
        if stages:
            parts += stages[:-1]
            parts.append(_gm(armour.victory_score, self.override_after_armour))
        elif self.override_after_armour is not None:
            parts += ["no armour", _gm(armour.victory_score, self.override_after_armour)]
        parts.append(self._level_text())
        line = " → ".join(parts)
        wear = armour.wear_text()
        return f"{line}; {wear}" if wear else line

    def _shield_text(self) -> str:
        low, high = self.shield or (0, 0)
        text = f"shield {low}/{high}"
        before, after = self.shield_hits_before, self.shield_hits_left
        if before is not None:
            spent = f"{before} → {after}" if after != before else f"{before}"
            text += f" ({spent} hits left)"
        if self.shield_hits_before == 0:
            return f"{text} spent, passes"  # R10
        if not self.shield_activated:
            return f"{text} not activated"
        return text

    def _level_text(self) -> str:
        assert self.victory_score is not None and self.damage_name is not None
        if self.override_wp is None:
            return _level_text(self.victory_score, self.damage_name, self.wound_points)
        ruled_name, ruled_wp = wound_points_for(self.victory_score)
        return f"{ruled_name}, {ruled_wp} WP (GM: {self.damage_name}, {self.wound_points} WP)"


def _gm(ruled: int | None, override: int | None) -> str:
    """A stage's number, and the GM's replacement when there is one: `4 (GM: 6)`."""
    shown = "stopped" if ruled is None else str(ruled)
    return shown if override is None else f"{shown} (GM: {override})"


_WP_NAMES: dict[int, str] = {wp: name for _t, _l, _w, name, wp in LEVELS}


def resolve_damage(
    attack_vs: int,
    weapon_damage: int,
    shield: tuple[int, int] | None,
    shield_hits_left: int | None,
    hard: int,
    soft: int,
    rating: int,
    soft_faces: Sequence[int],
    *,
    override_after_shield: int | None = None,
    override_after_armour: int | None = None,
    override_wp: int | None = None,
) -> AttackDamage:
    """A11 steps 2-5: damage VS -> shield (A12, R10) -> armour (A13, R11) -> level and WP.

    GM overrides replace one stage's number and the chain continues from it:
    `override_after_shield` is what reaches the armour (it also lets a hit
    through that the shield stopped); `override_after_armour` is the VS that
    names the level; `override_wp` (1-6) sets the WP and the damage name with
    it. Armour wear always follows the rules for the VS that reached it.
    `soft_faces` must be empty when the shield stopped the hit.
    """
    require(attack_vs >= 0, "attack_vs", f"must be 0 or more (a hit), got {attack_vs}")
    require_non_negative(weapon_damage=weapon_damage)
    require(
        override_wp is None or 1 <= override_wp <= 6,
        "override_wp",
        f"must be 1-6 (the WP of a damage level), got {override_wp}",
    )
    damage_vs = attack_vs + weapon_damage
    shielded = apply_shield(damage_vs, shield, shield_hits_left)
    reaching = shielded.victory_score if override_after_shield is None else override_after_shield

    armour: ArmourHit | None = None
    final_vs: int | None = None
    name: str | None = None
    wound_points = 0
    if reaching is None:
        stopped = (
            "has no stage to replace: the shield stopped the hit (override_after_shield first)"
        )
        require(override_after_armour is None, "override_after_armour", stopped)
        require(override_wp is None, "override_wp", stopped)
        require(
            len(soft_faces) == 0,
            "soft_faces",
            f"must be empty when the shield stops the hit, got {len(soft_faces)} faces",
        )
    else:
        armour = armour_hit(reaching, hard, soft, rating, soft_faces)
        final_vs = armour.victory_score if override_after_armour is None else override_after_armour
        name, wound_points = wound_points_for(final_vs)
        if override_wp is not None:
            name, wound_points = _WP_NAMES[override_wp], override_wp
    return AttackDamage(
        attack_vs=attack_vs,
        weapon_damage=weapon_damage,
        damage_vs=damage_vs,
        shield=shield,
        shield_activated=shielded.activated,
        shield_hits_before=shield_hits_left,
        shield_hits_left=shielded.hits_left,
        shield_result=shielded.victory_score,
        stopped_by_shield=armour is None,
        after_shield=reaching,
        armour=armour,
        victory_score=final_vs,
        damage_name=name,
        wound_points=wound_points,
        hard=hard if armour is None else armour.hard,
        soft=soft if armour is None else armour.soft,
        override_after_shield=override_after_shield,
        override_after_armour=override_after_armour,
        override_wp=override_wp,
    )
