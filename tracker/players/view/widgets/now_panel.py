"""Who acts now, the loudest thing on the players' screen: a band the width of the screen
with the acting name(s) in letters three rows tall (`big_letters`), "acts now" beside
them with who comes next beneath it, and the track's time at the right.

A player looks up from across the room and knows whether it is their turn. A name the
big letters cannot draw (a letter the font lacks, or too wide for the screen, as two
tied names on a phone) is written in plain bold type on the same band: never cut.
Out of combat the band is quiet and says so: "Not in combat" or "Combat over: …".
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from rules.engine.questions import PublicView
from tracker.players.view.widgets.big_letters import big

ROWS = 3


def acting(view: PublicView) -> str:
    """The name(s) acting now, as the band says them; "" outside a fight."""
    if not view.in_combat:
        return ""
    return ", ".join(view.now)


def band_rows(view: PublicView, width: int) -> list[Content]:
    """The band's three rows at `width`: the name(s) big (or plain), then beside them
    "acts now" over "next: Kans at 9", and the track's time at the right; outside a
    fight, how combat stands over the encounter's name."""
    if not view.in_combat:
        words = f"Combat over: {view.outcome}" if view.outcome else "Not in combat"
        return [Content(""), Content.styled(f" {words}", "bold"), Content(f" {view.name}")]
    names = acting(view)
    verb = ("act now" if len(view.now) > 1 else "acts now") if names else "—"
    clock = f"time {view.time} "
    after = next_text(view)
    side = 2 + max(len(verb), after.cell_length)
    letters = big(names, width - 1 - side - len(clock) - 1) if names else None
    if letters is not None:
        left = [Content.styled(f" {row}", "bold") for row in letters]
    else:  # plain type, the same band: the name over who comes next
        left = [Content(""), Content.styled(f" {names}", "bold"), Content("")]
    rows = [
        Content.assemble(left[0]),
        Content.assemble(left[1], (f"  {verb}", "bold")),
        Content.assemble(left[2], "  ", after),
    ]
    gap = max(1, width - rows[1].cell_length - len(clock))
    rows[1] = Content.assemble(rows[1], " " * gap, (clock, "bold"))
    return rows


def next_text(view: PublicView) -> Content:
    """ "next: Kans at 9" (the first opportunity after those acting now), or nothing."""
    upcoming = view.next
    if upcoming is None:
        return Content("")
    return Content.assemble("next: ", (upcoming.who, "bold"), f" at {upcoming.time}")


class NowPanel(Widget):
    """The band: in the theme's warning colour while a fight is on, quiet outside one."""

    DEFAULT_CSS = """
    NowPanel { height: 3; background: $warning; color: $text; }
    NowPanel.-idle { background: $panel; color: $foreground; }
    """

    view: PublicView | None = None

    def show(self, view: PublicView) -> None:
        self.view = view
        self.set_class(not view.in_combat, "-idle")
        self.refresh()

    def render(self) -> Content:
        if self.view is None:
            return Content("")
        return Content("\n").join(band_rows(self.view, self.content_size.width or 80))
