"""Any two questions of a class: the second, asked by the first's dialog refilled, is
what a GM would see in one built for it (tracker/modals/act/refill.py; issue 27).

Hypothesis draws both questions (Kans's name, luck, TTU, Melee and weapon; the stab's
dice; a parry or the damage) and what the GM did in the first before cancelling it.
Each example runs two apps (the kept dialog, then one built fresh) and compares the
screen, the focus and the form's answer before and after the same keys: about 1.5 s
an example, so a handful of examples (~10 s in all) each run.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from rules.model.state import Action
from tests.support.act_fixtures import KNIFE, SIZE
from tests.support.kept_questions import SS_6, SS_9, any_question, app_on, closed, opened, seen
from tests.support.modal_host import type_into
from tracker.modals.act import DamageDialog, ParryDialog
from tracker.modals.form import Dialog

NAMES = st.text(st.sampled_from("Kans Bold[]/龍é-'"), min_size=1, max_size=70).filter(
    lambda name: name.strip() == name and bool(name)
)
STABS = st.sampled_from([SS_9, SS_6, [10, 10, 10, 10, 1, 1]])
KEYS = st.lists(st.sampled_from(["down", "up", "ctrl+l", "p-field", "junk"]), max_size=4)


@st.composite
def kans(draw: st.DrawFn) -> dict[str, Any]:
    """A Kans to answer the stab: his name, luck, TTU, Melee and one melee weapon."""
    weapon = draw(st.sampled_from(["knife", "dirk", "a very long ceremonial blade"]))
    return {
        "name": draw(NAMES),
        "luck": draw(st.integers(-3, 3)),
        "ttu": draw(st.integers(0, 4)),
        "skills": {"Dodge": 5, "Melee": draw(st.integers(1, 8))},
        "weapons": [KNIFE.model_copy(update={"name": weapon})],
        "actions": [
            Action(name="Throw", kind="attack", weapon=weapon),
            Action(name="Dodge", kind="dodge", cost=2),
            Action(name="Parry", kind="parry", weapon=weapon, cost=2),
        ],
    }


Made = Callable[[], Dialog[Any]]


def maker(kind: str, stab: list[int], who: dict[str, Any]) -> Made:
    """What makes the question's dialog, in the app that shows it (its size classes)."""
    encounter, pending, asked = any_question(kind, stab, **who)
    return lambda: (ParryDialog if asked == "parry" else DamageDialog)(encounter, pending)


async def used(pilot: Pilot[None], keys: list[str]) -> None:
    """What a GM may do in the question before cancelling it."""
    dialog = pilot.app.screen
    for key in keys:
        field = "#modifier" if isinstance(dialog, ParryDialog) else "#after-shield"
        if key in ("p-field", "junk"):
            await type_into(pilot, field, "+1" if key == "p-field" else "x")
        elif key == "ctrl+l" or dialog.query("#weapon"):
            if key != "ctrl+l":
                dialog.query_one("#weapon").focus()
            await pilot.press(key)
    await pilot.pause()


async def kept_then_fresh(
    folder: Path, first: Made, second: Made, keys: list[str]
) -> tuple[list[object], list[object]]:
    """What the GM sees of `second` asked by `first`'s dialog kept, then of `second`
    built fresh; each before and after the same keys."""
    looks: tuple[list[object], list[object]] = ([], [])
    pooled = app_on(folder, "pooled")
    async with pooled.run_test(size=SIZE) as pilot:
        dialog = await opened(pilot, first())
        await used(pilot, keys)
        await closed(pilot, dialog)
        await opened(pilot, second())
        looks[0].append(seen(pooled))
        await used(pilot, keys)
        looks[0].append(seen(pooled))
    fresh = app_on(folder, "fresh")
    async with fresh.run_test(size=SIZE) as pilot:
        await opened(pilot, second())
        looks[1].append(seen(fresh))
        await used(pilot, keys)
        looks[1].append(seen(fresh))
    return looks


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["parry", "damage"]),
    one=kans(),
    other=kans(),
    stabs=st.tuples(STABS, STABS),
    keys=KEYS,
)
def test_a_refilled_question_is_the_one_built_for_it(
    kind: str, one: dict[str, Any], other: dict[str, Any], stabs: tuple[Any, Any], keys: list[str]
) -> None:
    first, second = maker(kind, stabs[0], one), maker(kind, stabs[1], other)
    with tempfile.TemporaryDirectory() as folder:
        kept, fresh = asyncio.run(kept_then_fresh(Path(folder), first, second, keys))
    assert kept == fresh
