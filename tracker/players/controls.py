"""The GM's hand on the players' screen: v hides or shows the selected combatant, V reveals
more of it (unknown → name → numbers → unknown), and the palette toggles open rolls and
whether foes' ticks show on the players' track always or only while they act.

Each builds an ordinary command (`rules.model.visibility_commands`): undoable, saved,
and judged by the rules (a no-op is refused there, with its reason).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, get_args

from rules.model.state import Encounter, Reveal
from rules.model.visibility_commands import SetFoeTicks, SetHidden, SetOpenRolls, SetReveal

if TYPE_CHECKING:
    from rules.model.commands import Command

REVEALS: tuple[Reveal, ...] = get_args(Reveal)  # the rules' order: least known first


def hide_toggle(enc: Encounter, cid: str) -> SetHidden:
    return SetHidden(id=cid, hidden=not enc.get(cid).hidden)


def next_reveal(enc: Encounter, cid: str) -> SetReveal:
    now = REVEALS.index(enc.get(cid).reveal)
    return SetReveal(id=cid, reveal=REVEALS[(now + 1) % len(REVEALS)])


def open_rolls_toggle(enc: Encounter) -> SetOpenRolls:
    return SetOpenRolls(open_rolls=not enc.settings.open_rolls)


def foe_ticks_toggle(enc: Encounter) -> SetFoeTicks:
    return SetFoeTicks(foe_ticks="acting" if enc.settings.foe_ticks == "always" else "always")


def for_key(enc: Encounter, what: str, selected: str | None) -> Command | str:
    """The command key `v` ("hide") or `V` ("reveal") means now, or why there is none."""
    if selected is None or selected not in enc.combatants:
        return "select a combatant first"
    return hide_toggle(enc, selected) if what == "hide" else next_reveal(enc, selected)


def palette_titles(enc: Encounter, who: str) -> list[tuple[str, str, str]]:
    """(title, help, what) for the palette: `what` is "hide", "reveal", "rolls" or "ticks"."""
    rolls = "off" if enc.settings.open_rolls else "on"
    ticks = "only when acting" if enc.settings.foe_ticks == "always" else "always"
    out = [
        (f"Players' screen: open rolls {rolls}", "foes' dice in the players' log", "rolls"),
        (f"Players' screen: foes' ticks {ticks}", "foes on the players' track", "ticks"),
    ]
    if who:
        out.insert(0, (f"Players' screen: hide or show {who}", "an ambush (v)", "hide"))
        out.insert(
            1, (f"Players' screen: reveal more of {who}", "name, then numbers (V)", "reveal")
        )
    return out


def command_for(enc: Encounter, what: str, selected: str | None) -> Command | str:
    if what == "rolls":
        return open_rolls_toggle(enc)
    if what == "ticks":
        return foe_ticks_toggle(enc)
    return for_key(enc, what, selected)
