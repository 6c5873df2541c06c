"""Every game's results kept stored, so the archive's pages cost the same whatever it holds.

The service (`service.games`, `service.taps`) calls `store_results` in the same
transaction as every change to a game. At start-up, `bring_up_to_date` scores
again every game whose stored results are missing (a database from before they
were kept), older than the game, or counted under other built-in rules. Reading
never writes: the list pages and the stats read what is stored, a page at a time
(the players ranked, a player's opponents and games, the pairs, names and rulesets
played most), so no page reads every player or every game. No Flask here.

House rules: a game keeps its own complete copy of the house ruleset it was
started under (`FoundRuleset.game_ref`), so saving or deleting house rules
changes no game's score and leaves every stored result right. What can change a
game's score without changing the game is a new release's built-in rules: the
summary's `STAMP` names them, and results counted under another stamp are
counted again when next read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import GameResult, name_key
from ..storage import Connection, StoredGame, get_game, listing
from ..storage import players as sums
from ..storage import results as rows
from ..storage.listing import GameFilter, GamePage
from ..storage.players import NoSuchPlace
from .stats import (
    HeadToHead,
    PlayerGame,
    PlayerStats,
    head_to_head,
    player_games,
    players_from,
    shown_names,
)
from .summary import STAMP, summarize

__all__ = [
    "GameFilter",
    "GamePage",
    "NoSuchPlace",
    "PlayersRanked",
    "archived_count",
    "best_bidders",
    "bring_up_to_date",
    "find_player",
    "games_of",
    "names_played_most",
    "opponents",
    "pairs_met_most",
    "ranked_players",
    "recent_games",
    "ruleset_names",
    "store_results",
    "store_results_version",
]


def store_results(db: Connection, stored: StoredGame, result: GameResult | None = None) -> None:
    """Store a just-changed game's results (call inside the change's transaction)."""
    rows.put_results(
        db,
        stored.id,
        version=stored.version,
        stamp=STAMP,
        created=stored.created,
        updated=stored.updated,
        summary=summarize(result or stored.result()),
    )


def store_results_version(db: Connection, stored: StoredGame) -> None:
    """Move a game's stored results on to a version whose deals did not change (a tap)."""
    rows.touch_results(db, stored.id, version=stored.version, updated=stored.updated)


def bring_up_to_date(db: Connection) -> int:
    """Score again and store every game whose stored results are out of date; return how many.

    Called at start-up: after that every change stores its results in its own transaction.
    """
    stale = rows.stale_results(db, STAMP)
    if stale:
        with db.write(grows=False):  # counting again rewrites what is there
            for game_id in rows.stale_results(db, STAMP):  # again, now that no one else writes
                store_results(db, get_game(db, game_id))
    return len(stale)


def recent_games(
    db: Connection, chosen: GameFilter, *, older_than: str = "", newer_than: str = ""
) -> GamePage:
    """Return one page of games, most recently changed first, drawn from stored results."""
    return listing.list_results(db, chosen, older_than=older_than, newer_than=newer_than)


def archived_count(db: Connection) -> int:
    """Count the games moved to the archive."""
    return listing.archived_count(db)


def ruleset_names(db: Connection, most: int) -> list[str]:
    """Return the names of the rulesets most games were played under (up to `most`), by name."""
    return sorted(sums.rulesets_played_most(db, most), key=str.casefold)


# The players: a page at a time, whatever their number ----------------------------------------


@dataclass(frozen=True)
class PlayersRanked:
    """One page of the players, best first, and where the pages beside it start."""

    players: list[PlayerStats]
    earlier: str  #: the key to page back from (the page's first player), or "" on the first
    later: str  #: the key to page on from (the page's last player), or "" on the last


def _players(db: Connection, totals: list[sums.Totals]) -> list[PlayerStats]:
    keys = [row[0] for row in totals]
    return players_from(totals, sums.spellings_of(db, keys), sums.points_of(db, keys))


def ranked_players(
    db: Connection, by: str, *, after: str = "", before: str = "", size: int
) -> PlayersRanked:
    """Return a page of players ranked by `by` (`stats.SORTS`): the first, or the one after or
    before the player with that key (NoSuchPlace for a key no player has)."""
    totals, more = sums.ranked(db, by, after=after, before=before, size=size)
    players = _players(db, totals)
    first, last = (players[0].key, players[-1].key) if players else ("", "")
    if before:
        return PlayersRanked(players, first if more else "", last)
    return PlayersRanked(players, first if after else "", last if more else "")


def best_bidders(db: Connection, most: int) -> tuple[list[PlayerStats], bool]:
    """Return who makes their bids most often (up to `most` on a tie; none before any bid
    counted), and whether more share their rate."""
    totals, more = sums.best_made(db, most)
    return _players(db, totals), more


def pairs_met_most(db: Connection, most: int) -> list[HeadToHead]:
    """Return the pairs that met most in finished games (the one with more wins first)."""
    met = sums.pairs_met_most(db, most)
    return head_to_head(met, _names(db, {key for pair in met for key in pair[:2]}))


def _names(db: Connection, keys: set[str]) -> dict[str, str]:
    return shown_names(sums.spellings_of(db, sorted(keys)))


def find_player(db: Connection, name: str) -> PlayerStats | None:
    """Return a player by name (any capitals, as `name_key` reads it), or None."""
    totals = sums.totals_of(db, name_key(name))
    found = _players(db, [totals]) if totals else []
    return found[0] if found else None


def opponents(db: Connection, player: PlayerStats, most: int) -> tuple[list[HeadToHead], bool]:
    """Return a player's record against the opponents met most (up to `most`), and whether
    there are more."""
    met, more = sums.opponents_of(db, player.key, most)
    names = _names(db, {other for _, other, *_ in met}) | {player.key: player.name}
    return head_to_head(met, names), more


def games_of(
    db: Connection, player: PlayerStats, *, older_than: int | None = None, size: int
) -> tuple[list[PlayerGame], int | None]:
    """Return a page of a player's games, the latest stored first, and where the next page
    starts (None on the last)."""
    found, older = sums.games_of(db, player.key, older_than=older_than, size=size)
    return player_games(found), older


def names_played_most(db: Connection, most: int) -> list[str]:
    """Return the names of the players in the most games, as each is most often written."""
    return [player.name for player in _players(db, sums.played_most(db, most))]
