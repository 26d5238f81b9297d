"""The react dialog offers a line exactly when the React handler takes its command (A10).

Before, the dialog kept its own copy of A10 and did not ask whether any
action was declared: with nothing to react to it showed ✓ lines, and
enter sent a React the engine refused.
"""

from __future__ import annotations

from rules.engine.checks import why_not
from rules.engine.session import Session
from rules.engine.turns import declared_action
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import React, StartCombat, TakeOpportunity
from tests.support.random_fights import start_encounter
from tracker.modals.act.react import reaction_options


def started() -> Session:
    """Dinzis (c0) and Kans (c1) start at 0; Molin (c2) rolls 1 against Wits 5 (A7)."""
    session = Session(start_encounter())
    session.do(StartCombat(initiators=["c0", "c1"]), ScriptedDice([1]))
    return session


def test_with_nothing_declared_no_line_is_offered_A10() -> None:
    enc = started().encounter
    assert declared_action(enc) is None
    options = reaction_options(enc)
    assert options  # Kans and the others are listed ...
    assert not any(o.allowed for o in options)  # ... but none may react to nothing
    kans = next(o for o in options if o.command == React(reactor="c1", action="Dodge"))
    assert kans.reason == "no action is declared to react to (A10): take an opportunity first"


def test_every_line_says_what_the_engine_says_A10() -> None:
    session = started()
    session.do(
        TakeOpportunity(actor="c0", actions=["Attack", "Wait"], hold="Wait"), ScriptedDice([])
    )
    enc = session.encounter
    options = reaction_options(enc)
    assert {o.reactor.id for o in options} == {"c1", "c2"}  # not the actor (A10)
    for o in options:
        engine = why_not(enc, o.command)
        assert o.allowed == (engine is None)
        if engine is not None:
            assert o.reason == engine
    dodge = next(o for o in options if o.command == React(reactor="c1", action="Dodge"))
    assert dodge.reason == "TTU 0 − Dodge 4 = -4 ≤ now 0 · cost 3 → next at 3"
    wait = next(o for o in options if o.command == React(reactor="c1", action="Wait"))
    assert wait.reason == "Kans has no held action: only dodge or parry may react (A10)"
