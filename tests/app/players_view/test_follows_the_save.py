"""The players' screen follows the GM's save: it starts on it, shows each new save within a
second (written by a thread the way autosave writes, or by another process), and survives a
truncated write and a deleted file, keeping the last good state until the save is back."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from rules.mechanics.dice import ScriptedDice
from rules.model.visibility_commands import SetReveal
from rules.saves.store import load_session, save_session
from tests.support.players_view import FOE, saved_fight, screen_text, wait_until
from tracker.players.view.app import WAITING, PlayersView


async def test_it_starts_on_the_save(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        text = screen_text(app)
        assert "acts now" in text and "Dinzis" in text and "Kans" in text and "Unknown A" in text
        assert WAITING not in text


async def test_a_save_from_another_thread_shows_within_a_second(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        assert FOE not in screen_text(app)
        gm = load_session(path)  # the GM's session, saving as autosave does
        gm.do(SetReveal(id="c2", reveal="name"), ScriptedDice())
        writer = threading.Thread(target=save_session, args=(gm, path))
        writer.start()
        writer.join()
        await wait_until(pilot, lambda: FOE in screen_text(app), timeout=1.0)


async def test_a_save_from_another_process_shows(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    app = PlayersView(path)
    script = (
        "import sys; from pathlib import Path;"
        "from rules.saves.store import load_session, save_session;"
        "from rules.mechanics.dice import ScriptedDice;"
        "from rules.model.visibility_commands import SetReveal;"
        "p = Path(sys.argv[1]); s = load_session(p);"
        "s.do(SetReveal(id='c2', reveal='name'), ScriptedDice()); save_session(s, p)"
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)
        await wait_until(pilot, lambda: FOE in screen_text(app), timeout=2.0)


async def test_a_truncated_write_keeps_the_last_state_and_says_it_waits(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)
    good = path.read_bytes()
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        path.write_bytes(good[: len(good) // 2])  # half a file, written in place
        await wait_until(pilot, lambda: WAITING in screen_text(app))
        assert app.waiting and "Dinzis" in screen_text(app)  # the last good state stays
        path.write_bytes(good)  # the rest of it arrives
        await wait_until(pilot, lambda: not app.waiting and WAITING not in screen_text(app))


async def test_a_deleted_file_waits_then_recovers(tmp_path: Path) -> None:
    path, session = saved_fight(tmp_path)
    app = PlayersView(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.drawn_revision >= 1)
        shown = app.drawn_revision
        os.replace(path, tmp_path / "away.json")  # briefly missing (a sync tool, a move)
        await wait_until(pilot, lambda: WAITING in screen_text(app))
        assert "Kans" in screen_text(app)
        session.do(SetReveal(id="c2", reveal="name"), ScriptedDice())
        save_session(session, tmp_path / "new.json")
        os.replace(tmp_path / "new.json", path)
        # drawn_revision moves after the frame that shows the new state: wait for it too
        await wait_until(
            pilot,
            lambda: FOE in screen_text(app) and not app.waiting and app.drawn_revision > shown,
        )


async def test_a_file_that_never_was_a_save_only_waits(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    path.write_text("{not json")
    app = PlayersView(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.waiting)
        assert WAITING in screen_text(app) and app.view is None


async def test_a_file_name_that_reads_as_markup_is_shown_as_it_is(tmp_path: Path) -> None:
    """The hunt's `b [x=1:2].json`: the banner parsed the name as markup and the view
    exited with a MarkupError (a served one stopped drawing); `[draft]` vanished."""
    path = tmp_path / "b [x=1:2] [draft].json"
    path.write_text("{not json")
    app = PlayersView(path)
    async with app.run_test(size=(120, 24)) as pilot:
        await wait_until(pilot, lambda: app.waiting)
        assert "b [x=1:2] [draft].json" in screen_text(app)
