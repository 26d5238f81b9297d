"""Skill rolls, extended and complementary rolls, opposed actions, Anima checks (A1-A6, B4-B6)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mechanics.chart import VP_CHART
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    Advance,
    AnimaCheck,
    OpposedRound,
    OpposedStart,
    SkillRollCommand,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Action, Combatant
from tests.support.engine_steps import do, refused, session, undo_all
from tests.support.soak import examples


def being(
    cid: str, name: str, stats: dict[str, int], skills: dict[str, int], **f: Any
) -> Combatant:
    return Combatant(id=cid, name=name, stats=stats, skills=skills, **f)


def roll(actor: str, skill: str, stat: str, **f: Any) -> SkillRollCommand:
    return SkillRollCommand(actor=actor, skill=skill, stat=stat, **f)


# --- A1/A2: Enzo --------------------------------------------------------------------


def test_enzo_repair_fails_by_five() -> None:
    """Seed: Tech 7, skill 6, faces 1 5 7 8 8 10 → 0 1 2 3 3 3 = SS 12 vs 17 (R2)."""
    s = session(being("e", "Enzo", {"Tech": 7}, {"Tech": 6}))
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll("e", "Tech", "Tech", goal=17), 1, 5, 7, 8, 8, 10)
    assert lines == [
        "Enzo rolls Tech: 6d10 vs Tech 7: 1 5 7 8 8 10 → 0+1+2+3+3+3 = 12 vs goal 17 → fails by 5"
    ]
    assert s.encounter.log[-1].faces == [1, 5, 7, 8, 8, 10]
    assert s.encounter.log[-1].actor == "e"
    undo_all(s, start)


def test_missing_skill_rolls_no_dice() -> None:
    """A1: a skill the sheet lacks rolls 0 dice: only the modifiers count."""
    s = session(being("e", "Enzo", {"Tech": 7}, {}))
    lines = do(s, roll("e", "Pilot", "Tech", goal=1, modifier=2))
    assert "(no Pilot skill: 0 dice)" in lines[0]
    assert "no dice = 0 +2 (GM) = 2 vs goal 1 → VS 1, Minimal" in lines[0]


def test_explicit_dice_count_overrides_the_skill() -> None:
    s = session(being("e", "Enzo", {"Tech": 7}, {"Tech": 6}))
    assert "2d10 vs Tech 7: 8 8 → 3+3 = 6" in do(s, roll("e", "Tech", "Tech", dice=2), 8, 8)[0]


def test_roll_refusals_name_what_is_wrong() -> None:
    s = session(
        being("e", "Enzo", {"Tech": 7}, {"Tech": 6}), being("d", "Dead", {"Tech": 3}, {}, dead=True)
    )
    refused(s, roll("e", "Tech", "Wits"), "Enzo has no stat 'Wits'")
    refused(s, roll("d", "Tech", "Tech"), "Dead is dead")
    refused(s, roll("x", "Tech", "Tech"), "no combatant with id 'x'")


# --- A3: extended (Maria) ---------------------------------------------------------------


def maria() -> Combatant:
    return being("m", "Maria", {"Perception": 6}, {"Sneak": 9})


def test_maria_extended_hide_totals_23_good() -> None:
    """Seed A3: SS 9, then SS 16 contributes 14 → total 23 vs 17 → VS 6, Good; 2 time units."""
    s = session(maria())
    start = s.encounter.model_dump(mode="json")
    hide = roll("m", "Sneak", "Perception", goal=17, mode="extend")
    lines = do(s, hide, 1, 1, 2, 3, 4, 5, 6, 6, 7)
    assert "→ 0+0+0+1+1+1+2+2+2 = 9 vs goal 17 → fails by 8" in lines[0]
    assert (
        "first roll 9 → total 9 after 1 roll (1 time unit, A3) vs goal 17 → short by 8" in lines[1]
    )
    lines = do(s, roll("m", "Sneak", "Perception", mode="extend"), 1, 4, 5, 5, 6, 7, 9, 9, 9)
    assert "= 16" in lines[0] and "vs goal" not in lines[0]
    assert lines[1] == (
        "Maria's extended Sneak: + (16 - 2 = +14) → total 23 after 2 rolls "
        "(2 time units, A3) vs goal 17 → VS 6, Good"
    )
    ext = s.encounter.combatants["m"].extended
    assert ext is not None and (ext.total, ext.rolls, ext.goal) == (23, [9, 16], 17)
    do(s, roll("m", "Sneak", "Perception", goal=3, dice=1), 9)  # a standard roll ends it
    assert s.encounter.combatants["m"].extended is None
    undo_all(s, start)


def test_extension_with_low_ss_lowers_the_total() -> None:
    """R3: an additional roll of SS 0 contributes -2."""
    s = session(maria())
    do(s, roll("m", "Sneak", "Perception", goal=17, mode="extend", dice=1), 10)
    lines = do(s, roll("m", "Sneak", "Perception", mode="extend", dice=1), 1)
    assert "+ (0 - 2 = -2) → total 1" in lines[1]
    assert s.encounter.combatants["m"].extended.total == 1  # type: ignore[union-attr]


def test_extension_cannot_change_its_goal() -> None:
    s = session(maria())
    do(s, roll("m", "Sneak", "Perception", goal=17, mode="extend", dice=1), 10)
    refused(s, roll("m", "Sneak", "Perception", goal=9, mode="extend"), "has goal 17")


# --- A5: exert (Killick) -----------------------------------------------------------------


def test_killick_exerts_adding_dexterity_then_tires() -> None:
    """Seed A5: SS 9 + Dex 6 = 15, then one Exhaustion Point lowers every stat."""
    s = session(being("k", "Killick", {"Dexterity": 6}, {"Melee": 3}))
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll("k", "Melee", "Dexterity", exert=True), 9, 9, 10)
    assert "3d10 vs Dexterity 6: 9 9 10 → 3+3+3 = 9 +6 (exert, A5) = 15" in lines[0]
    assert "exhaustion 1 (A5)" in lines[0]
    killick = s.encounter.combatants["k"]
    assert killick.exhaustion == 1 and killick.effective("Dexterity") == 5
    assert "vs Dexterity 5" in do(s, roll("k", "Melee", "Dexterity"), 9, 9, 10)[0]
    undo_all(s, start)


# --- A4: complementary ---------------------------------------------------------------


def test_complementary_bonus_goes_to_the_next_roll_once() -> None:
    """A4: supporting SS 9 → +4 on the supported roll, then it is spent."""
    s = session(being("c", "Crook", {"Wits": 5, "Strength": 5}, {"Impress": 3, "Knavery": 2}))
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll("c", "Impress", "Strength", mode="complementary"), 9, 9, 10)
    assert lines[-1] == "Crook's supporting Impress SS 9 → +4 to the next roll (A4)"
    assert s.encounter.combatants["c"].complement_bonus == 4
    refused(s, roll("c", "Impress", "Strength", mode="complementary"), "make the supported roll")
    refused(s, roll("c", "Impress", "Strength", goal=3, mode="complementary"), "has no goal")
    lines = do(s, roll("c", "Knavery", "Wits", goal=5), 7, 8)
    assert "2+2 = 4 +4 (complementary, A4) = 8 vs goal 5 → VS 3, Reasonable" in lines[0]
    assert s.encounter.combatants["c"].complement_bonus == 0
    assert "(complementary" not in do(s, roll("c", "Knavery", "Wits"), 7, 8)[0]
    undo_all(s, start)


def test_supporting_ss_zero_gives_no_bonus() -> None:
    s = session(being("c", "Crook", {"Wits": 5}, {"Impress": 1}))
    do(s, roll("c", "Impress", "Wits", mode="complementary"), 1)
    assert s.encounter.combatants["c"].complement_bonus == 0


# --- A8: rolls inside a turn ----------------------------------------------------------


def test_actor_roll_in_combat_spends_a_declared_action_with_its_penalty() -> None:
    """A8: two actions → -4 to each; a third roll has no declared action left."""
    act = Action(name="Work", cost=4, kind="skill", skill="Tech")
    s = session(
        being("e", "Enzo", {"Tech": 7, "Wits": 5}, {"Tech": 2}, actions=[act]),
        being("o", "Other", {"Tech": 7, "Wits": 5}, {"Tech": 1}),
    )
    start = s.encounter.model_dump(mode="json")
    do(s, StartCombat(initiators=["e", "o"]))
    do(s, Advance())
    do(s, TakeOpportunity(actor="e", actions=["Work", "Work"]))
    assert "= 6 -4 (actions, A8) = 2" in do(s, roll("e", "Tech", "Tech"), 8, 8)[0]
    assert s.encounter.turn is not None and s.encounter.turn.done == 1
    do(s, roll("e", "Tech", "Tech"), 8, 8)
    assert s.encounter.turn is None
    lines = do(s, roll("o", "Tech", "Tech"), 8)  # not the actor: a plain roll, no penalty
    assert lines[0].endswith("8 → 3 = 3")
    undo_all(s, start)


# --- A6/R4: opposed (Dozack) ---------------------------------------------------------


def test_dozack_opposed_margin_follows_r4() -> None:
    """Seed A6: 8 vs 7 → +1; 4 vs 7 → -2; R4: 11 vs 0 → +9 ≥ Monarch's Tactics 3: Iol wins."""
    s = session(
        being("i", "Iol", {"Wits": 7}, {"Tactics": 6}),
        being("m", "Monarch", {"Wits": 5}, {"Tactics": 3}),
    )
    start = s.encounter.model_dump(mode="json")
    start_cmd = OpposedStart(
        a="i", a_skill="Tactics", a_stat="Wits", b="m", b_skill="Tactics", b_stat="Wits"
    )
    assert "Iol wins at margin +3, Monarch at -6 (A6)" in do(s, start_cmd)[0]
    lines = do(s, OpposedRound(), 1, 2, 2, 7, 8, 10, 3, 9, 9)
    assert "0+0+0+2+3+3 = 8" in lines[0] and "1+3+3 = 7" in lines[1]
    assert lines[2] == "round 1: Iol 8 vs Monarch 7 → margin +1 → no winner yet"
    lines = do(s, OpposedRound(), 1, 1, 3, 3, 4, 5, 3, 9, 9)
    assert lines[2] == "round 2: Iol 4 vs Monarch 7 → margin -2 → no winner yet"
    lines = do(s, OpposedRound(), 8, 8, 8, 6, 1, 1, 1, 1, 2)
    assert lines[2] == "round 3: Iol 11 vs Monarch 0 → margin +9 → Iol wins"
    op = s.encounter.opposed
    assert op is not None and op.winner == "i" and op.rounds == [[8, 7, 1], [4, 7, -2], [11, 0, 9]]
    refused(s, OpposedRound(), "the contest is decided: Iol has won")
    undo_all(s, start)


