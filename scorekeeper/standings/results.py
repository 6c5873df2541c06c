"""Every game's results kept stored, so the archive's pages cost the same with 10 games or 3,000.

The service (`service.games`, `service.taps`) calls `store_results` in the same
transaction as every change to a game. At start-up, `bring_up_to_date` scores
again every game whose stored results are missing (a database from before they
were kept), older than the game, or counted under other built-in rules. Reading
never writes: the list pages and the stats read what is stored. No Flask here.

House rules: a game keeps its own complete copy of the house ruleset it was
started under (`FoundRuleset.game_ref`), so saving or deleting house rules
changes no game's score and leaves every stored result right. What can change a
game's score without changing the game is a new release's built-in rules: the
summary's `STAMP` names them, and results counted under another stamp are
counted again when next read.
"""

from __future__ import annotations

from ..rules import GameResult
from ..storage import Connection, StoredGame, get_game, listing
from ..storage import results as rows
from ..storage.listing import GameFilter, GamePage
from .stats import FamilyStats, PlayerStats, family_stats, player_games
from .summary import STAMP, summarize

__all__ = [
    "GameFilter",
    "GamePage",
    "archived_count",
    "bring_up_to_date",
    "family",
    "recent_games",
    "ruleset_names",
    "store_results",
    "store_results_version",
    "with_games",
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


def ruleset_names(db: Connection) -> list[str]:
    """Return the name of every ruleset a stored game was played under."""
    return listing.result_rulesets(db)


def family(db: Connection) -> FamilyStats:
    """Count every player's stats over every game's stored results."""
    return family_stats(
        rows.seat_totals(db), rows.spellings(db), rows.points_by_cards(db), rows.meetings(db)
    )


def with_games(db: Connection, player: PlayerStats) -> PlayerStats:
    """Fill in a player's games, newest first (for their own page)."""
    player.games = player_games(rows.player_games(db, player.key))
    return player
