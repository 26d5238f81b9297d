"""Dialog lines wrap between names and formulas, never inside one; A2's level names read well.

The attack dialog's "May react (A10)" and dodge lines used to split
"Scraver thug 2" after "thug" and leave "13" alone under "= -1 ≤ now".
The WP column cut "Eviscerate" to "Evisce", and the log said "takes a
Eviscerate".
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.engine.apply import apply
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import ApplyWound
from rules.model.state import Encounter
from tests.support.act_fixtures import lio
from tracker.modals.act.kept_line import KeptLine, keep, pack
from tracker.widgets.roster_columns import wp_text

NAMES = ["Kans the Scraver", "Scraver thug", "Scraver thug 2", "Vell"]


def reactors() -> str:
    return "May react (A10): " + ", ".join(keep(n) for n in NAMES)


def test_pack_breaks_only_between_kept_units() -> None:
    for width in range(20, 60):
        lines = pack(reactors(), width)
        assert (
            " ".join(lines)
            == "May react (A10): Kans the Scraver, Scraver thug, Scraver thug 2, Vell"
        )
        for line in lines:
            assert not line.startswith(("2", "thug", "the ")), (width, lines)
            assert len(line) <= width


def test_a_formula_wraps_whole() -> None:
    text = "Markon may dodge (A10): " + keep("TTU 12 − Dodge 13 = -1 ≤ now 13")
    assert pack(text, 30) == ["Markon may dodge (A10):", "TTU 12 − Dodge 13 = -1 ≤ now 13"]


class Narrow(App[None]):
    CSS = "KeptLine { width: 30; }"

    def compose(self) -> ComposeResult:
        yield KeptLine(reactors(), markup=False)


async def test_the_widget_draws_the_packed_lines() -> None:
    app = Narrow()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        line = app.query_one(KeptLine)
        assert line.size.height == len(pack(reactors(), 30))
        assert str(line.render()).splitlines() == pack(reactors(), 30)


def test_eviscerate_reads_an_and_fits_the_wp_column_A2() -> None:
    enc = Encounter(combatants={"lio": lio(ttu=0)})
    applied = apply(enc, ApplyWound(target="lio", wound_points=6), ScriptedDice([]))
    said = " ".join(e.text for e in applied.events)
    assert "takes an Eviscerate (6 WP)" in said
    cell = wp_text(enc.combatants["lio"])
    assert cell == "6 Evisc." and len(cell) <= 9
