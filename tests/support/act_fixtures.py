"""Shared set-up for the act-dialog tests: the seed's people and a host that keeps results.

Factories build encounters as the seed's worked examples describe them; the
host is the shared modal host plus the landing previews an opportunity
dialog posts (A8).
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from rules.engine.session import Session
from rules.mechanics.dice import ScriptedDice
from rules.model.commands import (
    Advance,
    StartCombat,
    TakeOpportunity,
)
from rules.model.state import Action, Combatant, Encounter, Shield, Weapon
from rules.saves.store import save_session
from tests.support.modal_host import Host, type_into, until
from tracker.modals.act import AttackDialog, LandingPreview, OpportunityDialog, SkillRollDialog
from tracker.modals.act.common import DieLine, SpecialPicker
from tracker.modals.dice_entry import DiceEntry
from tracker.screens.main import MainScreen

SIZE = (120, 40)
BLASTER = Weapon(name="Blaster", skill="Shoot", stat="Dexterity", damage=5, kind="ranged")
KNIFE = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3, kind="melee")


def stats(**over: int) -> dict[str, int]:
    base = dict.fromkeys(("Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech"), 5)
    return {**base, **over}


def lio(extra_actions: tuple[Action, ...] = (), **over: object) -> Combatant:
    """The seed's A10 attacker: Dexterity 8, Shoot 6, a blaster (damage 5)."""
    return Combatant(
        id="lio",
        name="Lio",
        side="PC",
        stats=stats(Dexterity=8),
        skills={"Shoot": 6, "Dodge": 3},
        weapons=[BLASTER],
        actions=[
            Action(name="Shoot", kind="attack", weapon="Blaster", cost=3),
            Action(name="Aim", cost=2),
            Action(name="Dodge", kind="dodge", cost=2),
            Action(name="Move", cost=4),
            *extra_actions,
        ],
        **over,  # type: ignore[arg-type]
    )


def markon(**over: object) -> Combatant:
    return Combatant(
        id="markon",
        name="Markon",
        stats=stats(Dexterity=7),
        skills={"Dodge": 6},
        actions=[Action(name="Dodge", kind="dodge", cost=3)],
        **over,  # type: ignore[arg-type]
    )


def a10(lio_over: dict[str, object] | None = None, **markon_over: object) -> Session:
    """A10's seed check: Lio acts at 13; Markon's TTU is 16 with Dodge 6."""
    enc = Encounter(
        in_combat=True,
        time=13,
        due=["lio"],
        combatants={
            "lio": lio(ttu=13, **(lio_over or {})),
            "markon": markon(ttu=16, **markon_over),
        },
    )
    return Session(enc)


def tactics_contest() -> tuple[Session, ActHost]:
    """A6: Iol (Wits 7, Tactics 4) starts an opposed Tactics roll against Monarch (Wits 6,
    Tactics 3); the s dialog in opposed mode, its opponent still to choose (`face_monarch`)."""
    iol = Combatant(id="iol", name="Iol", stats=stats(Wits=7), skills={"Tactics": 4})
    mon = Combatant(id="mon", name="Monarch", stats=stats(Wits=6), skills={"Tactics": 3})
    session = Session(Encounter(combatants={"iol": iol, "mon": mon}))
    dialog = SkillRollDialog(session.encounter, "iol", skill="Tactics", stat="Wits", mode="opposed")
    return session, ActHost(dialog)


async def face_monarch(app: ActHost, pilot: Pilot[None]) -> None:
    """Choose Monarch as the opponent; his stat follows the roller's (Wits)."""
    app.screen.query_one("#opponent").value = "mon"  # type: ignore[attr-defined]
    await until(pilot, lambda: app.screen.query_one("#their-stat").value == "Wits")  # type: ignore[attr-defined]


class ActHost(Host):
    """The shared modal host, also keeping the landing previews the dialog posts."""

    def __init__(self, modal: object) -> None:
        super().__init__(modal)  # type: ignore[arg-type]
        self.previews: list[tuple[str, int | None]] = []

    def on_landing_preview(self, message: LandingPreview) -> None:
        self.previews.append((message.actor, message.ttu))


