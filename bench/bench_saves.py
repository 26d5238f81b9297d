"""Saving and loading a long fight: 50 combatants, 5,000 log events, 2,000 done steps.

The session is built straight from the models (no engine), with the sizes a
long campaign evening reaches. `save` includes both fsyncs (file and folder),
the backup hard link and the renames, as the GM's autosave pays them. A
breakdown of one save's phases is printed, so a slow disk shows as fsync,
not as JSON. The temp folder is on the same file system as the repo here;
on tmpfs the fsync figures would be meaningless.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.timing import median_seconds
from rules.engine.session import Session, Step
from rules.model.commands import (
    Advance,
    Attack,
    ConfirmDamage,
    Dodge,
    Parry,
    ResolveCheck,
    SkillRollCommand,
    TakeOpportunity,
)
from rules.model.event import Event
from rules.model.state import Action, Armour, Combatant, Encounter, Shield, Weapon, Wound
from rules.saves import atomic, store
from rules.saves import folder as saves_folder

COMBATANTS = 50
EVENTS = 5000
STEPS = 2000
STATS = ("Strength", "Dexterity", "Endurance", "Wits", "Perception", "Tech", "Presence", "Will")
SKILLS = ("Melee", "Shoot", "Dodge", "Vigor", "Observe", "Fight", "Stealth", "Remedy")


def _combatant(i: int, wounded: bool) -> Combatant:
    wounds = [
        Wound(location="left arm", level="Light", wp=2, time=40 + i, source=f"Sword of c{i + 1}"),
        Wound(
            location="chest", level="Serious", wp=5, time=90 + i, source="Blaster", bleeding=True
        ),
    ]
    return Combatant(
        id=f"c{i}",
        name=f"Hazat soldier {i}" if i % 2 else f"Decados agent {i}",
        side="enemy" if i % 2 else "PC",
        stats={s: 3 + (i + k) % 6 for k, s in enumerate(STATS)},
        skills={s: (i + k) % 7 for k, s in enumerate(SKILLS)},
        actions=[
            Action(name="Slash", cost=4, kind="attack", weapon="Sword"),
            Action(name="Shoot", cost=3, kind="attack", weapon="Blaster"),
            Action(name="Dodge", cost=2, kind="dodge"),
            Action(name="Parry", cost=2, kind="parry", weapon="Sword"),
        ],
        weapons=[
            Weapon(name="Sword", damage=5),
            Weapon(name="Blaster", skill="Shoot", damage=6, kind="ranged"),
        ],
        armour=Armour(rating=3, hard=4, soft=2),
        shield=Shield(low=5, high=15, hits_left=10) if i % 3 == 0 else None,
        notes="Sworn to the house; flees below half Endurance.",
        ttu=100 + i if wounded else None,
        arrival=i,
        wounds=wounds[: i % 3] if wounded else [],
        bleed_rate=1 if wounded and i % 3 == 2 else 0,
        bleed_anchor=90 + i if wounded and i % 3 == 2 else None,
    )


def _event(k: int) -> Event:
    a, b = k % COMBATANTS + 1, (k * 7) % COMBATANTS + 1
    return Event(
        seq=k + 1,
        time=k // 25,
        kind="attack",
        text=f"Soldier {a} attacks soldier {b}: 4d10 3 7 9 1 vs Dex 7 → 5 VP, goal 3 → hit, 6 dmg",
        faces=[3, 7, 9, 1],
        actor=f"c{a}",
    )


def _step(k: int) -> Step:
    a, b = f"c{k % COMBATANTS + 1}", f"c{(k * 7) % COMBATANTS + 1}"
    commands = (
        (Advance(), []),
        (TakeOpportunity(actor=a, actions=["Slash", "Dodge"]), []),
        (Attack(attacker=a, target=b, weapon="Sword", goal=4, dodge=Dodge()), [3, 7, 9, 1, 5]),
        (Parry(pending=k, weapon="Sword"), [6, 2, 8]),
        (ConfirmDamage(pending=k), [4, 4]),
        (SkillRollCommand(actor=a, skill="Vigor", stat="Endurance"), [2, 9, 10]),
        (ResolveCheck(pending=k), [1, 6, 3, 8, 2, 7]),
    )
    command, faces = commands[k % len(commands)]
    return Step(command, list(faces), None)


def big_session() -> Session:
    """A long fight's session: what `save_ms_c50_e5000` writes."""
    encounter = Encounter(
        name="Siege of the Leagueheim spaceport",
        day=3,
        in_combat=True,
        time=EVENTS // 25,
        combatants={f"c{i}": _combatant(i, True) for i in range(1, COMBATANTS + 1)},
        next_id=COMBATANTS + STEPS,
    )
    encounter.log.extend(_event(k) for k in range(EVENTS))
    base = Encounter(
        name=encounter.name,
        day=3,
        combatants={f"c{i}": _combatant(i, False) for i in range(1, COMBATANTS + 1)},
    )
    done = [_step(k) for k in range(STEPS)]
    undone = [_step(k) for k in range(3)]
    return Session(encounter=encounter, base=base, done=done, undone=undone)


