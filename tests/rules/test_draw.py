"""The draw for seats, by cases a player can check by hand."""

from __future__ import annotations

import pytest

from scorekeeper.rules import ScoreError
from scorekeeper.rules.draw import DrawnCard, draw_for_seats

NAMES = ("Ann", "Bob", "Cy", "Dee")


def cards(*written: str) -> list[DrawnCard]:
    """Read cards written like "10 hearts", "A spades"."""
    return [DrawnCard.parse(*card.split()) for card in written]


@pytest.mark.parametrize(
    ("drawn", "seats", "dealer"),
    [
        # Individual play: seats stay, the highest card deals.
        (("2 clubs", "K hearts", "9 spades", "A clubs"), NAMES, 3),
        (("Q clubs", "Q spades", "Q hearts", "Q diamonds"), NAMES, 1),  # suit breaks the tie
        (("10 hearts", "J clubs", "2 spades", "10 spades"), NAMES, 1),
    ],
)
def test_individual_draw_picks_the_highest_card_as_dealer(drawn, seats, dealer):
    seating = draw_for_seats(NAMES, cards(*drawn), partnership=False)
    assert seating.players == seats
    assert seating.first_dealer == dealer


@pytest.mark.parametrize(
    ("drawn", "seats"),
    [
        # Ann and Cy already sit opposite: nothing moves, Ann deals.
        (("A spades", "2 clubs", "K hearts", "3 clubs"), ("Ann", "Bob", "Cy", "Dee")),
        # Ann and Bob drew highest: they become partners opposite each other.
        (("A spades", "K hearts", "2 clubs", "3 clubs"), ("Ann", "Cy", "Bob", "Dee")),
        # Dee is highest, Bob second; Ann and Cy keep their order after Dee.
        (("5 clubs", "K hearts", "2 clubs", "A clubs"), ("Dee", "Ann", "Bob", "Cy")),
        # A tie on kings: spades beat hearts, so Cy deals and Bob is the partner.
        (("2 clubs", "K hearts", "K spades", "3 clubs"), ("Cy", "Dee", "Bob", "Ann")),
    ],
)
def test_partnership_draw_seats_the_two_highest_opposite(drawn, seats):
    seating = draw_for_seats(NAMES, cards(*drawn), partnership=True)
    assert seating.players == seats
    assert seating.first_dealer == 0
    assert {seating.players[0], seating.players[2]} == {
        NAMES[i] for i in sorted(range(4), key=lambda i: cards(*drawn)[i], reverse=True)[:2]
    }


@pytest.mark.parametrize(
    ("rank", "suit"), [("1", "hearts"), ("K", "stars"), ("", "clubs"), ("joker", "spades")]
)
def test_a_card_that_does_not_exist_is_refused(rank, suit):
    with pytest.raises(ScoreError):
        DrawnCard.parse(rank, suit)


def test_the_same_card_twice_is_refused_naming_both_players():
    with pytest.raises(ScoreError, match="Cy and Ann cannot both have drawn the A of spades"):
        draw_for_seats(NAMES, cards("A spades", "2 clubs", "A spades", "3 clubs"), partnership=True)


def test_card_order_is_rank_then_suit():
    assert DrawnCard.parse("2", "spades") < DrawnCard.parse("3", "clubs")
    assert DrawnCard.parse("A", "clubs") < DrawnCard.parse("A", "diamonds")
    assert str(DrawnCard.parse("q", "Hearts")) == "Q of hearts"
