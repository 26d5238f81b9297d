"""A GM's settings file and roster templates, hostile: read with one clear message, never a
traceback. The hunt's cases: nesting 5,000 deep in a 10 KB settings file (a RecursionError
stopped the app at start), a roster template 100,000 deep (`t` and `tracker --templates`
stopped), and a 5,000-digit number (Python's own advice, `sys.set_int_max_str_digits()`,
shown to the GM)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.app.settings import Settings, read_settings
from tracker.modals.templates import read_roster

DEEP = "[" * 5000 + "]" * 5000
LONG = "9" * 5000


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"theme": ' + DEEP + "}", "is JSON nested too deeply to be read"),
        ('{"theme": ' + LONG + "}", "is JSON with a number too long to be read"),
        ('{"theme": "nord"', "is not JSON (Expecting ',' delimiter; line 1, column 17)"),
    ],
    ids=["deep", "long number", "truncated"],
)
def test_a_hostile_settings_file_gives_the_defaults_and_says_why(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, said = read_settings(path)
    assert settings == Settings()
    assert said.startswith(f"{path} {problem}") and "using the defaults" in said
    assert path.read_text() == text  # left as it is


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply to be read"),
        ('{"name": "Zed", "luck": ' + LONG + "}", "a number too long to be read"),
    ],
    ids=["deep", "long number"],
)
def test_a_hostile_roster_template_is_listed_with_its_problem(
    tmp_path: Path, text: str, problem: str
) -> None:
    (tmp_path / "bad.json").write_text(text)
    (found,) = read_roster(tmp_path)
    assert found.combatant is None and problem in found.error
