"""Strips that make their caches on first use (tracker.textual_compat.lazy_strips) behave
exactly as Textual's own, and make the caches Textual would (issue 27: dialog_open_ms).

A strip built the lazy way and one built by Textual's own `__init__` go through the
same random operations, each done twice (the second answer comes from a cache), and
must give equal strips and text every time.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

from tracker.textual_compat import lazy_strips

STYLES = [None, Style(bold=True), Style(color="red", bgcolor="blue"), Style(link="x")]
segments = st.lists(
    st.tuples(st.text("ab é漢", max_size=6), st.sampled_from(STYLES)).map(lambda p: Segment(*p)),
    max_size=6,
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("crop"), st.integers(-2, 20), st.integers(-2, 20)),
        st.tuples(st.just("divide"), st.lists(st.integers(0, 20), max_size=4).map(sorted)),
        st.tuples(st.just("apply_style"), st.sampled_from(STYLES[1:])),
        st.tuples(st.just("extend_cell_length"), st.integers(0, 25)),
        st.tuples(st.just("adjust_cell_length"), st.integers(0, 25)),
        st.tuples(st.just("crop_extend"), st.integers(0, 20), st.integers(0, 25)),
        st.tuples(st.just("apply_offsets"), st.integers(0, 5), st.integers(0, 5)),
        st.tuples(st.just("simplify")),
    ),
    max_size=6,
)


def eager(parts: list[Segment], cell_length: int | None = None) -> Strip:
    strip = Strip.__new__(Strip)
    lazy_strips._EAGER(strip, parts, cell_length)
    return strip


def step(strip: Strip, operation: tuple[object, ...]) -> Strip:
    name, *args = operation
    if name == "crop_extend":
        return strip.crop_extend(*args, None)  # type: ignore[arg-type]
    if name == "divide":
        return Strip.join(strip.divide(*args))  # type: ignore[arg-type]
    result: Strip = getattr(strip, str(name))(*args)
    return result


@pytest.fixture(autouse=True)
def lazy() -> None:
    lazy_strips.install()
    lazy_strips.install()  # a second install changes nothing
    assert lazy_strips.installed()


@settings(max_examples=300, deadline=None)
@given(segments, operations)
def test_a_lazy_strip_answers_as_textuals_own(parts: list[Segment], ops: list[tuple]) -> None:  # type: ignore[type-arg]
    mine, theirs = Strip(parts), eager(parts)
    for operation in ops:
        for _ in range(2):  # worked out, then from the cache
            assert step(mine, operation) == step(theirs, operation)
        mine, theirs = step(mine, operation), step(theirs, operation)
        assert mine.text == theirs.text
        assert mine.cell_length == theirs.cell_length
        assert list(mine) == list(theirs)


def test_the_caches_are_textuals_made_on_first_use() -> None:
    theirs = eager([Segment("abc")], 3)
    made = {
        name: cache._maxsize
        for name in Strip.__slots__
        if isinstance(cache := getattr(theirs, name, None), FIFOCache)
    }
    assert made == lazy_strips.SIZES and len(made) == 7  # Textual 8.2.8 has seven
    mine = Strip([Segment("abc")], 3)
    for name in Strip.__slots__:  # the plain fields exactly as Textual sets them
        if name not in made:
            assert getattr(mine, name) == getattr(theirs, name), name
    for name in made:  # none made yet (the slot itself is empty, not asked through Strip)
        with pytest.raises(AttributeError):
            Strip.__dict__[name].__get__(mine, Strip)
    first = mine._crop_cache
    assert isinstance(first, FIFOCache) and first._maxsize == made["_crop_cache"]
    assert mine._crop_cache is first  # made once, then kept
    assert mine.crop(0, 2) is mine.crop(0, 2)  # and used: the second crop is the cached one


def test_a_name_that_is_no_cache_is_still_missing() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        Strip([]).no_such_thing  # type: ignore[attr-defined]  # noqa: B018
