"""The benchmarks behind `make bench`, one module per kind of figure.

Each uses only the project's own modules, and the web figures a real
`scorekeeper serve` they start themselves (server.py): nothing of tests/.
figures.py holds the statistics and the table; engine.py the scoring and the
command's cold start; worths.py a bidding page's bid worths; server.py recording
deals and the live page over HTTP; pages.py the page's weight; forms.py taps
through the table page's forms; nights.py a club night's tables and watchers;
largest.py, limits.py, stall.py and attacks.py the largest game and the family's
taps under load; archive.py the archive's sizes; pdf.py the sheets; taps.py counts
taps per deal in a real Chromium; phone.py the phone's own rules; profiles.py
profiles one figure's work.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


#: The golden example games, kept with the tests.
EXAMPLES = ROOT / "tests" / "data" / "examples"


#: A complete game: 26 scored deals (and two thrown in) of pagat.com's Back Alley.
LONG_GAME = "back-alley-pagat"


def example(name: str) -> dict[str, Any]:
    """Return a golden example game file."""
    return json.loads((EXAMPLES / f"{name}.game.json").read_text(encoding="utf-8"))
