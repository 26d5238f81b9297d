"""The keys about one combatant (or every marked row): + t c T delete enter.

An entry's `dialog` (w h l f) opens through `open_dialog`. With rows marked (space in
the roster), those and delete act on all of them
as one Batch (tracker.actions.marked_rows); otherwise on the selected combatant, when
`tracker.actions.key_reasons` says the moment allows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.model.state import Encounter
    from tracker.host.action_host import ScreenHost


def open_dialog(host: ScreenHost, action: str, dialog: str) -> None:
    """An entry's `dialog` ("module:Class", imported when first asked for: startup never
    pays for it) about the marked rows or the selected combatant."""
    from importlib import import_module

    module, name = dialog.split(":")
    about_selected(host, action, getattr(import_module(module), name))


def about_selected(host: ScreenHost, action: str, dialog: Callable[[Encounter, str], Any]) -> None:
    """The dialog about the marked rows (one Batch), else about the selected combatant."""
    from tracker.actions.marked_rows import ask_marked

    if host.tracker.session is not None and ask_marked(host, dialog):
        return  # the marked rows: one Batch (the rules judge each part)
    if host.allowed(action):
        assert host.selected is not None  # `reasons` refuses it with nobody selected
        host.ask(dialog(host.encounter, host.selected))


def add(host: ScreenHost) -> None:
    from tracker.modals.combatant_form import CombatantForm

    host.ask(CombatantForm(host.encounter, None), lambda command: _added(host, command))


def _added(host: ScreenHost, command: Any) -> None:
    """Run the add; a PC added to a party's encounter is asked whether it joins it."""
    from tracker.party.joining import offer_to_join

    before = set(host.encounter.combatants)
    if host.tracker.run_command(command):
        offer_to_join(host.tracker, before)


def add_template(host: ScreenHost) -> None:
    """t: a sheet from the roster templates, N numbered copies ("X 2")."""
    from rules.model.commands import AddCombatant
    from tracker.files.demo import ROSTER_DIR  # built in; the GM's own in <saves>/roster
    from tracker.modals.templates import TemplatePicker

    def added(combatant: Any) -> None:
        awareness, count = combatant.awareness, picker.count
        _added(host, AddCombatant(combatant=combatant, awareness=awareness, count=count))

    picker = TemplatePicker(host.tracker.saves_dir / "roster", host.encounter, builtin=ROSTER_DIR)
    host.ask(picker, added)


def duplicate(host: ScreenHost) -> None:
    if host.allowed("duplicate"):
        from rules.model.commands import DuplicateCombatant

        assert host.selected is not None
        host.tracker.run_command(DuplicateCombatant(id=host.selected))


def save_template(host: ScreenHost) -> None:
    """T: the selected combatant's sheet back to the roster (t adds it again)."""
    if host.allowed("save_template"):
        from tracker.actions.marked_rows import save_template as save

        assert host.selected is not None
        save(host, host.selected)


def remove(host: ScreenHost) -> None:
    """delete: asks first; with rows marked, one question for all of them."""
    from tracker.actions.marked_rows import remove_marked

    if host.tracker.session is not None and remove_marked(host):
        return
    if not host.allowed("remove"):
        return
    from rules.model.commands import RemoveCombatant
    from tracker.modals.confirm import Confirm

    cid = host.selected
    assert cid is not None
    name = host.encounter.combatants[cid].name

    def removed(yes: bool) -> None:
        if yes:
            host.tracker.run_command(RemoveCombatant(id=cid))

    host.ask(Confirm(f"Remove {name} from the encounter? (u undoes it)"), removed)


def edit(host: ScreenHost) -> None:
    if host.allowed("edit"):
        from tracker.modals.combatant_form import CombatantForm

        host.ask(CombatantForm(host.encounter, host.selected))