def test_opposed_refusals() -> None:
    s = session(being("i", "Iol", {"Wits": 7}, {"Tactics": 6}))
    refused(s, OpposedRound(), "no opposed action is running")
    same = OpposedStart(a="i", a_skill="T", a_stat="Wits", b="i", b_skill="T", b_stat="Wits")
    refused(s, same, "cannot oppose itself")


# --- B4-B6: Anima checks ---------------------------------------------------------------


def anima_being() -> Combatant:
    return being(
        "a",
        "Aki",
        {"Agility": 9, "Dexterity": 7},
        {},
        abilities={"Attack": 50},
        resistances={"Poison": 60},
        exhaustion=2,
    )


def test_ability_check_against_difficulty() -> None:
    """B4/R24: total = d100 + ability; reaching the difficulty succeeds."""
    s = session(anima_being())
    start = s.encounter.model_dump(mode="json")
    lines = do(s, AnimaCheck(actor="a", kind="ability", name="Attack", difficulty=80), 30)
    assert lines == ["Aki: Attack 50 + d100 30 = 80 vs 80 → success by 0"]
    lines = do(s, AnimaCheck(actor="a", kind="ability", name="Attack", difficulty=80), 95, 90)
    assert "Attack 50 + d100 95+90 = 235" in lines[0]  # B1: open roll
    undo_all(s, start)


