"""`tracker`: the command line. Parses arguments before importing Textual, so
`--version`, `--help` and `--schema` answer at once and the app starts cheaply.

    tracker                 the saves browser (newest first)
    tracker PATH            resume that save (track, pools, decisions, log, undo history)
    tracker --demo          a fresh copy of the card game, opened
    tracker --schema        the save file's JSON Schema
    tracker --demo --check  load the demo headless, print one line, exit (no terminal)
    tracker --templates     list the roster templates (built-in and the GM's own)
    tracker --view PATH     the players' screen: a read-only live view of that save
    tracker --serve PATH    the players' read-only view of PATH in browsers (--host, --port)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tracker import __version__
from tracker.cli.serve_args import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    add_serve_arguments,
    serve_conflict,
    serve_extra_missing,
)


def where_things_live() -> str:
    """The --help epilog: the resolved saves folder and settings file, for this machine."""
    from rules.saves.user_folders import SAVES_ENV, default_saves_dir
    from tracker.app.settings import settings_path

    return (
        f"saves live in {default_saves_dir()}\n"
        f"  (${SAVES_ENV} or --saves DIR choose another; your own roster templates\n"
        "   go in its roster/ folder)\n"
        f"settings (the theme) live in {settings_path()}"
    )


class _Parser(argparse.ArgumentParser):
    """Works out the epilog only when help is shown: `--version` stays instant."""

    def format_help(self) -> str:
        self.epilog = where_things_live()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tracker",
        description="A keyboard-driven Fading Suns combat tracker (house rules, FARAD, Anima).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
        help="the saves folder (default: $TRACKER_SAVES, else the platform's data folder;"
        " see below)",
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
    parser.add_argument(
        "--check",
        action="store_true",
        help="open the save (or --demo) headless, print a one-line summary and exit",
    )
    parser.add_argument(
        "--templates", action="store_true", help="list the roster templates and exit"
    )
    parser.add_argument(
        "--view",
        type=Path,
        metavar="PATH",
        help="the players' screen: follow that save read-only (run beside the GM's session)",
    )
    add_serve_arguments(parser)
    parser.add_argument("--version", action="version", version=f"tracker {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    from tracker.cli.paths import quiet_on_closed_pipe

    return quiet_on_closed_pipe(lambda: _main(argv))


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.schema:
        from rules.saves.store import export_schema

        print(json.dumps(export_schema(), indent=2))
        return 0
    if conflict := serve_conflict(args):
        parser.error(conflict)
    if args.view is not None:
        return run_view(parser, args)
    if args.demo and args.path is not None:
        parser.error("give a save file or --demo, not both")
    if args.serve is not None:
        if (missing := serve_extra_missing()) is not None:
            print(f"tracker: {missing}", file=sys.stderr)
            return 2
        from tracker.players.serve import serve

        return serve(args.serve, args.host or DEFAULT_HOST, args.port or DEFAULT_PORT)
    if args.templates:
        from rules.saves.user_folders import default_saves_dir
        from tracker.cli.check import template_lines

        print("\n".join(template_lines(args.saves or default_saves_dir())))
        return 0
    if args.check and args.demo:  # a check writes nothing: its copy goes in a spare folder
        import tempfile

        with tempfile.TemporaryDirectory(prefix="tracker-check-") as spare:
            return run_app(args, Path(spare), kept=False)
    return run_app(args, args.saves)


def run_app(args: argparse.Namespace, saves: Path | None, kept: bool = True) -> int:
    """The GM's app (or its headless --check); `kept`: the check's copy stays. Its PATH
    and saves folder are judged first, in words (tracker.cli.paths); a spare folder
    needs no judging."""
    from rules.saves.user_folders import default_saves_dir
    from tracker.app.tracker_app import make_app
    from tracker.cli.paths import folder_problem, path_problem
    from tracker.cli.terminal import terminal_problem

    problem = None if args.path is None else path_problem(args.path)
    if problem is None and kept:
        problem = folder_problem(saves or default_saves_dir())
    if problem is not None:
        print(f"tracker: {problem}", file=sys.stderr)
        return 2
    try:
        app = make_app(
            args.path,
            demo=args.demo,
            saves_dir=saves,
            seed=args.seed,
            dice_mode="physical" if args.physical else None,  # None: the save's own
        )
    except OSError as error:
        print(f"tracker: {error}", file=sys.stderr)
        return 2
    if args.check:
        from tracker.cli.check import run_check

        code, summary = run_check(app, kept)
        print(summary, file=sys.stdout if code == 0 else sys.stderr)
        return code
    if (unfit := terminal_problem()) is not None:
        print(f"tracker: {unfit}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0


def run_view(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`--view PATH`: the players' screen alone; it opens nothing else and writes nothing."""
    others = [
        flag
        for flag, given in (("PATH", args.path), ("--demo", args.demo), ("--check", args.check))
        if given
    ]
    if others:
        parser.error(f"--view takes its own save; give it without {', '.join(others)}")
    from rules.saves.store import SaveError, read_save
    from tracker.cli.paths import path_problem

    if (problem := path_problem(args.view)) is not None:  # the one rule for a PATH
        print(f"tracker: {problem}", file=sys.stderr)
        return 2
    try:
        read_save(args.view)  # as --serve: a file that is not a save is said at once
    except SaveError as error:
        print(f"tracker: {error} (the players' screen shows a save)", file=sys.stderr)
        return 2
    from tracker.cli.terminal import terminal_problem
    from tracker.players.view.app import PlayersView

    if (unfit := terminal_problem()) is not None:
        print(f"tracker: {unfit}", file=sys.stderr)
        return 2
    PlayersView(args.view).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
