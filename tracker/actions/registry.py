"""Every GM action once: its key, its words, its help group, where it acts, what it does.

The main screen's and the app's bindings, the footer (which keys, in which
order), the help screen (grouped by what a GM is doing), the palette (titles
and their help lines) and the keymap (`settings.json`'s "keymap", by id) are
all read from this table. A hint never writes its own key: the palette adds the
key in force (the GM's keymap may have moved it), and names another action's key
as `{keys[undo]}`. A new action is one entry here, its command and
handler in `rules`, and a dialog if it has fields; `tests/app/main_screen/
test_action_registry.py` fails if an entry's pieces do not meet.

`run` is the action's function (tracker/actions/*), given the screen as its
host; an entry without one is an app key whose method lives on the app
(`action_undo`) and runs through Textual as any binding does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from textual.actions import parse
from textual.binding import Binding

from tracker.actions import combatant, fight, track, view

Group = Literal["fight", "combatant", "track", "dice", "saves", "players", "view"]
GROUPS: dict[Group, str] = {  # help's headings, in the order a GM meets them
    "fight": "The fight",
    "combatant": "A combatant (or the marked rows)",
    "track": "The time track: effects, reminders, time",
    "dice": "Dice and rolls",
    "saves": "Saves and the party",
    "players": "The players' screen",
    "view": "View and help",
}


@dataclass(frozen=True)
class GMAction:
    """One thing a GM does, from a key or the palette (or both)."""

    id: str  # the binding's id: what settings.json's "keymap" names
    key: str | None  # the default key (None: the palette only)
    label: str  # the footer's and help's words
    group: Group
    action: str = ""  # the Textual action string (default: the id in snake case)
    reason: str | None = ""  # its key in `key_reasons.reasons` ("": the action's name)
    title: str | None = None  # the palette's title ({who} {pending} ...: palette_words)
    hint: str = ""  # the palette's help line (the key in force is added to it)
    tooltip: str | None = None
    footer: bool = False  # shown in the footer (FOOTER_ORDER says where)
    key_display: str | None = None
    marked: bool = False  # acts on the marked rows too, with nobody selected
    on_app: bool = False  # an app key (u U o m ? q a r s k): bound on the app
    run: Callable[..., None] | None = None  # (host, *params)
    dialog: str = ""  # "module:Class": a dialog about the selected / marked (run opens it)

    def __post_init__(self) -> None:
        if self.dialog and self.run is None:  # one way to open every combatant dialog
            reason = self.refusal_key or self.name
            opens = partial(combatant.open_dialog, action=reason, dialog=self.dialog)
            object.__setattr__(self, "run", opens)

    @property
    def call(self) -> str:
        return self.action or self.id.replace("-", "_")

    @property
    def name(self) -> str:
        """The action's name without its parameters (`act` of `act('react')`)."""
        return parse(self.call)[1]

    @property
    def params(self) -> tuple[object, ...]:
        return tuple(parse(self.call)[2])

    @property
    def refusal_key(self) -> str | None:
        """Its key in `key_reasons.reasons` (None: the rules never refuse it)."""
        return self.name if self.reason == "" else self.reason

    def binding(self) -> Binding:
        assert self.key is not None
        return Binding(
            self.key,
            self.call,
            self.label,
            id=self.id,
            show=self.footer,
            key_display=self.key_display,
            tooltip=self.tooltip or "",  # never a key: the keymap may move it
        )


