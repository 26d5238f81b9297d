"""The detail pane's one list of what modifies a combatant (issue 15): the GM's effects,
then, read-only, the conditions the rules derive (A5 exhaustion, A14 bleeding, A15 limbs,
ribs, vital organ), each said once. Before, the derived ones were a separate Conditions
line and exhaustion and bleeding were said again on the WP line."""

from __future__ import annotations

from rich.console import Console

from rules.model.effects import Duration, Effect, EffectModifier
from rules.model.state import Combatant, Encounter
from tracker.widgets.detail import describe
from tracker.widgets.roster_columns import row_cells


def _text(c: Combatant, time: int = 0) -> list[str]:
    console = Console(width=200, record=True, color_system=None)
    enc = Encounter(combatants={c.id: c}, in_combat=True, time=time)
    console.print(describe(c, enc))
    return console.export_text().splitlines()


def _kans(**fields: object) -> Combatant:
    stunned = Effect(
        id=9, name="Stunned", modifier=EffectModifier(amount=-2), duration=Duration(), start=0
    )
    sheet: dict[str, object] = {
        "id": "k",
        "name": "Kans",
        "stats": {"Endurance": 6, "Dexterity": 7},
        "ttu": 5,
        "exhaustion": 2,
        "bleed_rate": 1,
        "bleed_anchor": 0,
        "limbs": {"left arm": "broken"},
        "broken_ribs": True,
        "effects": [stunned],
    }
    return Combatant.model_validate({**sheet, **fields})


def test_one_list_the_gms_effects_first_then_the_rules_conditions_each_once() -> None:
    lines = _text(_kans(), time=4)
    start = lines.index("Effects (ctrl+e removes one)")
    assert lines[start + 1 : start + 6] == [
        " Stunned (−2 to every roll) until removed",
        " Exhausted — −2 to every stat (A5)",
        " Bleeding — BLR 1, next tick in 6 TU (A14)",
        " Broken left arm — −4 and +1 WP to rolls using it (A15)",
        " Broken ribs — Endurance −1 (A15)",
    ]
    text = "\n".join(lines)
    assert "Conditions" not in text
    assert text.count("BLR") == 1 and text.lower().count("exhaust") == 1
    assert text.count("Stunned") == 1 and text.count("ribs") == 1


def test_only_derived_conditions_have_no_removal_hint_and_none_shows_nothing() -> None:
    lines = _text(_kans(effects=[]))
    assert "Effects " in lines and "Effects (ctrl+e removes one)" not in lines
    plain = _text(Combatant(id="k", name="Kans"))
    assert not any(line.startswith("Effects") for line in plain)


def test_out_of_the_fight_is_said_once_and_the_roster_column_stays_compact() -> None:
    kans = _kans(out_of_fight=True)
    text = "\n".join(_text(kans))
    assert text.count("out of the fight") == 1
    enc = Encounter(combatants={"k": kans}, in_combat=True)
    assert row_cells(kans, enc)["cond"] == "out, LA broken, ribs, exhausted 2, Stunned"


def test_a_dead_one_says_so_on_its_wp_line_as_loudly_as_before() -> None:
    lines = _text(_kans(dead=True, effects=[]))
    assert any(line.startswith("WP taken 0") and line.endswith(" · DEAD") for line in lines)
    assert " Bleeding — " not in "\n".join(lines)  # the dead bleed no more (A14)
