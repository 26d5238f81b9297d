"""rules.mechanics.arguments: a bad argument is refused with its name and value."""

from __future__ import annotations

import pytest

from rules.mechanics.arguments import require, require_non_negative
from rules.mechanics.damage import armour_hit


def test_require_names_the_argument_and_says_what_is_wrong() -> None:
    require(True, "goal", "never said")
    with pytest.raises(ValueError, match=r"^goal must be 1-99, got 0$"):
        require(False, "goal", "must be 1-99, got 0")


def test_the_first_negative_argument_is_the_one_refused() -> None:
    require_non_negative(hard=0, soft=3)
    with pytest.raises(ValueError, match=r"^soft must be 0 or more, got -1$"):
        require_non_negative(hard=2, soft=-1, rating=-5)


def test_a_mechanic_refuses_through_it() -> None:
    with pytest.raises(ValueError, match=r"^rating must be 0 or more, got -2$"):
        armour_hit(3, 0, 0, -2, [])
