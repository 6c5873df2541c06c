"""The family's statistics: who plays, who wins, who makes their bids, drawn from scored games.

Pure: scored games in, numbers out (no Flask, no database). A player is known by
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

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from .rules import BidKind, DealResult, Exact, Game, GameResult, name_key


@dataclass(frozen=True)
class PlayedGame:
    """One game as the stats see it: its id, when it was last played, and its result."""

    id: str
    updated: str
    result: GameResult


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
    spellings: Counter[str] = field(default_factory=Counter)
    games: list[PlayerGame] = field(default_factory=list)
    wins: int = 0
    bids: int = 0
    bids_made: int = 0
    boards: int = 0
    boards_made: int = 0
    points_by_cards: dict[int, list[int]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Return the name as it is most often written (the most recent spelling on a tie)."""
        return self.spellings.most_common(1)[0][0]

    @property
    def played(self) -> int:
        return len(self.games)

    @property
    def finished(self) -> int:
        return sum(game.complete for game in self.games)

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
        return Fraction(sum(points), len(points)) if points else None

    @property
    def average_by_cards(self) -> list[tuple[int, Fraction, int]]:
        """Return (cards, average points, deals) for every hand size played, most cards first."""
        return [
            (cards, Fraction(sum(points), len(points)), len(points))
            for cards, points in sorted(self.points_by_cards.items(), reverse=True)
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


def counts_as_bid(game: Game, deal: DealResult, seat: int) -> bool:
    """Say whether a seat's bid in a scored deal promised something (see the module's docstring)."""
    bid = deal.record.bids[seat]
    if bid.kind is not BidKind.NUMBER:
        return True
    side_seats = game.side_seats(game.side_of(seat))
    if any(deal.record.bids[other].kind is BidKind.BOARD for other in side_seats):
        return False  # the rules ignore a number beside a partner's board
    if game.ruleset.is_one_card(deal.setup.cards):
        return False  # only pass or board may be bid: a pass scores nothing either way
    return bid.tricks > 0 or isinstance(game.ruleset.scoring, Exact)


def place_of(totals: tuple[int, ...], side: int) -> int:
    """Return a side's place: 1 + the number of sides with a higher total."""
    return 1 + sum(total > totals[side] for total in totals)


def family_stats(games: Iterable[PlayedGame]) -> FamilyStats:
    """Count every player's games, wins, bids, boards and points, and every head-to-head."""
    players: dict[str, PlayerStats] = {}
    meetings: dict[tuple[str, str], list[int]] = {}
    for played in games:
        result = played.result
        game = result.game
        keys = [name_key(name) for name in game.players]
        for seat, (key, name) in enumerate(zip(keys, game.players, strict=True)):
            stats = players.setdefault(key, PlayerStats(key))
            side = game.side_of(seat)
            stats.spellings[name.strip()] += 1
            won = result.complete and side in (result.winners or ())
            stats.wins += won
            stats.games.append(
                PlayerGame(
                    id=played.id,
                    updated=played.updated,
                    ruleset=game.ruleset.name,
                    side=result.sides[side],
                    total=result.totals[side],
                    place=place_of(result.totals, side),
                    sides=len(result.sides),
                    complete=result.complete,
                    won=won,
                )
            )
            for deal in result.deals:
                if deal.thrown_in or deal.sides is None:
                    continue
                made = deal.sides[side].made
                stats.points_by_cards.setdefault(deal.setup.cards, []).append(
                    deal.sides[side].score
                )
                if counts_as_bid(game, deal, seat):
                    stats.bids += 1
                    stats.bids_made += made
                if deal.record.bids[seat].kind is BidKind.BOARD:
                    stats.boards += 1
                    stats.boards_made += made
        if not result.complete:
            continue
        for seat, key in enumerate(keys):
            for other_seat, other in enumerate(keys):
                mine, theirs = game.side_of(seat), game.side_of(other_seat)
                if mine == theirs:
                    continue
                record = meetings.setdefault((key, other), [0, 0, 0])
                difference = result.totals[mine] - result.totals[theirs]
                record[0 if difference > 0 else 1 if difference < 0 else 2] += 1
    return FamilyStats(players, meetings)
