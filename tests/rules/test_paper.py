"""A row typed from a paper sheet, checked by the table's rules: cases a player checks by hand.

Each game is Ann, Bob, Cy and Dee in seats 0 to 3; a row is checked as the next deal.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from scorekeeper.rules import GameOverError, read_game, score_game
from scorekeeper.rules.paper import (
    FORCED,
    IMPLIED,
    OPEN,
    REFUSED,
    TYPED,
    UNUSED,
    WAITING,
    Typed,
    check_row,
    recorded_row,
    sheet_total,
    typed_of,
)
from tests.conftest import EXAMPLES, example
from tests.rules.conftest import FOUR


def fresh(ruleset: str, *, dealer: int = 3, deals: list | None = None):
    """Return a game of four scored so far (Dee deals first: Ann bids first)."""
    game = read_game(
        {"ruleset": ruleset, "players": FOUR, "first_dealer": dealer, "deals": deals or []}
    )
    return score_game(game)


def cells(row) -> dict[str, tuple[str, str]]:
    """Return each cell's value and state, by cell."""
    return {cell.key: (cell.raw, cell.state) for cell in row.cells}


def words(row, key: str) -> str:
    return next(cell.words for cell in row.cells if cell.key == key)


def test_the_dealers_hook_leaves_the_dealer_one_bid_said_at_the_cell_and_refuses_the_other():
    # Joker's first deal, one card: Ann, Bob and Cy bid 0, 0, 1. Another 0 from Dee would make
    # the bids add up to the one card, so Dee may only bid 1.
    start = fresh("joker")
    row = check_row(start, Typed({0: "0", 1: "0", 2: "1"}, {}))
    assert cells(row)["bid-3"] == ("1", FORCED)
    assert words(row, "bid-3") == (
        "Dee can only bid 1 here (not pass: the bids would add up to 1, the number of cards)"
    )
    assert not row.complete
    row = check_row(start, Typed({0: "0", 1: "0", 2: "1", 3: "0"}, {}))
    assert cells(row)["bid-3"] == ("0", REFUSED)
    assert words(row, "bid-3") == (
        "Dee bids last and may not pass: the bids would add up to 1, the number of cards "
        "(the dealer's hook)"
    )
    assert row.record is None  # nothing to store
    row = check_row(start, Typed({0: "0", 1: "0", 2: "1", 3: "1"}, {0: "0", 1: "0", 2: "1"}))
    assert row.complete
    assert cells(row)["took-3"] == ("0", IMPLIED)
    assert words(row, "took-3") == "Dee took the rest: 1 − 1 = 0"
    # Ann and Bob passed and took none: 50 each; Cy bid all (1) and took it: 100 + 100 × 1;
    # Dee bid 1 and took none: 10 × 0.
    assert row.result is not None
    assert row.result.totals == (50, 50, 200, 0)


def test_a_bid_above_the_cards_is_refused_and_the_cells_after_it_wait():
    start = fresh("joker", deals=[{"bids": [0, 0, 1, 1], "tricks": [0, 0, 1, 0]}])
    # Deal 2, two cards, Ann deals: Bob bids first. 3 is more than the cards.
    row = check_row(start, Typed({1: "3", 2: "1"}, {}))
    assert cells(row)["bid-1"] == ("3", REFUSED)
    assert words(row, "bid-1") == "Bob can bid at most 2 with 2 cards"
    assert cells(row)["bid-2"] == ("1", WAITING)
    assert cells(row)["bid-3"] == ("", OPEN)
    assert not row.complete


def test_tricks_that_cannot_add_up_are_refused_and_the_last_seats_are_filled_in():
    # Back Alley's first deal, 13 cards: tricks count by team, Ann & Cy's typed, Bob & Dee's
    # the rest.
    start = fresh("back-alley-pagat")
    bids = {0: "4", 1: "0", 2: "3", 3: "pass"}
    row = check_row(start, Typed(bids, {0: "14"}))
    assert cells(row)["took-0"] == ("14", REFUSED)
    assert words(row, "took-0") == (
        "Ann & Cy cannot take 14: only 13 of 13 tricks are left to give"
    )
    row = check_row(start, Typed(bids, {0: "7"}))
    assert row.complete
    assert cells(row)["took-1"] == ("6", IMPLIED)
    assert words(row, "took-1") == "Bob & Dee took the rest: 13 − 7 = 6"
    # Ann & Cy bid 4 + 3 = 7 and took 7: 7 × 5 = 35; Bob & Dee bid nothing and took 6: 6.
    assert row.result is not None and row.result.totals == (35, 6)


