"""What ends or fires next, with times, and one list of what modifies a combatant (issue 15)."""

from __future__ import annotations

from rules.engine.effects_ahead import Active, Ahead, active_effects, effects_ahead
from rules.model.commands import RemoveCombatant, TakeOpportunity
from rules.model.effect_commands import AddEffect, AddReminder
from rules.model.effects import Duration
from tests.support.attack_fights import fight, fighter
from tests.support.effect_fights import on_fire, stunned
from tests.support.engine_steps import do


def test_every_end_tick_and_reminder_ahead_soonest_first() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 4))
    do(s, stunned("bo", duration=Duration(kind="tu", amount=10)))
    do(s, on_fire("lio", every=3))
    do(s, AddReminder(text="Dawn", at=7))
    do(s, AddEffect(targets=["lio"], name="Aiming", duration=Duration(kind="next", whose="bo")))
    do(s, AddEffect(targets=["lio"], name="Blessed"))  # until removed: nothing ahead
    ids = {e.name: e.id for c in s.encounter.combatants.values() for e in c.effects}
    rid = s.encounter.reminders[0].id
    assert effects_ahead(s.encounter) == [
        Ahead(3, "tick", "lio", ids["On fire"], "Lio: On fire deals 1 WP"),
        Ahead(4, "end", "lio", ids["Aiming"], "Lio: Aiming ends"),  # at Bo's TTU
        Ahead(7, "reminder", None, rid, "Reminder: Dawn"),
        Ahead(10, "end", "bo", ids["Stunned"], "Bo: Stunned ends"),
    ]


def test_a_next_opportunity_out_of_combat_has_no_time_yet() -> None:
    s = fight(0, fighter("lio", None), fighter("bo", None))
    s.encounter.in_combat = False
    do(s, AddReminder(text="Bo's turn", whose="bo"))
    (ahead,) = effects_ahead(s.encounter)
    assert ahead.time is None and ahead.combatant == "bo"


def test_one_list_of_the_gms_effects_and_the_rules_conditions() -> None:
    lio = fighter("lio", 0, exhaustion=2, limbs={"left arm": "broken"}, broken_ribs=True)
    s = fight(0, lio, fighter("bo", 4))
    do(s, stunned("lio", duration=Duration(kind="tu", amount=6)))
    effect_id = s.encounter.combatants["lio"].effects[0].id
    listing = active_effects(s.encounter, s.encounter.combatants["lio"])
    assert listing[0] == Active("Stunned", "Stunned (−2 to every roll) for 6 TU", 6, effect_id)
    assert [(a.name, a.effect_id) for a in listing[1:]] == [
        ("Exhausted", None),
        ("Broken left arm", None),
        ("Broken ribs", None),
    ]


def test_removing_the_combatant_an_effect_waits_for_ends_it() -> None:
    s = fight(0, fighter("lio", 0), fighter("bo", 4))
    do(s, AddEffect(targets=["lio"], name="Aiming", duration=Duration(kind="next", whose="bo")))
    do(s, AddReminder(text="Bo's turn", whose="bo"))
    do(s, TakeOpportunity(actor="lio", actions=["Strike"]))
    lines = do(s, RemoveCombatant(id="bo"))
    assert lines[:2] == [
        "Lio: Aiming ends (Bo left the encounter)",
        "Reminder cancelled (Bo left): Bo's turn",
    ]
    assert effects_ahead(s.encounter) == []
