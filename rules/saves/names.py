"""The file names the saves browser gives: a renamed save's, a copy's, a restored one's.

The GM types an encounter's name; its file is that name made safe, as a new
encounter's is (`autosave_path`). A name is refused before any file is touched,
saying what and where: empty, too long, unprintable, holding a path separator,
dots alone (`..`), or naming a file already in the folder (or its `.bak`: a save
never takes over another's backup). A copy or a restored file takes the first
free `NAME-copy.json`, `NAME-copy-2.json`…, so nothing is ever overwritten.
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.model.plain_text import NAME_MAX, problem
from rules.saves.folder import autosave_path
from rules.saves.reading import SaveError, backup_path

_STEM_BYTES = 120  # as autosave_path cuts a name: room left for -copy-NN, .bak and temp names


def name_problem(name: str) -> str:
    """Why `name` cannot be a save's new name ('' when it can); the name as typed."""
    if not name.strip():
        return f"type a name (1-{NAME_MAX} characters)"
    if len(name) > NAME_MAX:
        return f"at most {NAME_MAX} characters ({len(name)} typed)"
    if "/" in name or "\\" in name:
        return "a name cannot hold / or \\: a save is one file in the saves folder, never a path"
    if set(name.strip()) == {"."}:
        return "dots alone (like ..) are no name: type letters or digits"
    return problem(name)


def rename_target(folder: Path, current: Path, name: str) -> Path:
    """The file `current` becomes when renamed `name` (itself when only the encounter's
    name changes), or a SaveError saying why not; nothing is touched either way."""
    why = name_problem(name)
    if why:
        raise SaveError(current, f"the name {name!r} {_as_reason(why)}", action="rename")
    target = autosave_path(folder, name.strip())
    if target.name == current.name or _same_file(target, current):
        return current
    for taken in (target, backup_path(target)):
        if os.path.lexists(taken):
            problem = (
                f"{taken.name} is already in {folder}, so nothing was renamed:"
                " pick another name (or rename or delete that save first)"
            )
            raise SaveError(current, problem, action="rename")
    return target


def free_name(folder: Path, stem: str, tag: str) -> Path:
    """`stem-tag.json`, else `stem-tag-2.json`, `-3`…: the first whose file and `.bak`
    are both absent. A long stem is cut so the name fits every file system."""
    while len(stem.encode("utf-8")) > _STEM_BYTES:
        stem = stem[:-1]
    first = f"{stem}-{tag}"
    candidate, n = Path(folder) / f"{first}.json", 2
    while os.path.lexists(candidate) or os.path.lexists(backup_path(candidate)):
        candidate = Path(folder) / f"{first}-{n}.json"
        n += 1
    return candidate


def is_free(path: Path) -> bool:
    """Neither the file nor its `.bak` is there (a link, even a dangling one, counts)."""
    return not (os.path.lexists(path) or os.path.lexists(backup_path(path)))


def _same_file(a: Path, b: Path) -> bool:
    """A case-insensitive folder: `Ambush.json` and `ambush.json` are one file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _as_reason(why: str) -> str:
    """`name_problem`'s words after "the name 'x'": "has a control character…" reads on;
    an instruction ("type a name…") is put as what the name lacks."""
    if why.startswith("has "):
        return why
    return f"will not do: {why}"
