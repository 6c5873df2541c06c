"""The players pages as plain data: the family's table of players, and one player's own page.

Counted from every game's stored results (`standings`). Averages are exact fractions
there; here they become the words the pages show ("12.5"), so nothing overflows.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..standings.results import family, with_games
from ..standings.stats import (
    SORTS,
    HeadToHead,
    PlayerGame,
    PlayerStats,
    best_bidders,
    one_decimal,
    ranked,
)
from ..storage import Connection, NotFound

#: How the players page is sorted when the address asks for no sort it knows.
DEFAULT_SORT = "made"


@dataclass(frozen=True)
class PlayerLine:
    """One player's line in the family's table."""

    name: str
    played: int
    wins: int
    made_rate: float | None  #: the share of counted bids made (0..1), None before any counted
    bids_made: int
    bids: int
    boards_made: int
    boards: int


@dataclass(frozen=True)
class HandAverages:
    """Every player's average points with one hand size, in the table's order of players."""

    cards: int
    averages: list[str | None]  #: None for a player who never played that many cards


@dataclass(frozen=True)
class PlayersPage:
    """The players page: everyone who has played, best first, and who plays best against whom."""

    sort: str  #: the key the players are sorted by (one of `standings.stats.SORTS`)
    sorted_by: str  #: that sort in words
    players: list[PlayerLine]
    best: list[PlayerLine]  #: who makes their bids most often (several on a tie)
    hands: list[HandAverages]  #: most cards first
    pairs: list[HeadToHead]


@dataclass(frozen=True)
class HandSize:
    """One player's average points with one hand size, over so many deals."""

    cards: int
    average: str
    deals: int


@dataclass(frozen=True)
class PlayerPage:
    """One player's page: their numbers, their record against each opponent, their games."""

    name: str
    played: int
    finished: int
    wins: int
    win_rate: float | None  #: the share of finished games won, None before any finished
    made_rate: float | None
    bids_made: int
    bids: int
    boards_made: int
    boards: int
    hands: list[HandSize]  #: most cards first
    head_to_head: list[HeadToHead]
    games: list[PlayerGame]  #: newest first


def players_page(db: Connection, sort: str) -> PlayersPage:
    """Build the players page, sorted as asked (by made-bid rate for a sort it does not know)."""
    by = sort if sort in SORTS else DEFAULT_SORT
    stats = family(db)
    players = ranked(stats, by)
    sizes = sorted({cards for player in players for cards in player.points_by_cards}, reverse=True)
    return PlayersPage(
        sort=by,
        sorted_by=SORTS[by],
        players=[_line(player) for player in players],
        best=[_line(player) for player in best_bidders(stats)],
        hands=[
            HandAverages(cards, [_average(player, cards) for player in players]) for cards in sizes
        ],
        pairs=stats.pairs(),
    )


def player_page(db: Connection, name: str) -> PlayerPage:
    """Build one player's page, the name in any capitals (raise NotFound for a stranger)."""
    stats = family(db)
    found = stats.player(name)
    if found is None:
        raise NotFound(name)
    player = with_games(db, found)
    return PlayerPage(
        name=player.name,
        played=player.played,
        finished=player.finished,
        wins=player.wins,
        win_rate=player.win_rate,
        made_rate=player.made_rate,
        bids_made=player.bids_made,
        bids=player.bids,
        boards_made=player.boards_made,
        boards=player.boards,
        hands=[
            HandSize(cards, one_decimal(average), deals)
            for cards, average, deals in player.average_by_cards
        ],
        head_to_head=stats.head_to_head(player.name),
        games=list(player.games),
    )


def _line(player: PlayerStats) -> PlayerLine:
    return PlayerLine(
        name=player.name,
        played=player.played,
        wins=player.wins,
        made_rate=player.made_rate,
        bids_made=player.bids_made,
        bids=player.bids,
        boards_made=player.boards_made,
        boards=player.boards,
    )


def _average(player: PlayerStats, cards: int) -> str | None:
    average = player.average(cards)
    return None if average is None else one_decimal(average)
