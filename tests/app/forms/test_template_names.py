"""Roster templates keep names unique: the same template twice joins as "X" then "X 2",
and a template whose weapon rolls on a stat its sheet lacks cannot be picked (A1)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

from rules.model.state import Combatant, Encounter
from tests.support.modal_host import Host, until
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.modals.templates import TemplatePicker
from tracker.screens.main import MainScreen
from tracker.widgets.track_layout import short_names


async def add_first_template(pilot: Pilot[None], app: TrackerApp, count: int) -> None:
    """t, then enter takes the first template (the Decados guard)."""
    await pilot.press("t")
    await until(pilot, lambda: type(app.screen).__name__ == "TemplatePicker")
    await pilot.press("enter")
    await until(pilot, lambda: len(app.session.encounter.combatants) == count)
    await until(pilot, lambda: isinstance(app.screen, MainScreen))


async def test_the_same_template_twice_joins_as_a_numbered_name(tmp_path: Path) -> None:
    app = make_app(demo=True, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await add_first_template(pilot, app, 4)
        await add_first_template(pilot, app, 5)
        enc = app.session.encounter
        names = [c.name for c in enc.combatants.values()][-2:]
        assert names == ["Decados guard", "Decados guard 2"]
        labels = short_names(enc)
        assert len({labels[cid] for cid in list(enc.combatants)[-2:]}) == 2  # told apart
        assert labels[list(enc.combatants)[-1]] == "Decados 2"  # no cut name nobody has


async def test_the_picker_says_which_name_a_template_joins_as(tmp_path: Path) -> None:
    guard = {"name": "Decados guard", "skills": {"Melee": 5}}
    (tmp_path / "guard.json").write_text(json.dumps(guard), encoding="utf-8")
    taken = Combatant(id="c1", name="decados guard")
    app = Host(TemplatePicker(tmp_path, Encounter(combatants={"c1": taken}, next_id=2)))
    async with app.run_test(size=(100, 30)) as pilot:
        option = app.screen.query_one("#templates", OptionList).get_option_at_index(0)
        assert "Decados guard (enemy, guard.json) → joins as Decados guard 2" in str(option.prompt)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    (picked,) = app.results
    assert isinstance(picked, Combatant) and picked.name == "Decados guard 2"


async def test_a_template_rolling_on_a_missing_stat_cannot_be_picked_A1(tmp_path: Path) -> None:
    clumsy = {
        "name": "Clumsy",
        "stats": {"Strength": 6, "Wits": 4},
        "weapons": [{"name": "club", "skill": "Melee"}],  # the default stat: Dexterity
    }
    (tmp_path / "clumsy.json").write_text(json.dumps(clumsy), encoding="utf-8")
    app = Host(TemplatePicker(tmp_path))
    async with app.run_test(size=(100, 30)):
        option = app.screen.query_one("#templates", OptionList).get_option_at_index(0)
        assert option.disabled
        assert "weapon 'club' rolls on 'Dexterity', a stat Clumsy does not have" in str(
            option.prompt
        )
