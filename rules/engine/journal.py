"""Every change the engine makes, recorded so it can be undone exactly.

The engine never assigns to the state without recording the inverse: it calls
these methods (its hottest paths, rules/engine/quick_step.py, the opening's log
line in rules/engine/opportunity.py and the standing orders' run, append the
same inverse tuples themselves). Undo replays the inverses backwards, so
after undoing a command the encounter is, field for field and key order
included, what it was before. Cost is O(changes), whatever the size of the
encounter.
"""

from __future__ import annotations

from collections.abc import MutableMapping, MutableSequence
from typing import Any

_MISSING = object()


class Journal:
    """The inverse operations of one command, in the order they were made."""

    __slots__ = ("ops",)

    def __init__(self) -> None:
        self.ops: list[tuple[Any, ...]] = []

    def __len__(self) -> int:
        return len(self.ops)

    # --- attributes ---------------------------------------------------------
    def set(self, obj: Any, attr: str, value: Any) -> None:
        """obj.attr = value (pydantic models are plain objects here: no re-validation)."""
        self.put(obj.__dict__, attr, value)

    def put(self, d: dict[str, Any], attr: str, value: Any) -> None:
        """`set`, given the model's `__dict__`: the track's hot path reads fields from it,
        as each attribute read through pydantic's `__getattr__` hook costs about 3 plain ones."""
        old = d[attr]
        if old is value:
            return
        self.ops.append((undo_set, d, attr, old))
        d[attr] = value

    def keep(self, obj: object, attr: str) -> dict[str, Any]:
        """Remember obj.attr for undo, then let a hot loop write `obj.__dict__` directly.

        Undo restores the value kept here, whatever direct writes followed.
        Returns the __dict__ to write to.
        """
        d = obj.__dict__
        self.ops.append((undo_set, d, attr, d[attr]))
        return d

    def add(self, obj: Any, attr: str, delta: int) -> None:
        if delta:
            self.set(obj, attr, obj.__dict__[attr] + delta)

    # --- lists ----------------------------------------------------------------
    def append(self, items: MutableSequence[Any], item: Any) -> None:
        self.ops.append((undo_append, items))
        items.append(item)

    def insert(self, items: MutableSequence[Any], index: int, item: Any) -> None:
        self.ops.append((_undo_insert, items, index))
        items.insert(index, item)

    def pop(self, items: MutableSequence[Any], index: int = -1) -> Any:
        if index < 0:
            index += len(items)
        item = items.pop(index)
        self.ops.append((_undo_pop, items, index, item))
        return item

    def remove(self, items: MutableSequence[Any], item: Any) -> None:
        self.pop(items, items.index(item))

    # --- dicts ----------------------------------------------------------------
    def setitem(self, mapping: MutableMapping[Any, Any], key: Any, value: Any) -> None:
        old = mapping.get(key, _MISSING)
        if old is value:
            return
        self.ops.append((_undo_setitem, mapping, key, old))
        mapping[key] = value

    def delitem(self, mapping: MutableMapping[Any, Any], key: Any) -> Any:
        order = list(mapping)
        value = mapping.pop(key)
        self.ops.append((_undo_delitem, mapping, key, value, order.index(key)))
        return value

    # --- undo -----------------------------------------------------------------
    def undo(self) -> None:
        """Revert every recorded change, newest first, and forget them."""
        ops = self.ops
        while ops:
            op = ops.pop()
            op[0](*op[1:])

    def extend(self, other: Journal) -> None:
        self.ops.extend(other.ops)


def undo_set(d: dict[str, Any], attr: str, old: Any) -> None:
    d[attr] = old


def undo_append(items: MutableSequence[Any]) -> None:
    items.pop()


def _undo_insert(items: MutableSequence[Any], index: int) -> None:
    del items[index]


def _undo_pop(items: MutableSequence[Any], index: int, item: Any) -> None:
    items.insert(index, item)


def _undo_setitem(mapping: MutableMapping[Any, Any], key: Any, old: Any) -> None:
    if old is _MISSING:
        del mapping[key]
    else:
        mapping[key] = old


def _undo_delitem(mapping: MutableMapping[Any, Any], key: Any, value: Any, index: int) -> None:
    """Put the key back at its old place, so key order (and the JSON) is exact."""
    items = list(mapping.items())
    items.insert(index, (key, value))
    mapping.clear()
    mapping.update(items)