def _phases(session: Session, path: Path) -> dict[str, float]:
    """One save, phase by phase, the same steps `save_session` takes (ms)."""
    marks = [time.perf_counter()]
    data = store._serialize(session, path)
    marks.append(time.perf_counter())
    tmp = path.with_name(".bench.tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        marks.append(time.perf_counter())
        os.fsync(handle.fileno())
    marks.append(time.perf_counter())
    link = path.with_name(".bench.link.tmp")
    os.link(path, link)
    os.replace(link, store.backup_path(path))
    os.replace(tmp, path)
    marks.append(time.perf_counter())
    atomic.fsync_folder(path.parent)
    marks.append(time.perf_counter())
    names = ("serialize", "write", "fsync_file", "link_rename", "fsync_folder")
    return {name: (marks[i + 1] - marks[i]) * 1000 for i, name in enumerate(names)}


LISTED = 5000


def _listing(folder: Path) -> dict[str, float]:
    """`list_saves` on LISTED copies of a three-combatant save: first and again (s, ms)."""
    encounter = Encounter(
        name="Skirmish", combatants={f"c{i}": _combatant(i, True) for i in (1, 2, 3)}
    )
    first = folder / "skirmish-0.json"
    store.save_session(Session(encounter), first)
    data = first.read_bytes()
    for i in range(1, LISTED):
        (folder / f"skirmish-{i}.json").write_bytes(data)

    def afresh() -> None:
        saves_folder._FOLDERS.clear()
        saves_folder.list_saves(folder)

    cold = median_seconds(afresh, repeat=3, warmup=1)
    again = median_seconds(lambda: saves_folder.list_saves(folder), repeat=9, warmup=1)
    print(f"   list_saves of {LISTED} saves of {len(data) / 1024:.1f} KiB each")
    return {"list_saves_first_s_5000": cold, "list_saves_again_ms_5000": again * 1000}


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-list-") as folder:
        listing = _listing(Path(folder))
    session = big_session()
    indent = store.INDENT
    with tempfile.TemporaryDirectory(prefix="bench-saves-") as folder:
        path = Path(folder) / "siege.json"
        store.save_session(session, path)
        size = path.stat().st_size
        save = median_seconds(lambda: store.save_session(session, path), repeat=30)
        load = median_seconds(lambda: store.load_session(path), repeat=15, warmup=2)
        store.INDENT = None  # the same save as compact JSON, for comparison
        try:
            compact_path = Path(folder) / "compact.json"
            store.save_session(session, compact_path)
            compact_size = compact_path.stat().st_size
            compact = median_seconds(lambda: store.save_session(session, compact_path), repeat=30)
        finally:
            store.INDENT = indent
        samples = [_phases(session, path) for _ in range(15)]
    phases = {name: statistics.median(s[name] for s in samples) for name in samples[0]}
    print(f"   file size {size / 1024:.0f} KiB (indent={indent})")
    print("   one save, median ms: " + ", ".join(f"{k} {v:.2f}" for k, v in phases.items()))
    print(f"   compact JSON instead: {compact_size / 1024:.0f} KiB, save {compact * 1000:.2f} ms")
    return {
        "save_ms_c50_e5000": save * 1000,
        "load_ms_c50_e5000": load * 1000,
        "save_serialize_ms_c50_e5000": phases["serialize"],
        "save_fsync_ms_c50_e5000": phases["fsync_file"] + phases["fsync_folder"],
        "save_kib_c50_e5000": size / 1024,
        "save_ms_compact_c50_e5000": compact * 1000,
        **listing,
    }
