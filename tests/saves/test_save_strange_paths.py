"""Whatever a path names, reading it as a save ends quickly in a SaveError saying why.

`read_save` (loading, the saves browser) and `first_look` (the first frame of
`tracker PATH`) read through the one guarded path: a regular-file check on
the opened file (no blocking open of a FIFO, no endless read of a device),
a bounded size, and a bounded JSON nesting depth. Every read here runs with
a timeout (`strange_paths.bounded`), so a regression fails instead of hanging.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from rules.saves.store import SaveError, load_session, read_save
from tests.support.strange_paths import bounded, deep_file, fifo, huge_file, unix_socket
from tracker.app.quick_open import first_look

Maker = Callable[[Path], AbstractContextManager[Path]]


def _folder(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(tmp)


def _long_name(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(tmp / ("x" * 300 + ".json"))


def _nul(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(tmp / "nul\0.json")


def _missing(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(tmp / "nowhere.json")


def _device(name: str) -> Maker:
    def make(tmp: Path) -> AbstractContextManager[Path]:
        if not os.path.exists(name):
            pytest.skip(f"no {name} here")
        return nullcontext(Path(name))

    return make


def _huge(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(huge_file(tmp))


def _deep(tmp: Path) -> AbstractContextManager[Path]:
    return nullcontext(deep_file(tmp))


STRANGE: dict[str, tuple[Maker, str]] = {
    "fifo": (fifo, "not a save file (it is a pipe)"),
    "socket": (unix_socket, "not a save file (it is a socket)"),
    "dev-zero": (_device("/dev/zero"), "not a save file (it is a device)"),
    "dev-urandom": (_device("/dev/urandom"), "not a save file (it is a device)"),
    "folder": (_folder, "it is a folder, not a save file"),
    "huge": (_huge, "the file is too big to be a save"),
    "deep": (_deep, "nests too deeply"),
    "long-name": (_long_name, "the name is too long"),
    "nul": (_nul, "not a valid file name"),
    "missing": (_missing, "the file does not exist"),
}


@pytest.fixture(params=sorted(STRANGE))
def strange(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    make, problem = STRANGE[request.param]
    with make(tmp_path) as path:
        yield path, problem


def test_loading_refuses_it_with_the_file_and_the_problem(strange: tuple[Path, str]) -> None:
    path, problem = strange
    _, error = bounded(lambda: read_save(path))
    assert isinstance(error, SaveError), f"expected a SaveError, got {error!r}"
    assert error.path == path
    assert problem in error.problem
    assert str(error).startswith(f"cannot open {path}: ")


def test_loading_a_session_refuses_it_the_same_way(strange: tuple[Path, str]) -> None:
    """`load_session` also looks for an intact backup beside a broken file: that look
    must not trip over the path either (a 300-character name raised OSError there)."""
    path, problem = strange
    _, error = bounded(lambda: load_session(path))
    assert isinstance(error, SaveError), f"expected a SaveError, got {error!r}"
    assert error.path == path and problem in error.problem


def test_the_first_look_hands_it_to_the_loader_without_crashing(
    strange: tuple[Path, str],
) -> None:
    """None: the app then loads in full, and the loader's SaveError is what the GM sees."""
    path, _ = strange
    look, error = bounded(lambda: first_look(path))
    assert error is None, f"first_look raised {error!r}"
    assert look is None


def test_the_shared_reader_refuses_it_too(strange: tuple[Path, str]) -> None:
    from rules.saves.raw import read_json

    path, problem = strange
    _, error = bounded(lambda: read_json(path))
    assert isinstance(error, SaveError) and error.path == path
    assert problem in error.problem


def test_a_file_without_read_permission_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Root reads anything, so the refusal is also checked with os.open refusing."""
    path = tmp_path / "locked.json"
    path.write_text("{}")
    path.chmod(0)
    if os.geteuid() != 0:
        _, error = bounded(lambda: read_save(path))
        assert isinstance(error, SaveError) and error.problem == "permission denied"

    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "open", refuse)
    _, error = bounded(lambda: read_save(path))
    assert isinstance(error, SaveError) and error.problem == "permission denied"
    assert first_look(path) is None


def test_a_file_growing_past_the_cap_while_read_is_cut_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size is checked on the open file and the read itself stops one byte over."""
    import rules.saves.raw as save_bytes

    path = tmp_path / "growing.json"
    path.write_bytes(b" " * 2048)
    monkeypatch.setattr(save_bytes, "MAX_BYTES", 1024)
    real_fstat = os.fstat

    def shrunk(fd: int) -> os.stat_result:  # the size seen before it grew
        info = real_fstat(fd)
        return os.stat_result((*info[:6], 10, *info[7:]))

    monkeypatch.setattr(save_bytes.os, "fstat", shrunk)
    with pytest.raises(SaveError, match="too big to be a save"):
        save_bytes.read_bytes(path)


def test_the_cap_is_generous_and_documented() -> None:
    """64 MiB: a long campaign evening's save is under 2 MiB (`make bench`: save_kib)."""
    from rules.saves.raw import MAX_BYTES, MAX_DEPTH

    assert MAX_BYTES == 64 * 1024 * 1024
    assert MAX_DEPTH >= 100  # a save nests 7 deep
