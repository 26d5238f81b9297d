"""A choice among a few options shown as one line; a key or a click steps to the next.

Why: a radio set is a widget per option, and each widget costs its share of
opening the dialog (the parry dialog's die picker was six of its ~30 widgets,
about a fifth of the time from the roll to the parry question drawn: issue 27,
dialog_open_ms). Where the choice is usually left alone and one key steps
through it, one line naming the chosen option and the others says as much.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.message import Message
from textual.widgets import Static

__all__ = ["CycleLine", "next_allowed"]


def next_allowed(allowed: Sequence[bool], index: int) -> int | None:
    """The next allowed option after `index`, then the first allowed again; None when
    no other may be chosen."""
    open_ = [i for i, ok in enumerate(allowed) if ok]
    if len(open_) <= 1:
        return None
    later = [i for i in open_ if i > index]
    return later[0] if later else open_[0]


class CycleLine(Static):
    """Option `value` of a few, described in one line by `describe(value)`; `step()`
    (the dialog's key, or a click) moves to the next allowed one and posts `Changed`."""

    DEFAULT_CSS = """
    CycleLine {
        height: auto;
        width: 100%;
    }
    """

    class Changed(Message):
        """The line's choice moved (the form re-validates)."""

        def __init__(self, line: CycleLine) -> None:
            super().__init__()
            self.line = line

        @property
        def control(self) -> CycleLine:
            return self.line

    def __init__(
        self,
        allowed: Sequence[bool],
        describe: Callable[[int], str],
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(markup=False, id=id)
        self._describe = describe
        self._index: int = 0
        self.allowed: list[bool] = []
        self.restart(allowed)

    @property
    def value(self) -> int:
        """The chosen option's index."""
        return self._index

    @value.setter
    def value(self, index: int) -> None:
        """Choose option `index` (a kept choice put back); an option not allowed is refused."""
        if not 0 <= index < len(self.allowed) or not self.allowed[index]:
            raise ValueError(f"option {index} may not be chosen")
        if index != self._index:
            self._index = index
            self.update(self._describe(index))

    def restart(self, allowed: Sequence[bool]) -> None:
        """Options `allowed`, the first chosen: as the line is built, and again for a
        dialog refilled for another question (tracker.modals.act.refill); no `Changed`."""
        if not allowed or not allowed[0]:
            raise ValueError("allowed: the first option is the default and must be allowed")
        self.allowed = list(allowed)
        self._index = 0
        line = self._describe(0)
        if line != self.content:  # an update lays the line out again, changed or not
            self.update(line)

    def step(self) -> bool:
        """The next allowed option (after the last, the first again); False when there is
        no other to choose."""
        found = next_allowed(self.allowed, self._index)
        if found is None:
            return False
        self.value = found
        self.post_message(self.Changed(self))
        return True

    def on_click(self) -> None:
        if not self.step():
            self.app.bell()
