"""ctrl+e with roster rows marked: the marked combatants' effects, a shared name off all of
them at once (one Batch: one undo), or one effect alone (issue 15). Before, ctrl+e acted on
the selected row only, whatever was marked."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from rules.model.effect_commands import AddEffect
from tests.support.demo import SIZE, demo_app
from tests.support.modal_host import until
from tracker.modals.effect_remove import RemoveEffectDialog
from tracker.screens.main import MainScreen


def _stun(app: object, *ids: str, name: str = "Stunned") -> None:
    app.run_command(AddEffect(targets=list(ids), name=name))  # type: ignore[attr-defined]


def _lines(app: object) -> list[str]:
    options = app.screen.query_one("#effects", OptionList)  # type: ignore[attr-defined]
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_a_name_shared_by_the_marked_comes_off_all_of_them_in_one_undo(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        _stun(app, "dinzis", "kans", "molin")
        _stun(app, "kans", name="Prone")
        await pilot.press("home", "down", "space", "down", "space")  # Kans and the Baron
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, RemoveEffectDialog))
        title = str(app.screen.query_one(".dialog-title", Static).content)
        assert title.endswith("2 marked: Kans the Scraver, Baron Molin Decados")
        lines = _lines(app)
        assert lines[0] == "Stunned on 2 marked: Kans the Scraver, Baron Molin Decados"
        assert [line.split(":")[0] for line in lines[1:]] == [
            "Kans the Scraver",
            "Kans the Scraver",
            "Baron Molin Decados",
        ]
        await pilot.press("enter")
        await until(pilot, lambda: not enc.combatants["molin"].effects)
        assert [e.name for e in enc.combatants["kans"].effects] == ["Prone"]
        assert [e.name for e in enc.combatants["dinzis"].effects] == ["Stunned"]  # not marked
        await pilot.press("u")  # one undo puts both back
        await until(pilot, lambda: bool(enc.combatants["molin"].effects))
        assert [e.name for e in enc.combatants["kans"].effects] == ["Stunned", "Prone"]


async def test_one_effect_of_one_marked_and_none_to_remove(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter
        await pilot.press("home", "down", "space", "down", "space")  # Kans and the Baron
        await pilot.press("ctrl+e")  # neither has an effect: said, no dialog
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        _stun(app, "molin", name="Blinded")
        _stun(app, "dinzis", name="Blinded")  # Dinzis is not marked: not offered
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, RemoveEffectDialog))
        assert _lines(app) == ["Baron Molin Decados: Blinded until removed"]
        await pilot.press("enter")
        await until(pilot, lambda: not enc.combatants["molin"].effects)
        assert [e.name for e in enc.combatants["dinzis"].effects] == ["Blinded"]