def test_every_trick_given_leaves_the_next_player_zero_said_as_forced():
    # Joker's ninth deal, nine cards: Ann took 5 and Bob 4, so Cy took none.
    start = fresh("joker", deals=example("joker")["deals"][:8], dealer=1)
    order = start.next.order
    bids = dict(zip(order, ["0", "pass", "0", "pass"], strict=True))
    row = check_row(start, Typed(bids, {order[0]: "5", order[1]: "4"}))
    third = f"took-{order[2]}"
    assert cells(row)[third] == ("0", FORCED)
    assert words(row, third) == f"{FOUR[order[2]]} took 0: every trick is given already"


def test_ten_or_more_is_offered_beside_the_cell_and_checked_like_any_bid():
    start = fresh("back-alley-pagat")
    row = check_row(start, Typed({0: "10"}, {}))
    first = row.cells[0]
    assert [option.raw for option in first.options] == ["10", "11", "12", "board"]
    assert (first.raw, first.state) == ("10", TYPED)
    row = check_row(start, Typed({0: "13"}, {}))
    assert words(row, "bid-0") == "Ann can bid at most 12 with 13 cards"


def test_boards_are_counted_in_bidding_order():
    start = fresh("back-alley-pagat")
    row = check_row(start, Typed({0: "board", 1: "0", 2: "board", 3: "0"}, {0: "13"}))
    said = {cell.key: (cell.said, cell.level) for cell in row.cells}
    assert said["bid-0"] == ("board", 1)
    assert said["bid-2"] == ("double board", 2)
    assert row.complete


def test_a_thrown_in_row_has_no_tricks_where_the_rules_throw_in_and_is_refused_where_not():
    start = fresh("back-alley-pagat")
    row = check_row(start, Typed({}, {}, thrown_in=True))
    assert row.complete and row.thrown_in
    assert row.record is not None and [bid.to_json() for bid in row.record.bids] == ["pass"] * 4
    assert {state for key, (_, state) in cells(row).items() if key.startswith("took")} == {UNUSED}
    assert row.result is not None and row.result.totals == (0, 0)
    assert row.result.next is not None and row.result.next.number == 1  # dealt again
    row = check_row(fresh("joker"), Typed({}, {}, thrown_in=True))
    assert cells(row)["bid-0"] == ("", REFUSED)
    assert words(row, "bid-0") == (
        "everyone passing does not throw a deal in under these rules: type each bid"
    )


def test_a_game_over_has_no_row_to_type():
    with pytest.raises(GameOverError):
        check_row(score_game(read_game(example("joker"))), Typed({}, {}))


@pytest.mark.parametrize(
    "name", sorted(p.name[: -len(".game.json")] for p in EXAMPLES.glob("*.game.json"))
)
def test_every_golden_deal_typed_back_from_its_row_scores_as_the_golden_file(name: str):
    game = read_game(example(name))
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    whole = score_game(game)
    for scored, golden in zip(whole.deals, expected["deals"], strict=True):
        before = score_game(game.with_deals(game.deals[: scored.setup.index - 1]))
        row = check_row(before, typed_of(game, scored.setup, scored.record))
        assert row.complete, (name, scored.setup.index)
        assert row.result is not None
        assert list(row.result.deals[-1].totals) == golden["totals"]
        # A recorded deal shows the very cells its row was typed into (less the choices
        # offered while typing).
        typed = tuple(replace(cell, options=()) for cell in row.cells)
        assert recorded_row(whole, scored).cells == typed


def test_a_sheets_total_agrees_or_is_shown_with_its_arithmetic():
    joker = score_game(read_game(example("joker")))
    assert sheet_total(joker, 6, 0, 500) is None
    assert sheet_total(joker, 6, 0, 510) == (
        "your sheet says 510; the rules give 500: 350 + 150 for deal 6 "
        "(Bob bid 2, took exactly 2: 50 + 50 × 2 = 150)"
    )
    # Back Alley's third deal cost Bob & Cy 30: from 23 to -7.
    pagat = score_game(read_game(example("back-alley-pagat")))
    said = sheet_total(pagat, 3, 1, 7)
    assert said is not None and said.startswith(
        "your sheet says 7; the rules give -7: 23 − 30 for deal 3 ("
    )
    # Deal 13 was thrown in: the totals stay.
    assert sheet_total(pagat, 13, 0, 60) == (
        "your sheet says 60; the rules give 56: deal 13 was thrown in, so the total stays as it was"
    )
