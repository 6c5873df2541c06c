"""JSON that comes from outside (a request, an uploaded file): read strictly, refused plainly.

Python's `json` accepts things a game file never holds and the rest of the app
cannot store or print: `NaN` and `Infinity`, text with lone surrogates (not
Unicode at all), and nesting deep enough to exhaust the stack. Each becomes a
`GameFileError` with a sentence a person understands. No Flask here.
"""

from __future__ import annotations

import json
from typing import Any

from ..rules import GameFileError


def _no_constants(name: str) -> Any:
    raise GameFileError(f"{name} is not a number a game file can hold")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise GameFileError(f"{text} is far too big a number for a game file")
    return value


def read_json_document(raw: str | bytes, *, what: str = "the request body") -> Any:
    """Parse JSON from outside, refusing NaN/Infinity, invalid Unicode and absurd nesting."""
    try:
        document = json.loads(raw, parse_constant=_no_constants, parse_float=_finite)
    except RecursionError:
        raise GameFileError(f"{what} is nested far too deeply to be a game") from None
    except (ValueError, UnicodeDecodeError) as error:
        if isinstance(error, GameFileError):
            raise
        raise GameFileError(f"{what} is not valid JSON") from None
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise GameFileError(f"{what} holds text that is not valid Unicode") from None
    return document
