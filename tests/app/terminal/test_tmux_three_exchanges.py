"""The demo's first three exchanges in a real terminal, with issue 14's defaults.

`tracker --demo --seed 1` under tmux (120×40), keys as a GM types them: each
attack is `a` (the opportunity, its attack highlighted), Enter (taken),
Enter (the attack at the default target), then Enter on the parry question
(default: no parry) when the target may parry, and Enter on the damage.
Each dialog is waited for by its title before its key is sent, and the save
read at the end holds the three attacks and their wounds. Bounded: every wait
times out at 20 s; skipped where tmux is not installed.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rules.saves.store import load_session
from tests.support.tmux import TMUX, Terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

OPPORTUNITY, ATTACK, PARRY, DAMAGE = (
    "Action Opportunity at",
    "attacks with",
    "may parry",
    "Damage to",
)


def step(term: Terminal, key: str, *then: str) -> None:
    """Send one key, then wait until the screen shows what it opens."""
    term.keys(key)
    if then:
        term.wait_for(*then)


def attack(term: Terminal, parry: bool) -> int:
    """One common attack from "acts now" to the wound; the keys it took."""
    step(term, "a", OPPORTUNITY)
    step(term, "Enter", ATTACK)
    if parry:
        step(term, "Enter", PARRY)
        step(term, "Enter", DAMAGE)
    else:
        step(term, "Enter", DAMAGE)
    term.keys("Enter")
    term.wait_for(DAMAGE, gone=True)
    return 5 if parry else 4


def test_three_exchanges_with_the_defaults(terminal: tuple[Terminal, Path]) -> None:
    term, saves = terminal
    term.wait_for("The card game", "Dinzis the Ukar")
    step(term, "b", "Begin combat")  # the selected (Dinzis, the demo's starter) is ticked
    step(term, "Enter", "Combat begins: Dinzis the Ukar starts")
    keys = [attack(term, parry=True)]  # Dinzis's knife at Kans, who may parry (A10)
    term.wait_for("Kans the Scraver takes a Graze")
    step(term, "n", "Kans the Scraver acts")
    keys.append(attack(term, parry=False))  # Kans's pistol at Dinzis: no parry asked
    term.wait_for("Dinzis the Ukar takes a Gore")
    keys.append(attack(term, parry=True))  # Dinzis again, tied at 3 (R5)
    term.wait_for("Kans the Scraver takes a Wound")
    assert keys == [5, 4, 5]
    term.keys("q")
    deadline = time.monotonic() + 20
    while term.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not term.running(), "q did not quit"
    (save,) = saves.glob("*.json")
    enc = load_session(save).encounter
    assert [w.level for w in enc.combatants["kans"].wounds] == ["Graze", "Wound"]
    assert [w.level for w in enc.combatants["dinzis"].wounds] == ["Gore"]
    assert not enc.pending
    assert not any("to confirm" in e.text for e in enc.log)  # one line per hit
