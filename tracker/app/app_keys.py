"""Where the app's own keys act: the session's keys on the main screen alone.

u U ctrl+s o m ? a r s k and q are bound on the app, so Textual asks the app's
`check_action` for each on every screen. Under a form none acts (nor q: it
types into the form); away from the main screen, or with no save open, the
session's keys do nothing; on it, a key the rules would refuse now is greyed.
"""

from __future__ import annotations

from textual.screen import ModalScreen, Screen

from tracker.actions.registry import by_call

SESSION_ACTIONS = {"undo", "redo", "save_as", "open", "toggle_dice", "help", "act"}


def app_key_state(
    action: str, parameters: tuple[object, ...], screen: Screen[object], *, opened: bool
) -> bool | None:
    """Textual's `check_action` answer for an app key on `screen`: True acts, False
    hides, None greys; `opened`: a save is loaded or on its way."""
    if action in SESSION_ACTIONS or action == "quit":
        if isinstance(screen, ModalScreen):
            return False
    if action in SESSION_ACTIONS and action != "help":
        from tracker.screens.main import MainScreen

        if not (opened and isinstance(screen, MainScreen)):
            return False
        entry = by_call(action, parameters)  # greyed while the rules would refuse it
        if entry is not None and screen.refusal(entry) is not None:
            return None
    return True
