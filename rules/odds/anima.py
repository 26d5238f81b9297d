"""Exact odds of Anima checks with an optional declared FARAD die (B1-B6, R21-R25, C).

Pure rules math (the Anima dialog only prints it). Ability checks read the
open d100 chain from `rules.odds.skill.open_roll_counts`: the chain of
`open_roll_distribution`, but as integer counts over one denominator, so an
opposed check multiplies whole numbers and builds one Fraction per outcome
(chains cut after 10 further rolls: what is cut weighs less than 1e-15).
A fumble is a first face of 1-3 (1-2 with mastery, R21); a total of 1-3 can
only come from such a face, so fumbles are exactly those totals. Special
dice add their modifier distribution (Part C, via `rules.odds.declared`);
only a characteristic, being a stat, is doubled or halved by a 10. A known
flat `modifier` (R26: a desperation result rolled earlier this turn) adds to
the total or margin like a die's result; `their_modifier` is the opponent's.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.mechanics import anima, characteristic, farad
from rules.odds.declared import ZERO, special_branches
from rules.odds.skill import D100, open_roll_counts

MAX_EXTRA = 10  # B1: open rolls counted after the first (rules.odds.skill' default cut)


def _fumbles(mastery: bool) -> tuple[int, ...]:
    """B2/B3: the naturals that fumble."""
    return tuple(face for face in range(1, 4) if anima.is_fumble(face, mastery))


@dataclass(frozen=True)
class Chain:
    """Counts of an open d100 total (fumbles removed), out of `denominator`."""

    clean: tuple[int, ...]
    fumble: int
    below: tuple[int, ...]  # below[k] = count of clean totals < k
    denominator: int

    def at_least(self, x: int) -> int:
        """How many clean chains total x or more."""
        return self.below[-1] - self.below[max(0, min(x, len(self.below) - 1))]

    def less_than(self, k: int) -> int:
        """How many clean chains total below k (an opposed check's B side)."""
        return self.below[max(0, min(k, len(self.below) - 1))]


@lru_cache(maxsize=2)
def chain(mastery: bool) -> Chain:
    """B1-B3: the open chain's totals, its fumbles set apart."""
    counts = list(open_roll_counts(MAX_EXTRA))
    fumble = 0
    for face in _fumbles(mastery):
        fumble += counts[face]
        counts[face] = 0
    below = [0]
    for count in counts:
        below.append(below[-1] + count)
    below.append(below[-1])  # k past the last total: everything is below
    return Chain(tuple(counts), fumble, tuple(below), D100 ** (MAX_EXTRA + 1))


def modifier_weights(special: str | None, positive: bool) -> dict[int, Fraction]:
    """Part C: the die's flat result; a d100 check has no stat for a 10 to double."""
    found: defaultdict[int, Fraction] = defaultdict(Fraction)
    for _factor, mods in special_branches(special, positive):
        for value, weight in mods:
            found[value] += weight
    return dict(found)


@dataclass(frozen=True)
class CheckOdds:
    """Chance of success, of a fumble, and whether no roll is made (R23)."""

    success: Fraction
    fumble: Fraction
    automatic: bool = False


def ability_odds(
    ability: int,
    difficulty: int,
    special: str | None = None,
    positive: bool = True,
    modifier: int = 0,
) -> CheckOdds:
    """B4/R24: P(total + ability (+ die + modifier) ≥ difficulty) and no fumble."""
    c = chain(anima.is_master(ability))
    success = ZERO
    for m, q in modifier_weights(special, positive).items():
        needed = difficulty - ability - m - modifier
        success += q * Fraction(c.at_least(needed), c.denominator)
    return CheckOdds(success, Fraction(c.fumble, c.denominator))


def resistance_odds(
    resistance: int,
    difficulty: int,
    special: str | None = None,
    positive: bool = True,
    modifier: int = 0,
) -> CheckOdds:
    """B5/R23: the 50-point rule, then natural 100 succeeds, fumble fails, else the total."""
    if anima.resistance_is_automatic(resistance, difficulty):
        return CheckOdds(Fraction(1), ZERO, automatic=True)
    fumbles = _fumbles(anima.is_master(resistance))
    success = ZERO
    for m, q in modifier_weights(special, positive).items():
        good = sum(
            1
            for face in range(1, D100 + 1)
            if face not in fumbles
            and (face == D100 or face + resistance + m + modifier >= difficulty)
        )
        success += q * Fraction(good, D100)
    return CheckOdds(success, Fraction(len(fumbles), D100))


def characteristic_odds(
    value: int, special: str | None = None, positive: bool = True, modifier: int = 0
) -> Fraction:
    """B6/R25: P(characteristic − counted face (+ die + modifier) ≥ 0); a 10 counts 13,
    a 1 counts −2."""
    success = ZERO
    for factor, mods in special_branches(special, positive):
        v = farad.scaled_stat(value, factor) + modifier
        for m, q in mods:
            good = sum(1 for face in range(1, 11) if v - characteristic.counted_face(face) + m >= 0)
            success += q * Fraction(good, 10)
    return success


@dataclass(frozen=True)
class Contest:
    """An opposed check: A wins, a tie, B wins."""

    a: Fraction
    tie: Fraction
    b: Fraction


def opposed_characteristic_odds(
    a: int,
    b: int,
    special: str | None = None,
    positive: bool = True,
    modifier: int = 0,
    their_modifier: int = 0,
) -> Contest:
    """B6: margins compared after the over-4 rule; A's die (if any) adds to A's margin."""
    wins = ties = ZERO
    flat = modifier - their_modifier
    for factor, mods in special_branches(special, positive):
        va = farad.scaled_stat(a, factor)
        for m, q in mods:
            for fa in range(1, 11):
                for fb in range(1, 11):
                    lead = characteristic.opposed_characteristic(va, fa, b, fb) + m + flat
                    if lead > 0:
                        wins += q / 100
                    elif lead == 0:
                        ties += q / 100
    return Contest(wins, ties, 1 - wins - ties)


@lru_cache(maxsize=64)
def opposed_ability_odds(
    a: int,
    b: int,
    special: str | None = None,
    positive: bool = True,
    modifier: int = 0,
    their_modifier: int = 0,
) -> Contest:
    """B4: higher total wins; a lone fumbler loses, two fumbles tie; A's die adds to A."""
    ca, cb = chain(anima.is_master(a)), chain(anima.is_master(b))
    den = ca.denominator * cb.denominator
    wins = ties = ZERO
    for m, q in modifier_weights(special, positive).items():
        win = tie = 0
        for t, count in enumerate(ca.clean):
            if count:
                edge = t + a + m + modifier - b - their_modifier  # A wins if B's is below
                win += count * (cb.less_than(edge) + cb.fumble)
                if 0 <= edge < len(cb.clean):
                    tie += count * cb.clean[edge]
        tie += ca.fumble * cb.fumble
        wins += q * Fraction(win, den)
        ties += q * Fraction(tie, den)
    return Contest(wins, ties, 1 - wins - ties)
