"""The installs the tests/install tests share, each built once per worker (session):
the wheel, a venv with it alone (pip resolving its dependencies) and a venv where the
serve extra was then added the way `tracker --serve` says to."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.support.installed import (
    Built,
    Venv,
    build_wheel,
    fresh_venv,
    pip_install,
    run,
    tracker_env,
)
from tests.support.wheelhouse import wheelhouse


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    root = tmp_path_factory.mktemp("wheel-install")
    wheel = build_wheel(root)
    house = root / "wheelhouse"
    wheelhouse(wheel, frozenset({"serve"}), house)
    away = root / "elsewhere"
    away.mkdir()
    return Built(wheel, house, away)


@pytest.fixture(scope="session")
def plain(built: Built) -> Venv:
    """`pip install fs-tracker`: the wheel and what it requires, no extra."""
    venv = fresh_venv(built.house.parent / "plain")
    pip_install(venv, built.house, built.wheel)
    return venv


@pytest.fixture(scope="session")
def with_serve(built: Built) -> Venv:
    """The plain install, then what its `tracker --serve` says to run: `pip install
    "fs-tracker[serve]"`, read from that line. The tracker is in neither the wheelhouse
    nor an index: pip must take the installed one and add only its extra."""
    venv = fresh_venv(built.house.parent / "with-serve")
    pip_install(venv, built.house, built.wheel)
    said = run([venv.tracker, "--serve", "fight.json"], built.away, tracker_env(built.away))
    advice = re.search(r"pip install (\S+)", said.stderr)
    assert said.returncode == 2 and advice, said.stderr
    pip_install(venv, built.house, *shlex.split(advice.group(1)))
    return venv
