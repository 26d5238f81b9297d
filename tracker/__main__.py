"""`tracker`: the command line. Parses arguments before importing Textual, so
`--version`, `--help` and `--schema` answer at once and the app starts cheaply.

    tracker                 the saves browser (newest first)
    tracker PATH            resume that save (track, pools, decisions, log, undo history)
    tracker --demo          a fresh copy of the card game, opened
    tracker --schema        the save file's JSON Schema
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tracker import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tracker",
        description="A keyboard-driven Fading Suns combat tracker (house rules, FARAD, Anima).",
    )
    parser.add_argument("path", nargs="?", type=Path, help="a save file to resume")
    parser.add_argument(
        "--demo",
        action="store_true",
        help="copy the bundled card-game demo into the saves folder and open the copy",
    )
    parser.add_argument(
        "--saves",
        type=Path,
        metavar="DIR",
        help="the saves folder (default: $TRACKER_SAVES or ./saves)",
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help="seed the virtual dice (reproducible rolls)"
    )
    parser.add_argument(
        "--physical",
        action="store_true",
        help="physical dice (type the faces you roll; m toggles); without it a save"
        " resumes with the dice it was last played with",
    )
    parser.add_argument(
        "--schema", action="store_true", help="print the save file's JSON Schema and exit"
    )
    parser.add_argument("--version", action="version", version=f"tracker {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.schema:
        from rules.saves import export_schema

        print(json.dumps(export_schema(), indent=2))
        return 0
    if args.demo and args.path is not None:
        parser.error("give a save file or --demo, not both")
    from tracker.app import make_app

    try:
        app = make_app(
            args.path,
            demo=args.demo,
            saves_dir=args.saves,
            seed=args.seed,
            dice_mode="physical" if args.physical else None,  # None: the save's own
        )
    except OSError as error:
        print(f"tracker: {error}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
