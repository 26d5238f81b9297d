"""What an opportunity's opening resets is declared once (rules/engine/opportunity.py, A8).

Both ways through an Advance, the quick step and the general one, must reset
every per-turn field and log the same line (issue 13). These tests would catch
them drifting apart: each per-turn field, left stale on its own, is reset on
both paths; a field of the Combatant or the Encounter that is neither reset
nor declared kept is flagged, so a new one must be classified; and the
opening's log line is written in one place only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.engine.opportunity import (
    ENCOUNTER_LASTING,
    ENCOUNTER_PER_TURN,
    ENCOUNTER_STEP,
    LASTING,
    PER_TURN,
    SURPRISE_ENDS,
)
from rules.engine.session import Session
from rules.engine.track_index import upcoming
from rules.mechanics.dice import SeededDice
from rules.model.commands import Advance, EndCombat, StartCombat, TakeOpportunity
from rules.model.state import Combatant, Encounter
from tests.support.quick_paths import counting_quick_steps, general_path_only
from tests.support.random_fights import dump, start_encounter

RULES = Path(__file__).resolve().parents[2] / "rules"

# A valid value that is not fresh, for each per-turn field (a new one needs one here).
STALE: dict[str, Any] = {
    "held_action": "Wait",
    "held_penalty": -10,
    "special_used": "luck",
    "turn_bonus": 2,
}
AWARENESS, SURPRISED, AWARE = SURPRISE_ENDS


def test_every_per_turn_field_has_a_stale_value_to_test_with() -> None:
    assert sorted(STALE) == sorted(name for name, _ in PER_TURN)
    for name, fresh in PER_TURN:
        assert STALE[name] != fresh, name


def _classified(*groups: set[str] | frozenset[str]) -> tuple[list[str], list[str]]:
    """Fields named in more than one group, and every field named."""
    seen: list[str] = [name for group in groups for name in group]
    twice = sorted({name for name in seen if seen.count(name) > 1})
    return twice, sorted(set(seen))


def test_every_combatant_field_is_reset_or_kept_at_an_opening() -> None:
    """A new Combatant field must go in PER_TURN (with its fresh value) or in LASTING."""
    twice, named = _classified({n for n, _ in PER_TURN}, {SURPRISE_ENDS[0]}, LASTING)
    assert twice == [], f"classified twice in rules/engine/opportunity.py: {twice}"
    fields = set(Combatant.model_fields)
    unclassified, stale = sorted(fields - set(named)), sorted(set(named) - fields)
    assert unclassified == [], (
        f"Combatant fields {unclassified}: per turn (PER_TURN) or kept (LASTING)? "
        "say which in rules/engine/opportunity.py"
    )
    assert stale == [], f"rules/engine/opportunity.py names no Combatant field {stale}"


def test_every_encounter_field_is_reset_moved_or_kept_by_an_advance() -> None:
    """The Turn under way (its actions, penalty, reaction) ends whole when the track moves."""
    per_turn = {n for n, _ in ENCOUNTER_PER_TURN}
    twice, named = _classified(per_turn, ENCOUNTER_STEP, ENCOUNTER_LASTING)
    assert twice == [], f"classified twice in rules/engine/opportunity.py: {twice}"
    fields = set(Encounter.model_fields)
    unclassified, stale = sorted(fields - set(named)), sorted(set(named) - fields)
    assert unclassified == [], (
        f"Encounter fields {unclassified}: per turn (ENCOUNTER_PER_TURN) or kept "
        "(ENCOUNTER_LASTING)? say which in rules/engine/opportunity.py"
    )
    assert stale == [], f"rules/engine/opportunity.py names no Encounter field {stale}"
    assert ("turn", None) in ENCOUNTER_PER_TURN


def _before_a_quick_advance(stale: dict[str, Any]) -> tuple[Session, SeededDice, str]:
    """A fight whose next Advance is a plain opportunity (the quick step's case), the
    combatant it opens given `stale` values; returns the session, its dice and that id."""
    session, dice = Session(start_encounter()), SeededDice(5)
    session.do(StartCombat(initiators=["c0"]), dice)
    session.do(Advance(), dice)  # the first goes the general way: StartCombat re-keys
    session.do(TakeOpportunity(actor="c0", actions=["Wait"]), dice)
    enc = session.encounter
    time, kind, cid = upcoming(enc, 1)[0]
    assert kind == "act" and not enc.due and not enc.pending
    assert enc.turn is not None  # c0's Wait, never rolled: the Advance closes it
    enc.combatants[cid].__dict__.update(stale)  # as a rule would have left it this turn
    return session, dice, cid


CASES = [{name: value} for name, value in STALE.items()] + [
    {AWARENESS: SURPRISED},
    {**STALE, AWARENESS: SURPRISED},
]


@pytest.mark.parametrize("stale", CASES, ids=lambda s: "+".join(s))
def test_both_paths_reset_each_stale_per_turn_field(stale: dict[str, Any]) -> None:
    """A8 (and A7/A10 for surprise): whatever is left over, the opening clears it, the
    quick step as the general way, with the same log lines; undo brings it back."""
    quick, quick_dice, cid = _before_a_quick_advance(stale)
    general, general_dice, general_cid = _before_a_quick_advance(stale)
    assert (general_cid, dump(general.encounter)) == (cid, dump(quick.encounter))
    before = dump(quick.encounter)
    hits = [0]
    with counting_quick_steps(hits):
        quick_events = [e.text for e in quick.do(Advance(), quick_dice).events]
    with general_path_only():
        general_events = [e.text for e in general.do(Advance(), general_dice).events]
    assert hits == [1], "the quick step was not taken"
    assert quick_events == general_events
    assert dump(quick.encounter) == dump(general.encounter)
    for session in (quick, general):
        c = session.encounter.combatants[cid]
        assert session.encounter.due == [cid]
        for name, fresh in ENCOUNTER_PER_TURN:
            assert getattr(session.encounter, name) == fresh, name
        for name, fresh in PER_TURN:
            assert getattr(c, name) == fresh, name
        assert c.awareness != SURPRISED
    name = quick.encounter.combatants[cid].name
    assert quick_events[-1].endswith(f"Action Opportunity for {name}")
    if "held_action" in stale:
        assert f"{name}'s held Wait lapses (A8)" in quick_events
    if AWARENESS in stale:
        assert quick.encounter.combatants[cid].awareness == AWARE
        assert f"{name} is no longer surprised" in quick_events
    quick.undo()
    assert dump(quick.encounter) == before


def test_the_opening_line_is_written_in_one_place() -> None:
    """No second copy of the opening's log line to drift from the first."""
    writers = sorted(
        str(path.relative_to(RULES))
        for path in RULES.rglob("*.py")
        if ": Action Opportunity for " in path.read_text(encoding="utf-8")
    )
    assert writers == ["engine/opportunity.py"]


def test_combat_ends_with_every_per_turn_field_fresh() -> None:
    """A8: the combat's edge ends the turn too, by the same table: a per-turn field
    added to PER_TURN is reset when combat ends without a second list to update."""
    session, dice, cid = _before_a_quick_advance(STALE)
    before = dump(session.encounter)
    session.do(EndCombat(outcome="retreat"), dice)
    enc = session.encounter
    assert enc.turn is None and not enc.in_combat
    for c in enc.combatants.values():
        for name, fresh in PER_TURN:
            assert getattr(c, name) == fresh, (c.id, name)
    session.undo()
    assert dump(session.encounter) == before
