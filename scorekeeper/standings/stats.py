"""The family's statistics: who plays, who wins, who makes their bids, from stored results.

Pure: the sums SQLite keeps over every game's stored results, read a page at a time
(`storage.players`), in; players' numbers out (no Flask, no database). A player is known by
their name, matched without regard to case across games ("ann" and "Ann" are one
player), and shown as they are most often written.

Definitions (the players page says them too):

- A player's **bid** is what they said themselves. It counts when it promised
  something: a number above zero, a board or a rainbow; a zero too where the
  rules score an exact zero (Joker). A pass elsewhere promises nothing, and a
  numeric bid beside a partner's board is ignored by the rules, so neither counts.
- A counted bid is **made** when the player's side made its contract that deal
  (in partnerships the team's contract: a partner's miss is yours too).
- **Boards** tried and made count only the player's own boards.
- **Average points by hand size**: the player's side's score per deal (bonuses
  included), averaged over the scored deals with that many cards per player.
- **Wins**: finished games where the player's side had the highest total (a tie
  for first is a win for each; a partnership win counts for both partners).
- **Head to head**: finished games where two players were on different sides;
  whoever's side finished higher wins that game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..rules.sentences import Sentence


@dataclass(frozen=True)
class PlayerGame:
    """One game of one player: their side, its total and where it finished."""

    id: str
    updated: str
    ruleset: str
    side: str
    total: int
    place: int  #: 1 for first (ties share a place)
    sides: int
    complete: bool
    won: bool


@dataclass
class PlayerStats:
    """Everything counted for one player over every game they played."""

    key: str
    name: str  #: as most often written (the most recent spelling on a tie)
    played: int = 0
    finished: int = 0
    wins: int = 0
    bids: int = 0
    bids_made: int = 0
    boards: int = 0
    boards_made: int = 0
    #: cards each → (the side's points over those deals, scored deals)
    points_by_cards: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: the player's games, newest first (filled for one player's page)
    games: list[PlayerGame] = field(default_factory=list)

    @property
    def made_rate(self) -> float | None:
        """Return the share of counted bids made (0..1), or None before any bid counted."""
        return self.bids_made / self.bids if self.bids else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    def average(self, cards: int) -> Fraction | None:
        """Return the exact average points of the deals with this many cards, or None."""
        points = self.points_by_cards.get(cards)
        return Fraction(points[0], points[1]) if points else None

    @property
    def average_by_cards(self) -> list[tuple[int, Fraction, int]]:
        """Return (cards, average points, deals) for every hand size played, most cards first."""
        return [
            (cards, Fraction(points, deals), deals)
            for cards, (points, deals) in sorted(self.points_by_cards.items(), reverse=True)
        ]


def one_decimal(value: Fraction | int) -> str:
    """Write an exact number to one decimal place (halves away from zero), however large.

    Averages are exact fractions: a float would overflow on a game stored before
    points had limits (10**400 points a bid), and the page would fail.
    """
    tenths = abs(Fraction(value)) * 10
    rounded = int(tenths + Fraction(1, 2))
    sign = "-" if value < 0 and rounded else ""
    return f"{sign}{rounded // 10}.{rounded % 10}"


@dataclass(frozen=True)
class HeadToHead:
    """Two players' record in finished games where they played on different sides."""

    player: str
    opponent: str
    wins: int
    losses: int
    ties: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


#: How /players can be sorted: name → the words for it; every sort puts the best first. The
#: order itself is the storage's (`storage.players.ORDERS`): made-bid rate (players with a
#: counted bid first, then more bids), wins (then the rate of finished games won), games,
#: boards made (then boards tried), name.
SORTS = {
    "made": Sentence("made-bid rate"),
    "wins": Sentence("wins"),
    "games": Sentence("games"),
    "boards": Sentence("boards made"),
    "name": Sentence("name"),
}


def shown_names(spellings: Iterable[tuple[str, str, int, str]]) -> dict[str, str]:
    """Return each player's name as most often written (the latest on a tie), by key, from
    their spellings: key, name, games writing it so, latest change."""
    shown: dict[str, tuple[int, str, str]] = {}
    for key, name, count, latest in spellings:
        if (count, latest) > shown.get(key, (0, "", ""))[:2]:
            shown[key] = (count, latest, name)
    return {key: name for key, (_, _, name) in shown.items()}


def players_from(
    totals: Iterable[tuple[Any, ...]],
    spellings: Iterable[tuple[str, str, int, str]],
    points: Iterable[tuple[str, int, int, int]],
) -> list[PlayerStats]:
    """Make players' stats from their stored sums (`storage.players`), in the order given.

    `totals`: key, games, finished, wins, bids, made, boards, boards made; `spellings`: key,
    name, games, latest change; `points`: key, cards, points, deals.
    """
    names = shown_names(spellings)
    players = [PlayerStats(key, names[key], *numbers) for key, *numbers in totals if key in names]
    by_key = {player.key: player for player in players}
    for key, cards, sum_points, deals in points:
        if key in by_key:
            by_key[key].points_by_cards[cards] = (sum_points, deals)
    return players


def head_to_head(
    meetings: Iterable[tuple[str, str, int, int, int]], names: dict[str, str]
) -> list[HeadToHead]:
    """Make head-to-head records from stored meetings (key, other, wins, losses, ties), each
    player shown by name."""
    return [
        HeadToHead(names[key], names[other], wins, losses, ties)
        for key, other, wins, losses, ties in meetings
        if key in names and other in names
    ]


def player_games(rows: Iterable[tuple[Any, ...]]) -> list[PlayerGame]:
    """Make a player's games from their stored rows (`storage.players.games_of`)."""
    return [
        PlayerGame(game_id, updated, ruleset, side, total, place, sides, bool(done), bool(won))
        for game_id, updated, ruleset, side, total, place, sides, done, won in rows
    ]