def test_resistance_check_fumbles_and_automatic_success() -> None:
    """R23: a fumble fails with its level; 50 over the difficulty needs no roll."""
    s = session(anima_being())
    lines = do(s, AnimaCheck(actor="a", kind="resistance", name="Poison", difficulty=30), 2, 40)
    assert "fumble (level 40+0 = 40) → fails" in lines[0]
    cmd = AnimaCheck(
        actor="a", kind="resistance", name="Poison", difficulty=10, special="chance-roleplay"
    )
    lines = do(s, cmd)
    assert "success without a roll" in lines[0] and "die is not spent" in lines[0]
    assert s.encounter.combatants["a"].chance.roleplay == "available"


def test_characteristic_check_uses_effective_stat() -> None:
    """B6: against the stat after A9 (exhaustion 2: Dexterity 7 → 5); 10 counts 13."""
    s = session(anima_being())
    lines = do(s, AnimaCheck(actor="a", kind="characteristic", name="Dexterity"), 4)
    assert lines == ["Aki: Dexterity 5 vs d10 4 → success by 1"]
    lines = do(s, AnimaCheck(actor="a", kind="characteristic", name="Dexterity"), 10)
    assert "d10 10 (counts as 13) → fails by 8" in lines[0]


def test_opposed_characteristic_seed() -> None:
    """B6 seed: Agility 9 rolls 4 (+5) against Agility 10 rolls 8 (+2): wins by 3."""
    s = session(
        being("a", "Aki", {"Agility": 9}, {}),
        being("b", "Bo", {"Agility": 10}, {}),
    )
    cmd = AnimaCheck(actor="a", kind="opposed-characteristic", name="Agility", opponent="b")
    lines = do(s, cmd, 4, 8)
    assert lines == ["Aki Agility 9 vs Bo Agility 10: d10 4 → +5, d10 8 → +2 → Aki wins by 3 (B6)"]


