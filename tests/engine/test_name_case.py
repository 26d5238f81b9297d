"""Names typed in any case find the sheet's entry, and the log uses the sheet's spelling.

The tester typed `melee` for `Melee 6` and rolled no dice; `perception` was
refused in a characteristic check. Rules-layer matching (`rules.mechanics.sheet_names`)
makes scripts and the TUI agree; a name truly not on the sheet keeps its
old behaviour (0 dice for a skill, a refusal for a d100 value or a stat).
"""

from __future__ import annotations

from rules.engine.session import Session
from rules.mechanics.sheet_names import on_sheet, rating
from rules.model.commands import AnimaCheck, OpposedRound, OpposedStart, SkillRollCommand
from rules.model.state import Combatant
from tests.support.engine_steps import do, refused, session


def kans() -> Combatant:
    return Combatant(
        id="k",
        name="Kans",
        stats={"Dexterity": 7, "Perception": 5},
        skills={"Melee": 6, "Sneak": 3},
        abilities={"Attack": 50},
        resistances={"Poison": 40},
    )


def bo() -> Combatant:
    return Combatant(
        id="b", name="Bo", stats={"Dexterity": 6, "Perception": 5}, skills={"Sneak": 2}
    )


def one() -> Session:
    return session(kans())


def test_the_helper_prefers_an_exact_match_then_any_case() -> None:
    table = {"Melee": 6, "melee": 2, "Energy Guns": 4}
    assert on_sheet(table, "melee") == "melee"
    assert on_sheet(table, "MELEE") == "Melee"
    assert on_sheet(table, "energy guns") == "Energy Guns"
    assert on_sheet(table, "Shoot") is None
    assert (rating(table, "ENERGY GUNS"), rating(table, "Shoot")) == (4, 0)


def test_a_lower_case_skill_and_stat_roll_the_sheets_dice() -> None:
    """A1: `melee` is Melee 6: six dice, logged as the sheet spells it."""
    s = one()
    lines = do(s, SkillRollCommand(actor="k", skill="melee", stat="dexterity"), 1, 2, 3, 4, 5, 6)
    assert lines[0].startswith("Kans rolls Melee: 6d10 vs Dexterity 7: 1 2 3 4 5 6")
    assert "no melee skill" not in lines[0]


def test_a_skill_not_on_the_sheet_still_rolls_no_dice() -> None:
    s = one()
    lines = do(s, SkillRollCommand(actor="k", skill="Pilot", stat="Dexterity", modifier=1))
    assert "(no Pilot skill: 0 dice)" in lines[0]
    refused(s, SkillRollCommand(actor="k", skill="Melee", stat="Wits"), "has no stat 'Wits'")


def test_an_extended_roll_continues_whatever_the_case() -> None:
    """A3: `sneak`/`perception` continue the extended Sneak (Perception) roll."""
    s = one()
    do(s, SkillRollCommand(actor="k", skill="Sneak", stat="Perception", mode="extend"), 9, 9, 9)
    cmd = SkillRollCommand(actor="k", skill="sneak", stat="perception", mode="extend")
    lines = do(s, cmd, 9, 9, 9)
    assert lines[1].startswith("Kans's extended Sneak: + (")
    ext = s.encounter.combatants["k"].extended
    assert ext is not None and (ext.skill, ext.stat, len(ext.rolls)) == ("Sneak", "Perception", 2)


def test_checks_read_the_sheet_in_any_case() -> None:
    """B4-B6: `perception`, `attack`, `poison` are the sheet's Perception, Attack, Poison."""
    s = one()
    lines = do(s, AnimaCheck(actor="k", kind="characteristic", name="perception"), 4)
    assert lines == ["Kans: Perception 5 vs d10 4 → success by 1"]
    lines = do(s, AnimaCheck(actor="k", kind="ability", name="attack", difficulty=80), 30)
    assert lines == ["Kans: Attack 50 + d100 30 = 80 vs 80 → success by 0"]
    lines = do(s, AnimaCheck(actor="k", kind="resistance", name="POISON", difficulty=70), 30)
    assert lines == ["Kans: Poison 40 + d100 30 = 70 vs 70 → success by 0"]


def test_names_not_on_the_sheet_are_still_refused() -> None:
    s = one()
    refused(s, AnimaCheck(actor="k", kind="characteristic", name="Wits"), "has no stat 'Wits'")
    refused(
        s, AnimaCheck(actor="k", kind="ability", name="Sing", difficulty=5), "no ability 'Sing'"
    )


def test_an_opposed_check_reads_the_opponents_sheet_in_any_case() -> None:
    s = session(kans(), bo())
    cmd = AnimaCheck(actor="k", kind="opposed-characteristic", name="dexterity", opponent="b")
    lines = do(s, cmd, 4, 4)
    assert lines == [
        "Kans Dexterity 7 vs Bo Dexterity 6: d10 4 → +3, d10 4 → +2 → Kans wins by 1 (B6)"
    ]


def test_an_opposed_action_keeps_the_sheets_spelling() -> None:
    """A6: `sneak` vs `SNEAK`: the contest stores and logs Sneak 3 vs Sneak 2."""
    s = session(kans(), bo())
    cmd = OpposedStart(
        a="k", a_skill="sneak", a_stat="perception", b="b", b_skill="SNEAK", b_stat="Perception"
    )
    lines = do(s, cmd)
    assert "Kans (Sneak 3) vs Bo (Sneak 2)" in lines[0]
    op = s.encounter.opposed
    assert op is not None and (op.a_skill, op.a_stat, op.b_skill) == (
        "Sneak",
        "Perception",
        "Sneak",
    )
    lines = do(s, OpposedRound(), 9, 9, 9, 9, 9)
    assert "Kans rolls Sneak: 3d10" in lines[0] and "Bo rolls Sneak: 2d10" in lines[1]


def test_a_weapon_skill_in_another_case_counts_for_reacting_A10() -> None:
    """R9/A10: a knife on `melee` parries with Melee 6, and a `dodge` action with Dodge."""
    from rules.engine.reactions import reaction_skill
    from rules.model.state import Action, Weapon

    c = kans().model_copy(
        update={
            "skills": {"Melee": 6, "Dodge": 4},
            "weapons": [Weapon(name="knife", skill="melee", stat="Dexterity", damage=3)],
        }
    )
    parry = Action(name="Parry", cost=2, kind="parry", weapon="knife")
    assert reaction_skill(c, parry) == 6
    assert reaction_skill(c, Action(name="Dodge", cost=2, kind="dodge")) == 4
    assert reaction_skill(c, parry, skill="MELEE") == 6
    assert c.skill_rating("dodge") == 4 and c.skill_rating("Shoot") == 0
