"""The selected combatant in full: base and effective stats side by side (A9), skills,
Anima d100 abilities and resistances (B4, B5), weapons, armour and shield, the wound
list with locations (A14) and a line a source of ticks (issue 23), one list of the
effects and conditions that modify it (issue 15), and what is under way: held action
(A8), an extended roll (A3), a complementary bonus waiting (A4), desperation drains
(C3, R20).
"""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.strip import Strip

from rules.engine.questions import is_party, labels, standing_words
from rules.model.state import Combatant, Encounter
from tracker.widgets.line_pane import TonedPane
from tracker.widgets.roster_columns import chance_text, shield_text, ttu_text
from tracker.widgets.tones import PLAIN, Tones

BOLD = Style(bold=True)
# Tones from the theme (tones.py); each meaning is in the words too ("-1 to every stat").
SIDE_TONES = {"PC": "success", "ally": "primary", "enemy": "error", "neutral": "warning"}


def lower(palette: Tones) -> Style:
    """A stat or state lowered by a wound, exhaustion or a drain (A9)."""
    return palette["warning"] + BOLD


def stat_grid(c: Combatant, palette: Tones = PLAIN) -> list[Text]:
    """A9: three lines — stat names, base, effective (in the warning tone where lowered;
    the base line above it gives the number it fell from)."""
    names = Text("      ", palette["muted"])
    base = Text("base  ", palette["muted"])
    eff = Text("eff   ", palette["muted"])
    effective = {stat: c.effective(stat) for stat in c.stats}
    figures = [*c.stats.values(), *effective.values()]
    width = max(4, 1 + max(len(str(n)) for n in figures))  # a space between any two: -116 -113
    for stat, value in c.stats.items():
        names.append(f"{stat[:3]:>{width}}", BOLD)
        base.append(f"{value:>{width}}")
        low = effective[stat] < value
        eff.append(f"{effective[stat]:>{width}}", lower(palette) if low else Style())
    return [names, base, eff]


def wound_lines(c: Combatant, palette: Tones = PLAIN) -> list[Text]:
    lines: list[Text] = []
    for number, w in enumerate(c.wounds, start=1):
        line = Text(f" {number}. {w.location} {w.level} {w.wp} WP")
        if w.time is not None:
            line.append(f" @{w.time}", palette["muted"])
        if w.bleeding:
            line.append(" bleeding", palette["error"])
        if w.source:
            line.append(f" — {w.source}", palette["muted"])
        lines.append(line)
    for source, ticked in c.tick_wp.items():  # one line a source, however many ticks
        ticks = f"{ticked.ticks:,} tick{'s' if ticked.ticks != 1 else ''}"
        lines.append(Text(f" {source}: {ticked.wp:,} WP from {ticks}", palette["warning"]))
    if c.bleed_wp:
        lines.append(Text(f" bleeding so far: {c.bleed_wp} WP", palette["error"]))
    return lines


def d100_line(c: Combatant) -> Text | None:
    """B4/B5: the Anima abilities and resistances, when the sheet has any."""
    if not (c.abilities or c.resistances):
        return None
    line = Text()
    for label, values in (("Abilities ", c.abilities), ("Resistances ", c.resistances)):
        if values:
            if line:
                line.append("  ")
            line.append(label, BOLD)
            line.append(" · ".join(f"{name} {value}" for name, value in values.items()))
    return line


def under_way(c: Combatant, palette: Tones = PLAIN) -> list[Text]:
    """A3, A4, C3: what a roll in progress or a past die still changes."""
    lines: list[Text] = []
    ext = c.extended
    if ext is not None:
        rolls = len(ext.rolls)
        goal = f" vs goal {ext.goal}" if ext.goal is not None else ""
        lines.append(
            Text.assemble(
                ("Extended ", BOLD),
                f"{ext.skill}/{ext.stat[:3]}: total {ext.total}{goal}"
                f" after {rolls} roll{'s' if rolls != 1 else ''} (A3)",
            )
        )
    if c.complement_bonus:
        lines.append(
            Text.assemble(
                ("Complementary ", BOLD),
                (f"+{c.complement_bonus}", palette["success"] + BOLD),
                " on the next roll of any kind (A4)",
            )
        )
    drains = " · ".join(f"{stat[:3]} -{n}" for stat, n in c.drains.items() if n)
    if drains:
        lines.append(
            Text.assemble(("Drains ", BOLD), (drains, lower(palette)), " (desperation, R20)")
        )
    return lines


def effect_lines(c: Combatant, enc: Encounter, palette: Tones = PLAIN) -> list[Text]:
    """One list of everything that modifies `c` (issue 15): the GM's effects, each with
    its modifier and time left (ctrl+e takes one off), then, read-only, the conditions
    the rules derive (exhaustion, bleeding, limbs, ribs, a vital organ), in the rules'
    words (`rules.engine.questions.active_effects`): they change by their own rules."""
    from rules.engine.questions import active_effects
    from tracker.widgets.effect_marks import effect_line

    active = active_effects(enc, c)
    if not active:
        return []
    gm = any(a.effect_id is not None for a in active)
    lines = [
        Text.assemble(("Effects ", BOLD), ("(ctrl+e removes one)" if gm else "", palette["muted"]))
    ]
    for a in active:
        if a.effect_id is not None:
            lines.append(Text(f" {effect_line(a)}", palette["warning"]))
        else:
            tone = palette["error"] if a.name == "Bleeding" or c.dead else lower(palette)
            lines.append(Text.assemble((f" {a.name}", tone), (f" — {a.text}", palette["muted"])))
    return lines


