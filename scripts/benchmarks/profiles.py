"""Profiles: one figure's work in-process under pyinstrument, as a call tree."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import LONG_GAME, example
from .forms import form_steps, tap_form

PROFILES = ("scoring", "record", "page", "tap", "sheet")


def profile(what: str) -> str:
    """Run one figure's work in-process under pyinstrument; return its call tree as text.

    The web figures go through Flask's test client (everything but waitress and the
    socket), on a scratch database, with the same game as the benchmark.
    """
    from pyinstrument import Profiler

    document = example(LONG_GAME)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-profile-") as scratch:
        work = profiled_work(what, document, Path(scratch) / "profile.sqlite")
        profiler = Profiler(interval=0.0002)
        profiler.start()
        work()
        profiler.stop()
    return profiler.output_text(color=False, unicode=True)


def profiled_work(what: str, document: dict[str, Any], database: Path) -> Callable[[], None]:
    """Return the work a profile times, set up (a game half played where it needs one)."""
    from scorekeeper.rules import read_game, score_game

    if what == "scoring":
        return lambda: [score_game(read_game(document)) for _ in range(1000)] and None
    if what == "sheet":
        from scorekeeper.sheets.render import render_game_sheet

        result = score_game(read_game(document))
        render_game_sheet(result)  # WeasyPrint's import and fonts are not what is profiled
        return lambda: [render_game_sheet(result) for _ in range(3)] and None
    from scorekeeper.web import create_app

    client = create_app({"DATABASE": str(database), "SECRET_KEY": "bench"}).test_client()
    page = client.get("/").get_data(as_text=True)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
    headers = {"X-CSRFToken": token.group(1) if token else ""}

    def new_game(deals: Sequence[dict[str, Any]]) -> str:
        created = client.post(
            "/api/games", json={**document, "deals": list(deals)}, headers=headers
        )
        return str(created.get_json()["url"])

    half = document["deals"][: len(document["deals"]) // 2]
    if what == "page":
        url = new_game(half)
        return lambda: [client.get(url) for _ in range(300)] and None
    if what == "record":

        def record() -> None:
            for _ in range(10):
                game_id = new_game([]).rsplit("/", 1)[-1]
                for number, deal in enumerate(document["deals"], 1):
                    client.post(
                        f"/api/games/{game_id}/deals",
                        json={"deal": number, **deal},
                        headers=headers,
                    )

        return record
    if what == "tap":
        url = new_game([])
        steps = [step for deal in form_steps(document)[:14] for step in deal]

        def tap() -> None:
            html = client.get(url).get_data(as_text=True)
            for step in steps:
                action, hidden, _ = tap_form(html)
                answer = client.post(action, data={**hidden, "step": step}, follow_redirects=True)
                html = answer.get_data(as_text=True)

        return tap
    raise ValueError(f"nothing to profile called {what!r}; choose one of {', '.join(PROFILES)}")
