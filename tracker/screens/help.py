"""Help: every key and what it does, and a rules cheat-sheet read from the chart data.

The tables come from `rules.mechanics.chart`, so the sheet can never disagree with
what the engine uses. The keys are those in force: the screen's bindings after the
GM's keymap (settings.json), which Textual applies to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.mechanics.chart import (
    ACTION_PENALTY,
    DODGE_GOALS,
    GOALS,
    LEVELS,
    MELEE_GOALS,
    RANGED_GOALS,
    REACTION_BASE,
)
from rules.mechanics.wounds import (
    BLEED_INTERVAL,
    BLEED_THRESHOLD,
    BREAKAGE_THRESHOLD,
    MASSIVE_WOUND_WP,
    WP_PER_STAT_POINT,
)
from tracker.actions.keymap import key_words
from tracker.widgets.event_log import MARK_LEGEND
from tracker.widgets.roster import SIDE_LEGEND
from tracker.widgets.roster_columns import HEADER_LEGEND
from tracker.widgets.steady_layout import SteadyLayout

KeyHelp = tuple[str, str] | Binding
# Actions a focused widget or Textual brings along that do nothing useful here: the
# roster never scrolls sideways and nothing on the main screen is selectable text.
INERT_ACTIONS = frozenset(
    {"scroll_left", "scroll_right", "page_left", "page_right", "screen.copy_text", "copy_text"}
)


def key_pairs(bindings: Sequence[KeyHelp]) -> list[tuple[str, str]]:
    """(key, what it does) pairs; Binding objects (e.g. from `active_bindings`) are read too,
    leaving out the inert ones (INERT_ACTIONS)."""
    pairs: list[tuple[str, str]] = []
    for item in bindings:
        if isinstance(item, Binding):
            if item.action in INERT_ACTIONS:
                continue  # listed keys must do something
            key = item.key_display or key_words(item.key)  # a keymap's key has no display
            pairs.append((key, item.description or item.action))
        else:
            key, what = item
            pairs.append((key, what))
    return pairs


def grouped_keys_text(items: Sequence[KeyHelp]) -> str:
    """The keys in force under the registry's headings (what a GM is doing), each
    group in the registry's order (a key the keymap moved comes last in Textual's
    bindings), then the screen's other keys (the roster's, Textual's own); a list of no
    GM action is one plain table."""
    from tracker.actions.registry import ACTIONS, BY_ID, GROUPS

    order = {action.id: index for index, action in enumerate(ACTIONS)}
    groups: dict[str, list[KeyHelp]] = {heading: [] for heading in GROUPS.values()}
    other: list[KeyHelp] = []
    for item in sorted(items, key=lambda i: order.get(_id(i), len(order))):  # stable
        action = BY_ID.get(_id(item))
        (other if action is None else groups[GROUPS[action.group]]).append(item)
    if not any(groups.values()):
        return keys_text(other)
    groups["Also here"] = other
    parts = [f"{heading}\n{keys_text(keys)}" for heading, keys in groups.items() if keys]
    return "\n\n".join(parts)


def _id(item: KeyHelp) -> str:
    return (item.id or "") if isinstance(item, Binding) else ""


def keys_text(bindings: Sequence[KeyHelp]) -> str:
    """Two aligned columns: key, what it does."""
    pairs = key_pairs(bindings)
    if not pairs:
        return "(no keys)"
    width = max(len(key) for key, _ in pairs)
    return "\n".join(f"{key:>{width}}  {what}" for key, what in pairs)


def _pairs(table: dict[str, int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in table.items())


def cheat_sheet() -> str:
    """The few numbers a GM looks up mid-fight (A2, A7, A8, A10, A14-A16)."""
    levels = "\n".join(
        f"  VS {vs:>2}+  {quality:<15} {damage:<10} {wp} WP"
        for vs, quality, _ability, damage, wp in LEVELS
    )
    penalties = ", ".join(f"{n} actions {p}" for n, p in ACTION_PENALTY.items() if p)
    return "\n".join(
        [
            f"Goals (A2): {_pairs(GOALS)}",
            "Success: SS >= goal; VS = SS - goal.",
            "Levels (A2), damage names and WP (A11):",
            levels,
            f"Ranged goals (A8): {_pairs(RANGED_GOALS)}",
            f"Melee goals (A8): {_pairs(MELEE_GOALS)}; Close-In: the GM sets it",
            f"Dodge goals (A10): {_pairs(DODGE_GOALS)}; dodge VS adds to the attack goal",
            f"Several actions (A8): {penalties}; the largest cost is paid (R7)",
            f"Reaction base TU (A7): {_pairs(REACTION_BASE)}, minus one d10's VP vs Wits",
            "React (A10): TTU - relevant skill <= now",
            "Shield low/high (A12): below low passes, low..high stops, above high loses high",
            f"Bleeding (R12): a wound of {BLEED_THRESHOLD}+ WP,"
            f" every {BLEED_INTERVAL} TU from the anchor",
            f"Breakage (A15): {BREAKAGE_THRESHOLD}+ WP to a limb or the chest, goal 2 + WP",
            f"Demise (A16): {MASSIVE_WOUND_WP}+ WP in one wound, Endurance at half, at 0",
            f"Every {WP_PER_STAT_POINT} total WP: every stat -1 (A9)",
            "Effects (E): duration 10 (TU), t40 (until track 40), next (its next opportunity),"
            " next Baron, end (of combat), blank: until removed; ✕ ends, ✶ ticks on the track",
            "Reminders (R): t40, 10 (TU from now), next, next Baron; ⚑ on the track, d dismisses",
        ]
    )


def screen_legend() -> str:
    """What the roster's short headers, the side glyphs and the log's marks mean (issue 27:
    a newcomer read "WP" as hit points)."""
    width = max(map(len, HEADER_LEGEND))
    headers = [f"{title:>{width}}  {words}" for title, words in HEADER_LEGEND.items()]
    return "\n".join([*headers, SIDE_LEGEND, MARK_LEGEND])


class HelpScreen(SteadyLayout, ModalScreen[None]):
    """Read-only: escape, q or ? closes it, and so do the GM's own help and quit keys
    (`closing`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close help", id="help.close"),
    ]

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > Vertical {
        width: 96;
        max-width: 100%;
        height: 100%;
        max-height: 40;
        border: round $primary;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen .heading {
        text-style: bold;
        margin-top: 1;
    }
    HelpScreen #keys, HelpScreen #legend, HelpScreen #rules {
        width: 100%;
    }
    """

    def __init__(self, bindings: Sequence[KeyHelp], closing: str = "") -> None:
        """`closing`: more keys that close it (comma-separated, as Textual names them):
        the GM's own help and quit keys, when the keymap moved them (a modal screen
        hides the main screen's bindings, so they would do nothing here)."""
        super().__init__()
        self.closing = frozenset(key for key in closing.split(",") if key)
        self.key_help = key_pairs(bindings)
        shown = [b for b in bindings if not isinstance(b, Binding) or b.action not in INERT_ACTIONS]
        self.grouped = grouped_keys_text(shown)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Help (escape closes)", classes="heading")
            with VerticalScroll(id="help-body"):
                yield Static("Keys", classes="heading")
                yield Static(self.grouped, id="keys", markup=False)
                yield Static("What the screen shows", classes="heading")
                yield Static(screen_legend(), id="legend", markup=False)
                yield Static("Rules cheat-sheet", classes="heading")
                yield Static(cheat_sheet(), id="rules", markup=False)

    def on_key(self, event: events.Key) -> None:
        """The GM's help or quit key closes help, whatever the keymap made them."""
        if event.key in self.closing:
            event.stop()
            self.action_close()

    def on_mount(self) -> None:
        self.query_one("#help-body", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
