"""Select's insides, for the dialogs' drop-downs (tracker.modals.form, option_marks)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Select

# Select's two parts, subclassed for a marked cursor (option_marks) and composed again
# (form.FieldSelect): `textual.widgets.select` exports neither, only the errors.
from textual.widgets._select import SelectCurrent, SelectOverlay

__all__ = ["SelectCurrent", "SelectOverlay", "type_to_search"]


def type_to_search(select: Select[Any]) -> bool:
    """The `type_to_search` a Select was made with (kept private; a recomposed overlay
    needs it again)."""
    return select._type_to_search
