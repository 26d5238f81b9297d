"""How legible a screenshot is: the WCAG contrast of every text against its background.

Reads the SVG Textual exports (the snapshots' own format): the class of each
text run names its colour, and the rectangle drawn under the same cell its
background. Dim text, a faded style and the theme's own choices all end up as
plain colours there, so what is measured is what the GM sees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from unittest.mock import patch

import rich.console
from textual.app import App

from tests.support.scenes import Scene

MEANING = re.compile(r"[\w✓✗●○✔▶†♦◇▲▼⚠%]")  # letters, digits and the state glyphs
LINE = 24.4  # the export's line height in px
TOP = 1.5  # the first line's top
CLASS_FILL = re.compile(r"\.(terminal-[\w-]*?r\d+) \{ fill: (#[0-9a-fA-F]{6})")
RECT = re.compile(
    r'<rect fill="(#[0-9a-fA-F]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+"'
)
# The window's own fill: the terminal's default background, under every cell no rectangle
# is drawn for (an ANSI theme's `ansi_default` background).
WINDOW = re.compile(r'<rect fill="(#[0-9a-fA-F]{6})" stroke=')
TEXT = re.compile(
    r'<text class="(terminal-[\w-]*?r\d+)" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" '
    r'clip-path="url\(#terminal-[\w-]*?line-(\d+)\)">([^<]*)</text>'
)


@dataclass(frozen=True)
class Run:
    text: str
    line: int
    x: float
    fg: str
    bg: str
    ratio: float


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def runs(svg: str) -> list[Run]:
    """Every visible text run of the screenshot, with its colours and their contrast."""
    fills = dict(CLASS_FILL.findall(svg))
    window = WINDOW.search(svg)
    base = window.group(1) if window else None
    backgrounds: dict[int, list[tuple[float, float, str]]] = {}
    for fill, x, y, width in RECT.findall(svg):
        line = round((float(y) - TOP) / LINE)
        backgrounds.setdefault(line, []).append((float(x), float(x) + float(width), fill))
    found = []
    for cls, x, _length, line, raw in TEXT.findall(svg):
        text = raw.replace("&#160;", " ").strip()
        if not text or cls not in fills:
            continue
        middle = float(x) + 1  # the run's first cell
        under = backgrounds.get(int(line), [])
        bg = next((fill for left, right, fill in under if left <= middle < right), base)
        if bg is None:
            continue
        fg = fills[cls]
        found.append(Run(text, int(line), float(x), fg, bg, contrast(fg, bg)))
    return found


async def screenshot(app: App[None], scene: Scene, size: tuple[int, int] = (120, 40)) -> str:
    """The SVG of `app` at `size` once `scene` has played, its ANSI colours in the palette
    Textual itself draws them in (`App.ansi_theme`: Monokai dark, Alabaster light), not
    rich's export palette, which is dark whatever the theme: an ANSI theme is measured
    against a terminal of its own kind."""
    async with app.run_test(size=size) as pilot:
        await scene(pilot)
        with patch.object(rich.console, "SVG_EXPORT_THEME", app.ansi_theme):
            return app.export_screenshot()
