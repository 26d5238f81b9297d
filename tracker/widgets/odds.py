"""The odds of a Fading Suns roll, live in a dialog: chance, expected VS, SS bars (A1, A2, C).

The exact SS distribution of the roll being declared — exertion (A5) and a
chance, luck or desperation die (C1-C3, R18) included — comes from
`rules.odds.declared`; this module only condenses it into what a GM reads
at a glance (bars, percentages, level odds) and draws it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from rules.mechanics.chart import LEVELS
from rules.mechanics.skill import victory_level
from rules.odds.declared import ONE, ZERO, Frozen, at_least, roll_distribution
from tracker.widgets.text_lines import text_lines
from tracker.widgets.tones import PLAIN, Tones, tones

BUCKET_ROWS = 8
LINES = 3 + BUCKET_ROWS + 1  # headline, success, levels; the bars; the note
BLOCKS = " ▏▎▍▌▋▊▉█"  # eighths of a cell, for the bars that succeed (or have no goal)
MISS = "▒"  # whole cells, for the bars that fail: told apart without colour
MARKS = {True: "✓", False: "✗", None: " "}  # success, failure, no goal
TINY = Fraction(1, 2000)  # bucket ends rarer than 0.05% are trimmed from the chart
SHORT_LEVEL = {
    "Minimal": "Min",
    "Reasonable": "Reas",
    "Good": "Good",
    "Excellent": "Exc",
    "Superb": "Sup",
    "Near Perfection": "NP",
}


# --- what the view shows -----------------------------------------------------------


@dataclass(frozen=True)
class Bucket:
    """One bar of the chart: SS low..high, its probability, and whether it succeeds."""

    low: int
    high: int
    chance: Fraction
    success: bool | None


@dataclass(frozen=True)
class OddsSummary:
    """Everything the view shows, computed once per set of inputs."""

    chance: Fraction | None  # None without a goal
    expected_vs: Fraction | None  # E[VS | success] (A2); None when success is impossible
    levels: dict[str, Fraction]  # victory level -> probability (A2)
    mean: Fraction
    buckets: tuple[Bucket, ...]
    shifted: Fraction | None  # chance with the goal raised by `goal_shift` (a dodge, A10)


def buckets(
    dist: Mapping[int, Fraction], goal: int | None, rows: int = BUCKET_ROWS
) -> list[Bucket]:
    """At most `rows` equal-width SS ranges; with a goal, edges fall on it, so each bar is
    wholly a success or wholly a failure. Rare tails (below 0.05%) are left off.

    Lining the edges up on the goal can push the first range below the lowest SS the
    roll can make (or the last above the highest): such a bar's label is cut back to
    what the roll can score, never "SS -1..1" for a roll whose least SS is 0."""
    scores = sorted(ss for ss, p in dist.items() if p > 0)
    if not scores:
        return []
    low = next((ss for ss in scores if dist[ss] >= TINY), scores[0])
    high = next((ss for ss in reversed(scores) if dist[ss] >= TINY), scores[-1])
    span = high - low + 1
    if goal is None:
        width = math.ceil(span / rows)
        start = low
    else:
        width = math.ceil(span / (rows - 1)) if span > rows else 1
        start = low - ((low - goal) % width)
    found: list[Bucket] = []
    edge = start
    while edge <= high and len(found) < rows:
        top = edge + width - 1
        chance = sum((p for ss, p in dist.items() if edge <= ss <= top), ZERO)
        shown = (max(edge, scores[0]), min(top, scores[-1]))  # the real least and most SS
        found.append(Bucket(*shown, chance, None if goal is None else edge >= goal))
        edge = top + 1
    return found


def summarize(
    dist: Mapping[int, Fraction], goal: int | None, goal_shift: Mapping[int, Fraction] | None = None
) -> OddsSummary:
    """A2: chance, E[VS | success], level odds, mean SS and the bars of one distribution."""
    mean = sum((ss * p for ss, p in dist.items()), ZERO)
    if goal is None:
        return OddsSummary(None, None, {}, mean, tuple(buckets(dist, None)), None)
    chance = at_least(dist, goal)
    weighted = sum(((ss - goal) * p for ss, p in dist.items() if ss >= goal), ZERO)
    levels: dict[str, Fraction] = {level: ZERO for _t, level, _a, _d, _w in LEVELS}
    for ss, p in dist.items():
        level = victory_level(ss - goal)
        if level is not None:
            levels[level] += p
    shifted = None
    if goal_shift is not None:
        shifted = sum((q * at_least(dist, goal + extra) for extra, q in goal_shift.items()), ZERO)
    expected = weighted / chance if chance else None
    bars = tuple(buckets(dist, goal, BUCKET_ROWS - 1))  # one row is the goal line
    return OddsSummary(chance, expected, levels, mean, bars, shifted)


def percent(p: Fraction) -> str:
    """A probability as the view prints it: exact ends stay exact (0%, 100%)."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    if value < 0.01:
        return "<0.01%"
    if value > 99.99:
        return ">99.99%"
    return f"{value:.2f}%" if value < 10 or value > 90 else f"{value:.1f}%"


