"""Wheels of the distributions installed here, for tests/install: pip then installs the
tracker's wheel into a fresh venv resolving its dependencies (and the serve extra)
itself, from these wheels alone: no index, no cache, no network.

pip cannot do this (`pip wheel` builds from sources, `pip download` needs an index),
but an installed distribution is its wheel unpacked: the files its RECORD lists. A
wheel here is those files zipped again with a new RECORD, less what pip writes at
install time (its console scripts come back from entry_points.txt).
"""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

# Written by the installer, not part of the wheel (direct_url.json would name this venv).
_INSTALLER_FILES = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}


def wanted(requirement: Requirement, extras: frozenset[str]) -> bool:
    """Whether this Python, asking for `extras`, installs the requirement."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in extras or {""})


def closure(requires: list[str], extras: frozenset[str]) -> dict[str, Distribution]:
    """The installed distributions a set of Requires-Dist lines needs, all the way down,
    by canonical name; a missing one raises PackageNotFoundError (it names it)."""
    found: dict[str, Distribution] = {}
    done: set[tuple[str, frozenset[str]]] = set()  # one name may be asked with its extras
    todo = [(Requirement(line), extras) for line in requires]
    while todo:
        requirement, asked = todo.pop()
        name, its_extras = canonicalize_name(requirement.name), frozenset(requirement.extras)
        if not wanted(requirement, asked) or (name, its_extras) in done:
            continue
        done.add((name, its_extras))
        found[name] = dist = distribution(requirement.name)
        if dist.version not in requirement.specifier:
            raise PackageNotFoundError(f"{requirement} (installed: {dist.version})")
        todo += [(Requirement(line), its_extras) for line in dist.requires or ()]
    return found


def repack(dist: Distribution, folder: Path) -> Path:
    """`dist` as a wheel in `folder`, tagged as its WHEEL file says it was built."""
    files = [
        path
        for path in dist.files or ()
        if path.parts[0] != ".." and "__pycache__" not in path.parts
    ]
    info = next(p.parts[0] for p in files if p.parts[0].endswith(".dist-info"))
    tag = re.search(r"^Tag: (\S+)$", dist.read_text("WHEEL") or "", re.MULTILINE)
    if not files or tag is None:
        raise PackageNotFoundError(f"{dist.name}: installed without a RECORD or a WHEEL tag")
    name = re.sub(r"[-_.]+", "_", dist.name)
    wheel = folder / f"{name}-{dist.version}-{tag.group(1)}.whl"
    record: list[str] = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as out:  # speed: pip unzips either
        for path in files:
            if path.parts[0] == info and path.name in _INSTALLER_FILES:
                continue
            data = Path(str(path.locate())).read_bytes()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            out.writestr(path.as_posix(), data)
            record.append(f"{path.as_posix()},sha256={digest.decode()},{len(data)}")
        record.append(f"{info}/RECORD,,")
        out.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def wheelhouse(wheel: Path, extras: frozenset[str], folder: Path) -> list[str]:
    """Wheels of everything `wheel` needs with `extras`, repacked into `folder` (made);
    the wheel itself is left out. Returns their canonical names."""
    with zipfile.ZipFile(wheel) as built:
        metadata = next(n for n in built.namelist() if n.endswith(".dist-info/METADATA"))
        lines = built.read(metadata).decode().splitlines()
    requires = [line.split(": ", 1)[1] for line in lines if line.startswith("Requires-Dist: ")]
    folder.mkdir(parents=True, exist_ok=True)
    needed = closure(requires, extras)
    for dist in needed.values():
        repack(dist, folder)
    return sorted(needed)
