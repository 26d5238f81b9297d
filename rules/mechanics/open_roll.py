"""B1 open rolls: the rule, the reader, the roller, and the words a GM reads at the table.

Split from `rules.mechanics.anima` (which re-exports every name) so the physical-dice
prompts live beside the rule they describe: each further d100's purpose says
the chain goes on and what opens it again, and `OpenChain` lets a GM type the
rest of a chain at once (`95 90`) when the dice are already on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.mechanics.dice import DiceError, DiceExhausted, DiceSource, check_face, faces_text

OPEN_FROM = 90  # B1: the first d100 opens at 90+, each further roll one higher


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value


def _d100_faces(faces: Sequence[int]) -> tuple[int, ...]:
    """Every face must be a d100 face; the message names `faces` and the position."""
    read = tuple(faces)
    for position, face in enumerate(read):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 100:
            raise DiceError(f"faces[{position}] is {face!r}, not a d100 face (1-100)")
    return read


def _check_max_extra(max_extra: int | None) -> None:
    if max_extra is not None and (_whole("max_extra", max_extra) < 0):
        raise ValueError(f"max_extra must be 0 or more, got {max_extra}")


# --- B1: open rolls -----------------------------------------------------------


def open_threshold(position: int) -> int:
    """B1: the face the roll at `position` (0 = first) needs to open: 90, 91, 92…"""
    if _whole("position", position) < 0:
        raise ValueError(f"position must be 0 or more, got {position}")
    return OPEN_FROM + position


def opens_again(face: int, position: int) -> bool:
    """B1: does this face open the chain? A 100 always does."""
    check_face(100, face, "face")
    return face == 100 or face >= open_threshold(position)


def _chain_stops(face: int, position: int, max_extra: int | None) -> bool:
    capped = max_extra is not None and position >= max_extra
    return capped or not opens_again(face, position)


def open_chain_length(faces: Sequence[int], max_extra: int | None = None) -> int:
    """How many of `faces` the open chain reads; too few faces raise ValueError.

    `max_extra` is an optional house cap on further rolls (None: no cap).
    """
    read = _d100_faces(faces)
    _check_max_extra(max_extra)
    if not read:
        raise ValueError("faces is empty: an open roll needs at least one d100")
    for position, face in enumerate(read):
        if _chain_stops(face, position, max_extra):
            return position + 1
    needed = open_threshold(len(read) - 1)
    raise ValueError(
        f"faces {faces_text(read)} end mid-chain: the last face opened "
        f"(needed {needed}+ or a 100), so one more d100 is needed"
    )


def open_roll_total(faces: Sequence[int], max_extra: int | None = None) -> int:
    """B1: the sum of an open chain; faces beyond where it stops raise ValueError."""
    read = _d100_faces(faces)
    length = open_chain_length(read, max_extra)
    if len(read) > length:
        raise ValueError(
            f"faces has {len(read)} d100 but the open roll stops after {length} "
            f"({faces_text(read[:length])}); extra: {faces_text(read[length:])}"
        )
    return sum(read)


def _opens_again(position: int, max_extra: int | None) -> str:
    """B1: what the roll at `position` must show to open the chain once more."""
    if max_extra is not None and position >= max_extra:
        return "the last roll: the house cap stops the chain there"
    threshold = open_threshold(position)
    return "only a 100 opens again" if threshold >= 100 else f"{threshold}+ opens again"


def continued_purpose(purpose: str, faces: Sequence[int], max_extra: int | None = None) -> str:
    """B1: what the next d100 of an open chain is for, said so a GM sees the chain go on.

    `Notice check: Kans — 95 opens: roll again and add (91+ opens again, B1)`.
    """
    read = _d100_faces(faces)
    if not read:
        raise ValueError("faces is empty: nothing has opened yet")
    so_far = f" (so far {' + '.join(map(str, read))} = {sum(read)})" if len(read) > 1 else ""
    again = _opens_again(len(read), max_extra)
    return f"{purpose} — {read[-1]} opens{so_far}: roll again and add ({again}, B1)"


@dataclass(frozen=True)
class OpenChain:
    """B1: an open roll waiting for its next d100 (the faces so far, the house cap).

    A GM who already knows the rest of the chain may type it at once
    (`95 90`): `refusal` says whether typed faces can all be read as that rest.
    """

    faces: tuple[int, ...] = ()
    max_extra: int | None = None

    @property
    def position(self) -> int:
        """Which roll of the chain is asked for next (0: the first)."""
        return len(self.faces)

    def refusal(self, typed: Sequence[int]) -> str | None:
        """Why `typed` are not this chain's next rolls (None: they are, B1).

        Every typed face but the last must open the chain again; a face that
        stops it must be the last one typed.
        """
        chain = [*self.faces, *_d100_faces(typed)]
        for position in range(len(self.faces), len(chain) - 1):
            face = chain[position]
            if not _chain_stops(face, position, self.max_extra):
                continue
            extra = chain[position + 1 :]
            if self.max_extra is not None and position >= self.max_extra:
                why = "the house cap allows no further roll"
            else:
                why = f"{face} does not open: roll {position + 1} needs {open_threshold(position)}+"
            many = "is one face" if len(extra) == 1 else f"are {len(extra)} faces"
            return (
                f"the open roll stops at {face} ({why}, B1), so {faces_text(extra)} {many} "
                f"too many: type the faces up to {face}"
            )
        return None


def roll_open(dice: DiceSource, max_extra: int | None = None, purpose: str = "") -> list[int]:
    """B1: roll d100 through `dice` until the chain stops; returns the faces.

    Each further roll's purpose says the chain goes on and what opens it again;
    a source that runs out says where in the chain it stopped (`open_chain`).
    """
    _check_max_extra(max_extra)
    base = purpose or "open roll"
    faces: list[int] = []
    while True:
        label = continued_purpose(base, faces, max_extra) if faces else base
        try:
            rolled = dice.roll(100, 1, label)
        except DiceExhausted as need:
            need.open_chain = OpenChain(tuple(faces), max_extra)
            raise
        face = check_face(100, rolled[0], label)
        faces.append(face)
        if _chain_stops(face, len(faces) - 1, max_extra):
            return faces
