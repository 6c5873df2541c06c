"""A club night on paper, read back: the round's table cards (a card a page: the table, the
round, the seats, a QR code that opens the card) and the results (the leaderboard, every
round's tables and places).

The night is tests/web/conftest.py's: two Joker tables, table 1's first deal scored (one
card each: seat 1 bids 1 and takes it, seats 2 and 3 bid 0 and take none, seat 4 bids 1 and
takes none). On the 4-2-1-0 scale seat 1 earns 4, seats 2 and 3 tie for places 2 and 3,
(2 + 1) ÷ 2 = 1.5 each, seat 4 earns 0; table 2 has no deal yet, so its players 0.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.qr_codes import qr_links
from tests.sheets.games import page_texts, pdf_pages
from tests.web.conftest import NIGHT_NAME, NIGHT_PLAYERS, make_night


def _pdftotext(pdf: bytes) -> str:
    """Return poppler's reading of the PDF, in reading order, as a person would copy it."""
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return done.stdout.decode()


def _table_one(client, night: str, card: str) -> list[str]:
    """Return table 1's players in seat order, from its game's file."""
    page = client.get(f"/host/nights/{night}").get_data(as_text=True)
    game = re.search(r'href="/games/([^/"]+)/live"', page)
    assert game is None  # the host's page links the card, not the game
    scorer_view = client.get(f"/nights/{night}/cards/{card}").get_data(as_text=True)
    found = re.search(r'href="/games/([^/"]+)/live"', scorer_view)
    assert found, "a phone that does not score the table may watch it"
    return client.get(f"/games/{found.group(1)}/export.json").get_json()["players"]


def test_the_table_cards_print_table_round_seats_and_a_qr_code_of_the_card(app, client):
    night, cards = make_night(client, app.test_client())
    answer = client.get(f"/host/nights/{night}/cards.pdf")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    pdf = answer.data
    pages = page_texts(pdf)
    assert len(pages) == 2, "a card a page"
    seated = []
    for number, (text, card) in enumerate(zip(pages, cards, strict=True), start=1):
        words = " ".join(text.split())
        assert f"Table {number}" in words and "Round 1 of 3" in words, words
        assert NIGHT_NAME in words
        names = [name for name in NIGHT_PLAYERS if name in words]
        assert len(names) == 4, words
        seated += names
        assert "deals first" in words
        (link,) = qr_links(pdf, page=number, whole=True)
        assert link.endswith(f"/nights/{night}/cards/{card}"), link
        assert link in "".join(text.split()), "the link is printed in words too"
    assert sorted(seated) == sorted(NIGHT_PLAYERS), "each player at one table"
    # A phone on the network is refused the cards (they give scoring rights).
    phone = app.test_client()
    assert (
        phone.get(
            f"/host/nights/{night}/cards.pdf", environ_base={"REMOTE_ADDR": "192.168.1.20"}
        ).status_code
        == 403
    )


def test_the_results_print_the_leaderboard_and_each_tables_places(app, client):
    night, cards = make_night(client, app.test_client())
    seats = _table_one(client, night, cards[0])
    answer = app.test_client().get(f"/nights/{night}/results.pdf")  # any phone may print it
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = _pdftotext(answer.data)
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert NIGHT_NAME in lines[0]
    assert "Leaderboard · tables still playing" in lines
    # The leaderboard: each player's place and points.
    points = dict(zip(seats, ["4", "1.5", "1.5", "0"], strict=True))
    for name in NIGHT_PLAYERS:
        row = next(line for line in lines if re.match(rf"\d+=? {re.escape(name)} ", line))
        place, total = row.split(" ")[0], row.split(" ")[2]
        assert total == points.get(name, "0"), row
        assert place == {"4": "1", "1.5": "2="}.get(total, "4="), row
    # Round 1: table 1's places, best first; table 2, no deal yet, its players.
    start = lines.index("Round 1 of 3")
    table_one = lines.index("Table 1 · deal 1 of 24", start)
    placed = lines[table_one + 2 : table_one + 6]
    assert [line.split(" ")[:2] for line in placed] == [
        ["1", seats[0]],
        ["2", seats[1]],
        ["2", seats[2]],
        ["4", seats[3]],
    ] or [line.split(" ")[:2] for line in placed] == [
        ["1", seats[0]],
        ["2", seats[2]],
        ["2", seats[1]],
        ["4", seats[3]],
    ], placed
    assert "Table 2 · deal 0 of 24" in lines


PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_cards_and_results_print_on_the_paper_chosen(app, client, paper):
    night, _ = make_night(client, app.test_client())
    for url, heading in [
        (f"/host/nights/{night}/cards.pdf", "Table 2"),
        (f"/nights/{night}/results.pdf", "Leaderboard · tables still playing"),
    ]:
        answer = client.get(f"{url}?paper={paper}")
        assert answer.status_code == 200, url
        sizes = pdf_pages(answer.data)
        width, height = PAGE_SIZES[paper]
        assert sizes and all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in sizes), (
            url,
            sizes,
        )
        lines = [" ".join(line.split()) for line in _pdftotext(answer.data).splitlines()]
        assert NIGHT_NAME in " ".join(lines) and heading in " ".join(lines), url
    # The phone remembers the paper chosen: the next PDF, asked without one, is on it too.
    again = client.get(f"/nights/{night}/results.pdf")
    assert abs(pdf_pages(again.data)[0][0] - PAGE_SIZES[paper][0]) < 1
    assert client.get(f"/nights/{night}/results.pdf?paper=b5").status_code == 400
