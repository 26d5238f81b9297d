"""The README's picture: the demo in the middle of a fight, made by the app itself.

`make screenshot` writes it (`docs/screenshot.svg`); tests/test_readme_screenshot.py
fails when the screen changed and the picture did not, so the README never shows an
old screen. The scene is the snapshots' own (`tests.support.scenes.mid_fight`): a
wound, a bleeder, a decision waiting, at 100×30 (what a laptop's terminal shows).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from tests.support.contrast import screenshot
from tests.support.scenes import mid_fight

PICTURE = Path(__file__).resolve().parents[2] / "docs" / "screenshot.svg"
SIZE = (100, 30)


async def readme_screenshot() -> str:
    """The SVG of the demo mid-fight, as a GM sees it (dark theme, seeded dice)."""
    from tracker.app.tracker_app import make_app

    with tempfile.TemporaryDirectory() as saves:
        app = make_app(demo=True, saves_dir=Path(saves), seed=1)
        return await screenshot(app, mid_fight, SIZE)


def main() -> int:
    os.environ["COLORTERM"] = "truecolor"  # the picture's theme, whatever this shell's TERM
    PICTURE.write_text(asyncio.run(readme_screenshot()), encoding="utf-8")
    print(f"wrote {PICTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
