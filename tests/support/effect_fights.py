"""Effects and reminders for engine tests (issue 15): common ones, and random commands."""

from __future__ import annotations

from hypothesis import strategies as st

from rules.model.commands import TreatCondition
from rules.model.effect_commands import (
    AddEffect,
    AddReminder,
    DismissReminder,
    PassTime,
    RemoveEffect,
)
from rules.model.effects import Duration, EffectModifier, Tick
from rules.model.state import Encounter
from tests.support.random_fights import candidates

STUNNED = EffectModifier(amount=-2)
ROLL_STATS = ("Dexterity", "dexterity", "Wits")  # a stat in two spellings, and another
ROLL_SKILLS = ("Shoot", "SHOOT", "Dodge", "Melee")


@st.composite
def roll_modifiers(draw: st.DrawFn) -> EffectModifier:
    """An effect's modifier on every roll, a stat, a skill or attacks against its bearer."""
    target = draw(st.sampled_from(["all", "stat", "skill", "attacked"]))
    names = {"stat": ROLL_STATS, "skill": ROLL_SKILLS}.get(target)
    name = draw(st.sampled_from(names)) if names else None
    amount = draw(st.integers(-5, 5).filter(bool))
    return EffectModifier(target=target, name=name, amount=amount)  # type: ignore[arg-type]


def stunned(*targets: str, duration: Duration | None = None) -> AddEffect:
    """Stunned, −2 to every roll, for the given duration (default: until removed)."""
    return AddEffect(
        targets=list(targets), name="Stunned", modifier=STUNNED, duration=duration or Duration()
    )


def on_fire(
    target: str, every: int = 5, wp: int = 1, tu: int | None = None, **tick: object
) -> AddEffect:
    duration = Duration() if tu is None else Duration(kind="tu", amount=tu)
    return AddEffect(
        targets=[target], name="On fire", duration=duration, tick=Tick(every=every, wp=wp, **tick)
    )


_DURATIONS = [
    Duration(),
    Duration(kind="tu", amount=3),
    Duration(kind="tu", amount=12),
    Duration(kind="next"),
    Duration(kind="end"),
]


def effect_candidates(encounter: Encounter, pick: st.DataObject) -> list[object]:
    """`candidates`, plus effects, reminders and passing time fitting the moment."""
    out = candidates(encounter, pick)
    ids = list(encounter.combatants)
    if not ids:
        return out
    target = pick.draw(st.sampled_from(ids))
    duration = pick.draw(st.sampled_from(_DURATIONS))
    tick = pick.draw(
        st.sampled_from([None, Tick(every=2, wp=1), Tick(every=5, wp=3, one_wound=True)])
    )
    modifier = pick.draw(
        st.sampled_from([None, STUNNED, EffectModifier(target="attacked", amount=2)])
    )
    out += [
        AddEffect(targets=[target], name="Fx", modifier=modifier, duration=duration, tick=tick)
    ] * 3
    out.append(AddReminder(text="look up", in_tu=pick.draw(st.integers(1, 12))))
    out.append(AddReminder(text="their turn", whose=target))
    out.append(PassTime(amount=pick.draw(st.integers(1, 30))))
    for c in encounter.combatants.values():
        out += [RemoveEffect(target=c.id, effect=e.id) for e in c.effects[:1]]
        if c.dead:  # a revived bearer's effects tick again (a ticking one's ticks had gone)
            out += [TreatCondition(target=c.id, condition="revive")] * 3
    out += [DismissReminder(id=p.id) for p in encounter.pending if p.kind == "reminder"] * 3
    out += [DismissReminder(id=r.id) for r in encounter.reminders[:1]]
    return out
