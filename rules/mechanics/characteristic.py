"""Characteristic checks (RULES B6): one d10 rolled under a characteristic.

The rule of 10 and 1 (a 10 counts as 13, a 1 as -2), R25 (a margin of 0
succeeds) and the over-4 rule of opposed checks. Pure readers over faces;
`roll_characteristic` only fetches the face from a DiceSource.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.mechanics.anima import _term
from rules.mechanics.dice import DiceSource, check_face
from rules.mechanics.open_roll import _whole

TEN_COUNTS_AS = 13  # B6: rule of 10 and 1
ONE_COUNTS_AS = -2
OVER_GAP = 4  # B6: opposed characteristics differing by more than 4


def counted_face(face: int) -> int:
    """B6 rule of 10 and 1: a 10 counts as 13, a 1 as -2."""
    check_face(10, face, "face")
    return TEN_COUNTS_AS if face == 10 else ONE_COUNTS_AS if face == 1 else face


def characteristic_margin(characteristic: int, face: int) -> int:
    """B6: characteristic - counted face; R25: 0 or more is a success."""
    return _whole("characteristic", characteristic) - counted_face(face)


def opposed_characteristics(a: int, b: int) -> tuple[int, int]:
    """B6: the characteristics as they count in an opposed check.

    When they differ by more than 4, the higher counts `high + (high - low - 4)`
    (5 vs 11 → 11 counts as 13).
    """
    _whole("a", a)
    _whole("b", b)
    high, low = max(a, b), min(a, b)
    bonus = max(0, high - low - OVER_GAP)
    return (a + bonus, b) if a > b else (a, b + bonus)


def opposed_characteristic(
    a: int, face_a: int, b: int, face_b: int, *, modifier_a: int = 0, modifier_b: int = 0
) -> int:
    """B6: A's margin minus B's after the over-4 rule; positive: A wins by that.

    Part C: each side's special-die result (`modifier_a`, `modifier_b`) adds to its margin.
    """
    counted_a, counted_b = opposed_characteristics(a, b)
    margin_a = characteristic_margin(counted_a, face_a) + _whole("modifier_a", modifier_a)
    return margin_a - characteristic_margin(counted_b, face_b) - _whole("modifier_b", modifier_b)


@dataclass(frozen=True)
class CharacteristicCheck:
    """One d10 characteristic check, for state and log."""

    characteristic: int
    face: int
    name: str = "Characteristic"
    modifier: int = 0  # Part C: a chance/luck/desperation result, added to the margin

    @property
    def margin(self) -> int:
        return characteristic_margin(self.characteristic, self.face) + self.modifier

    @property
    def success(self) -> bool:
        """R25: a margin of 0 succeeds."""
        return self.margin >= 0

    def explain(self) -> str:
        counted = counted_face(self.face)
        rolled = f"d10 {self.face}" + (f" (counts as {counted})" if counted != self.face else "")
        verdict = f"success by {self.margin}" if self.success else f"fails by {-self.margin}"
        return f"{self.name} {self.characteristic} vs {rolled}{_term(self.modifier)} → {verdict}"


def characteristic_check(
    characteristic: int, face: int, name: str = "Characteristic", *, modifier: int = 0
) -> CharacteristicCheck:
    """B6: read one d10 face into a check (validates the arguments)."""
    characteristic_margin(characteristic, face)
    return CharacteristicCheck(characteristic, face, name, _whole("modifier", modifier))


def roll_characteristic(
    dice: DiceSource,
    characteristic: int,
    name: str = "Characteristic",
    *,
    modifier: int = 0,
    purpose: str = "",
) -> CharacteristicCheck:
    """B6: roll one d10 against the characteristic.

    `purpose` names the die for whoever types it (default `NAME check`).
    """
    _whole("characteristic", characteristic)
    face = dice.roll(10, 1, purpose or f"{name} check")[0]
    return characteristic_check(characteristic, face, name, modifier=modifier)
