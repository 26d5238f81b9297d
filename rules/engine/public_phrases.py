"""What players may read of each kind of log line, in which visibility state: the allow-list
behind the players' log (`rules.engine.public_log`).

Why an allow-list: cutting a GM line down to what looks harmless lets a secret through the
day a handler writes a new phrasing (a reminder's words in a "time stops" line, a foe's
chance dice in the new day's line). Here nothing is public unless it is written down:

- a kind of line without a `Phrase` is the GM's alone;
- a line reads whole only while every combatant it names lets its figures show (`opens`)
  and every word of it is one the rules write (`VOCABULARY`) or a name players already
  know (their labels, the sheets of those they see); a GM's reminder, a reason typed for
  the GM, the name of one who left: none of these is in either, so the line is not whole;
- otherwise players get the kind's own sentence (`closed`), made of nothing but labels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rules.mechanics.chart import LEVELS
from rules.model.state import DEFAULT_STATS

__all__ = ["PHRASES", "VOCABULARY", "Phrase", "Tone"]

# What kind of line it is, so the players' screen can give the log a hierarchy (a turn
# stands out from a roll, a wound from a miss) without reading the words.
Tone = Literal["turn", "attack", "harm", "care", "roll", "scene"]
# When a foe named in a line lets its figures show: its numbers revealed by the GM, its
# rolls open (setting `open_rolls`; a foe its line's subject: only that), or never.
Opens = Literal["numbers", "rolls", "never"]
# The kind's sentence when the line may not be read whole: one for all, or the first whose
# marker the GM's line holds (its words choose among sentences written here, never more).
# "{who}" is the line's subject, "{other}" the next combatant it names; None: no line.
Closed = str | None | tuple[tuple[str, str | None], ...]


@dataclass(frozen=True)
class Phrase:
    """What players may read of one kind of line."""

    tone: Tone
    closed: Closed
    opens: Opens = "numbers"
    named: bool = False  # every combatant named must let its figures show, not the subject's alone
    timing: bool = False  # it says when one acts next: a foe's only while foes' ticks show
    own_never: bool = False  # a foe's own line shows its armour, shield or luck: never whole


def _turns(tone: Tone = "turn", **closed: Closed) -> dict[str, Phrase]:
    return {kind: Phrase(tone, sentence) for kind, sentence in closed.items()}


def _attack(closed: Closed) -> Phrase:
    return Phrase("attack", closed, opens="rolls", named=True)  # its goal holds the target's


def _roll(closed: Closed) -> Phrase:
    return Phrase("roll", closed, opens="rolls", named=True)


PHRASES: Mapping[str, Phrase] = {
    "combat": Phrase("turn", (("begins", "Combat begins"), ("", "Combat ends"))),
    "join": Phrase("turn", "{who} joins the fight", timing=True),
    "reaction": Phrase("turn", None, opens="rolls", timing=True),  # the join line says it
    "opportunity": Phrase(
        "turn", (("Track ", "Action Opportunity for {who}"), ("", "{who} acts")), timing=True
    ),
    "react": Phrase("turn", "{who} reacts", timing=True),
    **_turns(
        held="{who}'s held action lapses",
        aware="{who} is no longer surprised",
        fight=(("back", "{who} is back in the fight"), ("", "{who} is out of the fight")),
        rest="{who} rests",
    ),
    "time": Phrase("turn", (("stops", "Time stops"), ("", "Time passes")), named=True),
    "day": Phrase("turn", "A new day begins", opens="never", named=True),  # foes' chance dice
    "attack": _attack(None),  # the hit line says it
    "hit": _attack("{who} hits {other}"),
    "miss": _attack("{who} misses {other}"),
    "dodge": _attack((("dodges", "{who} dodges {other}"), ("", "{who} tries to dodge"))),
    "parry": _attack(
        (
            ("does not", "{who} does not parry"),
            ("fails", "{who}'s parry fails"),
            ("blocked", "{who} parries {other}"),
            ("", "{who} tries to parry"),
        )
    ),
    # the target's armour and shield, the attacker's VS and damage: the wound line says the hit
    "damage": Phrase("harm", None, named=True, own_never=True),
    **_turns(
        "harm",
        wound="{who} is wounded",
        bleed="{who} bleeds",
        bleeding="{who} is bleeding",
        condition="{who} is hurt",
        death="{who} dies",
    ),
    "effect-tick": Phrase("harm", "{who} suffers"),
    **_turns("care", heal="{who} is tended", staunch="{who}'s bleeding is tended"),
    "treat": Phrase("care", "{who} is treated"),
    "roll": _roll("{who} rolls"),
    "check": _roll("{who} makes a check"),
    "complementary": _roll("{who} lends a hand"),
    "opposed": _roll(None),
    "opposed-roll": _roll(None),
    "extended": _roll("{who} works at a task"),
    "special": Phrase("roll", None, opens="never", named=True, own_never=True),
    "luck": Phrase("roll", "{who}'s luck pool changes", named=True, own_never=True),
    "add": Phrase("scene", "{who} enters the encounter"),
    "remove": Phrase("scene", "{who} leaves the encounter", named=True),  # a contest's margin
    "effect": Phrase("scene", "{who} is affected"),
    "effect-end": Phrase("scene", "an effect on {who} ends"),
}

# The words the rules themselves write in the lines above (case aside). A word not here,
# nor a name players know, keeps a line from reading whole: never add a GM's own word
# ("reminder", "hidden", "players", a luck award's reason) or a likely name ("guard").
_WORDS = """
a about action actions activated active added afresh after against already an and applied
ar are arm armour as at attack attacker attacks awards back battle be beats begins bled
bleeding bleeds blind blocked blow blr bonus breakage breaks broken but by cannot chance
change check chest combat complementary contest copy cost counts cover d damage day dead
deals dealt demise desperation dice die dies dodge dodges does doubled down drain drains
each encounter end ended ends enemy enters every everyone exert exertion exhaustion
extended failed fails fight first flailing fled flees for force fresh from full fumble
gm goal half halved hard head heals held hits holds in is it its joins keeps lands lapses
least leaves left leg less level locked longer lp luck margin massive mastery mended minutes
misses natural negative new next no not of on one opened opportunity opposed or organ out
paid parries parry passed passes penalty pool positive reaction reacts ready refunded
removed replaces restored rests retreat revived ribs right roleplay roll rolls round s
sheet shield short skill slows so soft spends spent standard start starts stat stats
stopped stops strain struck success supporting surprised surrendered survives takes the
this tick ticks tie time to total track treated truce ttu turn tu undecided unit units
until unused used using victory vital vp vs winner wins with without wound wp yet zero
ss h c r b unspecified severed shattered victory defeat ally neutral pc
move wait aim minute second seconds hour hours more endurance melee ranged unconscious
"""
_RULE_WORDS = {word for level in LEVELS for part in level[1:4] for word in str(part).split()}
_RULE_WORDS |= set(DEFAULT_STATS)
VOCABULARY = frozenset(_WORDS.split()) | {w.casefold() for w in _RULE_WORDS}
