"""A long passage of time for engine tests (issue 23): bleeders or tickers, checks passed."""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ResolveCheck
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from rules.model.state import Combatant, Encounter, Wound

DAY = 86_400  # TU: a TU is a second (R30)


def bleeders(count: int = 6, side: str = "PC") -> Session:
    """`count` characters bleeding from a Wound (R12), BLR 1-3, none past an Endurance line."""
    combatants = [
        Combatant(
            id=f"c{i}",
            name=f"C{i}",
            side=side,  # type: ignore[arg-type]  # a Side
            stats={"Endurance": 6, "Wits": 5},
            wounds=[Wound(location="chest", wp=3, bleeding=True)],
            bleed_rate=1 + i % 3,
            bleed_anchor=-i,
        )
        for i in range(count)
    ]
    return Session(Encounter(combatants={c.id: c for c in combatants}))


def tickers(
    count: int = 1, every: int = 1, checked: bool = False, one_wound: bool = False
) -> Session:
    """`count` combatants with a poison dealing 1 WP every `every` TU (not one wound,
    unless `one_wound`: then a Wound a tick)."""
    combatants = [
        Combatant(
            id=f"c{i}",
            name=f"C{i}",
            stats={"Endurance": 6, "Wits": 5},
            half_endurance_checked=checked,
            zero_endurance_checked=checked,
        )
        for i in range(count)
    ]
    s = Session(Encounter(combatants={c.id: c for c in combatants}))
    tick = Tick(every=every, wp=1, one_wound=one_wound)
    poison = AddEffect(targets=list(s.encounter.combatants), name="Poison", tick=tick)
    s.do(poison, ScriptedDice([]))
    return s


def pass_time(s: Session, tu: int) -> int:
    """Pass `tu` TU, each demise check that stops it passed (tens on every die, R15);
    returns the commands it took."""
    dice = ScriptedDice([10] * 10_000)
    left, commands = tu, 0
    while left > 0:
        start = s.encounter.time
        s.do(PassTime(amount=left), dice)
        commands += 1
        left -= s.encounter.time - start
        while s.encounter.pending:
            s.do(ResolveCheck(pending=s.encounter.pending[0].id), dice)
            commands += 1
    return commands
