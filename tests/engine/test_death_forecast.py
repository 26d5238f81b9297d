"""The death forecast of a bleeder (rules.engine.death_forecast): A14 ticks every 10 TU
from the anchor, A16 demise checks (dice = base Endurance, row = effective), R15 goals,
R31 a check at every tick at 0 or below; proved against the engine's own passage."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.engine.death_forecast import (
    Check,
    Outlook,
    chance_alive,
    forecast,
    forecast_text,
    forecasts,
    outlook,
    passage_lines,
    percent_text,
    span_text,
)
from rules.engine.roll_plan import called_check_plan
from rules.engine.session import Session
from rules.mechanics.chart import clamp_stat
from rules.mechanics.dice import ScriptedDice
from rules.mechanics.wounds import HALF_ENDURANCE, ZERO_ENDURANCE
from rules.model.commands import ResolveCheck, Staunch
from rules.model.effect_commands import AddEffect, PassTime
from rules.model.effects import Duration, EffectModifier, Tick
from rules.model.state import Combatant, Encounter, Settings, Wound
from rules.odds.skill import chance_of_success
from tests.support.engine_steps import do, session
from tests.support.soak import examples

NO_DICE = ScriptedDice([])


def ulric(**fields: Any) -> Combatant:
    """Endurance 6, one Wound (3 WP, A2), BLR 1 from track 0 (A14)."""
    base: dict[str, Any] = {
        "id": "ulric",
        "name": "Ulric",
        "stats": {"Endurance": 6, "Wits": 5},
        "wounds": [Wound(wp=3, location="chest")],
        "bleed_rate": 1,
        "bleed_anchor": 0,
    }
    return Combatant(**{**base, **fields})


def encounter(*combatants: Combatant, **fields: Any) -> Encounter:
    return Encounter(combatants={c.id: c for c in combatants}, **fields)


def test_a14_a16_ulric_half_at_60_zero_at_150() -> None:
    """WP after k ticks = 3 + k; effective = 6 - (3 + k)//3 (A9): the half line
    (`after * 2 <= 6`, i.e. 3) at 9 WP, tick 6 (track 60); 0 at 18 WP, tick 15 (track 150)."""
    f = forecast(encounter(ulric()), "ulric", 3600)
    assert f is not None
    assert (f.half_at, f.zero_at) == (60, 150)


def test_a16_r31_ulric_alive_after_200_tu_by_hand() -> None:
    """200 TU: the half check on row 3 (t 60), the zero line's on row 0 (t 150), then R31's
    at ticks 16..20 (t 160..200) on row 0 (effective 0 and -1, clamped, R1); 6d10, goal 5."""
    half = chance_of_success(3, 6, 5)
    zero = chance_of_success(0, 6, 5)
    enc = encounter(ulric())
    assert chance_alive(enc, "ulric", 200) == half * zero**6
    seen = outlook(enc, "ulric", 200, every_check=True).checks
    assert [(c.time, c.trigger, c.endurance) for c in seen] == [
        (60, HALF_ENDURANCE, 3),
        (150, ZERO_ENDURANCE, 0),
        (160, ZERO_ENDURANCE, 0),
        (170, ZERO_ENDURANCE, 0),
        (180, ZERO_ENDURANCE, -1),
        (190, ZERO_ENDURANCE, -1),
        (200, ZERO_ENDURANCE, -1),
    ]
    assert Fraction(0) < half * zero**6 < 1


def test_a14_two_bleeders_each_on_its_own_rhythm() -> None:
    """A14: each from its own anchor at its own BLR. Ulric BLR 1 from 0 (half 60, zero
    150); Mara Endurance 4, no WP, BLR 2 from 5: ticks 15, 25, ...: 2, 4, 6 WP → 4, 3, 2:
    half (2) at 35; 12 WP → 0 at the 6th tick, 65."""
    mara = Combatant(id="mara", name="Mara", stats={"Endurance": 4}, bleed_rate=2, bleed_anchor=5)
    calm = Combatant(id="calm", name="Calm", stats={"Endurance": 4})
    enc = encounter(ulric(), mara, calm, time=7)
    found = {f.combatant: (f.half_at, f.zero_at) for f in forecasts(enc, 600)}
    assert found == {"ulric": (60, 150), "mara": (35, 65)}
    assert forecast(enc, "calm", 600) is None


def test_r13_staunched_midway_no_forecast() -> None:
    """R13: staunched (BLR 0, the anchor cleared) it bleeds no more: no forecast."""
    s = session(ulric())
    do(s, PassTime(amount=40))
    assert forecast(s.encounter, "ulric", 600) is not None
    do(s, Staunch(target="ulric"))
    assert forecast(s.encounter, "ulric", 600) is None
    assert forecasts(s.encounter, 600) == []
    assert chance_alive(s.encounter, "ulric", 600) == 1


def test_a16_the_dead_have_no_forecast_and_no_chance() -> None:
    enc = encounter(ulric(dead=True))
    assert forecast(enc, "ulric", 600) is None
    assert chance_alive(enc, "ulric", 600) == 0


def test_r15_a_goal_the_gm_changed() -> None:
    """R15: goal 3 instead of the default 5: the same checks, each at goal 3."""
    enc = encounter(ulric())
    at_three = chance_of_success(3, 6, 3) * chance_of_success(0, 6, 3) ** 6
    assert chance_alive(enc, "ulric", 200, goal=3) == at_three
    assert chance_alive(enc, "ulric", 200) != at_three
    changed = encounter(ulric(), settings=Settings(demise_goal=3))
    assert chance_alive(changed, "ulric", 200) == at_three  # the encounter's goal


def test_r31_a_day_at_zero_returns() -> None:
    """R31: a day at 0 is 8,640 checks on the same row: cached, powers, not a loop."""
    enc = encounter(
        ulric(
            wounds=[Wound(wp=18, location="chest")],
            half_endurance_checked=True,
            zero_endurance_checked=True,
        )
    )
    ahead = outlook(enc, "ulric", 86_400)
    assert (len(ahead.checks), ahead.more) == (1, 8_639)  # the first listed, the rest counted
    assert ahead.chance == chance_of_success(0, 6, 5) ** 8_640
    assert len(outlook(enc, "ulric", 86_400, every_check=True).checks) == 8_640
    assert percent_text(ahead.chance) == "<\u00a00.1\u00a0%"


def test_r15_a_check_that_cannot_be_survived_ends_the_list() -> None:
    """Goal 13 on 6d10 at row 0 (at most 12 VP, R15): the zero check kills; no more."""
    enc = encounter(ulric(), settings=Settings(demise_goal=13))
    ahead = outlook(enc, "ulric", 3600)
    assert ahead.chance == 0
    assert [(c.time, c.trigger) for c in ahead.checks] == [
        (60, HALF_ENDURANCE),
        (150, ZERO_ENDURANCE),
    ]


def test_r30_forecast_text() -> None:
    """R30: 1 TU = 1 second: an hour's words for 3600 TU."""
    enc = encounter(ulric())
    f = forecast(enc, "ulric", 3600)
    assert f is not None
    chance = chance_alive(enc, "ulric", 3600)
    text = forecast_text(f, enc.time, 3600, percent_text(chance))
    assert text.startswith(
        "Ulric: half Endurance at +60 TU, 0 at +150 TU, then a check each 10 TU"
        " — alive after 1 hour: "
    )
    assert forecast_text(f, 0, None, None).endswith("then a check each 10 TU")
    late = forecast(enc, "ulric", 30)
    assert late is not None and forecast_text(late, 0, 30, percent_text(Fraction(1))) == (
        "Ulric: no demise check within 30 TU — alive after 30 TU: 100\u00a0%"
    )


