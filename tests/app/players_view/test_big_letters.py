"""Who acts now in letters three rows tall: every glyph three rows of one width, a name's
case and accents dropped, and no name drawn big that the font lacks a letter of or that
is wider than its room (it is written plainly instead, never cut)."""

from __future__ import annotations

from tracker.players.view.widgets.big_letters import FONT, GAP, big, big_width


def test_every_glyph_is_three_rows_of_one_width() -> None:
    for ch, rows in FONT.items():
        assert len(rows) == 3 and len({len(r) for r in rows}) == 1, ch
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") <= set(FONT)


def test_a_name_is_its_glyphs_side_by_side() -> None:
    rows = big("Ana")
    assert rows is not None
    assert rows[0] == GAP.join([FONT["A"][0], FONT["N"][0], FONT["A"][0]])
    assert big("ana") == rows and big("Àña") == rows  # case and accents dropped
    assert big_width("Ana") == 11


def test_what_cannot_be_drawn_big_is_none() -> None:
    assert big("Ana & Kans") is None  # no glyph for &
    assert big("") is None and big("   ") is None
    assert big("Baron Molin, Unknown A", width=60) is None  # 88 columns
    assert big("Baron Molin, Unknown A", width=88) is not None
