"""Games brought in from a file: checked whole first, then written a few at a time.

An import may hold thousands of games (the host's `scorekeeper import-all`) or up to a
hundred (the web). Written in one transaction, it would hold the database's write lock
for as long as it takes, and a family's tap, waiting in another process, would wait as
long, then fail. So each transaction writes games for at most `TRANSACTION_SECONDS` of
work (always at least one), scored beforehand outside it, and the import then pauses
for `PAUSE_SECONDS`: longer than SQLite's longest wait between two tries for the lock
(100 ms), so a writer waiting anywhere gets its turn. A tap waits for one short
transaction at most. Between two transactions the import also copies the write-ahead
log into the database, outside the lock, so that work never falls to a tap's commit.

Every game was checked before the first is written (the callers read and score them
all first), so a bad game anywhere still imports nothing. An import stopped halfway (the
disk nearly full, the server stopped) keeps the games written so far, and says how many.
No Flask here.
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable, Sequence

from ..rules import Game, GameResult, score_game
from ..standings.results import store_results
from ..storage import Connection, DiskNearlyFull, insert_game

#: Work one transaction of an import does before it lets waiting writers in, in seconds.
TRANSACTION_SECONDS = 0.025
#: The pause between two transactions of an import, in seconds (see the module's docstring).
PAUSE_SECONDS = 0.11
#: Games scored ahead of the transaction that writes them.
SCORED_AHEAD = 200

#: Told after each transaction: games written so far, games in all.
Progress = Callable[[int, int], None]


class ImportCutShort(DiskNearlyFull):
    """The disk filled up partway through an import: the games written so far stay."""

    def __init__(self, done: int, total: int, full: DiskNearlyFull) -> None:
        super().__init__(full.free, full.keep)
        self.done, self.total = done, total
        self.message = (
            f"Only the first {done} of the {total} games were imported: the disk Scorekeeper "
            "keeps its games on is nearly full, and Scorekeeper stops saving before it is, "
            "so every game saved stays whole. Ask whoever runs Scorekeeper to free some "
            "space on that disk, then import the others."
        )


def import_games(
    db: Connection,
    games: Sequence[Game],
    *,
    device: str | None,
    progress: Progress | None = None,
    pause: float = PAUSE_SECONDS,
    budget: float = TRANSACTION_SECONDS,
) -> int:
    """Store checked games, a short transaction at a time; return how many were stored.

    The device, if given, becomes each game's creator. `progress` is told after each
    transaction how many games are written. Raise DiskNearlyFull if the disk is nearly
    full before the first game, ImportCutShort if it fills up after some.
    """
    scored: collections.deque[tuple[Game, GameResult]] = collections.deque()
    ahead = iter(games)
    done = 0
    while done < len(games):
        # Scored outside the transaction: the lock is held for writing only.
        for game in ahead:
            scored.append((game, score_game(game)))
            if len(scored) >= SCORED_AHEAD:
                break
        try:
            done += _write_some(db, scored, device, budget)
        except DiskNearlyFull as full:
            if done:
                raise ImportCutShort(done, len(games), full) from None
            raise
        if progress is not None:
            progress(done, len(games))
        db.checkpoint()  # outside the lock, rather than in a tap's commit
        if done < len(games):
            time.sleep(pause)
    return done


def _write_some(
    db: Connection,
    scored: collections.deque[tuple[Game, GameResult]],
    device: str | None,
    budget: float,
) -> int:
    """Write scored games in one transaction until `budget` seconds of work; return how many."""
    written = 0
    with db.write():
        started = time.monotonic()
        while scored:
            game, result = scored.popleft()
            stored = insert_game(db, game, result, creator=device)
            store_results(db, stored, result)
            written += 1
            if time.monotonic() - started >= budget:
                break
    return written
