"""The README's picture is the screen as it is now (issue 28): made by a script in the
repository, so a change to the screen shows here until `make screenshot` re-makes it."""

from __future__ import annotations

from pathlib import Path

from tests.support.screenshot import PICTURE, readme_screenshot

README = Path(__file__).resolve().parents[1] / "README.md"


async def test_the_readme_shows_the_screen_as_it_is() -> None:
    assert PICTURE.exists(), "no docs/screenshot.svg: run `make screenshot`"
    now = await readme_screenshot()
    assert PICTURE.read_text(encoding="utf-8") == now, (
        "the screen changed since docs/screenshot.svg was made: run `make screenshot`"
    )


def test_the_readme_shows_it_near_the_top() -> None:
    head = README.read_text(encoding="utf-8").splitlines()[:20]
    assert any("docs/screenshot.svg" in line for line in head)
