"""T saves the selected combatant's sheet to <saves>/roster (asking before it replaces a
file there), and t adds N numbered copies of a template at once, one undo."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tests.support.demo import SIZE, begin, demo_app
from tests.support.modal_host import until
from tracker.app.commands_palette import TrackerCommands
from tracker.modals.confirm import Confirm
from tracker.modals.templates import TemplatePicker, load_template
from tracker.screens.main import MainScreen


async def test_T_saves_the_sheet_and_asks_before_replacing(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        kans = enc.combatants["kans"]
        kans.luck = 3  # combat's doing: not part of a template
        await pilot.press("home", "down", "T")
        path = tmp_path / "roster" / "kans-the-scraver.json"
        await until(pilot, path.exists)
        saved = load_template(path)
        assert saved.name == kans.name and saved.skills == kans.skills
        assert saved.actions == kans.actions and saved.luck == 0 and saved.ttu is None
        titles = [title for title, _, _ in TrackerCommands(app.screen).entries()]
        assert f"Save {kans.name} to the roster as a template" in titles
        path.write_text("{}", encoding="utf-8")
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        assert path.read_text(encoding="utf-8") == "{}"  # kept: the GM said no
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: path.read_text(encoding="utf-8") != "{}")
        assert load_template(path).name == kans.name
        assert not list(path.parent.glob("*.tmp"))  # the atomic write left nothing behind


async def test_t_adds_four_numbered_copies_each_reacting_one_undo(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await begin(pilot)
        enc = app.session.encounter
        before = set(enc.combatants)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        picker = app.screen
        list_names = [t.combatant.name for t in picker.templates if t.combatant]
        assert "Decados guard" in list_names
        index = next(
            i
            for i, t in enumerate(picker.templates)
            if t.combatant and t.combatant.name == "Decados guard"
        )
        picker.query_one("#templates").highlighted = index
        picker.query_one("#count", Input).value = "4"
        hint = picker.query_one("#copies", Static)
        await until(pilot, lambda: "Decados guard 1 … Decados guard 4" in str(hint.content))
        picker.action_submit()  # type: ignore[attr-defined]
        await until(pilot, lambda: len(enc.combatants) == len(before) + 4)
        added = [c for cid, c in enc.combatants.items() if cid not in before]
        assert [c.name for c in added] == [f"Decados guard {n}" for n in (1, 2, 3, 4)]
        assert all(c.ttu is not None for c in added)  # R8: each rolled its reaction
        joins = [e for e in enc.log if e.kind == "join"]
        assert len(joins) >= 4
        await pilot.press("u")
        await until(pilot, lambda: set(enc.combatants) == before)


async def test_a_count_out_of_range_is_refused_under_its_field(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TemplatePicker))
        app.screen.query_one("#count", Input).value = "0"
        await pilot.pause()
        command, errors = app.screen.validate_form()  # type: ignore[attr-defined]
        assert command is None and errors == {"count": "how many: 1 to 20, got 0"}
