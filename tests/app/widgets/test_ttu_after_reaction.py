"""An opened opportunity whose TTU has moved on shows the number, not `now` (A10, R5).

Lio's opportunity is open at 13; a reaction paid from it (a parry or dodge,
A10) moves his TTU to 16 while he stays due. Roster and detail both say 16,
as the opportunity dialog does (`at 13 (TTU 16)`); `now` is kept for a TTU
that is the current time.
"""

from __future__ import annotations

from rich.console import Console

from rules.model.state import Encounter
from tests.support.act_fixtures import lio, markon
from tracker.widgets.detail import describe
from tracker.widgets.roster_columns import row_cells


def opened_at_13(ttu: int) -> Encounter:
    return Encounter(
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={"lio": lio(ttu=ttu), "markon": markon(ttu=16)},
    )


def head(enc: Encounter) -> str:
    console = Console(width=120, record=True)
    console.print(describe(enc.combatants["lio"], enc))
    return console.export_text().splitlines()[0]


def test_moved_on_while_due_shows_the_ttu_in_roster_and_detail_A10() -> None:
    enc = opened_at_13(16)
    assert row_cells(enc.combatants["lio"], enc)["ttu"] == "16"
    assert "TTU 16 (opportunity open)" in head(enc)
    assert "now" not in head(enc)


def test_due_at_the_current_time_still_says_now() -> None:
    enc = opened_at_13(13)
    assert row_cells(enc.combatants["lio"], enc)["ttu"] == "now"
    assert "TTU now" in head(enc) and "opportunity open" not in head(enc)
