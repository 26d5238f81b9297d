"""Keys per attack: what the GM presses for the demo's common attack (issue 14).

Method (never asserted in tests; `make bench` prints and records it): the
demo app under Pilot (120×40). Set-up, not counted: combat begins with
Dinzis (A7); Dinzis moves at a GM cost of 5 (R6); the track advances until
Kans the Scraver "acts now", alone. From there every key the script sends
is counted, up to the wound on Kans's target's roster row: `A` (the quick
attack, issue 27: the opportunity taken with its first attack, rolled at the
default target and range), Enter (the damage as worked out).

keys_per_attack_full_dialog — the same through the dialogs: `a` (the
opportunity, its first attack highlighted), Enter (takes it), Enter (the
attack at the default target and range), Enter (the damage).
The script reads each screen before it presses, so a key lost or a dialog
that did not open fails the run instead of being counted.

keys_per_attack — virtual dice; the first seed from 1 on whose shot hits.
keys_per_attack_physical — the same with physical dice: each typed line of
faces (the dice-entry prompt's line, then enter) counts as one key.
keys_per_attack_parry_asked — the demo's first blow, Dinzis's knife at Kans
with virtual dice: Kans may parry (A10), so the parry question (Enter: no
parry) is one more key.

keys_new_pc — issue 27's PC from scratch (it took 101 keys): from the main
screen to Sir Ulric saved, the PC of `ULRIC`. `+` (the sheet form, its line
focused), the line typed key by key and its Enter (the form filled), Enter
(Save, focused once the filled form is valid). The typed line and its Enter
count as one key, as a typed line of faces does. The same keys counted
otherwise: keys_new_pc_words (each typed word one key, and each Enter) and
keys_new_pc_chars (every character one key).
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from rules.mechanics.dice import SeededDice
from rules.model.commands import Advance, StartCombat, TakeOpportunity
from rules.model.state import Combatant
from tracker.app.tracker_app import TrackerApp, make_app
from tracker.screens.main import MainScreen

SIZE = (120, 40)
ULRIC = (
    "Sir Ulric (PC): Str 6 Dex 7 End 6 Wits 5 Per 5 Tech 3; Melee 7 Dodge 4 Fight 5; "
    "broadsword 5 melee; armour 6/3/2; shield 5-10 x10"
)


class Counted:
    """Presses keys for the script and counts them (a typed line of faces is one)."""

    def __init__(self, pilot: Pilot[None]) -> None:
        self.pilot = pilot
        self.keys = 0
        self.words = 0  # the same keys, each typed word one (keys_new_pc_words)
        self.chars = 0  # and every character one (keys_new_pc_chars)

    async def press(self, key: str) -> None:
        self.keys += 1
        self.words += 1
        self.chars += 1
        await self.pilot.press(key)

    async def typed(self, text: str) -> None:
        """A typed line, key by key, then enter: one key (as a line of faces is)."""
        self.keys += 1
        self.words += len(text.split()) + 1
        self.chars += len(text) + 1
        await self.pilot.press(*text, "enter")

    async def line(self, faces: list[int]) -> None:
        """One typed line of faces, then enter: one key (issue 14's count)."""
        self.keys += 1
        await self.pilot.press(*" ".join(str(f % 10) for f in faces), "enter")


async def until(pilot: Pilot[None], condition: Callable[[], object], timeout: float = 20) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise RuntimeError("the screen the script waits for never came")
        await pilot.pause(0.01)


def screen_name(app: TrackerApp) -> str:
    return type(app.screen).__name__


async def kans_acts_now(app: TrackerApp, pilot: Pilot[None]) -> None:
    """Set-up (not counted): Dinzis starts the fight, moves (GM cost 5); Kans is due alone."""
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    app.run_command(StartCombat(initiators=["dinzis"]))
    await faces_until_main(app, pilot)
    app.run_command(TakeOpportunity(actor="dinzis", actions=["Move"], cost=5))
    enc = app.session.encounter  # type: ignore[union-attr]
    while enc.due != ["kans"] or enc.turn is not None:
        app.run_command(Advance())
        await pilot.pause()
        enc = app.session.encounter  # type: ignore[union-attr]


async def faces_until_main(
    app: TrackerApp, pilot: Pilot[None], counted: Counted | None = None
) -> None:
    """Physical dice: answer every dice prompt with faces from a seeded source."""
    dice = SeededDice(7)
    await pilot.pause()
    while screen_name(app) == "DiceEntry":
        entry = app.screen
        need = entry.count  # type: ignore[attr-defined]
        sides = entry.sides  # type: ignore[attr-defined]
        faces = dice.roll(sides, need, "bench")
        if counted is None:
            await pilot.press(*" ".join(str(f % 10) for f in faces), "enter")
        else:
            await counted.line(faces)
        await until(pilot, lambda e=entry: app.screen is not e)
        await pilot.pause()


async def shot(seed: int, dice: str, quick: bool = True) -> tuple[int, bool]:
    """Kans's pistol at the default target: the keys counted, and whether a wound landed.
    `quick`: the quick attack (A), else the full dialogs (a, enter, enter)."""
    app = make_app(demo=True, saves_dir=Path(tempfile.mkdtemp()), seed=seed, dice_mode=dice)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await kans_acts_now(app, pilot)
        keys = Counted(pilot)
        if quick:  # A: the opportunity taken and the attack rolled at its defaults
            await keys.press("A")
            await until(pilot, lambda: screen_name(app) not in ("MainScreen", "AttackDialog"))
        else:
            await keys.press("a")
            await until(pilot, lambda: screen_name(app) == "OpportunityDialog")
            await keys.press("enter")
            await until(pilot, lambda: screen_name(app) == "AttackDialog")
            await keys.press("enter")
            await until(pilot, lambda: screen_name(app) != "AttackDialog")
        await faces_until_main(app, pilot, keys)
        if screen_name(app) == "DamageDialog":
            await keys.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        await faces_until_main(app, pilot, keys)
        enc = app.session.encounter  # type: ignore[union-attr]
        wounded = bool(enc.combatants["dinzis"].wounds) and not enc.pending
        return keys.keys, wounded


async def stab(seed: int) -> tuple[int, bool]:
    """The demo's first blow: Dinzis's knife at Kans, who declines the parry (Enter)."""
    app = make_app(demo=True, saves_dir=Path(tempfile.mkdtemp()), seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        app.run_command(StartCombat(initiators=["dinzis"]))
        app.run_command(Advance())
        await pilot.pause()
        keys = Counted(pilot)
        for key, after in (("a", "OpportunityDialog"), ("enter", "AttackDialog")):
            await keys.press(key)
            await until(pilot, lambda name=after: screen_name(app) == name)
        await keys.press("enter")
        await until(pilot, lambda: screen_name(app) != "AttackDialog")
        for _ in range(2):  # the parry question (declined), then the damage
            if screen_name(app) in ("ParryDialog", "DamageDialog"):
                current = app.screen
                await keys.press("enter")
                await until(pilot, lambda c=current: app.screen is not c)
                await pilot.pause()
        enc = app.session.encounter  # type: ignore[union-attr]
        return keys.keys, bool(enc.combatants["kans"].wounds) and not enc.pending


async def first_hit(attempt: Callable[[int], object]) -> int:
    for seed in range(1, 40):
        keys, wounded = await attempt(seed)  # type: ignore[misc]
        if wounded:
            return keys
    raise RuntimeError("no seed from 1 to 39 lands a wound")


async def new_pc() -> tuple[Counted, Combatant | None]:
    """`+`, the sheet line and Enter, Enter: the keys, and the combatant saved (if any)."""
    app = make_app(demo=True, saves_dir=Path(tempfile.mkdtemp()), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        keys = Counted(pilot)
        await keys.press("+")
        await until(pilot, lambda: getattr(app.focused, "id", None) == "sheet-line")
        await keys.typed(ULRIC)
        await until(pilot, lambda: getattr(app.focused, "id", None) == "save")
        await keys.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen))
        enc = app.session.encounter  # type: ignore[union-attr]
        found = [c for c in enc.combatants.values() if c.name == "Sir Ulric"]
        return keys, found[0] if found else None


def run() -> dict[str, float]:
    async def all_three() -> dict[str, float]:
        pc, ulric = await new_pc()
        if ulric is None:
            raise RuntimeError("Sir Ulric was never saved")
        return {
            "keys_new_pc": pc.keys,
            "keys_new_pc_words": pc.words,
            "keys_new_pc_chars": pc.chars,
            "keys_per_attack": await first_hit(lambda s: shot(s, "virtual")),
            "keys_per_attack_full_dialog": await first_hit(lambda s: shot(s, "virtual", False)),
            "keys_per_attack_physical": await first_hit(lambda s: shot(s, "physical")),
            "keys_per_attack_parry_asked": await first_hit(stab),
        }

    return asyncio.run(all_three())


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name:32s} {value:10.0f}")
