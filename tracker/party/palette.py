"""The party screen's palette commands (ctrl+p): the same actions as its keys, by name.

The screen's provider (`PartyCommands`, in tracker.party.screen) asks
`party_entries`; the screen is read here as `PartyActions`, never imported (it
imports this module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rules.model.party import Party
    from tracker.host.palette_entries import Entry


class PartyActions(Protocol):
    """The party screen as its palette reads it: the party, the highlighted character,
    and the actions its keys run."""

    @property
    def party(self) -> Party: ...

    @property
    def selected(self) -> str | None: ...

    def action_new_day(self) -> None: ...

    def action_rest(self) -> None: ...

    def action_pass_time(self) -> None: ...

    def action_add(self) -> None: ...

    def action_add_pcs(self) -> None: ...

    def action_undo_change(self) -> None: ...

    def action_care(self) -> None: ...

    def action_luck(self) -> None: ...

    def action_template(self) -> None: ...

    def action_remove(self) -> None: ...


def party_entries(s: PartyActions) -> list[Entry]:
    """Every party command; the character's name theirs when one is highlighted."""
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
