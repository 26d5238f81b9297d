"""Command-line entry point."""

import sys

from tracker import __version__


def main() -> None:
    print(f"tracker {__version__}")
    sys.exit(0)


if __name__ == "__main__":
    main()