def test_special_die_adds_to_a_check_total() -> None:
    """C: a flat bonus on the d100 total (the chance die's face)."""
    s = session(anima_being())
    start = s.encounter.model_dump(mode="json")
    cmd = AnimaCheck(
        actor="a", kind="ability", name="Attack", difficulty=80, special="chance-roleplay"
    )
    lines = do(s, cmd, 6, 25)
    assert "Roleplay chance die: d10 6 → +6" in lines[0]
    assert lines[1] == (
        "Aki: Attack 50 + d100 25 = 75 vs 80 → fails by 5; "
        "+6 (roleplay chance die, C1) → 81 vs 80 → success by 1"
    )
    undo_all(s, start)


def test_special_margin_on_characteristic_check() -> None:
    s = session(anima_being())
    cmd = AnimaCheck(actor="a", kind="characteristic", name="Dexterity", special="chance-roleplay")
    lines = do(s, cmd, 3, 8)
    assert lines[1] == (
        "Aki: Dexterity 5 vs d10 8 → fails by 3; +3 (roleplay chance die, C1) → success by 0 (R25)"
    )


def test_anima_refusals() -> None:
    s = session(anima_being())
    refused(
        s, AnimaCheck(actor="a", kind="ability", name="Sing", difficulty=5), "no ability 'Sing'"
    )
    refused(s, AnimaCheck(actor="a", kind="resistance", name="Poison"), "needs a difficulty")
    refused(
        s, AnimaCheck(actor="a", kind="opposed-characteristic", name="Agility"), "needs an opponent"
    )
    refused(s, AnimaCheck(actor="a", kind="characteristic", name="Luck"), "has no stat 'Luck'")


@settings(max_examples=examples(60), deadline=None)
@given(
    stat=st.integers(min_value=0, max_value=30),
    faces=st.lists(st.integers(min_value=1, max_value=10), max_size=10),
    modifier=st.integers(min_value=-10, max_value=10),
    goal=st.integers(min_value=0, max_value=40),
)
def test_any_skill_roll_scores_the_chart_plus_modifiers_and_undoes(
    stat: int, faces: list[int], modifier: int, goal: int
) -> None:
    """A1/A2/R1: SS = sum of chart VP (stat clamped) + modifier; the log keeps the faces."""
    s = session(being("e", "Enzo", {"Tech": stat}, {"Tech": len(faces)}))
    start = s.encounter.model_dump(mode="json")
    s.do(roll("e", "Tech", "Tech", goal=goal, modifier=modifier), ScriptedDice(faces))
    event = s.encounter.log[-1]
    score = sum(VP_CHART[min(stat, 20)][f] for f in faces) + modifier
    assert event.faces == faces
    if score >= goal:
        assert f"VS {score - goal}," in event.text
    else:
        assert event.text.endswith(f"fails by {goal - score}")
    undo_all(s, start)


