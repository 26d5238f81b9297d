"""The modals that read or write files, hosted in a bare app as in test_modals.py:
save as (names refused by why), the saves list (newest first, a broken file
shown but not openable) and the template picker (a bad template listed, not picked).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.widgets import OptionList

from rules.engine.session import Session
from rules.model.state import Combatant, Encounter
from rules.saves.store import save_session
from tests.support.modal_host import Host, shown, type_into, until
from tracker.modals import OpenSave, SaveAs, TemplatePicker

SIZE = (100, 30)  # the bare host's terminal, as in test_modals.py


# --- SaveAs and OpenSave -------------------------------------------------------------
def write_save(path: Path, name: str, dead: bool = False) -> None:
    enc = Encounter(name=name, day=2, combatants={"c1": Combatant(id="c1", name="Kans", dead=dead)})
    save_session(Session(enc), path)


async def test_save_as_adds_json_and_refuses_bad_names(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("shopping list", encoding="utf-8")
    write_save(tmp_path / "fight.json", "The fight")
    app = Host(SaveAs(tmp_path, "ambush"))
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#name").value == "ambush"
        for name, why in (
            ("a/b", "just a file name, without folders (no / or \\)"),
            (".hidden", "a name must not start with a dot (the saves list hides those)"),
            ("notes", "notes.json exists and is not a tracker save"),
        ):
            await type_into(pilot, "#name", name)
            assert shown(app, "name").startswith(why)
            await pilot.press("enter")
            assert app.results == []
        await type_into(pilot, "#name", "fight")
        assert "replaces the save 'The fight'" in str(app.screen.query_one("#target").render())
        await type_into(pilot, "#name", "ambush-2")
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [tmp_path / "ambush-2.json"]


async def test_open_save_lists_newest_first_and_broken_files_unopenable(tmp_path: Path) -> None:
    write_save(tmp_path / "old.json", "Old fight")
    write_save(tmp_path / "new.json", "New fight", dead=True)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    os.utime(tmp_path / "old.json", (1_000_000, 1_000_000))
    os.utime(tmp_path / "broken.json", (2_000_000, 2_000_000))
    app = Host(OpenSave(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one("#saves", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts[0].startswith("New fight  (new.json") and "0/1 alive" in prompts[0]
        assert prompts[1].startswith("broken.json") and "cannot open" in prompts[1]
        assert options.get_option_at_index(1).disabled
        assert prompts[2].startswith("Old fight  (old.json") and "day 2, no combat" in prompts[2]
        await pilot.press("down", "enter")  # the cursor skips the broken file
        await until(pilot, lambda: bool(app.results))
    assert app.results == [tmp_path / "old.json"]


async def test_open_save_empty_folder(tmp_path: Path) -> None:
    app = Host(OpenSave(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        assert shown(app, "form") == f"no saves in {tmp_path}"
        await pilot.press("enter", "escape")
        await until(pilot, lambda: bool(app.results))
    assert app.results == [None]


# --- TemplatePicker ------------------------------------------------------------------
async def test_template_picker_returns_a_combatant_and_lists_bad_files(tmp_path: Path) -> None:
    good = {"name": "Hazat duellist", "skills": {"Melee": 7}, "side": "enemy"}
    (tmp_path / "duellist.json").write_text(json.dumps(good), encoding="utf-8")
    bad = {"name": "Brute", "stats": {"Strength": 40}}
    (tmp_path / "brute.json").write_text(json.dumps(bad), encoding="utf-8")
    app = Host(TemplatePicker(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one("#templates", OptionList)
        first = options.get_option_at_index(0)
        assert first.disabled and "stats.Strength: must be 0–30" in str(first.prompt)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (picked,) = app.results
    assert isinstance(picked, Combatant)
    assert (picked.id, picked.name, picked.skills) == ("duellist", "Hazat duellist", {"Melee": 7})
