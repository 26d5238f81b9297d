"""Running a registry action: from its key (through the app's `run_action`) or the palette.

A key bound to a registry action with a `run` function reaches it here with
the screen the key was pressed on as the host; Textual's own dispatch (an
`action_*` method) stays for the app's keys and everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.actions import parse

from tracker.actions.registry import by_call

if TYPE_CHECKING:
    from textual.actions import ActionParseResult
    from textual.dom import DOMNode

    from tracker.actions.registry import GMAction
    from tracker.host.action_host import ScreenHost


def run_now(action: GMAction, host: ScreenHost, app: Any) -> None:
    """Do the action at once (the palette's entry): its function, or the app's method
    (the app's palette actions are all plain methods: undo, redo, open, save as, dice)."""
    if action.run is not None:
        action.run(host, *action.params)
    else:
        getattr(app, f"action_{action.name}")(*action.params)


def dispatch(action: str | ActionParseResult, namespace: DOMNode | None) -> bool | None:
    """Run a key's registry action on its screen: True if it ran, False if the screen's
    `check_action` refused it now, None if it is not one (Textual dispatches it)."""
    if not getattr(namespace, "hosts_gm_actions", False):
        return None  # another screen's key of the same name (the party screen's own)
    if isinstance(action, str):
        _target, name, params = parse(action)
    else:
        _target, name, params = action
    if _target:
        return None  # "app.x" / "screen.x": Textual's
    entry = by_call(name, tuple(params))
    if entry is None or entry.run is None:
        return None
    assert namespace is not None
    if not namespace.check_action(name, tuple(params)):
        return False
    entry.run(cast("ScreenHost", namespace), *params)  # the main screen: hosts_gm_actions
    return True
