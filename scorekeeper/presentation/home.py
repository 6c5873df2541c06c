"""The home page as plain data: one page of the list of games, the ask before a deletion, the
ask before a phone scores a game through its edit link, and the ask before a phone keeps a
game through the host's one-use creator link.

The list is drawn from every game's stored results (`standings.results`): games being
played first, then the latest changed, twenty to a page, found by player, rules, day
and state; the archive is the same list of the games moved there. A game in the archive
is deleted for good only after a page that names it asks first (`delete_page`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..rules.sentences import Sentence
from ..rules.variants import titled
from ..standings.results import GameFilter, archived_count, recent_games, ruleset_names
from ..storage import Connection, created_by, creator_key_matches, get_game
from ..storage.listing import ListedGame

#: Rulesets the list's filter offers: the most played (every one a family plays), not every
#: name an archive ever held.
RULESETS_OFFERED = 30


@dataclass(frozen=True)
class HomeGame:
    """One game on the list: its sides and totals, and how it stands."""

    id: str
    updated: str
    ruleset: str  #: its name (`titled`: said in the reader's language where it is the app's)
    sides: list[str]
    totals: list[int]
    complete: bool
    winners: list[int]  #: the sides that won, once the game is over
    leaders: list[int]  #: the sides ahead (all of them when level), once a deal is recorded
    next_deal: int | None
    schedule: int  #: deals in the whole game
    yours: bool  #: this phone started it: it may move it to the archive and delete it


@dataclass(frozen=True)
class HomePage:
    """The home page: one page of games, the links to the pages beside it, and the filters."""

    games: list[HomeGame]
    newer: str  #: where the page of newer games starts, or "" on the first page
    older: str  #: where the page of older games starts, or "" on the last page
    kept: dict[str, str]  #: the filters as asked, kept in the links to the pages beside it
    filtered: bool  #: whether any filter leaves games out
    archive_view: bool  #: whether the list is of the games in the archive
    archived: int  #: games in the archive
    #: The rules filter's (value, label): the rules played most, by their stored name.
    ruleset_choices: list[tuple[str, str]]


@dataclass(frozen=True)
class DeletePage:
    """The ask before a game is deleted for good (or, still on the list, moved to the archive)."""

    game_id: str
    players: list[str]
    deals: int  #: deals recorded
    archived: bool  #: only a game in the archive can be deleted for good


def home_page(
    db: Connection,
    chosen: GameFilter,
    *,
    older_than: str = "",
    newer_than: str = "",
    kept: Mapping[str, str] | None = None,
    device: str | None = None,
) -> HomePage:
    """Build one page of the list of the games the filter chooses, for this phone.

    The page after `older_than`, or before `newer_than` (a listed game's cursor), or the
    first; `kept` is the filters as the address said them, for the links beside it.
    """
    listed = recent_games(db, chosen, older_than=older_than, newer_than=newer_than)
    yours = created_by(db, device, [game.id for game in listed.games])
    return HomePage(
        games=[_home_game(game, game.id in yours) for game in listed.games],
        newer=listed.newer,
        older=listed.older,
        kept=dict(kept or {}),
        filtered=chosen != GameFilter(),
        archive_view=chosen.archived,
        archived=archived_count(db),
        ruleset_choices=[
            ("", Sentence("Any")),
            *((name, titled(name)) for name in _rulesets_offered(db, chosen)),
        ],
    )


@dataclass(frozen=True)
class KeepPage:
    """The ask before a phone keeps a game, opened from the host's one-use creator link."""

    game_id: str
    players: list[str]
    deals: int  #: deals recorded
    usable: bool  #: the link is the game's, not yet used (else the page refuses it)


def keep_page(db: Connection, game_id: str, creator_key: str) -> KeepPage:
    """Build the ask before this phone keeps the game (raise NotFound if unknown).

    Opening the link asks; only the answer uses it up, so a link preview uses nothing.
    """
    stored = get_game(db, game_id)
    return KeepPage(
        game_id=stored.id,
        players=list(stored.game.players),
        deals=len(stored.game.deals),
        usable=creator_key_matches(db, game_id, creator_key),
    )


@dataclass(frozen=True)
class JoinPage:
    """The ask before a phone scores a game too, opened from the game's edit link."""

    game_id: str
    players: list[str]
    deals: int  #: deals recorded


def join_page(db: Connection, game_id: str) -> JoinPage:
    """Build the ask before this phone scores the game too (raise NotFound if unknown).

    Opening the edit link asks; only the answer makes the phone a scorer, so a chat app's
    link preview changes nothing.
    """
    stored = get_game(db, game_id)
    return JoinPage(
        game_id=stored.id, players=list(stored.game.players), deals=len(stored.game.deals)
    )


def delete_page(db: Connection, game_id: str) -> DeletePage:
    """Build the page asking before a game is deleted for good (raise NotFound if unknown)."""
    stored = get_game(db, game_id)
    return DeletePage(
        game_id=stored.id,
        players=list(stored.game.players),
        deals=len(stored.game.deals),
        archived=stored.archived is not None,
    )


def _rulesets_offered(db: Connection, chosen: GameFilter) -> list[str]:
    """Return the rulesets the filter offers: those played most, and the one chosen."""
    names = ruleset_names(db, RULESETS_OFFERED)
    if chosen.ruleset and chosen.ruleset not in names:
        names.append(chosen.ruleset)
    return names


def _home_game(game: ListedGame, yours: bool) -> HomeGame:
    return HomeGame(
        id=game.id,
        updated=game.updated,
        ruleset=titled(game.ruleset),
        sides=list(game.sides),
        totals=list(game.totals),
        complete=game.complete,
        winners=list(game.winners or ()),
        leaders=list(game.leaders),
        next_deal=game.next_deal,
        schedule=game.schedule,
        yours=yours,
    )
