"""What a combatant sheet gets wrong, and under which field of the form it is said.

Pydantic judges the fields (`slot_for` puts each of its messages under the
field it names: "skill 'Melee': ..."); `judge` adds what a valid model may
still get wrong in this encounter: a taken name, no action, a stat a weapon
or action rolls on that the sheet lacks (A1), a skill it lacks (only a note), and
a skill typed one field early under the stats, or a stat under the skills (issue 27:
`Melee 6, Shoot 5` in "More stats" silently made two stats).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine.questions import DODGE_SKILL, free_name, name_taken
from rules.mechanics.sheet_names import on_sheet
from rules.model.state import Action, Combatant, Encounter, Weapon
from tracker.modals.attack_offer import unused_weapon_notes
from tracker.modals.form import FORM

# The d100 and skill lists typed as `name value` pairs, with the word their messages use.
PAIR_FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("skills", "Skills", "skill", "e.g. Melee 6, Shoot 5, Dodge 4"),
    ("abilities", "Abilities d100", "ability", "e.g. Attack 120, Parry 110"),
    ("resistances", "Resistances d100", "resistance", "e.g. Poison 40, Magic 35"),
)
_WORD = {field: word for field, _label, word, _hint in PAIR_FIELDS}
ARMOUR_FIELDS = {"rating": "AR", "hard": "hard", "soft": "soft"}
_SHIELD = {"low": "low", "high": "high", "hits_left": "hits left"}


def slot_for(path: str) -> tuple[str, str]:
    """Where a dotted error path is shown, and the words that name it there."""
    head, _, rest = path.partition(".")
    if head in ("name", "side", "luck", "notes", "awareness") and not rest:
        return head, ""
    if head == "stats":
        return "stats", f"{rest}: " if rest else ""
    if head == "skill_stats":  # a skill's usual stat
        return head, f"skill {rest!r}: " if rest else ""
    if head in _WORD:
        return head, f"{_WORD[head]} {rest!r}: " if rest else ""
    if head in ("weapons", "actions") and not rest:
        return head, ""
    if head in ("weapons", "actions") and rest:
        index, _, field = rest.partition(".")
        return f"{head[:-1]}-{index}", f"{field}: " if field else ""
    if head == "armour":
        return "armour", f"{ARMOUR_FIELDS.get(rest, rest)}: " if rest else ""
    if head == "shield":
        return "shield", f"{_SHIELD.get(rest, rest)}: " if rest else ""
    return FORM, f"{path}: " if path else ""


def skill_owners(encounter: Encounter, c: Combatant) -> dict[str, str]:
    """Each skill name known here (lower case), and who or what makes it one: another
    being's skill, a weapon or action of this sheet that rolls it, A10's Dodge."""
    known = {DODGE_SKILL.lower(): "A10's dodge rolls it"}
    for other in encounter.combatants.values():
        if other.id != c.id:
            for name in other.skills:
                known.setdefault(name.lower(), f"{other.name} has it")
    items: list[Weapon | Action] = [*c.weapons, *c.actions]
    for item in items:
        if item.skill is not None:
            known[item.skill.lower()] = f"{item.name} rolls it"
    return known


def _misplaced(encounter: Encounter, c: Combatant, problems: dict[str, list[str]]) -> None:
    """A skill under the stats, or a stat under the skills: said under the field."""
    owners = skill_owners(encounter, c)
    for stat in c.stats:
        why = owners.get(stat.lower())
        if why is not None and on_sheet(c.skills, stat) is None:
            problems.setdefault("stats", []).append(
                f"{stat!r} is a skill ({why}): type it under Skills, not as a stat"
            )
    for skill in c.skills:
        if on_sheet(c.stats, skill) is not None:
            problems.setdefault("skills", []).append(
                f"{skill!r} is a stat on this sheet: type it under the stats, not as a skill"
            )


def judge(
    encounter: Encounter,
    c: Combatant,
    editing: bool,
    problems: dict[str, list[str]],
    notes: dict[str, list[str]],
) -> None:
    """What a valid model may still get wrong: a taken name, no action, a missing stat.

    Skills the sheet lacks go to `notes`: shown, but they do not block saving.
    """
    other = name_taken(encounter, c.name, c.id if editing else None)
    if other is not None:
        problems.setdefault("name", []).append(
            f"{other.name} ({other.id}) already has this name: names must differ "
            f"(case aside), e.g. {free_name(encounter, c.name)!r}"
        )
    if not c.actions:
        problems.setdefault("actions", []).append(
            "needs at least one action: an Action Opportunity is spent on actions "
            "(A7, A8); + action adds one (e.g. Wait, cost 1)"
        )
    _misplaced(encounter, c, problems)
    for index, note in unused_weapon_notes(c).items():
        notes.setdefault(f"weapon-{index}", []).append(note)
    have = ", ".join(c.stats)
    for path, _what, stat in c.missing_stats():
        slot, _prefix = slot_for(path)
        problems.setdefault(slot, []).append(f"stat {stat!r} is not on the sheet (has {have})")
    rollers: list[tuple[str, Sequence[Weapon | Action]]]
    rollers = [("weapon", c.weapons), ("action", c.actions)]
    for kind, items in rollers:
        for index, item in enumerate(items):
            if item.skill is not None and on_sheet(c.skills, item.skill) is None:
                notes.setdefault(f"{kind}-{index}", []).append(
                    f"note: skill {item.skill!r} is not on the sheet, so it rolls 0 dice (A1)"
                )
