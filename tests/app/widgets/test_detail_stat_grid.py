"""The detail pane's base and effective stats keep a space between any two figures, how
large a wound has made the penalty (A9): 348 WP read `eff -112-110-113` (issue 27)."""

from __future__ import annotations

from rules.model.state import Combatant
from tracker.widgets.detail import stat_grid


def test_large_penalties_stay_apart_and_in_their_columns() -> None:
    c = Combatant(
        id="k", name="Kans", stats={"Strength": 4, "Dexterity": 6, "Wits": 3}, bleed_wp=348
    )  # A9: 348 // 3 = 116 off every stat
    names, base, eff = (line.plain for line in stat_grid(c))
    assert eff.split() == ["eff", "-112", "-110", "-113"]
    assert base.split() == ["base", "4", "6", "3"]
    assert len(names) == len(base) == len(eff)  # one column width for all three lines
    assert [names.index("Str") + 3, names.index("Dex") + 3] == [
        eff.index("-112") + 4,
        eff.index("-110") + 4,
    ]  # each stat's name right over its figures


def test_ordinary_stats_keep_their_four_wide_columns() -> None:
    c = Combatant(id="k", name="Kans", stats={"Strength": 4, "Dexterity": 6}, bleed_wp=3)
    names, base, eff = (line.plain for line in stat_grid(c))
    assert (names, base, eff) == ("       Str Dex", "base     4   6", "eff      3   5")
