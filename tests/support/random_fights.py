"""Random valid fights for the property tests (engine, save cache): three fighters, and
the commands that plausibly fit a moment."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from rules.model.commands import (
    Advance,
    AnimaCheck,
    ApplyWound,
    Attack,
    ConfirmDamage,
    Dodge,
    DuplicateCombatant,
    EndCombat,
    FastForward,
    FightStatus,
    Heal,
    Luck,
    NewDay,
    OpposedRound,
    OpposedStart,
    Parry,
    React,
    RemoveCombatant,
    ResolveCheck,
    Rest,
    SkillRollCommand,
    StartCombat,
    Staunch,
    TakeOpportunity,
)
from rules.model.state import Action, Armour, Combatant, Encounter, Shield, Weapon


def fighter(cid: str, name: str, wits: int, endurance: int = 6) -> Combatant:
    return Combatant(
        id=cid,
        name=name,
        stats={
            "Strength": 6,
            "Dexterity": 6,
            "Endurance": endurance,
            "Wits": wits,
            "Perception": 5,
            "Tech": 4,
        },
        skills={"Melee": 5, "Shoot": 4, "Dodge": 4, "Fight": 3},
        abilities={"Attack": 120},
        resistances={"Physical": 40},
        weapons=[
            Weapon(name="Knife", skill="Melee", stat="Dexterity", damage=4),
            Weapon(name="Pistol", skill="Shoot", stat="Dexterity", damage=6, kind="ranged"),
        ],
        actions=[
            Action(name="Attack", cost=4, kind="attack", weapon="Knife"),
            Action(name="Shoot", cost=3, kind="attack", weapon="Pistol"),
            Action(name="Dodge", cost=3, kind="dodge"),
            Action(name="Parry", cost=2, kind="parry", weapon="Knife"),
            Action(name="Wait", cost=1),
        ],
        armour=Armour(rating=6, hard=1, soft=2),
        shield=Shield(low=5, high=10, hits_left=3) if wits % 2 else None,
        luck=wits % 3 - 1,
    )


def start_encounter() -> Encounter:
    encounter = Encounter(name="property fight")
    for index, (name, wits) in enumerate([("Dinzis", 6), ("Kans", 7), ("Molin", 5)]):
        encounter.combatants[f"c{index}"] = fighter(f"c{index}", name, wits)
    return encounter


def dump(encounter: Encounter) -> str:
    return json.dumps(encounter.model_dump(mode="json"), sort_keys=False)


def _weapons(encounter: Encounter, cid: str) -> list[str]:
    """The attacker's two weapons (a fighter's Knife and Pistol, unless renamed)."""
    names = [w.name for w in encounter.combatants[cid].weapons]
    return names if len(names) == 2 else ["Knife", "Pistol"]


def candidates(encounter: Encounter, pick: st.DataObject) -> list[object]:
    """Commands that plausibly fit the moment (some will be refused: that is tested too)."""
    ids = list(encounter.combatants)
    living = [cid for cid, c in encounter.combatants.items() if not c.dead]
    out: list[object] = [NewDay(), Luck(target=pick.draw(st.sampled_from(ids)), amount=1)]
    target = pick.draw(st.sampled_from(ids))
    out += [
        ApplyWound(target=target, wound_points=pick.draw(st.integers(1, 6)), location="chest"),
        Heal(target=target, wound_points=1),
        Staunch(target=target),
        Rest(target=target),
        SkillRollCommand(
            actor=target,
            skill="Melee",
            stat="Dexterity",
            mode=(mode := pick.draw(st.sampled_from(["standard", "extend", "complementary"]))),
            goal=None if mode == "complementary" else 5,
            limb=pick.draw(st.sampled_from([None, "left arm"])),  # A15 when it is broken
        ),
        AnimaCheck(actor=target, kind="characteristic", name="Dexterity"),
        AnimaCheck(actor=target, kind="ability", name="Attack", difficulty=140),
        DuplicateCombatant(id=target),
        FightStatus(target=target, out=pick.draw(st.booleans())),
    ]
    if len(ids) > 1:  # a removal leaves its heap entries behind (then standing orders run)
        out += [RemoveCombatant(id=pick.draw(st.sampled_from(ids)))] * (1 + (len(ids) > 3))
    if (encounter.opposed is None or encounter.opposed.winner) and len(living) >= 2:
        out.append(
            OpposedStart(
                a=living[0], a_skill="Fight", a_stat="Strength",
                b=living[1], b_skill="Fight", b_stat="Strength",
            )
        )  # fmt: skip
    if encounter.opposed is not None and not encounter.opposed.winner:
        out.append(OpposedRound())
    for pending in encounter.pending:
        if pending.kind == "parry":
            out.append(
                Parry(pending=pending.id, weapon=pick.draw(st.sampled_from([None, "Knife"])))
            )
        elif pending.kind == "damage":
            out.append(ConfirmDamage(pending=pending.id))
        else:
            out.append(ResolveCheck(pending=pending.id))
    if not encounter.in_combat:
        if living:
            out.append(StartCombat(initiators=[pick.draw(st.sampled_from(living))]))
        return out
    out += [Advance()] * 4 + [EndCombat(outcome="truce")]
    if living:  # A7/A8: standing orders, Wait the plain action, for some of the living
        ordered = pick.draw(st.lists(st.sampled_from(living), min_size=1, unique=True))
        until = encounter.time + pick.draw(st.integers(0, 40))
        out += [FastForward(until=until, orders={cid: ["Wait"] for cid in ordered})] * 3
    if encounter.due:
        actor = encounter.due[0]
        n = pick.draw(st.integers(1, 3))
        actions = pick.draw(st.permutations(["Attack", "Shoot", "Dodge", "Wait"]))[:n]
        hold = pick.draw(st.sampled_from([None, actions[0]]))
        out += [TakeOpportunity(actor=actor, actions=actions, hold=hold)] * 6
    if encounter.turn is not None:
        attacker = encounter.turn.actor
        others = [cid for cid in living if cid != attacker] or [attacker]
        out += [
            Attack(
                attacker=attacker,
                target=pick.draw(st.sampled_from(others)),
                weapon=pick.draw(st.sampled_from(_weapons(encounter, attacker))),
                goal=pick.draw(st.integers(0, 9)),
                location=pick.draw(st.sampled_from(["chest", "left arm", "head"])),
                exert=pick.draw(st.booleans()),
                dodge=pick.draw(st.sampled_from([None, Dodge(goal=4)])),
            )
        ] * 8
        out.append(React(reactor=pick.draw(st.sampled_from(others)), action="Dodge"))
    return out
