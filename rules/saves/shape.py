"""The save file's shape: what `rules.saves.store` writes and reads, and its JSON Schema.

Kept apart from the reading and writing so the shape is read in one place;
`rules.saves.store` re-exports it (`SaveFile`, `History`, `SavedStep`, `FORMAT`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, model_validator
from typing_extensions import TypedDict

from rules.mechanics.dice import DiceMode
from rules.model.base import Model
from rules.model.commands import Command
from rules.model.state import Encounter

FORMAT = "fading-suns-tracker"
Face = Annotated[int, Field(ge=1, le=1000)]


# --- the file's shape --------------------------------------------------------------
class SavedStep(Model):
    """One command and the faces its dice showed: redo and replay never re-roll."""

    command: Command
    faces: list[Face] = Field(default_factory=list)


class History(Model):
    """The undo history: replaying `done` from `base` gives the saved encounter.

    `undone` is the redo stack: its last step is the next one redone.
    """

    base: Encounter
    done: list[SavedStep] = Field(default_factory=list)
    undone: list[SavedStep] = Field(default_factory=list)


class SaveFile(Model):
    """A whole save file, as written and as read (after migration to this schema)."""

    format: Literal["fading-suns-tracker"]
    schema_version: Annotated[int, Field(ge=0)]
    saved_at: datetime | None = None  # None: unknown (an upgraded pre-release save)
    dice: DiceMode = "virtual"  # the dice the GM last used with this fight (schema 2)
    encounter: Encounter
    history: History

    @model_validator(mode="after")
    def _versions_agree(self) -> SaveFile:
        for where, encounter in (
            ("encounter", self.encounter),
            ("history.base", self.history.base),
        ):
            if encounter.schema_version != self.schema_version:
                raise ValueError(
                    f"{where}.schema_version {encounter.schema_version} does not match"
                    f" the file's schema_version {self.schema_version}"
                )
        return self


class _HeadOut(TypedDict):
    format: str
    schema_version: int
    saved_at: datetime
    dice: DiceMode


# The fields before `encounter`; rules.saves.cache writes the rest from kept pieces,
# the same bytes as SaveFile (tests check it after every step of random fights).
_HEAD: TypeAdapter[_HeadOut] = TypeAdapter(_HeadOut)


def export_schema() -> dict[str, Any]:
    """The JSON Schema of a save file (for tools and hand-editors)."""
    return SaveFile.model_json_schema()
