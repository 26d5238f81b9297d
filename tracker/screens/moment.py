"""What the GM can do right now: one answer shared by the footer and the command palette.

Each action id maps to None (possible) or the reason it is not, so the
palette offers only what fits the moment and a refused key says why. The
engine still has the last word: this only spares the GM dead ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.engine.session import Session
    from rules.model.state import Combatant, Encounter

ENCOUNTER_ACTIONS = (
    "advance",
    "run_orders",
    "begin_combat",
    "end_combat",
    "answer",
    "add",
    "add_template",
    "duplicate",
    "remove",
    "edit",
    "wound",
    "heal",
    "luck",
    "fight_status",
    "new_day",
    "export_log",
    "undo",
    "redo",
    "act",
    "react",
    "skill_roll",
    "anima",
)


def reasons(session: Session, selected: str | None) -> dict[str, str | None]:
    """Action id -> None when it fits the moment, else why not (in the GM's words)."""
    enc = session.encounter
    c = enc.combatants.get(selected) if selected else None
    living = [x for x in enc.combatants.values() if not x.dead]
    out: dict[str, str | None] = dict.fromkeys(ENCOUNTER_ACTIONS)
    if not enc.in_combat:
        out["advance"] = "no combat is running: b begins one"
        out["end_combat"] = "no combat is running"
    elif enc.pending:
        out["advance"] = "answer the pending decision first (d)"
    elif enc.due:
        out["advance"] = f"{enc.combatants[enc.due[0]].name} still has an Action Opportunity"
    elif not any(x.active for x in enc.combatants.values()):
        out["advance"] = "no one is left on the time track"
    out["run_orders"] = _orders_reason(enc)
    if enc.in_combat:
        out["begin_combat"] = "combat is already running"
    elif not living:
        out["begin_combat"] = "no one alive to fight: + adds a combatant"
    if not enc.pending:
        out["answer"] = "no decision is pending"
    if c is None:
        for action in ("duplicate", "remove", "edit", "wound", "heal", "luck", "fight_status"):
            out[action] = "select a combatant first"
    elif c.dead:
        out["wound"] = f"{c.name} is dead"
        out["fight_status"] = f"{c.name} is dead"
    if not enc.log:
        out["export_log"] = "the log is empty"
    _act_reasons(out, enc, c)
    if not session.can_undo:
        out["undo"] = "nothing to undo"
    if not session.can_redo:
        out["redo"] = "nothing to redo"
    return out


def _orders_reason(enc: Encounter) -> str | None:
    """g (standing orders, A7): the dialog's own answer, so key and dialog agree."""
    from tracker.modals.orders import orders_refusal

    return orders_refusal(enc)


def _declared(enc: Encounter) -> bool:
    """A10: is there a declared action, not yet done, that someone could react to?"""
    turn = enc.turn
    return turn is not None and turn.actor in enc.combatants and turn.done < len(turn.actions)


def _act_reasons(out: dict[str, str | None], enc: Encounter, c: Combatant | None) -> None:
    """a (act, A8), r (react, A10), s (skill roll, A1-A6), k (Anima check, B4-B6)."""
    from rules.engine.track_index import tied
    from tracker.act_flow import next_action

    if not enc.in_combat:
        out["act"] = "no combat is running: b begins one"
        out["react"] = "reactions happen on the time track: b begins combat"
    elif not (enc.pending or enc.due or next_action(enc) or tied(enc)):
        out["act"] = "no one has an Action Opportunity now: n advances the track"
    if enc.in_combat and not _declared(enc):
        out["react"] = "no action is declared to react to (A10): a takes an opportunity"
    for action in ("skill_roll", "anima"):
        if c is None:
            out[action] = "select a combatant first"
        elif c.dead:
            out[action] = f"{c.name} is dead"
