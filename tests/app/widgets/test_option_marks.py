"""Option lists, drop-downs and radio sets: the cursor reads by glyph, and Down stops.

Textual marks the highlighted option by colour alone and wraps Down from the
last enabled option, past disabled ones, back to the first: at the table the
GM saw "React" jump to the top of the list. Here the highlighted option reads
`▸`, and Down on the last enabled option stays on it.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import RadioButton
from textual.widgets.option_list import Option

from tests.support.modal_host import until
from tracker.modals.act.base import FieldRadioSet
from tracker.modals.form import FieldSelect
from tracker.modals.marked_fields import MarkedSelectionList
from tracker.modals.option_marks import MarkedOptionList, MarkedSelectOverlay


def options() -> list[Option]:
    return [Option("header", disabled=True), Option("one"), Option("two")] + [
        Option("refused", disabled=True)
    ]


class Lists(App[None]):
    def compose(self) -> ComposeResult:
        yield MarkedOptionList(*options(), id="list")
        yield FieldSelect([("one", 1), ("two", 2)], value=1, allow_blank=False, id="select")
        yield FieldRadioSet(
            RadioButton("one", value=True), RadioButton("two"), RadioButton("no", disabled=True),
            id="radios",
        )  # fmt: skip
        yield MarkedSelectionList[int](("a", 1), ("b", 2), id="checks")


def rows(widget: MarkedOptionList) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.option_count)]


async def test_the_highlighted_option_reads_by_glyph() -> None:
    app = Lists()
    async with app.run_test(size=(60, 30)) as pilot:
        listing = app.query_one("#list", MarkedOptionList)
        listing.highlighted = 1
        await pilot.pause()
        lines = rows(listing)
        assert lines[1].startswith("▸") and "one" in lines[1]
        assert all(not line.startswith("▸") for i, line in enumerate(lines) if i != 1)


async def test_down_on_the_last_enabled_option_stays_there() -> None:
    app = Lists()
    async with app.run_test(size=(60, 30)) as pilot:
        listing = app.query_one("#list", MarkedOptionList)
        listing.focus()
        listing.highlighted = 2
        await pilot.press("down")
        await pilot.pause()
        assert listing.highlighted == 2  # Textual wrapped to 1, past "refused" and "header"
        await pilot.press("up", "up")
        assert listing.highlighted == 1  # nor does Up wrap to the bottom


async def test_the_drop_down_is_marked_and_does_not_wrap() -> None:
    app = Lists()
    async with app.run_test(size=(60, 30)) as pilot:
        select = app.query_one("#select", FieldSelect)
        select.focus()
        await pilot.press("space")
        await until(pilot, lambda: select.expanded)
        overlay = select.query_one(MarkedSelectOverlay)
        await pilot.press("down", "down")
        await pilot.pause()
        assert overlay.highlighted == 1
        assert rows(overlay)[1].startswith("▸")


async def test_radio_set_and_checklist_do_not_wrap() -> None:
    app = Lists()
    async with app.run_test(size=(60, 30)) as pilot:
        radios = app.query_one("#radios", FieldRadioSet)
        radios.focus()
        await pilot.pause()
        await pilot.press("down", "down")
        await pilot.pause()
        assert radios.pressed_index == 1  # not back to "one" past the disabled "no"
        checks = app.query_one("#checks", MarkedSelectionList)
        checks.focus()
        checks.highlighted = 1
        await pilot.press("down")
        assert checks.highlighted == 1