def poisoned(ulric_c: Combatant, **tick: Any) -> Encounter:
    """`ulric_c` under Poison from track 0 (issue 15), `tick` its Tick's fields."""
    s = Session(encounter(ulric_c))
    s.do(AddEffect(targets=["ulric"], name="Poison", tick=Tick(**tick)), NO_DICE)
    return s.encounter


def test_a14_r31_a_poisoned_bleeder_meets_the_poisons_checks_too() -> None:
    """Ulric bleeds 1 WP each 10 TU and Poison deals 1 WP each 5 TU: WP at t = 3 + t//10
    + t//5. At 20 the bleeding lands first (8 WP) and the poison's tick makes 9 (half
    line, row 3); at 50, 18 WP (0); from there R31 calls a check at every damage, both
    read on the row left once that time's damage is dealt."""
    enc = poisoned(ulric(), every=5, wp=1)
    f = forecast(enc, "ulric", 3600)
    assert f is not None and (f.half_at, f.zero_at) == (20, 50)
    assert forecast_text(f, 0, None, None) == (
        "Ulric: half Endurance at +20 TU, 0 at +50 TU, then a check at each tick of bleeding"
        " and Poison"
    )
    listed = outlook(enc, "ulric", 60, every_check=True).checks
    seen = [(c.time, c.trigger, c.endurance) for c in listed]
    assert seen == [
        (20, HALF_ENDURANCE, 3),
        (50, ZERO_ENDURANCE, 0),
        (55, ZERO_ENDURANCE, 0),  # the poison alone: 19 WP
        (60, ZERO_ENDURANCE, -1),  # bleeding (20) then poison (21): two checks on -1
        (60, ZERO_ENDURANCE, -1),
    ]
    half, zero = chance_of_success(3, 6, 5), chance_of_success(0, 6, 5)
    assert chance_alive(enc, "ulric", 60) == half * zero**4


