"""The command palette (ctrl+p) offers only what fits the moment.

"Advance" and "Run the track on standing orders" appear only in combat with
no one due and nothing pending; "Answer: …" only while a decision waits; the
selected combatant's commands name it. The list comes from
`tracker.key_reasons.reasons`, the same answer the keys use, so the
palette and the keys never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from tracker.app import TrackerApp

Entry = tuple[str, Callable[[], object], str]


class TrackerCommands(Provider):
    """Encounter commands for the main screen, filtered by the moment."""

    def entries(self) -> list[Entry]:
        from tracker.key_reasons import reasons
        from tracker.players_controls import palette_titles
        from tracker.screens.main import MainScreen

        app: TrackerApp = self.app  # type: ignore[assignment]  # Textual types it App[object]
        screen = self.screen
        if app.session is None or not isinstance(screen, MainScreen):
            return []
        enc = app.session.encounter
        reasons_now = reasons(app.session, screen.selected, app.revision)
        ok = {k for k, why in reasons_now.items() if why is None}
        who = enc.combatants[screen.selected].name if screen.selected in enc.combatants else ""
        out: list[Entry] = []

        def offer(action: str, title: str, help_text: str, run: Callable[[], object]) -> None:
            if action in ok:
                out.append((title, run, help_text))

        if enc.pending:
            first = enc.pending[0]
            offer("answer", f"Answer: {first.text}", "A pending decision (d)", screen.action_answer)
        offer("advance", "Advance the time track", "A7: next event (n)", screen.action_advance)
        offer(
            "run_orders",
            "Run the track on standing orders",
            "A7: the extras act on their own until the GM is needed (g)",
            screen.action_run_orders,
        )
        for action, title, help_text in (
            ("act", "Act: the Action Opportunity, or its next roll", "A8 (a)"),
            ("react", "React to the declared action", "A10 (r)"),
            ("skill_roll", f"Skill roll for {who}", "A1-A6: standard, extended, opposed (s)"),
            ("anima", f"Anima check for {who}", "B4-B6: ability, resistance, characteristic (k)"),
        ):
            offer(action, title, help_text, partial(app.act_flow.key, action, screen.selected))
        offer(
            "begin_combat",
            "Begin combat",
            "A7: who starts, reactions (b)",
            screen.action_begin_combat,
        )
        offer(
            "end_combat",
            "End combat",
            "victory, defeat, retreat or truce (e)",
            screen.action_end_combat,
        )
        offer("wound", f"Wound {who}", "a wound by hand (w)", screen.action_wound)
        offer("heal", f"Heal or staunch {who}", "R13 (h)", screen.action_heal)
        offer("luck", f"Luck for {who}", "C2: award or take luck points (l)", screen.action_luck)
        offer("edit", f"Edit {who}", "the sheet (enter)", screen.action_edit)
        offer(
            "fight_status",
            f"Out of / back into the fight: {who}",
            "off the track, still in the encounter (f)",
            screen.action_fight_status,
        )
        offer(
            "duplicate",
            f"Duplicate {who}",
            "a fresh copy of the sheet (c)",
            screen.action_duplicate,
        )
        offer("remove", f"Remove {who}", "asks first (delete)", screen.action_remove)
        offer("add", "Add a combatant", "(+)", screen.action_add)
        offer("add_template", "Add from the roster templates", "(t)", screen.action_add_template)
        offer(
            "save_template",
            f"Save {who} to the roster as a template",
            "its sheet, for t to add again (T)",
            screen.action_save_template,
        )
        offer("new_day", "New day", "C1: fresh chance dice (N)", screen.action_new_day)
        offer(
            "add_effect",
            f"Effect on {who}: Stunned, Prone, On fire …",
            "a modifier, a duration (10, t40, next, end), a tick (E)",
            screen.action_add_effect,
        )
        offer(
            "remove_effect",
            f"Remove an effect from {who}",
            "ends it now, logged (ctrl+e)",
            screen.action_remove_effect,
        )
        offer(
            "add_reminder",
            "Reminder on the time track",
            "at a time, in N TU or at someone's next opportunity (R)",
            screen.action_add_reminder,
        )
        offer(
            "cancel_reminder",
            "Cancel a reminder",
            "one still ahead on the track (u undoes it)",
            screen.action_cancel_reminder,
        )
        offer(
            "pass_time",
            "Pass time outside combat",
            "N TU, minutes or hours: bleeding, ticks, ends, reminders (P)",
            screen.action_pass_time,
        )
        offer("undo", "Undo", "(u)", app.action_undo)
        offer("redo", "Redo", "same dice as the first time (U)", app.action_redo)
        offer("export_log", "Export the log as Markdown", "(x)", screen.action_export_log)
        for title, help_text, what in palette_titles(enc, who):
            out.append((title, partial(screen.action_players, what), help_text))
        if enc.party is not None:
            from tracker.party_return import offer_write_back

            back = partial(offer_write_back, app)
            out.append((f"Write back to the party {enc.party.name}", back, "its summary first"))
        rename = ("Rename the encounter", screen.action_rename_encounter, f"now {enc.name!r}")
        out.append(rename)
        other = "physical" if app.dice_mode == "virtual" else "virtual"
        out.append((f"Dice: switch to {other}", app.action_toggle_dice, "(m)"))
        out.append(("Save as…", app.action_save_as, "(ctrl+s)"))
        out.append(("Open another save…", app.action_open, "(o)"))
        return out

    async def discover(self) -> Hits:
        for title, run, help_text in self.entries():
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, run, help_text in self.entries():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, help=help_text)
