"""A normal (not editable) install for tests/install: the wheel built from a copy of the
sources, pip-installed into a fresh venv with its dependencies, offline.

pip runs with no configuration (`PIP_CONFIG_FILE` set to the null device: this
machine's index and find-links are not the stranger's), no index and no cache; its one
source is a wheelhouse of this venv's own distributions (tests.support.wheelhouse).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "rules", "tracker")
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")


@dataclass(frozen=True)
class Built:
    wheel: Path
    house: Path  # wheels of everything the tracker and its serve extra need
    away: Path  # not the repository, not a venv: a GM's home folder


@dataclass(frozen=True)
class Venv:
    python: Path
    site: Path  # its site-packages: the wheel's tracker and rules land here

    @property
    def tracker(self) -> Path:
        return self.python.parent / ("tracker.exe" if os.name == "nt" else "tracker")


def run(
    args: list[str | Path], cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env if env is not None else pip_env(),
        capture_output=True,
        text=True,
        timeout=180,
    )


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, (
        f"{result.args}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    )
    return result.stdout


def pip_env() -> dict[str, str]:
    """This environment less every PIP_ setting, pip offline and unconfigured."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env |= {"PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1", "PIP_NO_CACHE_DIR": "1"}
    return env | {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def tracker_env(home: Path) -> dict[str, str]:
    """A GM's shell: no PYTHON* or TRACKER_* settings, data and config under `home`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TRACKER_"))}
    env["XDG_DATA_HOME"] = str(home / "data")
    env["XDG_CONFIG_HOME"] = str(home / "config")
    return env


def build_wheel(root: Path) -> Path:
    """The wheel, built offline from a copy of the sources (the checkout gets no build/)."""
    source = root / "src"
    source.mkdir()
    for name in SOURCES:
        item = REPO / name
        if item.is_dir():
            shutil.copytree(item, source / name, ignore=_IGNORE)
        else:
            shutil.copy2(item, source / name)
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    ok(run([*pip_wheel, "-w", root / "dist", source], root))
    (wheel,) = (root / "dist").glob("fs_tracker-*.whl")
    return wheel


def fresh_venv(folder: Path) -> Venv:
    """A venv with nothing in it (this venv's pip installs into it: `pip --python`)."""
    ok(run([sys.executable, "-m", "venv", "--without-pip", folder], folder.parent))
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Venv(python, Path(ok(run([python, "-c", code], folder.parent)).strip()))


def pip_install(venv: Venv, wheelhouse: Path, *what: str | Path) -> str:
    """pip resolves `what` from the wheelhouse alone, as it would from an index."""
    pip = [sys.executable, "-m", "pip", "--python", venv.python, "install"]
    return ok(run([*pip, "--no-index", "--find-links", wheelhouse, *what], wheelhouse.parent))


def installed_names(venv: Venv) -> set[str]:
    code = "import importlib.metadata as m; print('\\n'.join(d.name for d in m.distributions()))"
    return set(ok(run([venv.python, "-c", code], venv.python.parent)).split())
