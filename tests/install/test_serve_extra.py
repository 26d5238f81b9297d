"""`tracker --serve` is the serve extra (issue 28): a plain install says, in one line,
how to get it; doing what that line says (tests/install/conftest.py: `with_serve`)
makes `--serve` answer a browser. About 7 s more than the plain install's tests: a
second venv (textual's files again, then the extra's 13 packages, about 2 s)."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from tests.support.installed import Built, Venv, installed_names, run, tracker_env
from tests.support.serve_client import a_save, served

pytestmark = pytest.mark.install

SERVE_EXTRA = {"textual-serve", "aiohttp", "aiohttp-jinja2", "jinja2"}


@pytest.mark.parametrize("path", ["fight.json", "no/such/folder/x.json"])
def test_a_plain_install_says_how_to_get_the_serve_extra(
    plain: Venv, built: Built, tmp_path: Path, path: str
) -> None:
    said = run([plain.tracker, "--serve", path], built.away, tracker_env(tmp_path))
    assert said.returncode == 2 and said.stdout == ""
    assert said.stderr.count("\n") == 1 and "Traceback" not in said.stderr
    assert said.stderr.startswith("tracker: --serve needs the serve extra (textual_serve,")
    assert 'pip install "fs-tracker[serve]"' in said.stderr
    assert "pipx inject fs-tracker textual-serve" in said.stderr


def test_the_extra_adds_serving_and_nothing_else(plain: Venv, with_serve: Venv) -> None:
    before = {name.lower() for name in installed_names(plain)}
    after = {name.lower() for name in installed_names(with_serve)}
    assert before < after and SERVE_EXTRA <= after - before
    assert not (after - before) & {"textual", "pydantic", "rich", "fs-tracker"}


def test_with_the_extra_serve_answers_a_browser_and_stops(with_serve: Venv, tmp_path: Path) -> None:
    save = a_save(tmp_path / "saves")
    log = tmp_path / "serve.log"
    env = tracker_env(tmp_path)
    with served(save, log, cwd=tmp_path, tracker=[with_serve.tracker], env=env) as server:
        with urllib.request.urlopen(server.url, timeout=10) as page:
            status, html = page.status, page.read().decode()
    assert status == 200
    assert "<title>Players&#39; view — fight.json</title>" in html  # our page, from the wheel
    assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in html
    assert server.output.startswith(
        f"Serving the players' view of fight.json on http://127.0.0.1:{server.port}/"
    )
    assert server.process.returncode == 0, server.output  # SIGTERM: it stopped, not killed
