"""A number in the roster is never cut (issue 27): its column grows to its longest cell.

Before, a right-aligned cell too long for its column lost its first characters: at
71 WP the Pen column read `24*` (a bonus, to a GM) for -24*, and after three hours
of passing time a TTU of 10800 read `0800`. Read from the painted roster at 80
columns, the laptop's terminal, where the columns are tightest.
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from rules.model.state import Combatant, Encounter, Wound
from tests.support.modal_host import until
from tracker.widgets.roster import Roster


def hurt(wp: int) -> Combatant:
    """The Baron with `wp` WP taken, in wounds of at most 30 (a wound's own bound)."""
    sizes = [30] * (wp // 30) + ([wp % 30] if wp % 30 else [])
    wounds = [Wound(location="chest", level="Wound", wp=n, time=0, source="GM") for n in sizes]
    return Combatant(
        id="b", name="Baron Molin", stats={"Wits": 5, "Dexterity": 6}, wounds=wounds, ttu=12
    )


class RosterApp(App[None]):
    def __init__(self, enc: Encounter) -> None:
        super().__init__()
        self.enc = enc

    def compose(self) -> ComposeResult:
        yield Roster()

    def on_mount(self) -> None:
        self.query_one(Roster).show(self.enc)


def cells(roster: Roster) -> dict[str, str]:
    """The header's titles over the Baron's row, column by column."""
    header, row = roster.render_line(0).text, roster.render_line(1).text
    spans: dict[str, str] = {}
    for column, size in roster._columns:
        at = header.index(column.title) if column.title else 0
        if column.align == "right":
            end = at + len(column.title)
            spans[column.key] = row[end - size : end].strip()
    return spans


async def test_a_two_digit_penalty_and_a_five_digit_ttu_keep_every_character() -> None:
    baron = hurt(71).model_copy(update={"ttu": 10800, "luck": -12, "drains": {"Wits": 2}})
    enc = Encounter(combatants={"b": baron}, time=10790, next_id=1)
    app = RosterApp(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        roster = app.query_one(Roster)
        await until(pilot, lambda: "Baron" in roster.render_line(1).text)
        shown = cells(roster)
    worst = max(baron.penalty(stat) for stat in baron.stats)  # A9
    assert worst >= 10 and baron.penalty("Wits") != baron.penalty("Dexterity")
    assert shown["pen"] == f"-{worst}*"  # two digits, its sign and the * that some take less
    assert shown["ttu"] == "10800"
    assert shown["luck"] == "-12"


async def test_the_columns_widen_when_a_number_grows_and_come_back_after() -> None:
    enc = Encounter(combatants={"b": hurt(3)}, time=0, next_id=1)
    app = RosterApp(enc)
    async with app.run_test(size=(80, 24)) as pilot:
        roster = app.query_one(Roster)
        await until(pilot, lambda: "Baron" in roster.render_line(1).text)
        assert cells(roster)["pen"] == "-1"
        roster.show(Encounter(combatants={"b": hurt(365)}, time=0, next_id=1))
        await until(pilot, lambda: cells(roster)["pen"] == "-121")
        roster.show(enc)
        await until(pilot, lambda: cells(roster)["pen"] == "-1")
        assert "Baron Molin" in roster.render_line(1).text


def test_a_cell_cut_by_a_narrow_column_says_so_and_keeps_its_sign() -> None:
    from tracker.widgets.roster_columns import fit_number

    assert fit_number("-24*", 4) == "-24*"
    assert fit_number("-24*", 3) == "-24"  # the * goes first
    assert fit_number("-121", 3) == "-1…"
    assert fit_number("7", 3) == "  7"
