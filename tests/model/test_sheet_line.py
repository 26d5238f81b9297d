"""A sheet typed as one line (issue 27): what each part reads as, what is refused and
why, and that a sheet written out as a line reads back to the same fields."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.bench_keys import ULRIC  # the issue's sheet, as the bench types it
from rules.model.sheet_line import (
    KEYWORDS,
    STAT_NAMES,
    SheetLine,
    SheetLineError,
    read_sheet_line,
    write_sheet_line,
)
from rules.model.state import SIDES, Armour, Shield, Weapon
from tests.support.hostile_text import HOSTILE


def refused(text: str) -> list[str]:
    with pytest.raises(SheetLineError) as caught:
        read_sheet_line(text)
    return caught.value.problems


def test_the_issue_sheet_reads_whole() -> None:
    sheet = read_sheet_line(ULRIC)
    assert (sheet.name, sheet.side) == ("Sir Ulric", "PC")
    assert sheet.stats == {
        "Strength": 6,
        "Dexterity": 7,
        "Endurance": 6,
        "Wits": 5,
        "Perception": 5,
        "Tech": 3,
    }
    assert sheet.skills == {"Melee": 7, "Dodge": 4, "Fight": 5}
    assert sheet.weapons == [Weapon(name="broadsword", damage=5, kind="melee")]
    assert sheet.armour == Armour(rating=6, hard=3, soft=2)  # the form's AR, hard, soft
    assert sheet.shield == Shield(low=5, high=10, hits_left=10)
    assert sheet.luck is None


def test_full_names_any_case_commas_and_several_weapons() -> None:
    sheet = read_sheet_line(
        "Bob: strength 4, DEXTERITY 6, wit 5, Presence 3; Energy Guns 5, Dodge 4 Melee 7; "
        "pistol 4 ranged Shoot Dex, knife 2 melee; armor 1 2 3; shield 4/8; luck -1; side ally"
    )
    assert sheet.stats == {"Strength": 4, "Dexterity": 6, "Wits": 5, "Presence": 3}
    assert sheet.skills == {"Energy Guns": 5, "Dodge": 4, "Melee": 7}
    assert sheet.weapons == [
        Weapon(name="pistol", damage=4, kind="ranged", skill="Shoot", stat="Dexterity"),
        Weapon(name="knife", damage=2, kind="melee"),
    ]
    assert sheet.armour == Armour(rating=1, hard=2, soft=3)
    assert sheet.shield == Shield(low=4, high=8, hits_left=None)  # no x: unlimited (R10)
    assert (sheet.luck, sheet.side) == (-1, "ally")


@pytest.mark.parametrize(
    ("text", "name", "strength"),
    [
        ("Guy", "Guy", None),  # a first part without a number: the name alone
        ("Sir Ulric Str 6", "Sir Ulric", 6),  # the words before the first stat's name
        ("Str 6", None, 6),
        ("Guard 2 (enemy): Str 6", "Guard 2", 6),
    ],
)
def test_the_name_is_found_with_or_without_a_colon(
    text: str, name: str | None, strength: int | None
) -> None:
    sheet = read_sheet_line(text)
    assert sheet.name == name
    assert sheet.stats.get("Strength") == strength


def test_a_line_may_start_with_any_part() -> None:
    assert read_sheet_line("armour 6/3/2").armour == Armour(rating=6, hard=3, soft=2)
    assert read_sheet_line("weapon club 3").weapons == [Weapon(name="club", damage=3)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Str 6; armour 6/3", "'armour 6/3' needs three numbers: rating/hard/soft"),
        ("Str 6; shield 5", "'shield 5' needs low-high"),
        ("Str 6; shield 10-5", "shield low 10 is above high 5"),
        ("Str 31", "stat 'Strength': must be 0–30"),
        ("Str 6; Melee 11", "skill 'Melee': must be 0–10"),
        ("Str 6; sword 40 melee", "weapon 'sword' damage: must be 0–30"),
        ("Str 6 Dex", "'Dex' has no number after it"),
        ("Str 6; 7 Melee 3", "7 has no name before it"),
        ("Str 6 str 7", "stat 'Strength' is given twice"),
        ("Str ٣", "'٣' is not a number (type the digits 0-9)"),
        ("Str 6; luck", "'luck' needs a number"),
        ("Bob (foe): Str 5", "side 'foe': one of PC, ally, enemy, neutral"),
        ("x" * 3000, "the line is 3,000 characters: a sheet line is at most 2,000"),
        (" ; ,; ", "the line says nothing"),
        ("\x1b[2J: Str 5", "control character (U+001B)"),
        # said twice, the later one silently won (the hunt's: an enemy typed as a PC)
        ("Ulric (PC): Str 6; side enemy", "side is given twice"),
        ("Str 6; armour 6/3/2; armor 1/1/1", "armour is given twice"),
        ("Str 6; shield 5-10 x10; shield 1-2", "shield is given twice"),
        ("Str 6; luck 2; luck -3", "luck is given twice"),
    ],
)
def test_each_bad_part_is_named_with_why(text: str, message: str) -> None:
    assert any(message in problem for problem in refused(text)), refused(text)


def test_a_ranged_weapon_named_without_its_skill_rolls_shoot() -> None:
    """`pistol 4 ranged` rolled Melee (Weapon's default), which the sheet may not have:
    the form then warned that it rolls 0 dice. A melee weapon still rolls Melee."""
    sheet = read_sheet_line("Gun (enemy): Dex 7; Shoot 6; pistol 4 ranged, knife 2 melee")
    assert [(w.name, w.skill) for w in sheet.weapons] == [("pistol", "Shoot"), ("knife", "Melee")]


def test_every_bad_part_is_said_and_nothing_else_counts() -> None:
    problems = refused("Ulric: Str 99; Melee 7; armour 6/3; shield 9-1")
    assert len(problems) == 3  # the stat, the armour, the shield: each said once
    assert not any("Melee" in p for p in problems)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_read_or_refused_with_words(text: str) -> None:
    for line in (text, f"Str {text}", f"{text}: Str 5", f"Str 5; {text} 4 melee"):
        try:
            read_sheet_line(line)
        except SheetLineError as err:
            assert err.problems and all(p for p in err.problems)


@given(st.text(max_size=300))
def test_nonsense_raises_nothing_but_the_parsers_own_error(text: str) -> None:
    try:
        read_sheet_line(text)
    except SheetLineError as err:
        assert str(err)


WORD = st.from_regex(r"[A-Z][a-z]{1,7}", fullmatch=True).filter(
    lambda w: w.lower() not in STAT_NAMES and w.lower() not in KEYWORDS
)
NAME = st.lists(WORD, min_size=1, max_size=2).map(" ".join)
FULL_STATS = sorted(set(STAT_NAMES.values()))


@st.composite
def sheets(draw: st.DrawFn) -> SheetLine:
    stats = {s: draw(st.integers(0, 30)) for s in FULL_STATS if draw(st.booleans())}
    stats.update(draw(st.dictionaries(WORD, st.integers(0, 30), max_size=2)))
    skills = draw(st.dictionaries(NAME, st.integers(0, 10), max_size=4))
    skills = {k: v for k, v in skills.items() if k.lower() not in {s.lower() for s in stats}}
    weapons = draw(
        st.lists(
            st.builds(
                Weapon,
                name=NAME,
                damage=st.integers(0, 30),
                kind=st.sampled_from(["melee", "ranged"]),
                skill=st.one_of(st.just("Melee"), NAME),
                stat=st.sampled_from(FULL_STATS),
            ),
            max_size=3,
            unique_by=lambda w: w.name.lower(),
        )
    )
    low = draw(st.integers(0, 40))
    return SheetLine(
        name=draw(st.one_of(st.none(), NAME)),
        side=draw(st.one_of(st.none(), st.sampled_from(SIDES))),  # type: ignore[arg-type]
        stats=stats,
        skills=skills,
        weapons=weapons,
        armour=draw(
            st.one_of(
                st.none(),
                st.builds(
                    Armour,
                    rating=st.integers(0, 20),
                    hard=st.integers(0, 30),
                    soft=st.integers(0, 30),
                ),
            )
        ),
        shield=draw(
            st.one_of(
                st.none(),
                st.builds(
                    Shield,
                    low=st.just(low),
                    high=st.integers(low, 40),
                    hits_left=st.one_of(st.none(), st.integers(0, 999)),
                ),
            )
        ),
        luck=draw(st.one_of(st.none(), st.integers(-9, 9))),
    )


@given(sheets())
def test_a_sheet_written_as_a_line_reads_back_to_the_same_fields(sheet: SheetLine) -> None:
    if sheet == SheetLine():
        return  # an empty sheet writes an empty line, which says nothing
    assert read_sheet_line(write_sheet_line(sheet)) == sheet
