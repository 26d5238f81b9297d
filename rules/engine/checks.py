"""`why_not(encounter, command)`: would the rules refuse this command now, and why?

The answer is the command's own handler, run for real and always rolled back,
so a key greyed out by the UI and the refusal the GM would get can never
disagree: there is no second copy of any rule to drift. The run stops at its
first die (a handler checks everything before it rolls, rules.engine.context),
or at `ctx.checked()`, so no die is rolled or asked for, and nothing the GM rolls
is consumed.
Afterwards the encounter is exactly as before (the journal undoes every
change) and so is its track cache: a dry run costs no heap rebuild later.

tests/engine/test_why_not.py proves, over random fights, that `why_not` is
None exactly when `apply` takes the command, and says what `apply` says.
"""

from __future__ import annotations

from rules.engine.apply import apply
from rules.engine.context import CommandError
from rules.engine.track_index import heap_of
from rules.model.commands import Command
from rules.model.state import Encounter

__all__ = ["why_not"]


class _DieReached(BaseException):
    """The dry run got past every check to its first die. A BaseException so no
    handler's `except ValueError` (or `except Exception`) can swallow it."""


class _StopAtFirstDie:
    """A dice source that rolls nothing: asked for a die, it ends the dry run; so does
    a handler's `ctx.checked()` (its checks are all behind it)."""

    def roll(self, sides: int, count: int = 1, purpose: str = "") -> list[int]:
        raise _DieReached

    def checked(self) -> None:
        raise _DieReached


def why_not(encounter: Encounter, command: Command) -> str | None:
    """None when the rules take `command` now, else the reason `apply` would give.

    A refusal is what the app treats as one: a CommandError, or any other
    ValueError a handler raises (a sheet the rules cannot read). The encounter,
    its log and its track cache are left exactly as they were.
    """
    cache = encounter.cache
    # In combat the heap is built first (as the command would), so the dry run and the
    # real command after it share one build; apply pops and pushes it in place: a copy.
    heap = heap_of(encounter) if encounter.in_combat else cache.get("heap")
    kept, epoch = None if heap is None else list(heap), cache.get("epoch")
    watch = cache.get("watch")  # issue 15: a frozenset, never changed in place
    try:
        apply(encounter, command, _StopAtFirstDie()).undo()
    except _DieReached:
        return None  # every check passed; the rest is up to the dice
    except (CommandError, ValueError) as error:
        return str(error)
    finally:
        # The track cache (TrackCache's keys) as it was: apply may have popped,
        # pushed or dropped the heap, or moved the key epoch.
        if kept is None:
            cache.pop("heap", None)
        else:
            cache["heap"] = kept
        if epoch is None:
            cache.pop("epoch", None)
        else:
            cache["epoch"] = epoch
        if watch is None:
            cache.pop("watch", None)
        else:
            cache["watch"] = watch
    return None