def test_a15_a16_a_tick_that_is_one_wound_is_named_and_the_chance_is_at_most() -> None:
    """A one-wound tick can start bleeding (R12) or call a massive-wound check (A16): it is
    not counted, it is named, and the chance reads "at most" (it can only hurt more)."""
    enc = poisoned(ulric(), every=30, wp=2, one_wound=True)
    ahead = outlook(enc, "ulric", 3600)
    assert ahead.left_out == ("Poison",)
    assert ahead.chance == chance_alive(encounter(ulric()), "ulric", 3600)  # bleeding only
    (line,) = passage_lines(enc, 3600)
    assert " — alive after 1 hour: at most " in line
    assert line.endswith("(Poison not counted: each tick is a wound)")
    assert outlook(enc, "ulric", 20).left_out == ()  # its first tick falls at 30
    alone = poisoned(ulric(bleed_rate=0, bleed_anchor=None), every=30, wp=2, one_wound=True)
    assert passage_lines(alone, 3600) == [
        "Ulric: not forecast — each tick of Poison is a wound (R12, A15, A16)"
    ]


def test_span_and_percent_words() -> None:
    assert [span_text(t) for t in (3600, 7200, 60, 1800, 90, 86_400)] == [
        "1 hour",
        "2 hours",
        "1 minute",
        "30 minutes",
        "90 TU",
        "24 hours",
    ]
    assert percent_text(Fraction(1)) == "100\u00a0%"
    assert percent_text(Fraction(0)) == "0.0\u00a0%"
    assert percent_text(Fraction(1, 10**9)) == "<\u00a00.1\u00a0%"
    assert percent_text(1 - Fraction(1, 10**9)) == ">\u00a099.9\u00a0%"
    assert percent_text(Fraction(1, 3)) == "33.3\u00a0%"
    assert percent_text(Fraction(1, 2)) == "50.0\u00a0%"


# --- the proof: the forecast follows the engine ---------------------------------------


def engine_checks(enc: Encounter, tu: int) -> dict[str, list[tuple[int, str, int, int]]]:
    """(time, trigger, effective Endurance, the plan's modifier) of each demise check the
    engine raises while `tu` TU pass on a copy, each answered with all tens (it survives
    when it can)."""
    s = Session(enc.model_copy(deep=True))
    seen: dict[str, list[tuple[int, str, int, int]]] = {cid: [] for cid in enc.combatants}
    end = enc.time + tu
    while s.encounter.time < end:
        s.do(PassTime(amount=end - s.encounter.time), ScriptedDice([]))
        e = s.encounter
        for p in e.pending:
            assert p.kind == "demise" and p.data is not None
            c = e.combatants[p.combatant]
            trigger = p.data.trigger  # type: ignore[union-attr]
            modifier = called_check_plan(c).total  # what ResolveCheck adds (R26)
            seen[c.id].append((e.time, trigger, c.effective("Endurance"), modifier))
        while e.pending:
            c = e.combatants[e.pending[0].combatant]
            s.do(ResolveCheck(pending=e.pending[0].id), ScriptedDice([10] * c.stats["Endurance"]))
    return seen


@st.composite
def bleeders(draw: st.DrawFn) -> tuple[Encounter, int, int]:
    """Up to three small beings: Endurance 1-8, some WP, BLR 0-3, anchors, flags; now and
    then a ticking effect (poison: every 1-15 TU, for good or for N TU) and an Endurance
    effect that may end within the passage (issue 15)."""
    time = draw(st.integers(0, 40))
    made = []
    for n in range(draw(st.integers(1, 3))):
        rate = draw(st.integers(0, 3))
        made.append(
            Combatant(
                id=f"b{n}",
                name=f"B{n}",
                stats={"Endurance": draw(st.integers(1, 8))},
                bleed_wp=draw(st.integers(0, 27)),
                bleed_rate=rate,
                bleed_anchor=draw(st.integers(0, time)) if rate else None,
                exhaustion=draw(st.integers(0, 1)),
                half_endurance_checked=draw(st.booleans()),
                zero_endurance_checked=draw(st.booleans()),
            )
        )
    goal = draw(st.integers(0, 12))
    s = Session(encounter(*made, time=time, settings=Settings(demise_goal=goal)))
    for c in made:
        for index in range(draw(st.integers(0 if c.bleed_rate else 1, 2))):
            lasting = draw(st.one_of(st.none(), st.integers(5, 300)))
            duration = Duration() if lasting is None else Duration(kind="tu", amount=lasting)
            fx = AddEffect(targets=[c.id], name=f"Poison {index}", duration=duration)
            if (index == 0 and not c.bleed_rate) or draw(st.booleans()):  # time hurts each
                tick = Tick(every=draw(st.integers(1, 15)), wp=draw(st.integers(1, 3)))
                fx = fx.model_copy(update={"tick": tick})
            else:
                amount = draw(st.integers(-2, 2).filter(bool))
                grit = EffectModifier(target="stat", name="Endurance", amount=amount)
                fx = fx.model_copy(update={"name": f"Grit {index}", "modifier": grit})
            s.do(fx, NO_DICE)
    return s.encounter, draw(st.integers(1, 600)), goal


