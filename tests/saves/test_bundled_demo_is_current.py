"""The bundled demo and roster are written by today's schema (`python -m tracker.files.demo`).

An older demo still opens through the migrations, but it misses the first frame's
quick path, which reads only a current save (`make bench`'s startup_ratio went
1.28 -> 1.51 when three schema bumps left the demo at schema 2).
"""

from __future__ import annotations

import json

from rules.model.state import SCHEMA_VERSION, Combatant
from tracker.files.demo import BUNDLED, DEMO_PATH, build_demo, roster_templates, template_json


def test_the_bundled_demo_is_at_today_s_schema() -> None:
    saved = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    assert saved["schema_version"] == SCHEMA_VERSION
    assert saved["encounter"]["combatants"] == build_demo().model_dump(mode="json")["combatants"]


def test_the_bundled_roster_is_today_s_sheets() -> None:
    for stem, combatant in roster_templates().items():
        text = (BUNDLED / "roster" / f"{stem}.json").read_text(encoding="utf-8")
        assert text == template_json(combatant), stem
        Combatant.model_validate_json(text)