async def die_walk(
    pilot: Pilot[None], picker: SpecialPicker | DieLine, presses: int
) -> list[object]:
    """ctrl+l `presses` times: the die the picker (or the die line) declares after each."""
    seen = []
    for _ in range(presses):
        await pilot.press("ctrl+l")
        await pilot.pause()
        seen.append(picker.kind)
    return seen


async def submit(app: ActHost, pilot: object) -> object:
    app.screen.action_submit()  # type: ignore[attr-defined]
    await until(pilot, lambda: bool(app.results))  # type: ignore[arg-type]
    return app.results[-1]


async def typed_faces(text: str, sides: int, count: int) -> list[int]:
    """Physical dice: the GM types them into the dice-entry dialog."""
    app = Host(DiceEntry("typed", sides, count))
    async with app.run_test(size=SIZE) as pilot:
        await type_into(pilot, "#faces", text)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.results))
    return app.results[0]  # type: ignore[return-value]


def start(session: Session) -> tuple[dict, int]:
    """The encounter as the test found it, and how many steps the set-up had done."""
    return session.encounter.model_dump(mode="json"), len(session.done)


def undo_all(session: Session, before: tuple[dict, int]) -> None:
    """Undo every step the test did: the encounter is exactly as it was."""
    dump, steps = before
    while len(session.done) > steps:
        session.undo()
    assert session.encounter.model_dump(mode="json") == dump


def card_game() -> Session:
    """A7: Dinzis starts; Kans (ready, Wits 7) rolls 7 → 2; Molin (surprised, Wits 5) 10 → 6."""
    defence = [
        Action(name="Dodge", kind="dodge", cost=2),
        Action(name="Parry", kind="parry", weapon="knife", cost=2),
    ]
    people = [
        Combatant(
            id="dinzis",
            name="Dinzis",
            stats=stats(Dexterity=6),
            skills={"Melee": 6},
            weapons=[KNIFE],
            actions=[Action(name="Stab", kind="attack", weapon="knife")],
        ),
        Combatant(
            id="kans",
            name="Kans",
            side="PC",
            stats=stats(Wits=7, Dexterity=7),
            skills={"Dodge": 5, "Melee": 4},
            weapons=[KNIFE],
            awareness="ready",
            actions=[Action(name="Throw", kind="attack", weapon="knife"), *defence],
        ),
        Combatant(
            id="molin",
            name="Molin",
            side="ally",
            stats=stats(Wits=5),
            skills={"Dodge": 4},
            awareness="surprised",
            actions=defence[:1],
        ),
    ]
    session = Session(Encounter(combatants={c.id: c for c in people}))
    session.do(StartCombat(initiators=["dinzis"]), ScriptedDice([7, 10]))
    session.do(Advance(), ScriptedDice([]))
    session.do(TakeOpportunity(actor="dinzis", actions=["Stab"]), ScriptedDice([]))
    return session


async def attack_dialog_open(pilot: Pilot[None]) -> AttackDialog:
    """From the main screen with the actor due: a, tick the first action (the attack),
    enter; the attack dialog, once it is on screen."""

    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, OpportunityDialog))
    await pilot.press("space", "enter")
    await until(pilot, lambda: isinstance(app.screen, AttackDialog))
    dialog = app.screen
    assert isinstance(dialog, AttackDialog)
    return dialog


def fight_file(tmp_path: Path, **markon_over: object) -> Path:
    """The A10 pair saved as a file: Lio due at 13, Markon (TTU 16) behind a 5/10 shield."""
    path = tmp_path / "fight.json"
    save_session(a10(shield=Shield(low=5, high=10), **markon_over), path)
    return path


async def type_faces(pilot: Pilot[None], faces: str) -> None:
    """Physical dice: the dice-entry form asks; the GM types the faces and enter."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, DiceEntry))
    asking = app.screen
    await type_into(pilot, "#faces", faces)
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is not asking)  # the next ask may follow at once
