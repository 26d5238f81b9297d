"""JSON a GM's file holds, read without a traceback: the settings and roster templates.

Python's `json` raises more than JSONDecodeError on text it cannot take: a RecursionError
on nesting a few thousand deep (a 10 KB settings file stopped the app at start), and a
plain ValueError on a number over 4,300 digits, whose message tells the GM to call
`sys.set_int_max_str_digits()`. Each becomes one ValueError in words a GM can act on.
(A save's own, bounded reader is `rules.saves.raw.parse_json`.)
"""

from __future__ import annotations

import json
from typing import Any


def read_json(text: str) -> Any:
    """`text` as JSON, or a ValueError saying what is wrong and where."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"not JSON ({err.msg}; line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise ValueError("JSON nested too deeply to be read") from None
    except ValueError:  # Python's only other refusal: a number too long to convert
        raise ValueError("JSON with a number too long to be read (over 4,300 digits)") from None
