"""The GM's roster and detail say what the players' screen shows of each being (issue 27).

Before, nothing on the GM's screen told a hidden ambusher from a foe in plain sight:
the GM had to open the players' screen to know. Now a hidden name carries ◌ in the
roster, and the detail says hidden, "Unknown A" (its kept letter), name or numbers.
"""

from __future__ import annotations

from rich.console import Console

from rules.model.state import Combatant, Encounter
from tracker.widgets.detail import describe
from tracker.widgets.roster_columns import HIDDEN, row_cells


def encounter() -> Encounter:
    kans = Combatant(id="kans", name="Kans", side="PC")
    sniper = Combatant(id="sn", name="Sniper", side="enemy", hidden=True)
    raider = Combatant(id="r1", name="Raider", side="enemy", letter="A")
    baron = Combatant(id="b", name="Baron", side="enemy", reveal="name")
    return Encounter(combatants={c.id: c for c in (kans, sniper, raider, baron)}, letters=1)


def detail(enc: Encounter, cid: str) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(describe(enc.combatants[cid], enc))
    return console.export_text()


def test_the_hidden_carry_a_mark_in_the_roster_and_the_others_none() -> None:
    enc = encounter()
    names = {cid: row_cells(c, enc)["name"] for cid, c in enc.combatants.items()}
    assert names == {"kans": "Kans", "sn": HIDDEN + "Sniper", "r1": "Raider", "b": "Baron"}


def test_the_detail_says_what_the_players_see() -> None:
    enc = encounter()
    assert "hidden from the players" in detail(enc, "sn")
    assert "players see Unknown A" in detail(enc, "r1")
    assert "players see its name, not its numbers" in detail(enc, "b")
    assert "players see" not in detail(enc, "kans") and "hidden" not in detail(enc, "kans")
