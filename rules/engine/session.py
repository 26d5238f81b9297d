"""An encounter with its history: do, undo, redo, and replay from the start.

In memory each done step keeps its journal, so undo is exact and costs only
what the step changed. A step carries its command and the faces its dice
showed, so redo and replay use those faces and never re-roll. A loaded save
holds the commands and faces but not the journals: they are rebuilt by
replaying from the base encounter the first time an undo reaches past them
(and the replay must reproduce the saved encounter exactly, or undo is
refused with the reason: whatever a step raises while replaying, undo stops
where the save was opened and the fight plays on).

This is the app's one door that changes an encounter (`rules.engine.questions` is
the one that reads it): it hands on `apply` and `Applied` for the one change made
outside a history (a long passage of time, applied to a copy in a worker and then
adopted), so the app imports no other engine room.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.apply import Applied, apply
from rules.engine.context import CommandError
from rules.engine.journal import Journal
from rules.engine.track_index import invalidate_track
from rules.mechanics.dice import DiceMode, DiceSource, ScriptedDice
from rules.model.commands import Command
from rules.model.state import Encounter

__all__ = ["Applied", "Done", "HistoryError", "Session", "Step", "apply"]


@dataclass(slots=True)
class Step:
    """One applied command: what the GM asked, what the dice showed, what changed.

    A command just done is kept as its own `Applied` (the context it ran in,
    which has the same three), so a step costs no second object; a Step is
    one loaded from a save, or undone (no journal until it is redone).
    """

    command: Command
    faces: list[int] = field(default_factory=list)
    journal: Journal | None = None


Done = Step | Applied  # what the history holds: `command`, `faces` and `journal`


class HistoryError(ValueError):
    """The saved history does not replay to the saved encounter."""


@dataclass
class Session:
    encounter: Encounter
    base: Encounter | None = None  # the encounter before the first done step
    done: list[Done] = field(default_factory=list)
    undone: list[Step] = field(default_factory=list)
    dice: DiceMode = "virtual"  # the dice the GM last used here; saved, never undone
    # Why the loaded history cannot be replayed, once found: asked again, the answer is
    # the same, so a long save is not replayed whole at every undo that reaches it.
    unreplayable: HistoryError | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.base is None:
            self.base = self.encounter.model_copy(deep=True)

    def do(self, command: Command, dice: DiceSource) -> Applied:
        """Apply a new command; it clears the redo list."""
        applied = apply(self.encounter, command, dice)
        self.done.append(applied)
        if self.undone:
            self.undone.clear()
        return applied

    def adopt(
        self, encounter: Encounter, applied: Applied, copied: Mapping[int, Any] | None = None
    ) -> None:
        """A command applied to a deep copy of this encounter (the main screen's passage of
        time, in a worker: issue 23) becomes the newest step, the copy the encounter.

        Only while the history is as it was when the copy was made (the caller checks).
        The steps before keep their commands and faces. Their journals name the old
        encounter's objects: with `copied`, the copy's `copy.deepcopy` memo, each is
        moved onto the copy (`moved_journal`), so an undo past the passage costs what
        the step changed; without it they are dropped and rebuilt by replaying from the
        base when an undo reaches them, as after a load.
        """
        self.done = [
            Step(_command(d), d.faces, moved_journal(d.journal, copied))
            if copied is not None and d.journal is not None
            else Step(_command(d), d.faces)
            for d in self.done
        ]
        self.done.append(applied)
        self.undone.clear()
        self.encounter = encounter

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self) -> Step:
        if not self.done:
            raise CommandError("nothing to undo")
        if self.done[-1].journal is None:
            if self.unreplayable is not None:
                raise self.unreplayable
            try:
                self.rebuild_journals()
            except HistoryError as error:
                self.unreplayable = error
                raise
        done = self.done.pop()
        assert done.journal is not None
        done.journal.undo()
        invalidate_track(self.encounter)
        step = Step(_command(done), done.faces)  # the same faces list: its saved JSON is reused
        self.undone.append(step)
        return step

    def redo(self) -> Applied:
        """Re-apply the last undone command with the faces it rolled the first time.

        A refusal is the rules' (CommandError); anything else a redo raises (a step
        read from a save that today's rules cannot take) is a HistoryError: nothing
        changed (apply rolls back) and the fight plays on.
        """
        if not self.undone:
            raise CommandError("nothing to redo")
        step = self.undone[-1]
        try:
            applied = apply(self.encounter, step.command, ScriptedDice(step.faces))
        except CommandError:
            raise
        except Exception as error:
            raise HistoryError(
                f"redo of {step.command.type} fails ({_what(error)}): the encounter is as it was"
            ) from error
        self.undone.pop()
        self.done.append(Step(step.command, step.faces, applied.journal))
        return applied

    def replay(self) -> Encounter:
        """The encounter rebuilt from the base by re-applying every done step's faces."""
        assert self.base is not None
        encounter = self.base.model_copy(deep=True)
        for step in self.done:
            apply(encounter, _command(step), ScriptedDice(step.faces))
        return encounter

    def rebuild_journals(self) -> None:
        """After a load: replay from the base so every done step has its journal again.

        Any failure (a refusal, or any exception a step raises while replaying: the
        saved history may come from other rules, or a hand edit) is a HistoryError
        with the reason; the encounter, its log and the history stay as they were.
        """
        assert self.base is not None
        encounter = self.base.model_copy(deep=True)
        rebuilt: list[Done] = []
        for index, step in enumerate(self.done):
            command = _command(step)
            try:
                applied = apply(encounter, command, ScriptedDice(step.faces))
            except Exception as error:
                raise HistoryError(
                    f"step {index + 1} of the saved history ({command.type}) cannot be"
                    f" replayed ({_what(error)}): {_STOPS}"
                ) from error
            rebuilt.append(Step(command, step.faces, applied.journal))
        if _without_log(encounter) != _without_log(self.encounter):
            raise HistoryError(
                "the saved history does not replay to the saved encounter (edited by hand,"
                f" or saved by an older tracker whose rules differ): {_STOPS}"
            )
        # Only the log may differ: an older tracker worded (or split) its lines otherwise.
        # The replay's log is today's words for the same events, and the journals undo it.
        self.done = rebuilt
        self.encounter = encounter


