"""`tracker --serve`: the command run per browser is the view on exactly the save (no
file name reaches the shell as code), a PATH that is not a save is refused before
anything listens, bad --host/--port values are refused by argparse, and serving
beyond this machine says so."""

from __future__ import annotations

import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.serve_client import a_save
from tracker.__main__ import main
from tracker.players.serve import (
    ServeError,
    ViewServer,
    announcement,
    checked_save,
    is_loopback,
    view_command,
    windows_command,
)

NASTY_NAMES = (
    "the fight.json",
    'it\'s "ours"; touch PWNED.json',
    "$(touch PWNED).json",
    "`touch PWNED`.json",
    "-rf & | > < .json",
    "new\nline.json",
)


@pytest.mark.parametrize("name", NASTY_NAMES)
def test_the_command_hands_the_shell_the_path_as_one_word(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    argv = shlex.split(view_command(path))
    assert argv == ["exec", sys.executable, "-I", "-m", "tracker", "--view", str(path)]


@pytest.mark.parametrize("name", NASTY_NAMES)
def test_a_real_shell_runs_no_part_of_the_name(tmp_path: Path, name: str) -> None:
    """The shell textual-serve uses (`create_subprocess_shell`, /bin/sh) gets the quoted
    words back exactly, and runs nothing the name spells (here `printf` stands in for
    the interpreter, so the test needs no view)."""
    path = tmp_path / name
    command = view_command(path).replace(shlex.quote(sys.executable), "printf '%s\\0'", 1)
    out = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, timeout=10)
    assert out.stdout.split(b"\0")[:-1] == [b"-I", b"-m", b"tracker", b"--view", str(path).encode()]
    assert not (tmp_path / "PWNED").exists() and not (tmp_path / "PWNED.json").exists()


def test_a_save_is_served_by_its_real_path(tmp_path: Path) -> None:
    path = a_save(tmp_path, "it's ours; fight.json")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert checked_save(link) == path.resolve()


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "does not exist"),
        (b"", "not"),
        (b"{not json", "not"),
        (b'{"hello": 1}', "not a tracker save"),
    ],
)
def test_what_is_not_a_save_is_refused_before_serving(
    tmp_path: Path, content: bytes | None, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ServeError, match=says):
        checked_save(path)
    assert main(["--serve", str(path), "--port", "1"]) == 2  # refused before binding
    err = capsys.readouterr().err
    assert str(path) in err and "not serving it" in err
    assert content is None or path.read_bytes() == content  # nothing written


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ServeError, match="folder"):
        checked_save(tmp_path)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--port", "0"], "--port: 0 is not a port number"),
        (["--port", "65536"], "65536 is not a port number"),
        (["--port", "eighty"], "'eighty' is not a port number"),
        (["--host", "a b"], "--host: 'a b' is not an IP address or host name"),
        (["--host", "-x"], "--host"),
        (["--host", ""], "is not an IP address or host name"),
    ],
)
def test_bad_port_and_host_are_refused_by_name(
    tmp_path: Path, argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--serve", str(a_save(tmp_path)), *argv])
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--port", "8000"], "--host and --port go with --serve PATH"),
        (["a.json", "--serve", "b.json"], "--serve takes its own save file"),
        (["--demo", "--serve", "b.json"], "--serve takes its own save file"),
        (["--view", "a.json", "--serve", "b.json"], "--serve takes its own save file"),
        (["--view", "a.json", "--port", "8000"], "--host and --port go with --serve PATH"),
    ],
)
def test_options_that_do_not_go_together(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    assert says in capsys.readouterr().err


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_loopback_says_this_machine_only(host: str) -> None:
    assert is_loopback(host)
    lines = announcement(Path("fight.json"), host, 8000)
    assert "this machine only" in lines[1] and not any("WARNING" in line for line in lines)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "table.lan"])
def test_any_other_host_warns_that_the_network_can_watch(host: str) -> None:
    assert not is_loopback(host)
    lines = announcement(Path("fight.json"), host, 8123)
    assert lines[0].startswith(f"WARNING: serving on {host}:8123: anyone on this network")
    assert "phones" in lines[0] and ":8123" in lines[1]


def test_a_port_in_use_is_refused_by_name(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["--serve", str(a_save(tmp_path)), "--port", str(port)]
        out = subprocess.run(
            [sys.executable, "-m", "tracker", *argv], capture_output=True, text=True, timeout=60
        )
    assert out.returncode == 2
    assert f"tracker: cannot serve on 127.0.0.1:{port}:" in out.stderr
    assert "address already in use" in out.stderr
    assert "Serving" not in out.stdout  # nothing announced: nothing listened


def test_on_windows_every_word_is_quoted_and_expanding_names_refused() -> None:
    argv = ["C:\\Python\\python.exe", "--view", "C:\\saves\\a & b; c.json"]
    assert windows_command(argv) == '"C:\\Python\\python.exe" "--view" "C:\\saves\\a & b; c.json"'
    for name in ("50%off.json", "wow!.json"):
        with pytest.raises(ServeError, match="cannot be served on Windows"):
            windows_command(["python", name])


def test_serving_beyond_this_machine_prints_the_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole command line down to the server, which announces and returns at once
    (nothing binds: the announcement is what the GM reads once it listens)."""
    seen: list[tuple[str, int, str]] = []

    def listened(server: ViewServer, debug: bool = False) -> None:
        seen.append((server.host, server.port, server.command))
        server._announce()

    monkeypatch.setattr(ViewServer, "serve", listened)
    save = a_save(tmp_path, "the fight.json")
    assert main(["--serve", str(save), "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert seen == [("0.0.0.0", 8123, view_command(save))]
    out = capsys.readouterr().out
    assert out.startswith("WARNING: serving on 0.0.0.0:8123: anyone on this network")
    assert main(["--serve", str(save)]) == 0
    assert seen[-1][:2] == ("127.0.0.1", 8000)
    assert "this machine only" in capsys.readouterr().out


def test_help_names_the_serve_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for option in ("--serve PATH", "--host ADDR", "--port N", "default 127.0.0.1", "0.0.0.0"):
        assert option in out
