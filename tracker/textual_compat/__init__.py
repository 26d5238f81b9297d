"""The only code that touches Textual's and textual-serve's private names.

The tracker leans on a few of Textual's insides: a clock, a cursor helper, the
terminal parser, how a message bubbles, the hooks it overrides (a paste, a
stylesheet's matching, a modal's backdrop, how a message finds its handlers,
when a strip makes its caches, among others). Each is wrapped here once, with
why it is needed and what public API (or upstream issue) would replace it, so
an upgrade of the exact `textual` pin is checked in one folder. An import
contract (pyproject) and tests/test_textual_compat.py keep every other module
of `tracker` off those names; the same test fails when the installed Textual
is not the version this package was checked against.
"""

from __future__ import annotations

CHECKED_WITH = "8.2.8"  # the `textual==` pin in pyproject.toml this package was read against
SERVE_CHECKED_WITH = "1.1.3"  # the textual-serve its `serve` module was read against
