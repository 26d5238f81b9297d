"""The card game of the seed (A7), built from code, and the roster templates.

`python -m tracker.files.demo` writes them twice: into the package
(`tracker/data/demo.json`, `tracker/data/roster/*.json`, what an installed
`tracker` reads through `importlib.resources`) and into the checkout's own
saves folder (`saves/`). A test checks both copies still equal what the code
builds, so the bundled data can never drift from the code that documents it.

Seed check (A7): Dinzis starts it (TTU 0); Kans is combat ready with Wits 7,
the Baron surprised with Wits 5 — so Kans rolling a 7 lands on 2 and the
Baron rolling a 10 lands on 6.
"""

from __future__ import annotations

import json
import shutil
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from rules.engine.questions import parries_with
from rules.model.state import Action, Armour, Combatant, Encounter, Shield, Weapon

BUNDLED: Traversable = files("tracker") / "data"  # inside the package, wherever installed
DEMO_PATH: Traversable = BUNDLED / "demo.json"
ROSTER_DIR: Traversable = BUNDLED / "roster"
REPO = Path(__file__).resolve().parents[2]  # the checkout (only `main` writes there)
CHECKOUT_DEMO = REPO / "saves" / "demo.json"
CHECKOUT_ROSTER = REPO / "saves" / "roster"
DEMO_STEM = (
    "the-card-game"  # rules.saves.store.autosave_path of the demo's name, without the import
)


def _stats(
    strength: int, dex: int, endurance: int, wits: int, perception: int, tech: int
) -> dict[str, int]:
    return {
        "Strength": strength,
        "Dexterity": dex,
        "Endurance": endurance,
        "Wits": wits,
        "Perception": perception,
        "Tech": tech,
    }


def _repertoire(weapons: list[Weapon], aim: bool = False) -> list[Action]:
    """R6: the GM's action costs; an attack per weapon, then the common manoeuvres."""
    actions = [
        Action(name=f"Attack: {w.name}", cost=3, kind="attack", weapon=w.name, skill=w.skill)
        for w in weapons
    ]
    if aim:
        actions.append(Action(name="Aim", cost=2, kind="other", skill="Shoot"))
    parry = next((w for w in weapons if parries_with(w)), None)
    actions.append(Action(name="Dodge", cost=2, kind="dodge", skill="Dodge"))
    if parry is not None:
        actions.append(
            Action(name="Parry", cost=2, kind="parry", weapon=parry.name, skill=parry.skill)
        )
    actions.append(Action(name="Move", cost=3, kind="other"))
    actions.append(Action(name="Wait", cost=1, kind="other"))
    return actions


def dinzis() -> Combatant:
    """The Ukar who suspects Kans of cheating and starts the fight with a knife."""
    knife = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3, kind="melee")
    return Combatant(
        id="dinzis",
        name="Dinzis the Ukar",
        side="enemy",
        stats=_stats(7, 6, 6, 5, 5, 3),
        skills={"Melee": 6, "Fight": 4, "Dodge": 3, "Shoot": 2, "Gambling": 3, "Sneak": 4},
        weapons=[knife],
        actions=_repertoire([knife]),
        armour=Armour(rating=4, hard=0, soft=2),
        awareness="active",
        luck=-1,
        notes="Starts the combat (A7): no Ukar loses that much to a Scraver honestly.",
    )


def kans() -> Combatant:
    """The Scraver card sharp: combat ready, Wits 7 (A7 seed check)."""
    pistol = Weapon(name="pistol", skill="Shoot", stat="Dexterity", damage=5, kind="ranged")
    knife = Weapon(name="knife", skill="Melee", stat="Dexterity", damage=3, kind="melee")
    return Combatant(
        id="kans",
        name="Kans the Scraver",
        side="PC",
        stats=_stats(5, 7, 5, 7, 6, 5),
        skills={"Shoot": 5, "Melee": 4, "Dodge": 5, "Fight": 3, "Gambling": 6, "Sneak": 5},
        weapons=[pistol, knife],
        actions=_repertoire([pistol, knife], aim=True),
        armour=Armour(rating=5, hard=0, soft=3),
        awareness="ready",
        luck=2,
        notes="Has played Ukar before: combat ready (reaction base 4).",
    )


def baron_molin() -> Combatant:
    """The Decados noble lost in his winning hand: surprised, Wits 5, shield 5/10."""
    rapier = Weapon(name="rapier", skill="Melee", stat="Dexterity", damage=4, kind="melee")
    return Combatant(
        id="molin",
        name="Baron Molin Decados",
        side="ally",
        stats=_stats(5, 6, 5, 5, 6, 4),
        skills={"Melee": 6, "Dodge": 4, "Shoot": 3, "Fight": 2, "Etiquette": 6, "Gambling": 5},
        weapons=[rapier],
        actions=_repertoire([rapier]),
        armour=Armour(rating=6, hard=3, soft=2),
        shield=Shield(low=5, high=10, hits_left=10),
        awareness="surprised",
        notes="Too caught up in his winning hand: surprised (reaction base 9).",
    )


def build_demo() -> Encounter:
    """The card game, everyone at the table, ready for `b` (begin combat)."""
    people = [dinzis(), kans(), baron_molin()]
    return Encounter(name="The card game", combatants={c.id: c for c in people})