def rough_percent(p: Fraction) -> str:
    """A whole percent for the one-line level odds (`<1%` and `>99%` near the ends)."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def bar_text(share: float, width: int, success: bool | None) -> str:
    """A bar `share` of `width` long: solid in eighths when it succeeds (or no goal),
    shaded in whole cells when it fails — at least one cell when it has any chance."""
    if success is False:
        cells = round(share * width)
        return MISS * (cells or (1 if share > 0 else 0))
    eighths = round(share * width * 8)
    return "█" * (eighths // 8) + (BLOCKS[eighths % 8] if eighths % 8 else "")


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


# --- the widget -------------------------------------------------------------------------


INPUTS = (  # the view's reactives: what it shows
    "stat",
    "stat_name",
    "dice",
    "goal",
    "modifier",
    "exert",
    "special",
    "positive",
    "note",
    "goal_shift",
    "shift_label",
)


class OddsView(Widget):
    """Exact odds of the roll being declared; redraws the moment an input changes.

    Always draws the same number of lines (3 + 8 bars + 1; with a goal, 7 bars and
    the goal line), so changing an input never moves the dialog around it. Each bar
    says success (✓, solid) or failure (✗, shaded ▒) in glyphs as well as in colour.
    """

    DEFAULT_CSS = """
    OddsView {
        height: auto;
        min-width: 40;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    """

    stat: reactive[int] = reactive(0)
    stat_name: reactive[str] = reactive("stat")
    dice: reactive[int] = reactive(0)
    goal: reactive[int | None] = reactive(None)
    modifier: reactive[int] = reactive(0)
    exert: reactive[bool] = reactive(False)
    special: reactive[str | None] = reactive(None)
    positive: reactive[bool] = reactive(True)
    note: reactive[str] = reactive("")
    goal_shift: reactive[Frozen | None] = reactive(None)
    shift_label: reactive[str] = reactive("the dodge")

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Odds"
        self.shown: tuple[object, ...] | None = None  # the inputs last drawn (tests, bench)
        self.summary: OddsSummary | None = None
        self.palette: Tones = PLAIN  # the theme's tones, read at each draw
        self._drawn: tuple[object, list[Strip]] | None = None  # (what they show, the lines)

    def take_over(self, twin: OddsView) -> None:
        """What `twin` shows (a dialog refilled for another question: its form then sets
        them as it does for a fresh one; tracker.modals.act.refill)."""
        for name in INPUTS:
            setattr(self, name, getattr(twin, name))  # a reactive: unchanged, nothing done
        if self.border_title != twin.border_title:
            self.border_title = twin.border_title

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None  # the theme's tones may have moved: read again at the next draw
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Always LINES: measured without drawing, since a draw before layout asks the
        screen for this widget's region and so lays the whole dialog out a second time."""
        return LINES

    def inputs(self) -> tuple[object, ...]:
        return (
            self.stat,
            self.dice,
            self.goal,
            self.modifier,
            self.exert,
            self.special,
            self.positive,
            self.goal_shift,
        )

    def compute(self) -> OddsSummary:
        """The summary of the current inputs (pure; the cache makes redraws cheap)."""
        dist = roll_distribution(
            self.stat, max(0, self.dice), self.modifier, self.exert, self.special, self.positive
        )
        shift = dict(self.goal_shift) if self.goal_shift is not None else None
        return summarize(dist, self.goal, shift)

    def render_line(self, y: int) -> Strip:
        """The line API (`text_lines`): cheaper than Textual's own route for the drawn
        Text (the view's first draw 4.2 -> 3.6 ms at 200 combatants, issue 27). The Text
        is made once per change of what it shows, the size or the style."""
        width, base = self.size.width, self.visual_style.rich_style
        key = (self.inputs(), self.stat_name, self.note, self.shift_label, width, base)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = key, text_lines(self.render(), width, base, self.app.console)
        lines = self._drawn[1]
        return lines[y] if y < len(lines) else Strip.blank(width, base)

    def render(self) -> Text:
        key = self.inputs()
        if self.summary is None or self.shown != key:
            self.summary = self.compute()
        self.shown = key
        self.palette = tones(self)
        return self._draw(self.summary)

    # --- drawing ----------------------------------------------------------------------

    def _headline(self) -> Text:
        parts = [f"{self.stat_name} {self.stat}", f"{max(0, self.dice)}d10"]
        parts.append("no goal" if self.goal is None else f"goal {self.goal}")
        if self.modifier:
            parts.append(signed(self.modifier))
        if self.exert:
            parts.append("exert")
        if self.special:
            sign = "" if self.special != "luck" else ("+" if self.positive else "−")
            parts.append(f"{self.special}{sign} die")
        return Text(" · ".join(parts), style="bold")

    def _draw(self, s: OddsSummary) -> Text:
        out = self._headline()
        out.append("\n")
        if s.chance is None:
            out.append("Mean SS ", style=self.palette["muted"])
            out.append(f"{float(s.mean):.2f}", style="bold")
            out.append("\n")
        else:
            out.append("Success ", style=self.palette["muted"])
            good = self.palette["success" if s.chance >= 0.5 else "error"]
            out.append(percent(s.chance), style=good + Style(bold=True))
            if s.expected_vs is not None:
                level = victory_level(math.floor(s.expected_vs)) or "—"
                out.append("  E[VS|success] ", style=self.palette["muted"])
                out.append(f"{float(s.expected_vs):.2f} ({level})")
            out.append("\n")
            likely = [(name, p) for name, p in s.levels.items() if p >= Fraction(1, 200)]
            out.append(" · ".join(f"{SHORT_LEVEL[n]} {rough_percent(p)}" for n, p in likely) or "—")
        out.append("\n")
        self._bars(out, s)
        if s.shifted is not None:
            out.append(f"with {self.shift_label}: ", style=self.palette["muted"])
            out.append(percent(s.shifted), style="bold")
            if self.note:
                out.append(f" · {self.note}", style=self.palette["muted"])
        else:
            out.append(self.note, style=self.palette["muted"])
        return out

    def _bars(self, out: Text, s: OddsSummary) -> None:
        """The bars, lowest SS first; with a goal, a rule where failure ends and success
        begins (A1), so the GM reads the split by glyph (✗ ▒ above, ✓ █ below) too."""
        rows = list(s.buckets)
        top = max((b.chance for b in rows), default=ONE) or ONE
        width = max(8, self.size.width - 23)
        first = next((i for i, b in enumerate(rows) if b.success), len(rows))
        for index, b in enumerate(rows):
            if index == first and self.goal is not None:
                self._goal_line(out, width)
            label = f"SS {b.low}" if b.low == b.high else f"SS {b.low}..{b.high}"
            tone = self.palette[{True: "success", False: "error", None: "primary"}[b.success]]
            bar = bar_text(float(b.chance / top), width, b.success)
            out.append(f"{MARKS[b.success]} ", style=tone + Style(bold=True))
            out.append(f"{label:>11} ", style=self.palette["muted"])
            out.append(f"{bar:<{width}}", style=tone)
            out.append(f" {percent(b.chance):>7}\n")
        if first == len(rows) and rows and self.goal is not None:
            self._goal_line(out, width)  # every SS fails: the goal is past the last bar
        drawn = len(rows) + (1 if rows and self.goal is not None else 0)
        for _ in range(BUCKET_ROWS - drawn):
            out.append("\n")

    def _goal_line(self, out: Text, width: int) -> None:
        """`── goal 5: ✗ above, ✓ below ───…`, as wide as the bars' rows."""
        label = f"── goal {self.goal}: ✗ above, ✓ below "
        out.append(f"{label:─<{width + 22}}"[: width + 22] + "\n", style=self.palette["muted"])
