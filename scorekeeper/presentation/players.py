"""The players pages as plain data: the family's table of players, and one player's own page.

Read from every game's stored results (`standings`), a page at a time: twenty players
ranked, the pairs that met most, a player's opponents met most and their latest games,
so a page weighs the same whatever the archive holds. Averages are exact fractions
there; here they become the words the pages show ("12.5"), so nothing overflows.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..rules.variants import titled
from ..standings.results import (
    best_bidders,
    find_player,
    games_of,
    opponents,
    pairs_met_most,
    ranked_players,
)
from ..standings.stats import SORTS, HeadToHead, PlayerGame, PlayerStats, one_decimal
from ..storage import Connection, NotFound

#: How the players page is sorted when the address asks for no sort it knows.
DEFAULT_SORT = "made"
#: Players on one page of the players' table.
PLAYERS_PAGE = 20
#: Best bidders named when several share the best rate.
BEST_SHOWN = 3
#: Pairs on the players page, and opponents on a player's page: those that met most.
PAIRS_SHOWN = 20
#: A player's games on one page of their own page, the latest first.
GAMES_PAGE = 20


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
    """The players page: a page of the players, best first, and who plays best against whom."""

    sort: str  #: the key the players are sorted by (one of `standings.stats.SORTS`)
    sorted_by: str  #: that sort in words
    players: list[PlayerLine]  #: this page's players
    earlier: str  #: where the page before starts (`?before=`), or "" on the first page
    later: str  #: where the page after starts (`?after=`), or "" on the last page
    best: list[PlayerLine]  #: who makes their bids most often (several on a tie)
    best_more: bool  #: more players than those named share the best rate
    hands: list[HandAverages]  #: this page's players' averages, most cards first
    pairs: list[HeadToHead]  #: the pairs that met most


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
    head_to_head: list[HeadToHead]  #: the opponents met most
    more_opponents: bool  #: there are opponents besides those shown
    games: list[PlayerGame]  #: a page of their games, the latest first
    older: int | None  #: where the page of older games starts (`?older=`), or None


def players_page(db: Connection, sort: str, *, after: str = "", before: str = "") -> PlayersPage:
    """Build a page of the players page, sorted as asked (by made-bid rate for a sort it does
    not know): the first, or the one after or before the player with that key (raise
    NoSuchPlace for a key no player has)."""
    by = sort if sort in SORTS else DEFAULT_SORT
    ranked = ranked_players(db, by, after=after, before=before, size=PLAYERS_PAGE)
    players = ranked.players
    sizes = sorted({cards for player in players for cards in player.points_by_cards}, reverse=True)
    best, best_more = best_bidders(db, BEST_SHOWN)
    return PlayersPage(
        sort=by,
        sorted_by=SORTS[by],
        players=[_line(player) for player in players],
        earlier=ranked.earlier,
        later=ranked.later,
        best=[_line(player) for player in best],
        best_more=best_more,
        hands=[
            HandAverages(cards, [_average(player, cards) for player in players]) for cards in sizes
        ],
        pairs=pairs_met_most(db, PAIRS_SHOWN),
    )


def player_page(db: Connection, name: str, *, older_than: int | None = None) -> PlayerPage:
    """Build one player's page, the name in any capitals (raise NotFound for a stranger), with
    the page of their games after `older_than` (a place the page before gave)."""
    player = find_player(db, name)
    if player is None:
        raise NotFound(name)
    met, more = opponents(db, player, PAIRS_SHOWN)
    games, older = games_of(db, player, older_than=older_than, size=GAMES_PAGE)
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
        head_to_head=met,
        more_opponents=more,
        games=[dataclasses.replace(game, ruleset=titled(game.ruleset)) for game in games],
        older=older,
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
