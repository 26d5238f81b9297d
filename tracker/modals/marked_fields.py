"""Checkboxes, radio buttons and checklists that read without colour (a light theme or
a colour-blind GM loses Textual's colour-only `X`): every dialog's are these."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from textual.strip import Strip
from textual.widgets import Checkbox, RadioButton

from tracker.modals.option_marks import NoWrapSelectionList

SelectT = TypeVar("SelectT", bound=Hashable)
# In an ANSI theme Textual draws the button in its panel grey, where the glyph read 2.8:1
# (issue 27): the terminal's own colours instead, the chosen one in its success colour.
ANSI_BUTTON = """
Toggle:ansi > .toggle--button {
    background: ansi_default !important; color: ansi_default !important;
}
Toggle.-on:ansi > .toggle--button { color: $text-success !important; }
"""


class MarkedCheckbox(Checkbox):
    """A checkbox that reads without colour: `▐✔▌` ticked, `▐ ▌` not.

    Textual draws the same `X` either way and tells them apart by colour alone,
    which a light theme (or a colour-blind GM) loses. Every dialog's checkbox is one.
    The unticked glyph is drawn in `$foreground-muted`, not Textual's near-background
    `$panel-darken-2`; `!important` because ToggleButton's rule ties on specificity.
    """

    DEFAULT_CSS = """
    MarkedCheckbox > .toggle--button { color: $foreground-muted !important; }
    MarkedCheckbox.-on > .toggle--button { color: $text-success !important; }
    """ + ANSI_BUTTON.replace("Toggle", "MarkedCheckbox")

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's class attribute)
        return "✔" if self.value else " "


class MarkedRadioButton(RadioButton):
    """A radio button that reads without colour: `●` chosen, `○` not (Textual: `●` both);
    coloured as MarkedCheckbox is, for the same reason."""

    DEFAULT_CSS = """
    MarkedRadioButton > .toggle--button { color: $foreground-muted !important; }
    MarkedRadioButton.-on > .toggle--button { color: $text-success !important; }
    """ + ANSI_BUTTON.replace("Toggle", "MarkedRadioButton")

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 (Textual's class attribute)
        return "●" if self.value else "○"


class MarkedSelectionList(NoWrapSelectionList[SelectT]):
    """A checklist whose rows read without colour: `▐✔▌` selected, `▐ ▌` not.

    Textual's SelectionList draws a ToggleButton's `X` before every row, on or off;
    this swaps that one cell for the row's own state (as MarkedCheckbox does).
    """

    DEFAULT_CSS = """
    MarkedSelectionList > .selection-list--button { color: $foreground-muted; }
    MarkedSelectionList > .selection-list--button-highlighted { color: $foreground-muted; }
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        index = int(self.scroll_offset.y) + y
        if not 0 <= index < self.option_count:
            return strip
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:  # no button here
            return strip
        glyph = "✔" if self.get_option_at_index(index).value in self.selected else " "
        segments[1] = segments[1]._replace(text=glyph)
        return Strip(segments, strip.cell_length)
