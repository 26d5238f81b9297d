"""A long passage of time for engine tests (issue 23): bleeders or tickers, checks passed."""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ResolveCheck
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Tick
from rules.model.state import Combatant, Encounter, Wound

DAY = 86_400  # TU: a TU is a second (R30)


def bleeders(count: int = 6, side: str = "PC", endurance: int | None = 6) -> Session:
    """`count` characters bleeding from a Wound (R12), BLR 1-3, none past an Endurance
    line; `endurance` None: sheets with no Endurance, never checked (as `tickers`)."""
    stats = {"Wits": 5} if endurance is None else {"Endurance": endurance, "Wits": 5}
    combatants = [
        Combatant(
            id=f"c{i}",
            name=f"C{i}",
            side=side,  # type: ignore[arg-type]  # a Side
            stats=dict(stats),
            wounds=[Wound(location="chest", wp=3, bleeding=True)],
            bleed_rate=1 + i % 3,
            bleed_anchor=-i,
        )
        for i in range(count)
    ]
    return Session(Encounter(combatants={c.id: c for c in combatants}))


def tickers(
    count: int = 1, every: int = 1, endurance: int | None = 6, one_wound: bool = False
) -> Session:
    """`count` combatants with a poison dealing 1 WP every `every` TU (not one wound,
    unless `one_wound`: then a Wound a tick), of Endurance `endurance`. None: a sheet
    with no Endurance (a beast the GM keeps by WP alone), which no damage ever calls a
    demise check on (A16): the only way a day of ticks runs unstopped since R31, which
    checks a being at Endurance 0 at every tick."""
    stats = {"Wits": 5} if endurance is None else {"Endurance": endurance, "Wits": 5}
    combatants = [Combatant(id=f"c{i}", name=f"C{i}", stats=dict(stats)) for i in range(count)]
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


def ulric() -> Combatant:
    """The death forecast's hand-worked bleeder: Endurance 6, a Wound (3 WP), BLR 1 from
    track 0: half Endurance at 9 WP (track 60), 0 at 18 WP (track 150), then R31's check
    at every tick."""
    return Combatant(
        id="ulric",
        name="Ulric",
        stats={"Endurance": 6, "Wits": 5},
        wounds=[Wound(wp=3, location="chest", bleeding=True)],
        bleed_rate=1,
        bleed_anchor=0,
    )