def fatal_together() -> tuple[Encounter, int, int]:
    """Found by the property: settled at 0, Grit ends at 138 and the next check cannot be
    survived; at 141 bleeding and Poison fall together, so the engine raises two checks
    there (A16), and the counted tail counted one."""
    b0 = Combatant(id="b0", name="B0", stats={"Endurance": 3}, bleed_rate=1, bleed_anchor=1)
    s = Session(encounter(b0, time=33, settings=Settings(demise_goal=7)))
    grit = EffectModifier(target="stat", name="Endurance", amount=1)
    for_105 = Duration(kind="tu", amount=105)
    s.do(AddEffect(targets=["b0"], name="Grit", duration=for_105, modifier=grit), NO_DICE)
    s.do(AddEffect(targets=["b0"], name="Poison", tick=Tick(every=4, wp=1)), NO_DICE)
    return s.encounter, 108, 7


@settings(max_examples=examples(100), deadline=None)
@given(bleeders())
@example(fatal_together())
def test_a16_r31_the_forecast_follows_the_engine(case: tuple[Encounter, int, int]) -> None:
    """Every check walked is the engine's, damage for damage (A14, A16, R31, issue 15's
    ticks), each at the chance of the plan the engine rolls it with; the chance is their
    product (R15: the encounter's goal), and the counted tail (`settled_checks`) gives
    the same chance with the same first checks."""
    enc, tu, goal = case
    raised = engine_checks(enc, tu)
    for cid in enc.combatants:
        ahead = outlook(enc, cid, tu, every_check=True)
        quick = outlook(enc, cid, tu)
        assert quick.checks == ahead.checks[: len(quick.checks)]
        assert len(quick.checks) + quick.more == len(ahead.checks)
        assert [(c.time, c.trigger, c.endurance) for c in ahead.checks] == [
            (time, trigger, endurance) for time, trigger, endurance, _ in raised[cid]
        ]
        c = enc.combatants[cid]
        product = Fraction(1)
        for check, (*_, modifier) in zip(ahead.checks, raised[cid], strict=True):
            row = clamp_stat(check.endurance)
            assert check == Check(
                check.time,
                check.trigger,
                check.endurance,
                chance_of_success(row, c.stats["Endurance"], goal, modifier),
            )
            product *= check.chance
        assert ahead.chance == product == chance_alive(enc, cid, tu)
        f = forecast(enc, cid, tu)
        assert f is not None
        halves = [k.time for k in ahead.checks if k.trigger == HALF_ENDURANCE]
        zeros = [k.time for k in ahead.checks if k.trigger == ZERO_ENDURANCE]
        if ahead.chance > 0:  # the whole passage walked: the lines are the first checks
            assert f.half_at == (halves[0] if halves else None)
            assert f.zero_at == (zeros[0] if zeros else None)
        else:  # it died first: what it met still agrees
            assert not halves or f.half_at == halves[0]
            assert not zeros or f.zero_at == zeros[0]


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.one_of(
                st.fractions(min_value=0, max_value=1, max_denominator=10**6),
                st.sampled_from([Fraction(1, 2000), Fraction(1999, 2000), Fraction(3, 4000)]),
            ),
            st.integers(0, 3000),
        ),
        max_size=4,
    )
)
def test_the_quick_percent_is_the_exact_ones_words(factors: list[tuple[Fraction, int]]) -> None:
    """`Outlook.percent` (logarithms, the exact product only near a rounding edge) says what
    `percent_text` says of the exact product, rounding edges (0.05 %, 99.95 %) included."""
    ahead = Outlook("x", (), tuple(factors))
    assert ahead.percent() == percent_text(ahead.chance)
