"""The command palette (ctrl+p) offers only what fits the moment.

Its entries are the registry's (tracker.actions.registry), in its order, each
offered only when `tracker.actions.key_reasons.reasons` has no objection: the same
answer that greys the footer's keys, so the palette and the keys never
disagree. Titles name the selected combatant, the pending decision, the party;
each help line ends with the action's key in force (the GM's keymap may move it).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tracker.actions.keymap import key_words
from tracker.actions.registry import ACTIONS
from tracker.actions.run import run_now
from tracker.host.palette_entries import Entry, EntryProvider

if TYPE_CHECKING:
    from rules.model.state import Encounter
    from tracker.host.action_host import ScreenHost


def palette_words(enc: Encounter, selected: str | None, dice_mode: str) -> dict[str, str]:
    """What a title's fields stand for now ({who} the selected's name ...)."""
    settings = enc.settings
    return {
        "who": enc.combatants[selected].name if selected in enc.combatants else "",
        "pending": enc.pending[0].text if enc.pending else "",
        "name": enc.name,
        "party": enc.party.name if enc.party is not None else "",
        "other": "physical" if dice_mode == "virtual" else "virtual",
        "rolls": "off" if settings.open_rolls else "on",
        "ticks": "only when acting" if settings.foe_ticks == "always" else "always",
    }


class TrackerCommands(EntryProvider):
    """Encounter commands for the main screen, filtered by the moment."""

    def entries(self) -> list[Entry]:
        from tracker.actions.key_reasons import reasons
        from tracker.screens.main import MainScreen

        screen = self.screen
        app = screen.app
        if not isinstance(screen, MainScreen) or screen.tracker.session is None:
            return []
        host: ScreenHost = screen
        session = screen.tracker.session
        now = reasons(session, screen.selected, screen.tracker.revision)
        words = palette_words(session.encounter, screen.selected, screen.tracker.dice_mode)
        keys = {i: key_words(k) for i, k in screen.tracker.gm_settings.keys.items()}
        out: list[Entry] = []
        for action in ACTIONS:
            if action.title is None:
                continue
            key = action.refusal_key
            if key is not None and now.get(key) is not None:
                continue
            run = partial(run_now, action, host, app)
            hint = action.hint.format(**words, keys=keys)
            if action.id in keys:
                hint = f"{hint} ({keys[action.id]})".lstrip()
            out.append((action.title.format(**words), run, hint))
        return out
