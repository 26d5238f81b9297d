"""The log as Markdown (`x`): something to paste into session notes after the game."""

from __future__ import annotations

from pathlib import Path

from rules.model.state import Encounter


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def log_markdown(enc: Encounter) -> str:
    """A heading, the state in one line, then one table row per event, oldest first."""
    alive = sum(1 for c in enc.combatants.values() if not c.dead)
    lines = [
        f"# {enc.name} — log",
        "",
        f"Day {enc.day} · track {enc.time} · {alive} of {len(enc.combatants)} alive"
        + (f" · outcome: {enc.outcome}" if enc.outcome else ""),
        "",
        "| # | track | event | dice |",
        "| ---: | ---: | --- | --- |",
    ]
    for event in enc.log:
        time = "" if event.time is None else str(event.time)
        faces = " ".join(str(f) for f in event.faces)
        lines.append(f"| {event.seq} | {time} | {_escape(event.text)} | {faces} |")
    return "\n".join(lines) + "\n"


def export_path(save_path: Path | None, folder: Path, name: str) -> Path:
    """Beside the save file (`fight.json` → `fight.log.md`), else in the saves folder."""
    if save_path is not None:
        return save_path.with_suffix(".log.md")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name).strip("-") or "log"
    return folder / f"{safe}.log.md"


def write_log(enc: Encounter, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(log_markdown(enc), encoding="utf-8")
    return path
