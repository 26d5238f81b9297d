"""`f`: take a combatant out of the fight (and say why) or bring it back (and how aware).

Why a form and not a yes/no: the log should say why one left (fled,
unconscious, surrendered), and one coming back while combat runs rolls a
reaction (R8) whose base time depends on its awareness (A7), which the GM
gives now rather than the one stored from the start of the fight.
"""

from __future__ import annotations

from typing import get_args

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from rules.mechanics.chart import REACTION_BASE
from rules.model.commands import FightStatus
from rules.model.state import Awareness, Encounter
from tracker.modals.about_one import CombatantDialog
from tracker.modals.form import FieldError, FieldSelect, buttons, labelled

AWARENESS: tuple[Awareness, ...] = get_args(Awareness)
REASONS: tuple[str, ...] = ("fled", "unconscious", "surrendered")  # README's `f`


class FightStatusDialog(CombatantDialog[FightStatus]):
    """Enter takes it out (with the reason chosen) or brings it back (with the awareness)."""

    DEFAULT_CSS = """
    FightStatusDialog > .dialog {
        width: 64;
    }
    """

    def __init__(self, encounter: Encounter, combatant_id: str) -> None:
        super().__init__(encounter, combatant_id)
        self.out = not self.combatant.out_of_fight

    def compose(self) -> ComposeResult:
        c = self.combatant
        with Vertical(classes="dialog"):
            if self.out:
                yield Static(
                    f"Take {c.name} out of the fight", classes="dialog-title", markup=False
                )
                yield Static("Off the track, still in the encounter.", classes="hint")
                yield labelled(
                    "Why",
                    FieldSelect[str]([(r, r) for r in REASONS], prompt="(not said)", id="reason"),
                )
            else:
                yield Static(
                    f"Bring {c.name} back into the fight", classes="dialog-title", markup=False
                )
                if self.encounter.in_combat:
                    bases = ", ".join(f"{a} {t}" for a, t in REACTION_BASE.items())
                    yield Static(
                        f"R8: a reaction roll places it on the track (A7 base TU: {bases}).",
                        classes="hint",
                        markup=False,
                    )
                    yield labelled(
                        "Awareness",
                        FieldSelect[str](
                            [(a, a) for a in AWARENESS],
                            value=c.awareness,
                            allow_blank=False,
                            id="awareness",
                        ),
                    )
            yield FieldError("form")
            yield from buttons("Out" if self.out else "Back in")

    def validate_form(self) -> tuple[FightStatus | None, dict[str, str]]:
        cid = self.combatant.id
        if self.out:
            reason = self.query_one("#reason", FieldSelect).value
            why = reason if isinstance(reason, str) else ""
            return FightStatus(target=cid, out=True, reason=why), {}
        found = self.query("#awareness").results(FieldSelect)
        select = next(iter(found), None)
        aware = select.value if select is not None else None
        awareness = next((known for known in AWARENESS if known == aware), None)
        return FightStatus(target=cid, out=False, awareness=awareness), {}
