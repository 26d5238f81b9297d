"""Who may be attacked, and in which order a dialog offers them (A11, A10, R5).

The attack handler refuses a target with `target_refusal`; the attack dialog
lists `targets_in_order`, so its default (the first) is never someone the
engine would refuse, out of the fight, or dead. The order is the one a GM
expects at the table: the attacker's last target, then the opposing side in
track order (R5: who acts next first), then neutrals, then the attacker's
own side. A reaction's attack (A10) puts the combatant reacted to first.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine.track_index import tie_key
from rules.model.commands import Attack, Command
from rules.model.state import Combatant, Encounter, Side

__all__ = ["last_target", "reacted_to", "side_rank", "target_refusal", "targets_in_order"]

_TEAM: dict[Side, str] = {"PC": "party", "ally": "party", "enemy": "foes", "neutral": "neutral"}


def target_refusal(attacker: Combatant, target: Combatant) -> str | None:
    """A11: who may be attacked: anyone else alive and still in the fight (None: it may)."""
    if target.dead:
        return f"{target.name} is dead"
    if attacker.id == target.id:
        return f"{attacker.name} cannot attack itself"
    if target.out_of_fight:
        return f"{target.name} is out of the fight"
    return None


def last_target(commands: Iterable[Command], attacker: str) -> str | None:
    """The target of `attacker`'s latest attack among `commands` (oldest first), if any."""
    found: str | None = None
    for command in commands:
        if isinstance(command, Attack) and command.attacker == attacker:
            found = command.target
    return found


def reacted_to(enc: Encounter, actor: str) -> str | None:
    """A10: whose declared action `actor`'s reaction turn answers (None: not reacting)."""
    turn = enc.turn
    if turn is None or not turn.reaction or turn.actor != actor or turn.interrupted is None:
        return None
    return turn.interrupted.actor


def side_rank(c: Combatant, x: Combatant) -> int:
    """How likely `x` is `c`'s foe: 0 the other team (PCs and allies are one), 1 neutral,
    2 `c`'s own team."""
    team, other = _TEAM[c.side], _TEAM[x.side]
    return 0 if other not in (team, "neutral") else 1 if other == "neutral" else 2


def _track_place(c: Combatant) -> tuple[int, int, tuple[int, int, str]]:
    """R5 order on the track: the next to act first, those off the track last."""
    return (c.ttu is None, c.ttu or 0, tie_key(c))


def targets_in_order(
    enc: Encounter, attacker: Combatant, first: str | None = None
) -> list[Combatant]:
    """Everyone `attacker` may hit, the likely target first.

    `first` (the last target, or the one reacted to) leads when it may be hit;
    then the other team (PCs and allies are one team) in track order, then
    neutrals, then friends. Ties fall to the name, so one joining never moves
    the others about.
    """

    def rank(x: Combatant) -> tuple[int, int, tuple[int, int, tuple[int, int, str]], str]:
        return (x.id != first, side_rank(attacker, x), _track_place(x), x.name.lower())

    found = [x for x in enc.combatants.values() if target_refusal(attacker, x) is None]
    return sorted(found, key=rank)