def roster_templates() -> dict[str, Combatant]:
    """File stem -> template: common foes and allies a GM adds mid-evening."""
    sword = Weapon(name="sword", skill="Melee", stat="Dexterity", damage=5, kind="melee")
    blaster = Weapon(name="blaster", skill="Shoot", stat="Dexterity", damage=7, kind="ranged")
    club = Weapon(name="club", skill="Melee", stat="Strength", damage=3, kind="melee")
    slug = Weapon(name="slug gun", skill="Shoot", stat="Dexterity", damage=5, kind="ranged")
    claws = Weapon(name="claws", skill="Fight", stat="Strength", damage=4, kind="melee")
    rapier = Weapon(name="rapier", skill="Melee", stat="Dexterity", damage=4, kind="melee")
    return {
        "decados-guard": Combatant(
            id="decados-guard",
            name="Decados guard",
            stats=_stats(6, 6, 6, 5, 5, 3),
            skills={"Melee": 5, "Shoot": 5, "Dodge": 3, "Fight": 3, "Vigor": 4},
            weapons=[sword, blaster],
            actions=_repertoire([sword, blaster], aim=True),
            armour=Armour(rating=6, hard=4, soft=2),
            awareness="ready",
            notes="House livery over studded leather; loyal while paid.",
        ),
        "scraver-thug": Combatant(
            id="scraver-thug",
            name="Scraver thug",
            stats=_stats(6, 5, 5, 4, 5, 3),
            skills={"Melee": 4, "Shoot": 3, "Fight": 4, "Dodge": 2, "Streetwise": 5},
            weapons=[club, slug],
            actions=_repertoire([club, slug]),
            armour=Armour(rating=3, hard=0, soft=2),
            notes="Runs when its friends fall.",
        ),
        "vorox": Combatant(
            id="vorox",
            name="Vorox",
            stats=_stats(10, 7, 9, 4, 6, 1),
            skills={"Fight": 7, "Melee": 5, "Dodge": 4, "Vigor": 6},
            weapons=[claws],
            actions=_repertoire([claws]),
            armour=Armour(rating=4, hard=2, soft=0),
            notes="Six-limbed and very strong; hide gives hard armour 2.",
        ),
        "hazat-duellist": Combatant(
            id="hazat-duellist",
            name="Hazat duellist",
            side="neutral",
            stats=_stats(5, 8, 6, 6, 6, 3),
            skills={"Melee": 7, "Dodge": 6, "Fight": 4, "Shoot": 3, "Etiquette": 4},
            weapons=[rapier],
            actions=_repertoire([rapier]),
            armour=Armour(rating=5, hard=1, soft=3),
            shield=Shield(low=5, high=10, hits_left=10),
            awareness="ready",
            notes="Fights with honour: a parry before a riposte.",
        ),
    }


def template_json(combatant: Combatant) -> str:
    """A roster template file's text: the Combatant's JSON, indented, newline-ended."""
    return json.dumps(combatant.model_dump(mode="json"), indent=2) + "\n"


def write_roster(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, combatant in roster_templates().items():
        path = folder / f"{stem}.json"
        path.write_text(template_json(combatant), encoding="utf-8")
        written.append(path)
    return written


def write_demo(path: Path) -> Path:
    """The demo save: a fresh session of the card game with nothing to undo."""
    from rules.engine.session import Session
    from rules.saves.store import save_session

    path.parent.mkdir(parents=True, exist_ok=True)
    save_session(Session(build_demo()), path)
    return path


def fresh_path(folder: Path, stem: str) -> Path:
    """A file in `folder` that does not exist yet: `stem.json`, then `stem-2.json`, `-3`…"""
    path, n = folder / f"{stem}.json", 2
    while path.exists() or path.with_name(path.name + ".bak").exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def copy_demo(folder: Path) -> Path:
    """`--demo`: copy the bundled card game into the saves folder, never touching the original."""
    folder.mkdir(parents=True, exist_ok=True)
    path = fresh_path(folder, DEMO_STEM)
    with DEMO_PATH.open("rb") as source, open(path, "xb") as copy:  # "x": never replaces
        shutil.copyfileobj(source, copy)
    return path


def is_demo(path: Path) -> bool:
    """Is `path` the bundled demo (or the checkout's copy)? Those are copied, never written."""
    try:
        target = Path(path).resolve()
        return any(
            isinstance(demo, Path) and target == demo.resolve()
            for demo in (DEMO_PATH, CHECKOUT_DEMO)
        )
    except OSError:
        return False


def save_to_open(path: Path | None, *, demo: bool, saves_dir: Path) -> Path | None:
    """The save the app opens (None: the browser). `demo`, or a PATH that is the bundled
    demo itself (never written), opens a fresh copy in the saves folder."""
    if demo and path is not None:
        raise ValueError("path: give a save file or --demo, not both")
    if path is not None and is_demo(Path(path)):
        demo = True
    if demo:
        path = copy_demo(saves_dir)
    return None if path is None else Path(path)


def main() -> int:
    """`python -m tracker.files.demo`: rewrite the packaged and the checkout's demo and roster."""
    package = Path(__file__).resolve().parents[1] / "data"
    for saves in (package, REPO / "saves"):
        print(write_demo(saves / "demo.json"))
        for path in write_roster(saves / "roster"):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
