"""The keys for what is shown: the log read back (`[` `]` `{` `}`) and exported (`x`),
and what the players' screen shows (`v` `V` and the palette's toggles).

Paging only moves the view; the players' keys build ordinary commands
(tracker.players.controls), undoable and judged by the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tracker.host.action_host import ScreenHost


def log_page(host: ScreenHost, pages: int) -> None:
    """`[` / `]`: a page older / newer in the log."""
    host.event_log.scroll_page(pages)


def log_edge(host: ScreenHost, oldest: bool) -> None:
    """`{` / `}`: the log's first line / back to the newest."""
    host.event_log.scroll_to_edge(oldest)


def export_log(host: ScreenHost) -> None:
    """`x`: the log as Markdown beside the save file; says where it went."""
    if not host.allowed("export_log"):
        return
    from tracker.widgets.log_markdown import export_path, write_log

    app = host.tracker
    assert app.session is not None
    enc = app.session.encounter
    path = export_path(app.save_path, app.saves_dir, enc.name)
    try:
        write_log(enc, path)
    except OSError as error:
        host.notify(f"cannot write {path}: {error.strerror}", severity="error")
        return
    host.notify(f"Log exported to {path}", title="Exported", timeout=4)


def players(host: ScreenHost, what: str) -> None:
    """v / V and the palette: what the players' screen shows (tracker.players.controls)."""
    from tracker.players.controls import command_for

    if host.tracker.session is None:
        return
    command = command_for(host.encounter, what, host.selected)
    if isinstance(command, str):
        host.notify(command, title="Not now", severity="warning")
    else:
        host.tracker.run_command(command)
