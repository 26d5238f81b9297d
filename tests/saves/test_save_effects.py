"""Saves keep effects and reminders (issue 15); a schema-3 save (before them) migrates to 4."""

from __future__ import annotations

import json
from pathlib import Path

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import NewDay
from rules.model.effects import Duration, Effect, EffectModifier, Reminder, Tick
from rules.model.state import SCHEMA_VERSION, Combatant, Encounter
from rules.saves.migrations import migrate, v3_to_v4
from rules.saves.store import load_session, save_session


def _encounter() -> Encounter:
    stunned = Effect(
        id=7,
        name="Stunned",
        modifier=EffectModifier(amount=-2),
        duration=Duration(kind="tu", amount=10),
        start=3,
        ends=13,
    )
    fire = Effect(id=8, name="On fire", tick=Tick(every=5, wp=1, one_wound=True), start=3)
    kans = Combatant(id="kans", name="Kans", effects=[stunned, fire])
    return Encounter(
        combatants={"kans": kans},
        reminders=[Reminder(id=9, text="Reinforcements", at=40)],
        next_id=10,
    )


def test_effects_and_reminders_round_trip_through_a_save(tmp_path: Path) -> None:
    path = tmp_path / "fx.json"
    session = Session(_encounter())
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    loaded = load_session(path)
    assert loaded.encounter == session.encounter
    fire = loaded.encounter.combatants["kans"].effects[1]
    assert fire.tick == Tick(every=5, wp=1, one_wound=True)
    loaded.undo()  # the history base keeps them too
    assert loaded.encounter.reminders == [Reminder(id=9, text="Reinforcements", at=40)]


def test_a_schema_3_save_loads_with_no_effects_and_saves_as_schema_4(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 4  # later schemas (5: the players' screen) upgrade on
    path = tmp_path / "old.json"
    session = Session(Encounter(combatants={"kans": Combatant(id="kans", name="Kans")}))
    session.do(NewDay(), ScriptedDice())
    save_session(session, path)
    data = json.loads(path.read_text())
    for encounter in (data["encounter"], data["history"]["base"]):
        encounter["schema_version"] = 3
        del encounter["reminders"]
        for combatant in encounter["combatants"].values():
            del combatant["effects"]
    data["schema_version"] = 3
    path.write_text(json.dumps(data, indent=1))
    loaded = load_session(path)
    assert loaded.encounter == session.encounter
    assert loaded.encounter.combatants["kans"].effects == [] and loaded.encounter.reminders == []
    save_session(loaded, path)
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION


def test_the_v3_to_v4_step_changes_only_version_numbers() -> None:
    old = {"schema_version": 3, "encounter": {"schema_version": 3, "name": "Old"}}
    old["history"] = {"base": {"schema_version": 3, "name": "Old"}, "done": [], "undone": []}
    upgraded = v3_to_v4(old)
    assert upgraded["schema_version"] == 4
    assert upgraded["encounter"] == {"schema_version": 4, "name": "Old"}
    assert upgraded["history"]["base"] == {"schema_version": 4, "name": "Old"}
    assert old["encounter"]["schema_version"] == 3  # the input is left as it was
    assert migrate({"schema_version": 3, "encounter": [1]}, 3, 4)["encounter"] == [1]
