"""What the GM can do right now: one answer shared by the footer and the command palette.

Each action id maps to None (possible) or the reason it is not, so the
palette offers only what fits the moment and a refused key says why. Where
a key sends one command whatever the GM types next (n, b, e), the answer is
the engine's own refusal (`rules.engine.questions.why_not`); the rest ask the
rules' other questions through the same door (who acts now, who is dead, why the
orders cannot run). This module adds only the GM's words: which key does what the
refusal asks (tracker.host.key_words).

The answer runs several dry runs (10-20 ms with 1,000 combatants) and the
command palette asks for it at every keystroke, so it is kept for the app's
revision: the same session, revision and selection get the same answer
without running the rules again (every change to the session moves the
revision: `Autosaver.changed`, `install`, a load).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tracker.actions.registry import ACTIONS
from tracker.host.key_words import keyed, tokened

if TYPE_CHECKING:
    from rules.engine.session import Session
    from rules.model.state import Combatant, Encounter

# Every action the rules may refuse (the registry's), each None or why not.
ENCOUNTER_ACTIONS = tuple(dict.fromkeys(a.refusal_key for a in ACTIONS if a.refusal_key))

# The keys about the selected combatant: none while no one is selected.
ONE_COMBATANT = (
    *("duplicate", "remove", "edit", "wound", "heal", "luck", "fight_status"),
    "save_template",
    "add_effect",
    "remove_effect",
    "players",
)

Reasons = dict[str, str | None]

# The last answer and what it was for: (the session, weakly: a new session reusing a
# dead one's id is not it), the app's revision, the selection.
_last: tuple[weakref.ref[Session], int, str | None, Reasons] | None = None


def reasons(
    session: Session,
    selected: str | None,
    revision: int | None = None,
    words: Mapping[str, str] = {},
) -> Reasons:
    """Action id -> None when it fits the moment, else why not (in the GM's words, its
    keys the ones in force: `words`, the app's `gm_settings.words`; else the defaults).

    With the app's `revision`, an answer already worked out for this session,
    revision and selection is given again (a copy) instead of asking the rules.
    """
    answer = raw_reasons(session, selected, revision)
    return {k: None if why is None else keyed(why, words) for k, why in answer.items()}


def raw_reasons(session: Session, selected: str | None, revision: int | None = None) -> Reasons:
    """The same answer with its keys still tokens (tracker.host.key_words), not copied:
    read it, never change it (the footer asks it for every key on each redraw)."""
    global _last
    if revision is None:
        return _reasons(session, selected)
    if _last is not None:
        ref, rev, sel, answer = _last
        if ref() is session and rev == revision and sel == selected:
            return answer
    answer = _reasons(session, selected)
    _last = (weakref.ref(session), revision, selected, answer)
    return answer


def _reasons(session: Session, selected: str | None) -> Reasons:
    from rules.engine.questions import living_refusal, why_not
    from rules.model.commands import Advance, EndCombat, StartCombat

    enc = session.encounter
    c = enc.combatants.get(selected) if selected else None
    living = [x.id for x in enc.combatants.values() if not x.dead]
    out: dict[str, str | None] = dict.fromkeys(ENCOUNTER_ACTIONS)
    out["advance"] = tokened(why_not(enc, Advance()))
    out["run_orders"] = _orders_reason(enc)
    # Everyone living as an initiator: no reaction roll, so only the moment can refuse.
    start = StartCombat(initiators=living) if living else None
    out["begin_combat"] = (
        "no one alive to fight: + adds a combatant"
        if start is None
        else tokened(why_not(enc, start))
    )
    out["end_combat"] = why_not(enc, EndCombat(outcome="truce"))
    if not enc.pending:
        out["answer"] = "no decision is pending"
    if c is None:
        for action in ONE_COMBATANT:
            out[action] = "select a combatant first"
    elif (dead := living_refusal(c)) is not None:
        out["wound"] = out["fight_status"] = out["add_effect"] = dead
    if c is not None and not c.effects:
        out["remove_effect"] = f"{c.name} has no effects: E adds one"
    if not enc.log:
        out["export_log"] = "the log is empty"
    if enc.party is None:
        out["write_back"] = "this encounter was not made from a party"
    out["pass_time"] = _pass_time_reason(enc)
    if not enc.reminders:
        out["cancel_reminder"] = "no reminder is waiting: R adds one"
    _act_reasons(out, enc, c)
    if not session.can_undo:
        out["undo"] = "nothing to undo"
    if not session.can_redo:
        out["redo"] = "nothing to redo"
    return out


def _pass_time_reason(enc: Encounter) -> str | None:
    """P: the engine's refusal of the smallest PassTime (in combat the track runs it)."""
    from rules.engine.questions import why_not
    from rules.model.effect_commands import PassTime

    return tokened(why_not(enc, PassTime(amount=1)))


def _orders_reason(enc: Encounter) -> str | None:
    """g (standing orders, A7): the dialog's own answer, so key and dialog agree."""
    from tracker.modals.orders import orders_refusal

    return orders_refusal(enc)


def _act_reasons(out: dict[str, str | None], enc: Encounter, c: Combatant | None) -> None:
    """a (act, A8), r (react, A10), s (skill roll, A1-A6), k (Anima check, B4-B6)."""
    from rules.engine.questions import acting_now, declared_action, living_refusal, next_action

    if not enc.in_combat:
        out["act"] = "no combat is running: {key:begin-combat=b} begins one"
        out["react"] = "reactions happen on the time track: {key:begin-combat=b} begins combat"
    else:
        if not (enc.pending or acting_now(enc) or next_action(enc)):
            out["act"] = "no one has an Action Opportunity now: {key:advance=n} advances the track"
        if declared_action(enc) is None:  # the React handler's refusal (A10)
            out["react"] = (
                "no action is declared to react to (A10): {key:act=a} takes an opportunity"
            )
    for action in ("skill_roll", "anima"):
        if c is None:
            out[action] = "select a combatant first"
        else:
            out[action] = living_refusal(c)
