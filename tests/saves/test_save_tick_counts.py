"""Schema 6: an effect's ticks are saved as a running count; a schema-5 save opens as it was.

Before, a day of a 1-TU poison on six saved 518,400 wounds: 78.6 MiB, which the reader
refuses (over 64 MiB), so the fight was lost. Now each source is one `tick_wp` entry.
A v5 save's wounds from ticks load unchanged (see `rules.saves.migrations.v5_to_v6`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.effect_commands import PassTime
from rules.model.effects import Effect, Tick
from rules.model.state import Combatant, Encounter, TickWP, Wound
from rules.saves.migrations import MIGRATIONS, v5_to_v6
from rules.saves.store import load_session, save_session
from tests.support.passage import DAY, pass_time, tickers


def test_the_v5_migration_is_pure_and_changes_only_versions() -> None:
    data = {
        "format": "fading-suns-tracker",
        "schema_version": 5,
        "encounter": {"schema_version": 5, "name": "Old"},
        "history": {"base": {"schema_version": 5, "name": "Old"}, "done": [], "undone": []},
    }
    before = copy.deepcopy(data)
    upgraded = v5_to_v6(data)
    assert data == before
    assert upgraded["schema_version"] == 6
    assert upgraded["encounter"] == {"schema_version": 6, "name": "Old"}
    assert upgraded["history"]["base"] == {"schema_version": 6, "name": "Old"}
    assert MIGRATIONS[5] is v5_to_v6


def _as_v5(encounter: dict[str, Any]) -> None:
    encounter["schema_version"] = 5
    for c in encounter["combatants"].values():
        del c["tick_wp"]


def test_a_schema_5_save_with_a_wound_a_tick_opens_unchanged(tmp_path: Path) -> None:
    poison = Effect(id=1, name="Poison", tick=Tick(every=1, wp=1))
    old_ticks = [Wound(wp=1, time=t, source="Poison") for t in range(1, 101)]
    c = Combatant(id="c0", name="C0", effects=[poison], wounds=old_ticks, stats={"Wits": 5})
    path = tmp_path / "old.json"
    save_session(Session(Encounter(time=100, combatants={"c0": c})), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["schema_version"] = 5
    _as_v5(data["encounter"])
    _as_v5(data["history"]["base"])
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_session(path)
    c0 = loaded.encounter.combatants["c0"]
    assert c0.wounds == old_ticks and c0.tick_wp == {} and c0.total_wp() == 100
    loaded.do(PassTime(amount=10), ScriptedDice([]))  # today's ticks are counted
    assert c0.tick_wp == {"Poison": TickWP(wp=10, ticks=10)} and c0.total_wp() == 110


def test_a_poisoned_day_on_six_saves_small_and_loads_back(tmp_path: Path) -> None:
    s = tickers(6, every=1, endurance=None)  # no Endurance: no check stops it (R31)
    pass_time(s, DAY)
    path = tmp_path / "day.json"
    save_session(s, path)
    assert path.stat().st_size < 64 * 1024  # before: 78.6 MiB, refused by the reader
    loaded = load_session(path)
    assert loaded.encounter.model_dump(mode="json") == s.encounter.model_dump(mode="json")
    assert loaded.encounter.combatants["c5"].tick_wp == {"Poison": TickWP(wp=DAY, ticks=DAY)}
