"""The party screen's palette commands (ctrl+p): the same actions as its keys, by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tracker.palette_entries import Entry, EntryProvider

if TYPE_CHECKING:
    from tracker.screens.party import PartyScreen


class PartyCommands(EntryProvider):
    """Offered on the party screen only; the character's commands name it."""

    def entries(self) -> list[Entry]:
        from tracker.screens.party import PartyScreen

        screen = self.screen
        if not isinstance(screen, PartyScreen):
            return []
        s: PartyScreen = screen
        cid = s.selected
        who = s.party.characters[cid].name if cid is not None else ""
        out: list[Entry] = [
            ("Party: new day", s.action_new_day, "C1: fresh chance dice, lockouts cleared (N)"),
            ("Party: rest", s.action_rest, "A5: everyone's exhaustion cleared (r)"),
            ("Party: pass time", s.action_pass_time, "bleeding, effects, demise checks (P)"),
            ("Party: add a character from the roster", s.action_add, "(+)"),
            ("Party: add the open encounter's PCs", s.action_add_pcs, "(E)"),
            ("Party: undo the last change", s.action_undo_change, "write-backs too (u)"),
        ]
        if cid is not None:
            out += [
                (f"Party: heal or staunch {who}", s.action_care, "R13, A5 (h)"),
                (f"Party: luck for {who}", s.action_luck, "C2 (l)"),
                (f"Party: save {who} as a roster template", s.action_template, "sheet only (T)"),
                (f"Party: {who} leaves the party", s.action_remove, "asks first (delete)"),
            ]
        return out
