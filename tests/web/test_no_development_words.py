"""Pages speak of the games and their sources, never of how Scorekeeper was made.

Every page a user can reach is read as a person reads it, and none may say an issue
number ("Issue 17"), a source file's number ("seed 002"), or a note left for later
("TODO", "FIXME"). The pages: home, new game and the draw, the rules index, every
ruleset's page (the built-ins and the ready-made variants the docs offer, and a family's
own) and its editor, the calculator, every /docs page, a game page with its scoresheet,
watch page, deal editor and compare view, the players, the sheets, the imports, and the
printed rules of a game's PDF.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.docs import DOCUMENTS
from tests.conftest import documented_slugs
from tests.rules.test_joker_variants import STRICT_SET_ONE
from tests.sheets.games import pdf_text
from tests.web.conftest import Table
from tests.web.test_house_rules import editor
from tests.web.test_joker_house_game import record, text_of

#: What no page may say: an issue or a seed document by number, or a note for later.
DEVELOPMENT_WORDS = re.compile(
    r"\bissues?\s*#?\d+|\bseeds?\s*#?\d+|\bTODO\b|\bFIXME\b|\bof this project\b",
    re.IGNORECASE,
)
FOUR = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Issue 17's table", "Issue 17"),
        ("seed 002 of this project", "seed 002"),
        ("CatsAtCards, seed 000", "seed 000"),
        ("TODO: say why", "TODO"),
        ("The Joker Score keeper strikes only when one player alone earns it.", None),
        ("36 cards: six to ace", None),
    ],
)
def test_the_words_looked_for(text: str, found: str | None) -> None:
    match = DEVELOPMENT_WORDS.search(text)
    assert (match.group(0) if match else None) == found


@pytest.fixture
def played(client, token) -> dict[str, str]:
    """A strict Joker game of one set, a family's own rules, and what each is called."""
    answer = client.post(
        "/api/games",
        json={"ruleset": "joker", "players": FOUR, "deals": []},
        headers={"X-CSRFToken": token},
    )
    assert answer.status_code == 201
    plain = answer.get_json()["id"]
    record(client, token, plain, 1, STRICT_SET_ONE[:3])
    game = Table(client).start("joker-strict", FOUR).game_id  # through New game
    record(client, token, game, 1, STRICT_SET_ONE)
    values = editor(client, "joker-pairs")
    values.update(name="The Beridzes' pairs", csrf_token=token)
    saved = client.post("/rules/new", data=values)
    assert saved.status_code == 303, text_of(saved.get_data(as_text=True))[:2000]
    return {"game": game, "plain": plain, "house": saved.headers["Location"].rsplit("/", 1)[-1]}


def pages(played: dict[str, str]) -> list[str]:
    game, house = played["game"], played["house"]
    slugs = [*documented_slugs(), house]
    return [
        "/",
        "/games/new",
        "/games/new/draw?ruleset=joker-pairs&player=Ann&player=Bob&player=Cy&player=Dee",
        "/rules",
        *(f"/rules/{slug}" for slug in slugs),
        *(f"/rules/new?from={slug}" for slug in slugs),
        f"/rules/{house}/edit",
        "/rules/import",
        "/rules/calculator",
        "/rules/calculator?cards=3&dealer=0&bid_0=1&tricks_0=0&bid_1=pass&tricks_1=3"
        "&bid_2=pass&tricks_2=0&bid_3=pass&tricks_3=0",
        *(f"/docs/{name}" for name in DOCUMENTS),
        f"/games/{game}",
        f"/games/{game}/scoresheet",
        f"/games/{game}/watch",
        f"/games/{game}/deals/1/edit",
        f"/games/{game}/compare",
        f"/games/{game}/compare?ruleset=joker",
        f"/games/{played['plain']}/compare?ruleset=joker-strict",
        "/players",
        "/players/Ann",
        "/sheets",
        "/import",
        "/archive/import",
        "/offline",
    ]


def test_no_page_a_user_reads_speaks_of_how_scorekeeper_was_made(client, played) -> None:
    read = 0
    for path in pages(played):
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
        words = text_of(answer.get_data(as_text=True))
        found = DEVELOPMENT_WORDS.search(words)
        assert found is None, (path, words[max(found.start() - 80, 0) : found.end() + 80])
        read += 1
    assert read >= 2 * len(documented_slugs()) + len(DOCUMENTS) + 15


def test_no_printed_sheet_speaks_of_how_scorekeeper_was_made(client, played) -> None:
    for path in (f"/games/{played['game']}/sheet.pdf", "/sheets/blank.pdf?ruleset=joker-strict"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        words = " ".join(pdf_text(answer.data).split())
        assert "Khishti" in words  # the rules box was read
        assert DEVELOPMENT_WORDS.search(words) is None, path
