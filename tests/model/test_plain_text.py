"""Names and notes hold no control characters: the screen draws them as they are typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.engine.session import Session
from rules.model.commands import RenameEncounter
from rules.model.plain_text import printable
from rules.model.state import Action, Combatant, Weapon
from rules.saves.store import SaveError, load_session, save_session
from tracker.files.demo import build_demo

HOSTILE = ["\x1b[2J", "Kans\x00", "tab\there", "new\nline", "\x7f", "\x9b31m", "evil\u202eslah"]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_control_character_is_refused_and_named(text: str) -> None:
    with pytest.raises(ValueError, match=r"control character \(U\+[0-9A-F]{4}\) at position"):
        printable(text)
    with pytest.raises(ValidationError):
        Combatant(id="x", name=text)
    with pytest.raises(ValidationError):
        Weapon(name=text)
    with pytest.raises(ValidationError):
        Action(name="Strike", skill=text)
    with pytest.raises(ValidationError):
        RenameEncounter(name=text)
    with pytest.raises(ValidationError):
        Combatant(id="x", name="Kans", notes=text)


@given(st.text(st.characters(exclude_categories=["Cc", "Cs"]), max_size=60))
def test_printable_text_passes_unchanged(text: str) -> None:
    if not any(
        c in text
        for c in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    ):
        assert printable(text) == text


def test_names_in_every_language_and_with_punctuation_pass() -> None:
    for name in ["Dinzis the Ukar", "Baron Molin Decados", "Ægis-7 «le Fou»", "骑士", "Ōtomo, 2"]:
        assert Combatant(id="x", name=name).name == name


def test_a_save_with_an_escape_in_a_name_is_refused_with_where(tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    save_session(Session(build_demo()), path)
    text = path.read_text(encoding="utf-8").replace("Kans the Scraver", "Kans\\u001b[2J", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match="control character"):
        load_session(path)
