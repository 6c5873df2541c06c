"""The draw for seats: each player draws a card; the highest deals, the two highest are partners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import GameFileError
from .sentences import Plural, Sentence

#: Ranks from lowest to highest, as written on the cards.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: Suits from lowest to highest: the order that breaks a tie of ranks.
SUITS = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, order=True)
class DrawnCard:
    """A card drawn for seats; cards compare by rank, then by suit."""

    rank: int  #: index into RANKS
    suit: int  #: index into SUITS

    @classmethod
    def parse(cls, rank: str, suit: str) -> DrawnCard:
        """Read a card from its rank ("10", "Q", "A") and suit ("hearts")."""
        rank_text, suit_text = rank.strip().upper(), suit.strip().lower()
        if rank_text not in RANKS:
            said = Sentence(
                "{rank} is not a card's rank: say one of {ranks}",
                rank=repr(rank),
                ranks=", ".join(RANKS),
            )
        elif suit_text not in SUITS:
            said = Sentence(
                "{suit} is not a suit: say one of {suits}", suit=repr(suit), suits=", ".join(SUITS)
            )
        else:
            return cls(RANKS.index(rank_text), SUITS.index(suit_text))
        raise GameFileError(said)

    def __str__(self) -> str:
        return f"{RANKS[self.rank]} of {SUITS[self.suit]}"


@dataclass(frozen=True)
class Seating:
    """Where everyone sits after the draw (in the direction of play) and who deals first."""

    players: tuple[str, ...]
    first_dealer: int


def draw_for_seats(
    players: Sequence[str], cards: Sequence[DrawnCard], *, partnership: bool
) -> Seating:
    """Seat the table from the cards drawn: highest deals; in a partnership the two highest
    are partners and sit opposite (the others keep their order)."""
    if len(players) != len(cards):
        raise GameFileError(
            Plural(
                "{n} card drawn for {players} players",
                "{n} cards drawn for {players} players",
                len(cards),
                players=len(players),
            )
        )
    for seat, card in enumerate(cards):
        if card in cards[:seat]:
            other = players[cards.index(card)]
            raise GameFileError(
                Sentence(
                    "{name} and {other} cannot both have drawn the {card}",
                    name=players[seat],
                    other=other,
                    card=str(card),
                ),
                player=players[seat],
            )
    ranked = sorted(range(len(players)), key=lambda seat: cards[seat], reverse=True)
    highest = ranked[0]
    if not partnership:
        return Seating(tuple(players), highest)
    if len(players) != 4:
        raise GameFileError(Sentence("a partnership needs exactly 4 players"))
    partner = ranked[1]
    others = [seat for seat in range(4) if seat not in (highest, partner)]
    # Keep the others in the order they came after the dealer round the table.
    others.sort(key=lambda seat: (seat - highest) % 4)
    order = (highest, others[0], partner, others[1])
    return Seating(tuple(players[seat] for seat in order), 0)