def moved_journal(journal: Journal, copied: Mapping[int, Any]) -> Journal:
    """`journal` for a deep copy of its encounter: every object it names that the copy
    copied (`copied`: the `copy.deepcopy` memo, id of the original -> its copy) becomes
    that copy; anything else (an old value no longer in the encounter, a number) stays.
    Undoing it on the copy then does exactly what it did on the original. The memo keeps
    every original alive, so an id in it is never another object's."""
    moved = Journal()
    get = copied.get
    moved.ops = [tuple([get(id(part), part) for part in op]) for op in journal.ops]
    return moved


def _without_log(encounter: Encounter) -> dict[str, object]:
    """The encounter's JSON but its log and the players' letters for foes: what a replay
    must reproduce exactly. Like the log's words, a letter is no rule's outcome: a save
    of schema 6 got the letters its screen showed, which a replay by today's engine gives
    in the order foes came into sight (issue 25); the replay's then stand."""
    exclude: dict[str, Any] = {"log": True, "letters": True}
    exclude["combatants"] = {"__all__": {"letter"}}
    return encounter.model_dump(mode="json", exclude=exclude)


def _command(done: Done) -> Command:
    """A done step's command: `apply` always gives its context one (only a handler
    test builds a Context without), so None here is a broken history."""
    command = done.command
    if command is None:
        raise HistoryError("a step of the history has no command")
    return command


_STOPS = "undo stops where this save was opened; the encounter and its log are as saved"


def _what(error: Exception) -> str:
    """An exception in a line: its kind, then its first line (pydantic's run to many)."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__
