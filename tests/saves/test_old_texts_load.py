"""A save from before the one text rule (schema 5) opens though a text in it breaks the
rule now (issue 23): the luck reason 'for x\\u202eevil\\x01y', which the `l` dialog took
then, became a refusal of the whole file ('history.done[0].command.luck.reason: has a
control character'). The migration puts U+FFFD where each such character was, in the
command, the state and the log line alike, so the fight opens and undoes exactly."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from rules.model.plain_text import problem
from rules.saves.store import load_session

OLD = Path(__file__).parent / "old_saves" / "v5_luck_reason_with_controls.json"


def test_an_old_reason_with_a_bidi_mark_and_a_control_opens_cleaned(tmp_path: Path) -> None:
    raw = json.loads(OLD.read_text("utf-8"))
    assert raw["schema_version"] == 5
    assert raw["history"]["done"][0]["command"]["reason"] == "for x\u202eevil\x01y"
    path = tmp_path / "old.json"
    shutil.copyfile(OLD, path)
    session = load_session(path)
    (step,) = session.done
    assert step.command.reason == "for x\ufffdevil\ufffdy"  # type: ignore[union-attr]
    assert "for x\ufffdevil\ufffdy" in session.encounter.log[-1].text
    assert not problem(session.encounter.log[-1].text)
    assert session.encounter.combatants["c1"].luck == 1
    session.rebuild_journals()  # the cleaned history replays to the state that was saved
    session.undo()
    assert session.encounter.combatants["c1"].luck == 0
