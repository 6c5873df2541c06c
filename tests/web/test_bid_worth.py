"""What each bid offered scores, on the table page: the server's page and the phone's drawing
(the code Pyodide runs, asked as the page's script asks it) say the same numbers, in words a
screen reader hears with each button, in English and in Georgian."""

from __future__ import annotations

import re

import pytest

from tests.web.test_table_language import FOUR, drawn_by_the_phone, screen_of

#: A game part-way through its bidding, and what a bid then scores, worked out by hand.
CASES = [
    # Pagat, 13 cards: Bob 2, Cy pass; Dee's 3 makes Bob & Dee's bid 5, at 5 a trick made,
    # -5 a trick set, +1 a trick over.
    ("back-alley-pagat", "0", ("bid:2", "bid:pass"), "bid:3",
     "Bob &amp; Dee would bid 5 · made: +25 · one short: −25 · one over: +26"),
    # A board of 13 at 10 a trick, single: +130, or -130 a trick short.
    ("back-alley-pagat", "0", ("bid:2", "bid:pass"), "bid:board", "made: +130 · one short: −130"),
    # Joker, 1 card, Ann bids first: a made pass is 50, a trick taken on a pass 10.
    ("joker", "3", (), "bid:pass", "made: +50 · one over: +10"),
    # The same, with a bid of every card (1): 100 + 100 a card; none taken, 0 (no khishti).
    ("joker", "3", (), "bid:1", "made: +200 · one short: 0"),
]  # fmt: skip


def described(page: str, step: str) -> str:
    """Return the words the button of this step is described by, as the page writes them."""
    button = re.search(
        rf'<button aria-describedby="([^"]+)" data-worth="\1" name="step" value="{step}"', page
    )
    assert button, f"{step} is described"
    words = re.search(rf'<span id="{button.group(1)}">(.*?)</span></li>', page)
    assert words, f"{step}'s description is on the page"
    return re.sub(r"</?bdi>", "", words.group(1))


@pytest.mark.parametrize(("ruleset", "dealer", "taps", "step", "words"), CASES)
def test_each_bid_says_what_it_scores(table, client, ruleset, dealer, taps, step, words) -> None:
    table.start(ruleset, FOUR, dealer=dealer)
    page = table.tap(*taps) if taps else table.page
    assert described(page, step) == words
    made = re.search(r"made: ([+−]?\d+)", words)
    shown = re.search(rf'value="{step}">[^<]*<span class="worth" aria-hidden="true">([^<]*)<', page)
    assert made and shown and shown.group(1) == made.group(1)
    # The phone, scoring on its own, draws the very same screen, numbers and all.
    assert drawn_by_the_phone(client, table, "en") == screen_of(page)


def test_a_struck_bid_says_why_and_no_worth(table, client) -> None:
    table.start("joker", FOUR, dealer="3")
    page = table.tap("bid:1", "bid:0", "bid:0", "tricks:1", "bid:1", "bid:0", "bid:0")
    struck = re.search(
        r'<button name="step" value="bid:1" disabled class="struck" title="([^"]+)">1</button>',
        page,
    )
    assert struck and struck.group(1) == "the bids would add up to 2, the number of cards"
    assert "Ann may not bid 1" in re.sub(r"</?bdi>", "", page)
    assert described(page, "bid:2") == "made: +300 · one short: +10"
    assert drawn_by_the_phone(client, table, "en") == screen_of(page)


def test_the_worths_are_said_in_georgian(table, client) -> None:
    client.get("/language/ka?next=/")
    table.start("back-alley-pagat", FOUR)
    page = table.tap("bid:2", "bid:pass")
    words = described(page, "bid:3")
    assert "+25" in words and "−25" in words and "+26" in words
    assert "made" not in words and "short" not in words
    assert drawn_by_the_phone(client, table, "ka") == screen_of(page)
    assert "Hide what bids are worth" not in page


def test_the_worths_end_with_the_bidding(table) -> None:
    table.start("back-alley-pagat", FOUR)
    page = table.tap("bid:2", "bid:pass", "bid:1", "bid:3")
    assert 'class="worth"' not in page and "worth-toggle" not in page
