"""The dice a command rolls: the app's one seeded source, or the faces the GM typed.

Virtual dice roll through one seeded source for the whole session (`--seed`
replays a fight). Physical dice are the faces typed for the command being
applied: when they run out the dice-entry form asks for the missing ones and
the command is applied again from scratch (the engine rolled everything back);
Escape there cancels it, its choices kept (tracker.app.cancelled). Held by the app
(`app.dice`), which it reaches only through `DiceHost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from tracker.host.messages import CommandCancelled

if TYPE_CHECKING:
    from textual.message import Message

    from rules.engine.session import Session
    from rules.mechanics.dice import DiceExhausted, DiceMode, DiceSource, SeededDice
    from rules.model.commands import Command
    from tracker.app.cancelled import CancelledCommand


class DiceHost(Protocol):
    """The app a command's dice belong to: its mode, its keeper of cancelled choices,
    and where a command goes once its faces are typed."""

    dice_mode: DiceMode

    @property
    def cancelled(self) -> CancelledCommand: ...

    def run_command(self, command: Command) -> bool: ...

    def post_message(self, message: Message) -> bool: ...

    def push_screen(self, screen: Any, callback: Any = None) -> object: ...


class CommandDice:
    """The seeded source (made on first use) and the faces typed for one command."""

    def __init__(self, host: DiceHost, seed: int | None, override: DiceMode | None) -> None:
        """`override`: the command line's mode, over the first save's own."""
        self._host = host
        self._seed = seed
        self._virtual: SeededDice | None = None
        self.typed: list[int] = []  # physical faces typed for the command being applied
        self.override = override  # for the first save opened; then each save's own

    def adopt(self, session: Session) -> None:
        """Resume with the dice the save remembers; the command line's choice wins once."""
        if self.override is not None:
            session.dice, self.override = self.override, None
        self.typed.clear()
        self._host.dice_mode = session.dice

    @property
    def virtual(self) -> SeededDice:
        if self._virtual is None:
            from rules.mechanics.dice import SeededDice

            self._virtual = SeededDice(self._seed)
        return self._virtual

    def for_command(self) -> DiceSource:
        """What the command being applied rolls, in the app's dice mode now."""
        if self._host.dice_mode == "virtual":
            return self.virtual
        from rules.mechanics.dice import ScriptedDice

        return ScriptedDice(self.typed)

    def ask_for_faces(self, command: Command, need: DiceExhausted) -> None:
        """The dice-entry form for the faces `command` still needs; then it runs again."""
        from tracker.modals.dice_entry import DiceEntry

        host = self._host

        def typed(faces: list[int] | None) -> None:
            if faces is None:
                self.typed.clear()
                host.cancelled.cancel(command)
                host.post_message(CommandCancelled(command))
                return
            host.cancelled.typed(command, need, faces)
            self.typed.extend(faces)
            host.run_command(command)

        purpose = need.purpose or "a roll"
        offered = host.cancelled.offer(command, need)
        entry = DiceEntry(
            purpose, need.sides, need.needed, open_chain=need.open_chain, offered=offered
        )
        host.push_screen(entry, typed)
