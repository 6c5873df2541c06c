"""Bids: reading them, board levels, who leads, which deals are thrown in."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import (
    BOARD,
    PASS,
    RAINBOW,
    BidKind,
    GameFileError,
    IllegalBid,
    bid_choices,
    board_levels,
    board_name,
    check_bid,
    find_ruleset,
    is_thrown_in,
    leader,
    number,
    parse_bid,
)

from .conftest import last_deal


@pytest.mark.parametrize(
    ("raw", "kind", "tricks"),
    [
        (0, BidKind.NUMBER, 0),
        (7, BidKind.NUMBER, 7),
        ("3", BidKind.NUMBER, 3),
        (" 12 ", BidKind.NUMBER, 12),
        ("pass", BidKind.NUMBER, 0),
        ("PASS", BidKind.NUMBER, 0),
        ("board", BidKind.BOARD, 0),
        ("Board", BidKind.BOARD, 0),
        ("rainbow", BidKind.RAINBOW, 0),
    ],
)
def test_parse_bid(raw: Any, kind: BidKind, tricks: int) -> None:
    bid = parse_bid(raw)
    assert (bid.kind, bid.tricks) == (kind, tricks)


@pytest.mark.parametrize("raw", [-1, "-1", 2.5, "2.5", "three", "", None, True, [], {}, "bore"])
def test_parse_bid_refuses(raw: Any) -> None:
    with pytest.raises(GameFileError) as caught:
        parse_bid(raw, deal=4, player="Cy")
    assert (caught.value.deal, caught.value.player) == (4, "Cy")
    assert str(caught.value).startswith("deal 4: Cy")


def test_pass_and_zero_are_the_same_bid_but_the_file_keeps_the_word() -> None:
    assert parse_bid("pass").is_zero and parse_bid(0).is_zero
    assert parse_bid("pass").to_json() == "pass"
    assert parse_bid(0).to_json() == 0
    assert parse_bid("3").to_json() == 3
    assert BOARD.to_json() == "board" and RAINBOW.to_json() == "rainbow"


@pytest.mark.parametrize(
    ("bids", "levels"),
    [
        pytest.param([PASS, BOARD, number(3), BOARD], [None, 1, None, 2], id="counted in order"),
        pytest.param([BOARD, BOARD, BOARD, BOARD], [1, 2, 3, 4], id="up to quadruple"),
        pytest.param([number(1), PASS, PASS, PASS], [None] * 4, id="no board"),
        pytest.param([PASS, PASS, PASS, BOARD], [None, None, None, 1], id="one board is single"),
    ],
)
def test_board_levels_are_counted_in_bidding_order(bids, levels) -> None:
    assert board_levels(bids) == levels


def test_board_names() -> None:
    assert [board_name(k) for k in (1, 2, 3, 4)] == [
        "board",
        "double board",
        "triple board",
        "quadruple board",
    ]


def test_board_button_names_the_level_it_would_be() -> None:
    pagat = find_ruleset("back-alley-pagat")
    labels = {c.bid: c.label for c in bid_choices(pagat, 5, [BOARD, PASS], 4)}
    assert labels[BOARD] == "double board"
    labels = {c.bid: c.label for c in bid_choices(pagat, 5, [BOARD, BOARD, BOARD], 4)}
    assert labels[BOARD] == "quadruple board"


def test_individual_boards_do_not_escalate_so_every_board_is_single() -> None:
    # docs/rules.md, back-alley-individual: "Boards do not escalate (every board is single)".
    individual = find_ruleset("back-alley-individual")
    labels = {c.bid: c.label for c in bid_choices(individual, 5, [BOARD], 4)}
    assert labels[BOARD] == "board"
    result = last_deal(
        "back-alley-individual", [{"bids": ["board", "board", 0, 0], "tricks": [0, 13, 0, 0]}]
    )
    # Ann deals: Dee, Ann, Bob, Cy. Ann's and Bob's boards are both single: -78 and +78.
    assert result["scores"] == [-78, 78, 0, 0]
    assert not any("double" in line for side in result["explain"] for line in side)


LEADS = [
    # ruleset, bidding order, bids by seat, leader
    ("back-alley-pagat", (1, 2, 3, 0), [PASS, PASS, PASS, PASS], 1),
    ("back-alley-pagat", (1, 2, 3, 0), [number(2), number(2), PASS, PASS], 1),
    ("back-alley-pagat", (1, 2, 3, 0), [number(4), number(2), PASS, number(4)], 3),
    ("back-alley-pagat", (1, 2, 3, 0), [BOARD, number(9), BOARD, PASS], 0),
    ("back-alley-pagat", (3, 0, 1, 2), [BOARD, number(9), BOARD, PASS], 2),
    ("back-alley-individual", (3, 0, 1, 2), [number(2), number(2), PASS, PASS], 0),
    ("bluke", (1, 2, 0), [number(9), number(1), number(3)], 1),
    ("joker", (3, 0, 1, 2), [number(9), number(1), number(3), number(0)], 3),
    ("back-alley-seven", (1, 2, 3, 0), [RAINBOW, BOARD, number(3), RAINBOW], 3),
    ("back-alley-seven", (0, 1, 2, 3), [RAINBOW, BOARD, number(3), RAINBOW], 0),
    ("back-alley-seven", (1, 2, 3, 0), [number(1), BOARD, number(3), BOARD], 3),
]


@pytest.mark.parametrize(("slug", "order", "bids", "seat"), LEADS)
def test_leader_function(slug: str, order: tuple[int, ...], bids, seat: int) -> None:
    assert leader(find_ruleset(slug), order, bids) == seat


@pytest.mark.parametrize(
    ("slug", "bids", "thrown_in"),
    [
        ("back-alley-pagat", [PASS, number(0), PASS, PASS], True),
        ("back-alley-pagat", [PASS, PASS, PASS, BOARD], False),
        ("back-alley-bridge", [number(0)] * 4, True),
        ("back-alley-bridge", [number(0), number(0), number(0), number(1)], False),
        ("back-alley-seven", [PASS] * 4, False),
        ("back-alley-seven", [PASS, PASS, RAINBOW, PASS], False),
        ("joker", [number(0)] * 4, False),
        ("back-alley-individual", [PASS] * 3, True),
    ],
)
def test_is_thrown_in(slug: str, bids, thrown_in: bool) -> None:
    assert is_thrown_in(find_ruleset(slug), bids) is thrown_in


def test_bid_choices_one_card_individual_is_pass_or_board() -> None:
    choices = bid_choices(find_ruleset("back-alley-individual"), 1, [], 4)
    assert [(c.bid, c.allowed) for c in choices] == [(PASS, True), (BOARD, True)]


def test_bid_choices_hook_says_why() -> None:
    choices = bid_choices(find_ruleset("joker"), 3, [number(1), number(1), PASS], 4)
    refused = [c for c in choices if not c.allowed]
    assert [c.bid for c in refused] == [number(1)]
    assert "3" in (refused[0].reason or "")


def test_a_dealer_the_hook_keeps_from_passing_is_told_they_may_not_pass() -> None:
    """A pass is not "bid pass": the hook's refusal says "may not pass", a number as it is."""
    joker = find_ruleset("joker")
    with pytest.raises(IllegalBid) as passing:
        check_bid(joker, 3, [number(1), number(1), number(1)], PASS, 4, name="Dee")
    assert str(passing.value).startswith("Dee bids last and may not pass: the bids would add up")
    with pytest.raises(IllegalBid) as bidding:
        check_bid(joker, 3, [number(1), number(1), PASS], number(1), 4, name="Dee")
    assert str(bidding.value).startswith("Dee bids last and may not bid 1: the bids would add")