def test_opposed_ability_check_higher_total_wins() -> None:
    """B4: opposed ability checks: the higher total wins by the difference."""
    s = session(
        being("a", "Aki", {"Wits": 5}, {}, abilities={"Attack": 50}),
        being("b", "Bo", {"Wits": 5}, {}, abilities={"Dodge": 60}),
    )
    cmd = AnimaCheck(actor="a", kind="ability", name="Attack", opponent="b", opponent_name="Dodge")
    lines = do(s, cmd, 40, 20)
    assert lines == [
        "Aki: Attack 50 + d100 40 = 90 (opposed); Bo: Dodge 60 + d100 20 = 80 (opposed)"
        " → Aki wins by 10 (B4)"
    ]


# --- A15: using a broken limb ---------------------------------------------------------------


def test_a_roll_with_a_broken_limb_is_at_minus_4_and_costs_1_wp_a15() -> None:
    k = being(
        "k", "Kans", {"Dexterity": 7, "Endurance": 6}, {"Melee": 2}, limbs={"left arm": "broken"}
    )
    s = session(k)
    start = s.encounter.model_dump(mode="json")
    lines = do(s, roll("k", "Melee", "Dexterity", goal=3, limb="left arm"), 8, 9)
    assert "-4 (broken left arm, A15)" in lines[0]
    wound = s.encounter.combatants["k"].wounds[-1]
    assert (wound.wp, wound.location, wound.bleeding) == (1, "left arm", False)
    assert s.encounter.combatants["k"].bleed_rate == 0  # strain, not a blow (A14)
    undo_all(s, start)


def test_an_unbroken_limb_changes_nothing_and_a_severed_one_is_refused_a15() -> None:
    k = being("k", "Kans", {"Dexterity": 7}, {"Melee": 2}, limbs={"right arm": "severed"})
    s = session(k)
    lines = do(s, roll("k", "Melee", "Dexterity", goal=3, limb="left arm"), 8, 9)
    assert "A15" not in lines[0] and not s.encounter.combatants["k"].wounds
    refused(s, roll("k", "Melee", "Dexterity", goal=3, limb="right arm"), "severed")


def test_an_opposed_contest_with_no_dice_on_either_side_is_refused_A6() -> None:
    """Two typos (or two untrained sides) would roll 0 vs 0 forever: refused, named."""
    s = session(
        being("i", "Iol", {"Wits": 7}, {"Tactics": 6}), being("m", "Monarch", {"Wits": 5}, {})
    )
    both = OpposedStart(
        a="i", a_skill="Tactcs", a_stat="Wits", b="m", b_skill="Haggle", b_stat="Wits"
    )
    refused(s, both, "neither Iol has 'Tactcs' nor Monarch has 'Haggle'")
    one = OpposedStart(
        a="i", a_skill="tactics", a_stat="Wits", b="m", b_skill="Haggle", b_stat="Wits"
    )
    assert "Iol (Tactics 6) vs Monarch (Haggle 0)" in do(s, one)[0]  # one side untrained: fine


def test_removing_a_contestant_ends_its_contest_in_the_log_A6() -> None:
    from rules.model.commands import RemoveCombatant

    s = session(
        being("i", "Iol", {"Wits": 7}, {"Tactics": 6}), being("m", "Monarch", {"Wits": 5}, {})
    )
    do(s, OpposedStart(a="i", a_skill="Tactics", a_stat="Wits", b="m", b_skill="T", b_stat="Wits"))
    (line,) = do(s, RemoveCombatant(id="m"))
    assert line.endswith("its opposed contest with Iol ends undecided (margin 0)")
    assert s.encounter.opposed is None