A = GMAction
# fmt: off
ACTIONS: tuple[GMAction, ...] = (  # the palette's order: the moment's questions first
    A("answer", "d", "Decide", "fight", title="Answer: {pending}", hint="A pending decision",
      tooltip="Answer the pending decision", footer=True, run=fight.answer),
    A("advance", "n", "Advance", "fight", title="Advance the time track",
      hint="A7: next event", tooltip="Move the track on (A7)", footer=True,
      run=fight.advance),
    A("run-orders", "g", "Run", "fight", title="Run the track on standing orders",
      hint="A7: the extras act on their own until the GM is needed",
      tooltip="Run the track on standing orders (A7)", run=fight.run_orders),
    A("act", "a", "Act", "dice", "act('act')",
      title="Act: the Action Opportunity, or its next roll", hint="A8",
      tooltip="Take the opportunity / roll (A8)", footer=True, on_app=True),
    A("quick-attack", "A", "Quick attack", "dice", "act('quick')", reason="act",
      title="Quick attack: the first attack at the likely target, rolled now",
      hint="A8: the damage to confirm; {keys[act]} opens the full dialog",
      tooltip="Quick attack: take the opportunity and roll (A8)", on_app=True),
    A("react", "r", "React", "dice", "act('react')", reason="react",
      title="React to the declared action",
      hint="A10", tooltip="React (A10)", on_app=True),
    A("skill-roll", "s", "Roll", "dice", "act('skill_roll')", reason="skill_roll",
      title="Skill roll for {who}",
      hint="A1-A6: standard, extended, opposed", tooltip="A1-A6", on_app=True),
    A("anima", "k", "Check", "dice", "act('anima')", reason="anima",
      title="Anima check for {who}",
      hint="B4-B6: ability, resistance, characteristic", tooltip="Anima B4-B6", on_app=True),
    A("begin-combat", "b", "Begin", "fight", title="Begin combat",
      hint="A7: who starts, reactions", tooltip="Begin combat (A7)", footer=True,
      run=fight.begin_combat),
    A("end-combat", "e", "End", "fight", title="End combat",
      hint="victory, defeat, retreat or truce", tooltip="End combat with an outcome",
      footer=True, run=fight.end_combat),
    A("wound", "w", "Wound", "combatant", title="Wound {who}", hint="a wound by hand",
      tooltip="Apply a wound by hand", footer=True, marked=True,
      dialog="tracker.modals.wound:WoundForm"),
    A("heal", "h", "Heal", "combatant", title="Heal or staunch {who}", hint="R13",
      tooltip="Heal, staunch or treat", footer=True, marked=True,
      dialog="tracker.modals.heal:HealForm"),
    A("luck", "l", "Luck", "combatant", title="Luck for {who}",
      hint="C2: award or take luck points", marked=True, dialog="tracker.modals.luck:LuckForm"),
    A("edit", "enter", "Edit", "combatant", title="Edit {who}", hint="the sheet",
      run=combatant.edit),
    A("fight-status", "f", "Out/in", "combatant", title="Out of / back into the fight: {who}",
      hint="off the track, still in the encounter", marked=True,
      dialog="tracker.modals.fight_status:FightStatusDialog"),
    A("duplicate", "c", "Copy", "combatant", title="Duplicate {who}",
      hint="a fresh copy of the sheet", run=combatant.duplicate),
    A("remove", "delete", "Remove", "combatant", title="Remove {who}", hint="asks first",
      marked=True, run=combatant.remove),
    A("add-combatant", "plus", "Add", "combatant", "add", title="Add a combatant",
      tooltip="Add a combatant", footer=True, run=combatant.add),
    A("add-template", "t", "Template", "combatant", title="Add from the roster templates",
      run=combatant.add_template),
    A("save-template", "T", "Save as template", "combatant",
      title="Save {who} to the roster as a template",
      hint="its sheet, for {keys[add-template]} to add again", run=combatant.save_template),
    A("new-day", "N", "New day", "fight", title="New day", hint="C1: fresh chance dice",
      run=fight.new_day),
    A("add-effect", "E", "Effect on the selected/marked", "track",
      title="Effect on {who}: Stunned, Prone, On fire …",
      hint="a modifier, a duration (10, t40, next, end), a tick", marked=True,
      run=track.add_effect),
    A("remove-effect", "ctrl+e", "Remove an effect", "track",
      title="Remove an effect from {who}", hint="ends it now, logged", marked=True,
      run=track.remove_effect),
    A("add-reminder", "R", "Reminder on the track", "track", title="Reminder on the time track",
      hint="at a time, in N TU or at someone's next opportunity", run=track.add_reminder),
    A("cancel-reminder", None, "Cancel a reminder", "track", title="Cancel a reminder",
      hint="one still ahead on the track ({keys[undo]} undoes it)", run=track.cancel_reminder),
    A("pass-time", "P", "Pass time (out of combat)", "track", title="Pass time outside combat",
      hint="N TU, minutes or hours: bleeding, ticks, ends, reminders", run=track.pass_time),
    A("undo", "u", "Undo", "saves", title="Undo", tooltip="Undo the last command",
      footer=True, on_app=True),
    A("redo", "U", "Redo", "saves", title="Redo", hint="same dice as the first time",
      tooltip="Redo what was undone (same dice)", on_app=True),
    A("export-log", "x", "Export log", "saves", title="Export the log as Markdown",
      run=view.export_log),
    A("players-hide", "v", "Hide from players", "players", "players('hide')",
      title="Players' screen: hide or show {who}", hint="an ambush", run=view.players),
    A("players-reveal", "V", "Reveal to players", "players", "players('reveal')",
      title="Players' screen: reveal more of {who}", hint="name, then numbers",
      run=view.players),
    A("players-rolls", None, "Open rolls on/off", "players", "players('rolls')", reason=None,
      title="Players' screen: open rolls {rolls}", hint="foes' dice in the players' log",
      run=view.players),
    A("players-ticks", None, "Foes' ticks", "players", "players('ticks')", reason=None,
      title="Players' screen: foes' ticks {ticks}", hint="foes on the players' track",
      run=view.players),
    A("write-back", None, "Write back to the party", "saves",
      title="Write back to the party {party}", hint="its summary first", run=fight.write_back),
    A("rename-encounter", None, "Rename the encounter", "saves", reason=None,
      title="Rename the encounter", hint="now {name!r}", run=fight.rename_encounter),
    A("dice-mode", "m", "Dice", "dice", "toggle_dice", reason=None,
      title="Dice: switch to {other}", on_app=True),
    A("save-as", "ctrl+s", "Save as", "saves", reason=None, title="Save as…",
      on_app=True),
    A("open", "o", "Open", "saves", reason=None, title="Open another save…",
      tooltip="Open another save", on_app=True),
    A("log-older", "left_square_bracket", "Log: older page", "view", "log_page(1)", reason=None,
      key_display="[", run=view.log_page),
    A("log-newer", "right_square_bracket", "Log: newer page", "view", "log_page(-1)",
      reason=None, key_display="]", run=view.log_page),
    A("log-oldest", "left_curly_bracket", "Log: oldest", "view", "log_edge(True)", reason=None,
      key_display="{", run=view.log_edge),
    A("log-newest", "right_curly_bracket", "Log: newest", "view", "log_edge(False)",
      reason=None, key_display="}", run=view.log_edge),
    A("help", "question_mark", "Help", "view", reason=None, key_display="?", footer=True,
      on_app=True),
    A("quit", "q", "Quit", "view", reason=None, tooltip="Quit (the fight is autosaved)",
      footer=True, on_app=True),
)
# fmt: on
del A

# The footer, most used first; `?` and `q` stay visible at 80 columns (the rest follow
# where the terminal is wider).
FOOTER_ORDER = (
    *("act", "advance", "answer", "begin-combat", "add-combatant", "undo", "help", "quit"),
    *("wound", "heal", "end-combat"),
)

BY_ID = {a.id: a for a in ACTIONS}
FOOTER_CALLS = tuple(BY_ID[i].call for i in FOOTER_ORDER)  # the footer keys' actions
_BY_CALL = {(a.name, a.params): a for a in ACTIONS}


def by_call(name: str, params: tuple[Any, ...] = ()) -> GMAction | None:
    """The entry a Textual action (`players`, ("hide",)) is (None: not a GM action)."""
    return _BY_CALL.get((name, tuple(params)))


def bindings(*, on_app: bool) -> list[Binding]:
    """The app's (or the main screen's) bindings, with their default keys."""
    return [a.binding() for a in ACTIONS if a.key is not None and a.on_app == on_app]
