"""The GM's own keys (settings.json's "keymap", action id -> key), checked before use.

Textual's `App.set_keymap` swaps a binding's key by its id, but takes any id and
any string, and two bindings on one key in different maps (the main screen's `n`,
the app's `a` moved onto `n`) are no clash to it: the screen's wins in silence. So
the whole keymap is checked here first, against the registry: every id one of its
actions with a key, every key a key name, and no key held twice among the keys
live on the main screen together (its actions and the app's, the roster's and
Textual's own). Any problem and none of it is used: half a keymap is a keyboard
the GM never chose. Pure: classes and strings in, no app.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from textual.binding import Binding
from textual.keys import KEY_ALIASES, REPLACED_KEYS, Keys, key_to_character

from tracker.actions.registry import ACTIONS, BY_ID
from tracker.textual_compat.keys import key_name

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
NAMED = frozenset(k.value for k in Keys if "+" not in k.value and not k.value.startswith("<"))
MAX_KEYS = 4  # keys one action may have ("space,N"): more is a typo, not a keymap
SAME_KEY = {alias: key for key, aliases in KEY_ALIASES.items() for alias in aliases}


@dataclass(frozen=True)
class Checked:
    """What a keymap comes to: the keys in force and what to give `set_keymap`."""

    keys: dict[str, str]  # every action id with a key -> its key(s) now, as Textual names them
    keymap: dict[str, str] = field(default_factory=dict)  # for set_keymap ({}: the defaults)
    problems: tuple[str, ...] = ()  # each in words, naming the ids and keys


def normal_key(key: str) -> str | None:
    """One key as Textual binds it ("?" -> "question_mark", "ctrl+?" too), None: no key."""
    key = key.strip()
    if len(key) == 1:
        return key_name(key) if key.isprintable() else None
    *mods, base = key.split("+")
    if len(set(mods)) != len(mods) or not MODIFIERS.issuperset(mods):
        return None
    if len(base) == 1 and base.isprintable():
        base = key_name(base)
    elif not _named(base):
        return None
    return "+".join([*mods, base])


def _named(base: str) -> bool:
    """A key's name exactly as Textual's key events carry it ("space", not "Space")."""
    char = key_to_character(REPLACED_KEYS.get(base, base))
    return base in NAMED or (char is not None and key_name(char) == base)


def normal_keys(keys: str) -> tuple[str, ...] | None:
    """A comma-separated list of keys, each as Textual binds it (None: one is no key)."""
    found = [normal_key(key) for key in keys.split(",")]
    if not found or len(found) > MAX_KEYS or None in found:
        return None
    return tuple(dict.fromkeys(k for k in found if k is not None))


def key_words(keys: str) -> str:
    """A key as a GM reads it in a hint or in help: "plus" is "+", "ctrl+e" stays."""
    return "/".join(_one_key_words(key) for key in keys.split(","))


def _one_key_words(key: str) -> str:
    *mods, base = key.split("+") if len(key) > 1 else [key]
    char = key_to_character(REPLACED_KEYS.get(base, base)) if len(base) > 1 else None
    if char is not None and char.isascii() and char.isprintable() and not char.isspace():
        base = char
    return "+".join([*mods, base])


def held_keys(classes: Iterable[type], also: Mapping[str, str] = {}) -> dict[str, str]:
    """Key -> what holds it, for the bindings of `classes` (their bases' too, as
    Textual merges them) that are no registry action: the roster's `space`, Textual's
    `tab`. `also`: keys bound elsewhere (the app's command palette key)."""
    held = dict(also)
    for cls in classes:
        for base in cls.__mro__:
            for binding in Binding.make_bindings(vars(base).get("BINDINGS", ())):
                if binding.id not in BY_ID:
                    held.setdefault(_same(binding.key), binding.description or binding.action)
            if vars(base).get("inherit_bindings", True) is False:
                break
    return held


def _same(key: str) -> str:
    """Keys Textual takes for one another ("ctrl+i" is tab) under one name."""
    return SAME_KEY.get(key, key)


def check(keymap: Mapping[str, str], held: Mapping[str, str]) -> Checked:
    """The keys in force with `keymap` over the defaults, or the defaults and why not.

    `held`: the keys no registry action may take (`held_keys`)."""
    problems: list[str] = []
    mapped: dict[str, tuple[str, ...]] = {}
    for id_, keys in keymap.items():
        action = BY_ID.get(id_)
        normal = normal_keys(keys)
        if action is None:
            problems.append(f"{id_!r} is no action")
        elif action.key is None:
            problems.append(f"{id_!r} has no key to change (the palette only)")
        elif normal is None:
            problems.append(f"{id_!r}: {keys!r} is not a key name")
        else:
            mapped[id_] = normal
    defaults = {a.id: (a.key,) for a in ACTIONS if a.key is not None}
    in_force = {**defaults, **mapped}
    problems += _clashes(in_force, held)
    if problems:
        return Checked({i: ",".join(k) for i, k in defaults.items()}, problems=tuple(problems))
    return Checked(
        {i: ",".join(k) for i, k in in_force.items()},
        {i: ",".join(k) for i, k in mapped.items()},
    )


def _clashes(in_force: Mapping[str, tuple[str, ...]], held: Mapping[str, str]) -> list[str]:
    """Each key two live actions share, or an action takes from a key that is not its."""
    on: dict[str, list[str]] = {}
    for id_, keys in in_force.items():
        for key in keys:
            on.setdefault(_same(key), []).append(id_)
    found: list[str] = []
    for key, ids in on.items():
        if len(ids) > 1:
            *others, last = (repr(i) for i in ids)
            both = "both" if len(ids) == 2 else "all"
            found.append(f"{', '.join(others)} and {last} are {both} on {key_words(key)!r}")
        elif key in held:
            found.append(f"{ids[0]!r} is on {key_words(key)!r}, taken by {held[key]!r}")
    return found
