"""Upgrades for old save files: one pure function per schema version step.

`MIGRATIONS[n]` takes the parsed JSON of a schema-`n` save (plain dicts and
lists) and returns the same save in schema `n + 1`, with its
`schema_version` (and the encounters' own) set to `n + 1`. Functions work
on plain JSON so they never depend on today's models: a migration written
now must still read the same files when `rules/model/state.py` has moved on.
A shape a migration does not understand raises ValueError (or KeyError /
TypeError), which loading turns into a SaveError naming the file.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

JSON = dict[str, Any]


def v0_to_v1(data: JSON) -> JSON:
    """Pre-release saves: `combatants` was a list and there was no undo history.

    v1 keys the combatants by id (in their old order) and adds a `history`
    whose base is the encounter itself, so the upgraded save opens with
    nothing to undo. A combatant without an id gets the next free `c<n>` and
    `next_id` moves past every id handed out; two combatants sharing an id
    are refused (merging them would silently lose one).
    """
    encounter = data.get("encounter")
    if not isinstance(encounter, dict):
        raise ValueError("a schema 0 save needs an 'encounter' object")
    listed = encounter.get("combatants", [])
    if not isinstance(listed, list):
        raise ValueError("a schema 0 save keeps its combatants in a list")
    next_id = encounter.get("next_id", 1)
    if isinstance(next_id, bool) or not isinstance(next_id, int):
        raise ValueError("encounter.next_id must be a whole number")
    taken = {c["id"] for c in listed if isinstance(c, dict) and isinstance(c.get("id"), str)}
    combatants: JSON = {}
    for index, combatant in enumerate(listed):
        if not isinstance(combatant, dict):
            raise ValueError(f"encounter.combatants[{index}] is not a combatant object")
        combatant = dict(combatant)
        cid = combatant.get("id")
        if cid is None:
            while f"c{next_id}" in taken:
                next_id += 1
            cid = f"c{next_id}"
            next_id += 1
            taken.add(cid)
            combatant["id"] = cid
        if not isinstance(cid, str):
            raise ValueError(f"encounter.combatants[{index}].id must be text")
        if cid in combatants:
            raise ValueError(f"two combatants share the id {cid!r}")
        combatants[cid] = combatant
    upgraded = dict(encounter)
    upgraded["combatants"] = combatants
    upgraded["next_id"] = next_id
    upgraded["schema_version"] = 1
    result = {key: value for key, value in data.items() if key != "history"}
    result["schema_version"] = 1
    result["encounter"] = upgraded
    result.setdefault("saved_at", None)
    result["history"] = {"base": copy.deepcopy(upgraded), "done": [], "undone": []}
    return result


def renumbered(data: JSON, version: int) -> JSON:
    """The save in schema `version + 1` when only its version numbers change: the file's,
    the encounter's and the history base's. An encounter object that is not an object
    (a damaged file) is left as it is, for validation to name the problem. The input
    is left as it was."""
    result = dict(data)
    result["schema_version"] = version + 1
    encounter = result.get("encounter")
    if isinstance(encounter, dict) and encounter.get("schema_version", version) == version:
        result["encounter"] = {**encounter, "schema_version": version + 1}
    history = result.get("history")
    base = history.get("base") if isinstance(history, dict) else None
    if isinstance(history, dict) and isinstance(base, dict):
        if base.get("schema_version", version) == version:
            result["history"] = {**history, "base": {**base, "schema_version": version + 1}}
    return result


def v1_to_v2(data: JSON) -> JSON:
    """Schema 2 adds the save's `dice` ("virtual" or "physical"): a v1 save had none,
    and its fight was rolled virtually unless the GM pressed m each time, so it
    resumes with virtual dice (the field is left out: its default says so)."""
    return renumbered(data, 1)


def v2_to_v3(data: JSON) -> JSON:
    """Schema 3 adds the encounter's `party` (the party it was made from, issue 17):
    a v2 save came from no party, and the field is left out (its default, None, says so)."""
    return renumbered(data, 2)


def v3_to_v4(data: JSON) -> JSON:
    """Schema 4 adds effects (`Combatant.effects`) and reminders (`Encounter.reminders`),
    issue 15: a v3 save had none, and both default to empty lists."""
    return renumbered(data, 3)


def v4_to_v5(data: JSON) -> JSON:
    """Schema 5 adds what the players' screen shows: each combatant's `hidden` and
    `reveal`, the settings' `open_rolls` and `foe_ticks`. A v4 save had none; their
    defaults (shown, foes unknown, rolls closed, ticks always) say what it meant."""
    return renumbered(data, 4)


# What schema 6's one text rule refuses in any text of a save (rules.model.plain_text as
# it was then): C0, DEL, C1, the bidi marks, lone surrogates. A frozen copy, as a
# migration must never follow today's models.
_REFUSED_IN_V6 = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _cleaned(value: Any) -> Any:
    """Every string of the JSON with each refused character replaced by U+FFFD."""
    if isinstance(value, str):
        return _REFUSED_IN_V6.sub("\ufffd", value)
    if isinstance(value, dict):
        return {key: _cleaned(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_cleaned(item) for item in value]
    return value


def v5_to_v6(data: JSON) -> JSON:
    """Schema 6 counts an effect's ticks that are not one wound (`Combatant.tick_wp`,
    issue 23) instead of a Wound a tick. A v5 save's tick wounds load unchanged: they are
    real WP with their times, and folding them would guess which wounds were ticks (a
    1-WP wound the GM applied "from Poison" looks the same). Only new ticks are counted.

    Schema 6 also holds every text to one rule (issue 23): a luck or fight-status reason,
    a wound's source, a dodge's situation, a weapon's name could take a control character
    or a bidi mark before (a paste). Such a save would no longer open, so each of those
    characters, wherever it is (the command, the state, the log line that quotes it),
    becomes U+FFFD: the fight opens, replays alike, and shows where a character was."""
    return renumbered(_cleaned(data), 5)


def v6_to_v7(data: JSON) -> JSON:
    """Schema 7 keeps each unknown foe's players' tag (`Combatant.letter`, issue 25) and
    how many were given (`Encounter.letters`): a v6 tag was worked out at every draw, so
    hiding or revealing one foe moved the others'. Only the versions change: a v6 save's
    foes show the tags its screen showed (roster order, A, B, …), and the first command
    that could move one gives each foe in sight its tag for good (rules.engine.letters)."""
    return renumbered(data, 6)


MIGRATIONS: dict[int, Callable[[JSON], JSON]] = {
    0: v0_to_v1,
    1: v1_to_v2,
    2: v2_to_v3,
    3: v3_to_v4,
    4: v4_to_v5,
    5: v5_to_v6,
    6: v6_to_v7,
}
"""Schema version n -> the function that upgrades a schema-n save to n + 1."""


def migrate(data: JSON, version: int, target: int) -> JSON:
    """Apply every step from `version` up to `target`, checking each says where it landed."""
    if version < 0:
        raise ValueError(f"schema {version} is not a version any tracker wrote")
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ValueError(f"no upgrade is known from schema {version}")
        data = step(data)
        if data.get("schema_version") != version + 1:
            raise ValueError(f"the upgrade from schema {version} did not reach {version + 1}")
        version += 1
    return data
