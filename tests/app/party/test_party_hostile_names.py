"""Names from a party file are shown as they are, never read as markup: a character
named 'Kans [/]' (a valid name) stopped the party screen (its table reads a str cell as
markup) and any toast naming it ('[/]' has nothing to close); '[@click=app.quit]' would
have made a notice an action. The write-back and merge dialogs show them plainly too."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Static
from textual.widgets._toast import Toast

from rules.model.state import Combatant
from rules.party.errors import PartyConflict
from tests.support.modal_host import until
from tests.support.party_ui import party_file, read
from tracker.app.tracker_app import make_app
from tracker.party.keeper import PartyKeeper
from tracker.party.screen import PartyScreen
from tracker.party.write_back import MergePicks, WriteBackDialog

SIZE = (120, 40)
KANS = "Kans [/]"
ULA = "[@click=app.quit]Ula"


def _toasts(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(t.render().plain) for t in app.screen.query(Toast)]


async def test_a_party_of_markup_names_shows_them_and_its_toasts_plainly(tmp_path: Path) -> None:
    kans = Combatant(id="kans", name=KANS, side="PC", exhaustion=1)
    path = party_file(tmp_path, kans, Combatant(id="ula", name=ULA, side="PC"), name="[/]Hawk")
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = PartyScreen(PartyKeeper.open(path))
        await app.push_screen(screen)
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 2)
        await pilot.pause()
        assert str(table.get_cell_at((0, 0))) == KANS
        await pilot.press("r")  # rest: the notice names Kans
        await until(pilot, lambda: read(path).revision == 2)
        await until(pilot, lambda: any(f"{KANS} rests" in t for t in _toasts(app)))
        assert any(t.startswith("[/]Hawk\n") for t in _toasts(app))
        assert app.is_running and app.screen is screen


async def test_the_write_back_and_merge_dialogs_show_markup_names_plainly(tmp_path: Path) -> None:
    app = make_app(None, saves_dir=tmp_path, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        dialog = WriteBackDialog("[/]Hawk", [f"{KANS}: 3 WP", f"{ULA}: 0 WP"])
        app.push_screen(dialog)
        await until(pilot, lambda: app.screen is dialog)
        await pilot.pause()
        assert str(dialog.query_one("#summary", Static).render()) == f"{KANS}: 3 WP\n{ULA}: 0 WP"
        dialog.dismiss(False)
        names = {"kans": KANS, "ula": ULA, "mo": "Mo [b]"}
        conflict = PartyConflict("clash", 1, 2, ["mo"], ["kans"], names, kept=["ula"])
        merge = MergePicks(conflict)
        app.push_screen(merge)
        await until(pilot, lambda: app.screen is merge)
        await pilot.pause()
        shown = "\n".join(str(s.render()) for s in merge.query(Static))
        assert f"Only this encounter changed {KANS}: they take its state." in shown
        assert f"Only the party's change touched {ULA}: they keep it." in shown
        assert app.is_running
