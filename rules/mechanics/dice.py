"""The one dice source every rule rolls through.

Seeded (virtual dice), scripted (tests, and the faces a GM types from physical
dice), and a recorder that keeps every face so a command can be replayed or
redone without re-rolling.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from rules.mechanics.numbers import NumberError, parse_int

if TYPE_CHECKING:
    from rules.mechanics.open_roll import OpenChain

# Who rolls: the computer (SeededDice) or the GM at the table, typing the faces
# (ScriptedDice). A save remembers the GM's last choice (rules.saves.store).
DiceMode = Literal["virtual", "physical"]


class DiceError(ValueError):
    """A face outside its die, or a typed face that cannot be read."""


class DiceExhausted(DiceError):
    """A scripted source ran out of faces; says which die was needed next.

    `open_chain` is set when the missing die continues (or starts) a B1 open
    roll, so whoever asks for it may take the rest of the chain at once.
    """

    def __init__(self, sides: int, purpose: str, needed: int) -> None:
        self.sides = sides
        self.purpose = purpose
        self.needed = needed
        self.open_chain: OpenChain | None = None
        what = f" for {purpose}" if purpose else ""
        super().__init__(f"scripted dice ran out: needed {needed} more d{sides}{what}")


def check_face(sides: int, face: int, purpose: str = "") -> int:
    """Refuse a face the die cannot show, naming the die and the value."""
    if isinstance(face, bool) or not isinstance(face, int):
        raise DiceError(f"d{sides} face {face!r} is not a whole number")
    if not 1 <= face <= sides:
        what = f" ({purpose})" if purpose else ""
        raise DiceError(f"d{sides} face {face} is outside 1-{sides}{what}")
    return face


@runtime_checkable
class DiceSource(Protocol):
    """Anything that can roll `count` dice of `sides` faces."""

    def roll(self, sides: int, count: int = 1, purpose: str = "") -> list[int]: ...


class SeededDice:
    """Virtual dice from a seeded generator: reproducible when seeded."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int, count: int = 1, purpose: str = "") -> list[int]:
        _check_request(sides, count)
        return [self._random.randint(1, sides) for _ in range(count)]


class ScriptedDice:
    """Hands out given faces in order: tests, replays, and physical dice."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> list[int]:
        return self._faces[self._next :]

    def extend(self, faces: Iterable[int]) -> None:
        self._faces.extend(faces)

    def roll(self, sides: int, count: int = 1, purpose: str = "") -> list[int]:
        _check_request(sides, count)
        left = len(self._faces) - self._next
        if left < count:
            raise DiceExhausted(sides, purpose, count - left)
        taken = self._faces[self._next : self._next + count]
        for face in taken:
            check_face(sides, face, purpose)
        self._next += count
        return list(taken)


class RecordingDice:
    """Wraps a source and keeps every face it handed out, in order."""

    __slots__ = ("source", "faces")

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.faces: list[int] = []

    def roll(self, sides: int, count: int = 1, purpose: str = "") -> list[int]:
        faces = self.source.roll(sides, count, purpose)
        self.faces.extend(faces)
        return faces


def _check_request(sides: int, count: int) -> None:
    if sides < 2:
        raise ValueError(f"sides must be at least 2, got {sides}")
    if count < 0:
        raise ValueError(f"count must not be negative, got {count}")


def parse_faces(text: str, sides: int, count: int | None = None) -> list[int]:
    """Read faces a GM typed from physical dice: `1 5 7 8 8 0`.

    On a d10 a typed 0 is a 10; on a d100 `00` or `0` is a 100. Commas and
    spaces separate faces. A wrong count or face, or a face that is not ASCII
    digits ('²', '٣') or is too long, raises DiceError naming the position and
    the value.
    """
    tokens = [t for t in text.replace(",", " ").split() if t]
    faces: list[int] = []
    for position, token in enumerate(tokens, start=1):
        try:  # the one digit rule: ASCII digits, bounded length (rules.mechanics.numbers)
            face = parse_int(token, f"die {position}", signed=False)
        except NumberError as err:
            raise DiceError(str(err)) from None
        if face == 0 and sides in (10, 100):
            face = sides
        if not 1 <= face <= sides:
            raise DiceError(f"die {position}: {token} is not a face of a d{sides} (1-{sides})")
        faces.append(face)
    if count is not None and len(faces) != count:
        raise DiceError(f"expected {count} d{sides} faces, got {len(faces)}")
    return faces


def faces_text(faces: Sequence[int]) -> str:
    """Faces as the log prints them."""
    return " ".join(str(f) for f in faces)
