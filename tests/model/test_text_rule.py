"""One text rule for every text a command carries (issue 23, item 3).

A Luck reason, a wound's source, a fight-status reason or a dodge's situation was a
plain `str`: a bidi override, an escape sequence or NUL went into the log, and a lone
surrogate (`\\udcff`) made every later autosave fail. Every text field reachable from
the `Command` union now carries the rule (`rules.model.plain_text`), except ids,
which must name a combatant (the handler refuses any other), and fields only the
engine fills.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from rules.model.commands import COMMAND_ADAPTER, Command, FightStatus, Luck
from rules.model.errors import explain, field_problem
from rules.model.plain_text import PRINTABLE, problem

BAD = ["x\u202eevil\x01y", "\udcff", "ok\x00", "\x1b[2J", "\x1b]0;owned\x07", "a\u2066b"]

# Strings a GM never types: a combatant's id (the handler refuses one it does not know)
# and what only the engine writes (from names the rule already checked).
NOT_TYPED = {
    "Combatant.id",
    "Combatant.letter",  # the engine's (rules.engine.letters), A-Z only by its own pattern
    "Combatant.held_action",
    "Wound.level",
    "ExtendedAction.skill",
    "ExtendedAction.stat",
    "Duration.whose",
    "AddReminder.whose",
    "DuplicateCombatant.id",
    "RemoveCombatant.id",
    "SetHidden.id",
    "JoinParty.id",
    "SetReveal.id",
    "StartCombat.initiators",
    "StartCombat.awareness",
    "Reorder.order",
    "FastForward.orders",
    "OpposedStart.a",
    "OpposedStart.b",
    "AnimaCheck.opponent",
    "AddEffect.targets",
}
ID_NAMES = {"target", "actor", "attacker", "reactor"}


def _str_fields() -> dict[str, tuple[type[BaseModel], str, bool]]:
    """Every (model.field) holding a str, reachable from the Command union: whether the
    text rule's pattern is on it."""
    found: dict[str, tuple[type[BaseModel], str, bool]] = {}
    seen: set[type[BaseModel]] = set()

    def walk(ann: Any, owner: type[BaseModel], name: str, meta: list[Any]) -> None:
        origin = typing.get_origin(ann)
        if origin is typing.Annotated:
            inner, *extra = typing.get_args(ann)
            more = [m for item in extra for m in (getattr(item, "metadata", None) or [item])]
            walk(inner, owner, name, [*meta, *more])
        elif origin in (typing.Union, types.UnionType, list, tuple, dict):
            for arm in typing.get_args(ann):
                walk(arm, owner, name, meta if origin is not dict else [])
        elif ann is str:
            ruled = PRINTABLE in [getattr(m, "pattern", None) for m in meta]
            key = f"{owner.__name__}.{name}"
            found[key] = (owner, name, found.get(key, (owner, name, True))[2] and ruled)
        elif isinstance(ann, type) and issubclass(ann, BaseModel) and ann not in seen:
            seen.add(ann)
            for field_name, field in ann.model_fields.items():
                walk(field.annotation, ann, field_name, list(field.metadata))

    walk(Command, BaseModel, "", [])
    return found


FIELDS = _str_fields()
TYPED = {k: v for k, v in FIELDS.items() if k not in NOT_TYPED and k.split(".")[1] not in ID_NAMES}


def test_every_text_field_of_every_command_carries_the_rule() -> None:
    assert len(TYPED) > 20, sorted(TYPED)  # the walk reached the union and its combatant
    unruled = sorted(k for k, (_, _, ruled) in TYPED.items() if not ruled)
    assert not unruled, f"text fields without the text rule: {unruled}"
    assert {"Luck.reason", "FightStatus.reason", "ApplyWound.source", "Dodge.situation"} <= set(
        TYPED
    )


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize("where", sorted(TYPED))
def test_each_text_field_refuses_each_bad_text_in_the_rules_words(where: str, bad: str) -> None:
    model, name, _ = TYPED[where]
    annotation = typing.get_origin(model.model_fields[name].annotation)
    value: Any = [bad] if annotation is list else bad
    if typing.get_origin(_plain(model.model_fields[name].annotation)) is dict:
        value = {bad: 5}
    why = field_problem(model, name, value)
    assert why is not None, f"{where} took {bad!r}"
    assert problem(bad) in why, f"{where}: {why!r}"  # names the character and its place


def _plain(ann: Any) -> Any:
    while typing.get_origin(ann) in (typing.Annotated, typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        ann = args[0]
    return ann


@pytest.mark.parametrize("bad", BAD)
def test_a_command_with_bad_text_is_refused_whole_with_where(bad: str) -> None:
    for data, field in (
        ({"type": "luck", "target": "c1", "amount": 1, "reason": bad}, "reason"),
        ({"type": "fight-status", "target": "c1", "reason": bad}, "reason"),
        ({"type": "wound", "target": "c1", "wound_points": 2, "source": bad}, "source"),
        ({"type": "rename-encounter", "name": bad}, "name"),
        ({"type": "add-reminder", "text": bad}, "text"),
    ):
        with pytest.raises(ValidationError) as refused:
            COMMAND_ADAPTER.validate_python(data)
        words = explain(refused.value)
        assert field in words and problem(bad) in words, words


def test_the_lone_surrogate_is_named_not_a_parse_error() -> None:
    with pytest.raises(ValidationError) as refused:
        Luck(target="c1", amount=1, reason="x\udcffy")
    assert explain(refused.value, Luck) == (
        "reason: has a broken character (U+DCFF, half of a pair) at position 2:"
        " no file can hold it; type that part again"
    )


def test_plain_words_still_pass() -> None:
    for words in ("saved the child", "fled — «le Fou» 骑士", ""):
        assert FightStatus(target="c1", reason=words).reason == words
