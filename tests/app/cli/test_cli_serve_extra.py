"""`--serve` is an extra (issue 28): without it, one line says how to get it, and
nothing but `--serve` loads it. Installed for real without it: tests/install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.__main__ import main
from tracker.cli.serve_args import SERVE_EXTRA


def test_without_the_extra_serve_says_how_to_get_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: ModuleNotFoundError's traceback. None in sys.modules is Python's own
    "this module cannot be imported"; the path need not exist: the extra comes first."""
    for name in SERVE_EXTRA:
        monkeypatch.setitem(sys.modules, name, None)
    assert main(["--serve", str(tmp_path / "fight.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("tracker: --serve needs the serve extra (textual_serve, aiohttp,")
    assert 'pip install "fs-tracker[serve]"' in err
    assert "pipx inject fs-tracker textual-serve" in err


def test_only_the_missing_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from tracker.cli.serve_args import serve_extra_missing

    assert serve_extra_missing() is None  # the test extra brings the serve extra
    monkeypatch.setitem(sys.modules, "aiohttp_jinja2", None)
    said = serve_extra_missing()
    assert said is not None and "(aiohttp_jinja2 not installed)" in said


def test_the_gm_path_loads_no_serving(tmp_path: Path) -> None:
    """The check looks the extra up (find_spec), never imports it: the GM's app and its
    --check start without textual-serve or aiohttp."""
    code = (
        "import sys\n"
        "from tracker.__main__ import main\n"
        "code = main(['--demo', '--check'])\n"
        f"print(code, sorted({{n.split('.')[0] for n in sys.modules}} & {set(SERVE_EXTRA)!r}))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRACKER_")}
    env |= {"XDG_DATA_HOME": str(tmp_path / "d"), "XDG_CONFIG_HOME": str(tmp_path / "c")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "0 []"
