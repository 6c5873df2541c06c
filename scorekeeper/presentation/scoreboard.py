"""The watch page's scoreboard as plain data: the standings, the last deal, what comes next.

`scoreboard` is the one call that builds it, for the watch page and for the part
of it the page swaps in when the game changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.sentences import Lines, Sentence
from ..storage import Connection, StoredGame, get_game
from .chart import game_chart


@dataclass(frozen=True)
class Standing:
    """One side on the scoreboard: its name, its total, and whether it is in front."""

    name: str
    total: int
    leads: bool


@dataclass(frozen=True)
class BoardLine:
    """One side's points in the last deal, and why."""

    side: str
    score: int
    explain: str


@dataclass(frozen=True)
class BoardDeal:
    """A deal on the scoreboard: the last one played, or the next one to deal."""

    number: int
    cards: int
    dealer: str
    thrown_in: bool = False
    lines: tuple[BoardLine, ...] = ()
    note: str = ""  #: what the table wrote beside the deal


@dataclass(frozen=True)
class Scoreboard:
    """What the watch page shows: the standings, the last deal, and what comes next."""

    game_id: str
    version: int
    ruleset: str
    players: list[str]
    sides: list[str]
    complete: bool
    standings: list[Standing]
    played: int  #: the schedule slot of the last deal played (0 before the first)
    deals: int  #: deals in the whole schedule
    recorded: int  #: deals recorded, thrown-in deals counted
    scored: int  #: deals scored so far (thrown-in deals not counted)
    say: str  #: the standings as one sentence, for reading aloud
    last: BoardDeal | None
    next: BoardDeal | None
    chart_svg: str  #: every name in it escaped


def scoreboard(db: Connection, game_id: str, language: str = "en") -> Scoreboard:
    """Build the scoreboard of a game, its chart in the page's language (raise NotFound for
    an unknown game)."""
    return build_scoreboard(get_game(db, game_id), language)


def build_scoreboard(stored: StoredGame, language: str = "en") -> Scoreboard:
    """Turn a stored game into the watch page's scoreboard."""
    result = stored.result()
    players = result.game.players
    scored = sum(not deal.thrown_in for deal in result.deals)
    best = max(result.totals) if scored else None
    standings = [
        Standing(name, total, total == best)
        for name, total in zip(result.sides, result.totals, strict=True)
    ]
    played = result.deals[-1].setup.number if result.deals else 0
    ranked = sorted(standings, key=lambda standing: -standing.total)
    spoken = Lines(
        [
            Sentence("{name} {total}", name=s.name.replace("&", "and"), total=s.total)
            for s in ranked
        ],
        ", ",
    )
    say: str
    if result.complete:
        say = Sentence("Game over. {scores}.", scores=spoken)
    elif result.deals:
        say = Sentence("After deal {deal}: {scores}.", deal=played, scores=spoken)
    else:
        say = ""
    last = None
    if result.deals:
        deal = result.deals[-1]
        lines = ()
        if deal.sides is not None:
            lines = tuple(
                BoardLine(name, side.score, Lines(side.explain))
                for name, side in zip(result.sides, deal.sides, strict=True)
            )
        setup = deal.setup
        last = BoardDeal(
            setup.number,
            setup.cards,
            players[setup.dealer],
            deal.thrown_in,
            lines,
            deal.record.note or "",
        )
    upcoming = result.next
    return Scoreboard(
        game_id=stored.id,
        version=stored.version,
        ruleset=result.game.ruleset.name,
        players=list(players),
        sides=list(result.sides),
        complete=result.complete,
        standings=standings,
        played=played,
        deals=len(result.schedule),
        recorded=len(result.deals),
        scored=scored,
        say=say,
        last=last,
        next=None
        if upcoming is None
        else BoardDeal(upcoming.number, upcoming.cards, players[upcoming.dealer]),
        chart_svg=game_chart(stored, language),
    )
