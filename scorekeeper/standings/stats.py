"""The family's statistics: who plays, who wins, who makes their bids, from stored results.

Pure: the sums SQLite counts over every game's stored results (`storage.results`)
in, players' numbers out (no Flask, no database). A player is known by
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

from ..rules import name_key


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


@dataclass(frozen=True)
class FamilyStats:
    """Every player's stats and every pair's head-to-head record."""

    players: dict[str, PlayerStats]
    #: (player key, opponent key) → [wins, losses, ties] of the player against the opponent
    meetings: dict[tuple[str, str], list[int]]

    def player(self, name: str) -> PlayerStats | None:
        """Return a player by name (any case), or None."""
        return self.players.get(name_key(name))

    def head_to_head(self, name: str) -> list[HeadToHead]:
        """Return a player's record against each opponent, most games first."""
        key = name_key(name)
        records = [
            HeadToHead(self.players[key].name, self.players[other].name, *record)
            for (mine, other), record in self.meetings.items()
            if mine == key
        ]
        return sorted(records, key=lambda h: (-h.games, h.opponent.casefold()))

    def pairs(self) -> list[HeadToHead]:
        """Return every pair once (the player with more wins first), most games first."""
        records = []
        for (mine, other), record in self.meetings.items():
            wins, losses, _ = record
            if (wins, other) > (losses, mine):
                records.append(
                    HeadToHead(self.players[mine].name, self.players[other].name, *record)
                )
        return sorted(records, key=lambda h: (-h.games, h.player.casefold(), h.opponent.casefold()))


#: How /players can be sorted: name → (label, sort key); every key sorts the best first.
SORTS = {
    "made": "made-bid rate",
    "wins": "wins",
    "games": "games",
    "boards": "boards made",
    "name": "name",
}


def ranked(stats: FamilyStats, by: str = "made") -> list[PlayerStats]:
    """Return the players best first by one of SORTS (players with no bids last by made rate)."""
    players = sorted(stats.players.values(), key=lambda p: p.name.casefold())
    if by == "made":
        return sorted(players, key=lambda p: (p.made_rate is None, -(p.made_rate or 0), -p.bids))
    if by == "wins":
        return sorted(players, key=lambda p: (-p.wins, -(p.win_rate or 0)))
    if by == "games":
        return sorted(players, key=lambda p: -p.played)
    if by == "boards":
        return sorted(players, key=lambda p: (-p.boards_made, -p.boards))
    return players


def best_bidders(stats: FamilyStats) -> list[PlayerStats]:
    """Return who makes their bids most often (several on a tie; none before any bid)."""
    rates = [player.made_rate for player in stats.players.values() if player.made_rate is not None]
    if not rates:
        return []
    return [player for player in ranked(stats, "made") if player.made_rate == max(rates)]


def family_stats(
    totals: Iterable[tuple[Any, ...]],
    spellings: Iterable[tuple[str, str, int, str]],
    points: Iterable[tuple[str, int, int, int]],
    meetings: Iterable[tuple[str, str, int, int, int]],
) -> FamilyStats:
    """Make every player's stats from the sums counted over stored results (`storage.results`).

    `totals`: key, games, finished, wins, bids, made, boards, boards made; `spellings`: key,
    name, games, latest change; `points`: key, cards, points, deals; `meetings`: key, other
    key, wins, losses, ties.
    """
    shown: dict[str, tuple[int, str, str]] = {}
    for key, name, count, latest in spellings:
        if (count, latest) > shown.get(key, (0, "", ""))[:2]:
            shown[key] = (count, latest, name)
    players = {
        key: PlayerStats(key, shown[key][2], *numbers) for key, *numbers in totals if key in shown
    }
    for key, cards, sum_points, deals in points:
        if key in players:
            players[key].points_by_cards[cards] = (sum_points, deals)
    met = {(key, other): [wins, losses, ties] for key, other, wins, losses, ties in meetings}
    return FamilyStats(players, met)


def player_games(rows: Iterable[tuple[Any, ...]]) -> list[PlayerGame]:
    """Make a player's games from their stored rows (`storage.results.player_games`)."""
    return [
        PlayerGame(game_id, updated, ruleset, side, total, place, sides, bool(done), bool(won))
        for game_id, updated, ruleset, side, total, place, sides, done, won in rows
    ]