def players_see(c: Combatant, enc: Encounter) -> str | None:
    """What the players' screen shows of a being (issue 27: the GM's roster marks the
    hidden with ◌; this says the rest). None for the party, always shown by name."""
    if c.hidden:
        return "hidden from the players (v shows it)"
    if is_party(c):
        return None
    if c.reveal == "unknown":
        return f"players see {labels(enc)[c.id]} (V reveals its name)"
    if c.reveal == "name":
        return "players see its name, not its numbers (V shows them)"
    return "players see its name and its numbers (V hides both)"


def describe(c: Combatant, enc: Encounter, palette: Tones = PLAIN) -> Group:
    """Everything a GM looks up mid-fight about one being, top to bottom."""
    head = Text(c.name, Style(bold=True, underline=True))
    where = "dead" if c.dead else ttu_text(c, enc)  # the roster's own rule
    opened = " (opportunity open)" if c.id in enc.due and where != "now" else ""
    head.append(f"  {c.side}", palette[SIDE_TONES[c.side]])
    head.append(f" · {c.awareness} · TTU {where}{opened}", palette["muted"])
    lines: list[Text] = [head, *stat_grid(c, palette)]
    penalty = c.stat_penalty()
    state = Text(f"WP taken {c.total_wp()}")  # "WP" alone read as hit points (issue 27)
    if penalty:
        state.append(f" (-{penalty} to every stat)", lower(palette))
    if c.dead:
        state.append(" · DEAD", palette["error"] + BOLD)  # (was the Conditions line's first word)
    elif c.out_of_fight:
        state.append(" · out of the fight", palette["warning"])
    lines.append(state)  # bleeding and exhaustion: the Effects list below says them once
    seen = players_see(c, enc)
    if seen is not None:
        lines.append(Text(seen, palette["warning"] if c.hidden else palette["muted"]))
    if c.held_action:
        lines.append(Text(f"Held action: {c.held_action} (A8)", palette["accent"]))
    lines.extend(effect_lines(c, enc, palette))
    forecast = standing_words(enc, c.id)  # R31: when its bleeding reaches each line
    if forecast is not None:
        lines.append(
            Text.assemble(("☠ Forecast ", palette["error"] + BOLD), (forecast, palette["muted"]))
        )
    lines.extend(under_way(c, palette))
    skills = " · ".join(f"{name} {value}" for name, value in c.skills.items())
    lines.append(Text.assemble(("Skills ", BOLD), skills or "—"))
    d100 = d100_line(c)
    if d100 is not None:
        lines.append(d100)
    for w in c.weapons:
        lines.append(
            Text.assemble(
                ("Weapon ", BOLD),
                f"{w.name}: {w.skill}/{w.stat[:3]}, damage {w.damage}, {w.kind}",
            )
        )
    a = c.armour
    lines.append(
        Text.assemble(
            ("Armour ", BOLD),
            f"AR {a.rating} hard {a.hard} soft {a.soft} · shield {shield_text(c)}",
        )
    )
    actions = " · ".join(f"{a.name} {a.cost}" for a in c.actions)
    lines.append(Text.assemble(("Actions ", BOLD), actions or "—"))
    lines.append(
        Text.assemble(
            ("Luck ", BOLD), f"{c.luck:+d}", ("  chance C R ", BOLD), chance_text(c.chance, " ")
        )
    )
    wounds = wound_lines(c, palette)
    lines.append(Text("Wounds" if wounds else "Wounds: none", BOLD))
    lines.extend(wounds)
    if c.notes:
        lines.append(Text(c.notes, palette["muted"] + Style(italic=True)))
    return Group(*lines)


class CombatantDetail(TonedPane):
    """Redrawn when the selection moves or the selected combatant changes.

    A `LinePane`: a new sheet of another height never reflows the screen.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(anchor="top", id=id)
        self._shown: tuple[object, ...] | None = None
        self._content: Group | Text = Text("")
        self._last: tuple[Encounter, str | None] | None = None  # to redraw in a new theme
        self._painted: tuple[int, object] = (-1, None)  # (width, content) drawn into lines

    def retoned(self) -> None:
        """Describe the combatant again in the new theme's tones."""
        if self._last is not None:
            offset, self._shown = self.offset_lines, None
            self.show(*self._last)
            self.scroll_lines(offset - self.offset_lines)  # the GM keeps their place

    def show(self, enc: Encounter, combatant_id: str | None) -> None:
        self._last = (enc, combatant_id)
        c = enc.combatants.get(combatant_id) if combatant_id else None
        if c is None:
            key: tuple[object, ...] = (None, len(enc.combatants))
            content: Group | Text = Text(
                "No one selected: + adds a combatant", self.palette["muted"]
            )
        else:
            # an effect's time left, a bleeding's next tick: they move with the track
            left = enc.time if c.effects or c.bleed_rate else None
            key = (c.id, c.model_dump_json(), c.id in enc.due, left)
            content = describe(c, enc, self.palette) if key != self._shown else self._content
        if key == self._shown:
            return
        if c is None or key[0] != (self._shown or (None,))[0]:
            self.offset_lines = 0  # another combatant: back to the top of the sheet
        self._shown = key
        self._content = content
        self._paint()

    def _paint(self) -> None:
        width = self.size.width
        painted_width, painted = self._painted
        if width <= 0 or (painted_width == width and painted is self._content):
            return  # a taller or shorter pane shows the same lines (a banner came or went)
        self._painted = (width, self._content)
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(self._content, options, pad=False)
        self.set_lines([Strip(line) for line in lines])

    def on_resize(self, event: Resize) -> None:
        self._paint()
