"""The players' screen laid out for a table (issue 25): who acts now the loudest thing, the
party as cards with a WP gauge, the log with more than two lines at 80×24, one column on
a phone. Each read off the rendered screen of a mid-fight save (`table_fight`)."""

from __future__ import annotations

from pathlib import Path

from rules.engine.public_view import public_view
from tests.support.players_screen import opened, part_text
from tests.support.players_view import saved_fight, screen_text
from tests.support.table_fight import FOES, PARTY, saved_table_fight, table_fight
from tracker.players.view.app import PlayersView
from tracker.players.view.widgets.cards import FigureCard
from tracker.players.view.widgets.figures import EMPTY, FULL
from tracker.players.view.widgets.foe_list import FoeList
from tracker.players.view.widgets.log_panel import LogPanel
from tracker.players.view.widgets.now_panel import NowPanel

BIG = set("┏┓┗┛┳┻┣┫╋")  # the heavy box lines big letters are drawn with


def log_lines_visible(app: PlayersView) -> int:
    """How many log lines start on screen: a time in the gutter, then a tone's mark."""
    rows = part_text(app, app.query_one(LogPanel))
    return sum(1 for row in rows[1:] if row[:6].strip().isdigit())  # (a padding cell first)


async def test_at_80x24_mid_fight_the_log_shows_more_than_two_lines(tmp_path: Path) -> None:
    app = PlayersView(saved_table_fight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        body = app.query_one("#body")
        assert body.scroll_y == 0
        log = app.query_one(LogPanel)
        assert log.region.y < 24 - 1 - 3  # its heading and three lines above the footer
        shown = log_lines_visible(app)
        assert shown >= 3, "\n".join(part_text(app, log))
        newest = public_view(table_fight().encounter).log[-1].text
        assert newest in screen_text(app)  # the newest line, at the top


async def test_who_acts_now_is_a_band_across_the_screen(tmp_path: Path) -> None:
    path, _ = saved_fight(tmp_path)  # Dinzis acts now, Kans next at 4
    app = PlayersView(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        band = app.query_one(NowPanel)
        assert band.region.width == 80 and band.region.height == 3 and band.region.y == 0
        rows = part_text(app, band)
        assert sum(1 for row in rows if set(row) & BIG) == 3  # DINZIS, three rows tall
        assert len(rows[0].strip()) >= len("Dinzis") * 3  # wider than any other text
        assert "acts now" in rows[1] and "time 0" in rows[1]
        assert "next: Kans at 4" in rows[2]


async def test_two_acting_too_wide_for_big_letters_are_plain_on_the_band(
    tmp_path: Path,
) -> None:
    app = PlayersView(saved_table_fight(tmp_path))  # Baron Molin and Unknown A, both at 7
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        rows = part_text(app, app.query_one(NowPanel))
        assert "Baron Molin, Unknown A  act now" in rows[1] and "time 7" in rows[1]
        assert not any(set(row) & BIG for row in rows)  # not cut: written plainly
    app = PlayersView(saved_table_fight(tmp_path / "wide"))
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(app, pilot)
        rows = part_text(app, app.query_one(NowPanel))
        assert all(set(row) & BIG for row in rows)  # room enough: big


async def test_each_party_member_has_a_card_with_its_gauge_and_number(tmp_path: Path) -> None:
    view = public_view(table_fight().encounter)
    app = PlayersView(saved_table_fight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        cards = list(app.query_one("#party").query(FigureCard))
        assert [c.figure.name for c in cards] == list(PARTY)
        assert len({c.region.y for c in cards}) == 1  # three across at 80 columns
        for card, figure in zip(cards, view.party, strict=True):
            assert figure.name in str(card.border_title)
            rows = part_text(app, card)
            assert rows[0].startswith("╭") or rows[0].startswith("┏")  # its border
            gauge = next(row for row in rows if FULL in row or EMPTY in row)
            assert f"WP taken {figure.wp}" in gauge
            assert figure.endurance is not None
            assert f"End {figure.endurance[0]}/{figure.endurance[1]}" in "\n".join(rows)
            if figure.bleeding:
                assert f"♦ bleeding {figure.bleeding}/10 TU" in "\n".join(rows)
        acting = [c for c in cards if c.has_class("-now")]
        assert [c.figure.name for c in acting] == ["Baron Molin"]
        assert "▶ Baron Molin" in str(acting[0].border_title)


async def test_foes_show_their_wound_word_and_revealed_numbers_as_a_card(
    tmp_path: Path,
) -> None:
    app = PlayersView(saved_table_fight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        foes = "\n".join(part_text(app, app.query_one(FoeList)))
        assert "▶ Unknown A  bruised" in foes  # acts now, with its word
        assert FOES[0] not in screen_text(app)  # its name is not revealed
        card = app.query_one(FoeList).query_one(FigureCard)
        assert card.figure.name == FOES[1] and "WP taken 0" in "\n".join(part_text(app, card))


async def test_cards_flow_several_across_a_tv_and_one_column_on_a_phone(
    tmp_path: Path,
) -> None:
    for size, across in [((160, 45), 3), ((80, 24), 3), ((56, 40), 1), ((40, 60), 1)]:
        app = PlayersView(saved_table_fight(tmp_path / str(size[0])))
        async with app.run_test(size=size) as pilot:
            await opened(app, pilot)
            cards = list(app.query_one("#party").query(FigureCard))
            rows = {c.region.y for c in cards}
            assert len(cards) // len(rows) == across, size
            assert app.screen.has_class("-narrow") == (size[0] < 60)
            if across == 1:  # a phone: each card the width of the screen, nothing beside
                log, side = app.query_one(LogPanel), app.query_one("#side")
                assert log.region.y > side.region.y and log.region.x == side.region.x
