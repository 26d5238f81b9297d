"""Which handlers a message reaches on a node, worked out once per class, not per message.

Why: Textual finds a message's handlers (`MessagePump._get_dispatch_methods`) by
walking the node's whole class hierarchy for every message it handles: 10-25
classes, each asked for its `@on` handlers under every class of the message and
for `_on_x` / `on_x`. Opening the parry question handles ~260 messages that way:
3 ms at pace 0.97 (issue 27, dialog_open_ms). Which classes have something to
offer depends only on the node's class, the message's class and the handler
name, so that list (a plan) is kept, and each dispatch walks only it.

Textual's order and rules are kept exactly: the classes in MRO order, each one's
`@on` handlers (message class by message class, a handler once, selectors
matched against the message now) before its `_on_x` or `on_x`, which is read
from the class at the moment (a method replaced at run time is the one called);
and nothing after a handler calls `prevent_default()`. A class that gains or
loses a handler changes its `__dict__`'s size: the plan is made again. Tests:
tests/app/test_dispatch_plan.py dispatches every widget class of the app with
every message it handles both ways. Public API that would replace this: none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from textual._on import OnNoWidget
from textual.css.match import match
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widget import Widget

__all__ = ["install", "installed", "textuals_own"]

Handler = tuple[Callable[..., Any], Mapping[str, Any]]  # a method, its `@on` selectors
Step = tuple[type, tuple[Handler, ...], bool]  # a class, its handlers, has `_on_x`/`on_x`
Plan = tuple[tuple[int, ...], tuple[Step, ...]]  # the class dicts' sizes when made; steps

textuals_own = MessagePump._get_dispatch_methods
_PLANS: dict[tuple[type, type, str], Plan] = {}
_DICTS: dict[type, tuple[Mapping[str, Any], ...]] = {}


def _plan(node_class: type, message_class: type, method_name: str, sizes: tuple[int, ...]) -> Plan:
    message_mro = [kind for kind in message_class.__mro__ if issubclass(kind, Message)]
    steps: list[Step] = []
    for cls in node_class.__mro__:
        own = cls.__dict__
        decorated = own.get("_decorated_handlers")
        handlers: list[Handler] = []
        if decorated:
            for kind in message_mro:
                handlers.extend(decorated.get(kind, []))
        named = f"_{method_name}" in own or method_name in own
        if handlers or named:
            steps.append((cls, tuple(handlers), named))
    return sizes, tuple(steps)


def _dispatch_methods(
    self: MessagePump, method_name: str, message: Message
) -> Iterator[tuple[type, Callable[..., Any]]]:
    """Textual's `_get_dispatch_methods`, walking only the classes with handlers."""
    node_class = type(self)
    dicts = _DICTS.get(node_class)
    if dicts is None:
        dicts = _DICTS[node_class] = tuple(cls.__dict__ for cls in node_class.__mro__)
    sizes = tuple(map(len, dicts))
    key = (node_class, type(message), method_name)
    plan = _PLANS.get(key)
    if plan is None or plan[0] != sizes:
        plan = _PLANS[key] = _plan(node_class, type(message), method_name, sizes)
    dispatched: set[Callable[..., Any]] = set()
    for cls, handlers, named in plan[1]:
        if message._no_default_action:
            break
        for method, selectors in handlers:
            if method in dispatched:
                continue
            if not selectors:
                yield cls, method.__get__(self, cls)
                dispatched.add(method)
                continue
            if not message._sender:
                continue
            for attribute, selector in selectors.items():
                node = getattr(message, attribute)
                if node is None:
                    break
                if not isinstance(node, Widget):
                    raise OnNoWidget(
                        f"on decorator can't match against {attribute!r} as it is not a widget."
                    )
                if not match(selector, node):
                    break
            else:
                yield cls, method.__get__(self, cls)
                dispatched.add(method)
        if named:
            own = cls.__dict__
            found: Any = own.get(f"_{method_name}") or own.get(method_name)
            if found is not None and not getattr(found, "_textual_on", None):
                yield cls, found.__get__(self, cls)


def install() -> None:
    """Every node's dispatch follows its plan from now on (again: a no-op)."""
    MessagePump._get_dispatch_methods = _dispatch_methods  # type: ignore[method-assign]


def installed() -> bool:
    return MessagePump._get_dispatch_methods is _dispatch_methods
