"""Settle it, as plain data: a game scored under another ruleset beside its own, deal by deal.

`compare_page` is the one call: the game, the rulesets it could be compared with (each
tried on its deals, with why one cannot score them), and the comparison chosen. The
scoring and the reasons are `house_rules.compare`'s; here they become words and numbers.

A long game of many players is compared a part at a time (LINES_PER_PART lines of
scores and their sentences), so no page of the largest game outgrows a phone; at most
TRY_AT_MOST rulesets are tried on the game for the list of choices, whatever the
family has saved. A comparison is worked out once for each game text and ruleset.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..house_rules.compare import Comparison, Line, RuleChange, compare
from ..rules import GameResult, Ruleset
from ..rules.lately import Lately
from ..storage import Connection, StoredGame, find_any_ruleset, get_game, ruleset_choices

#: Lines (one side's score and its sentences, under both rulesets) on one part of the page:
#: every deal of a 26-deal game of 4 sides on one, 12 deals at a time of 20 sides.
LINES_PER_PART = 240
#: The most rulesets tried on a game for the list of choices; any more are listed untried.
TRY_AT_MOST = 40

#: Comparisons worked out lately, by the game's text and the other ruleset; and, for the list
#: of choices, what each ruleset tried on a game found wrong with it (None: nothing).
_COMPARED: Lately[Any, Comparison] = Lately(16)
_TRIED: Lately[Any, str | None] = Lately(256)


class NoSuchPart(LookupError):
    """A part of the comparison that is not there."""


@dataclass(frozen=True)
class CompareChoice:
    """A ruleset the game could be compared with, or why it cannot be scored under it."""

    slug: str
    name: str
    problem: str | None
    tried: bool = True  #: whether it was tried on the game (TRY_AT_MOST are)


@dataclass(frozen=True)
class ScoreLine:
    """One row of a comparison: a side (or a player, where the sides differ) under both rules."""

    label: str
    ours: int | None  #: None for a deal thrown in
    theirs: int | None
    differs: bool
    difference: int | None  #: theirs less ours
    ours_explain: tuple[str, ...]
    theirs_explain: tuple[str, ...]


@dataclass(frozen=True)
class ComparedDeal:
    """One deal of the game under both rulesets."""

    position: int  #: its place among the deals recorded, thrown-in deals counted
    number: int  #: its deal number in the schedule
    cards: int
    thrown_in: bool
    differs: bool
    because: list[str]  #: the rules that, changed alone, change its score
    lines: list[ScoreLine]


@dataclass(frozen=True)
class ComparePart:
    """One part of a long comparison, as its link names it."""

    number: int  #: from 1
    first: int  #: the deal number of its first deal
    last: int  #: the deal number of its last deal
    current: bool


@dataclass(frozen=True)
class Compared:
    """The game under the other ruleset: what changes, the totals, each deal; or why it cannot."""

    other: str  #: the other ruleset's name
    changes: list[RuleChange]  #: what the other ruleset changes, rule by rule
    problem: str | None  #: why the other ruleset cannot score the game
    by_seat: bool  #: the lines are players, since one of the two rulesets scores teams
    teams: str  #: the name of the ruleset that scores teams, where by_seat
    totals: list[ScoreLine]
    decided: bool  #: the game is over and has a winner, under its own rules
    winners: list[str]  #: under the game's own rules
    their_winners: list[str]
    complete: bool  #: the game is over: its totals are final
    deals: list[ComparedDeal]  #: the deals of the part shown
    parts: list[ComparePart]  #: the parts of a long comparison; empty when it is one part


@dataclass(frozen=True)
class ComparePage:
    """A game, the rulesets it could be scored under, and the comparison chosen."""

    game_id: str
    ruleset: str  #: the name of the rules it was played under
    sides: list[str]
    players: list[str]
    chosen: str  #: the slug of the ruleset chosen ("" for none yet)
    choices: list[CompareChoice]
    comparison: Compared | None


def compare_page(db: Connection, game_id: str, slug: str, part: int = 1) -> ComparePage:
    """Build the compare page of a game, the part of the deals asked for (raise NotFound for an
    unknown game or ruleset, NoSuchPart for a part the comparison does not have)."""
    stored = get_game(db, game_id)
    ours = stored.result()
    comparison = None
    if slug:
        other = find_any_ruleset(db, slug)
        key = (stored.read.text, _document_key(other.ruleset), json.dumps(other.game_ref))
        whole = _COMPARED.get_or_make(key, lambda: compare(ours, other.ruleset, other.game_ref))
        comparison = compared(whole, part)
    return ComparePage(
        game_id=stored.id,
        ruleset=ours.game.ruleset.name,
        sides=list(ours.sides),
        players=list(ours.game.players),
        chosen=slug,
        choices=compare_choices(db, stored),
        comparison=comparison,
    )


def compare_choices(db: Connection, stored: StoredGame) -> list[CompareChoice]:
    """Return the other rulesets that seat the game's players, each tried on the game's deals."""
    players = len(stored.game.players)
    own = stored.game.ruleset
    ours = stored.result()
    seated = [
        choice
        for choice in ruleset_choices(db)
        if choice.ruleset.min_players <= players <= choice.ruleset.max_players
        and choice.ruleset.document != own.document
    ]

    def problem(ruleset: Ruleset, ref: Any) -> str | None:
        key = (stored.read.text, _document_key(ruleset), json.dumps(ref))
        return _TRIED.get_or_make(key, lambda: compare(ours, ruleset, ref).problem)

    return [
        CompareChoice(choice.slug, choice.ruleset.name, problem(choice.ruleset, choice.game_ref))
        if tried < TRY_AT_MOST
        else CompareChoice(choice.slug, choice.ruleset.name, None, tried=False)
        for tried, choice in enumerate(seated)
    ]


def _document_key(ruleset: Ruleset) -> str:
    return json.dumps(ruleset.document, sort_keys=True)


def compared(comparison: Comparison, part: int = 1) -> Compared:
    """Turn a comparison into the page's words and numbers: the deals of one part of it."""
    ours, theirs = comparison.ours, comparison.theirs
    own = ours.game.ruleset
    size = max(1, LINES_PER_PART // max(1, len(comparison.totals)))
    deals = comparison.deals
    count = max(1, -(-len(deals) // size))
    if not 1 <= part <= count:
        raise NoSuchPart(part)
    parts = []
    if count > 1:
        parts = [
            ComparePart(
                number,
                deals[(number - 1) * size].ours.setup.number,
                deals[min(number * size, len(deals)) - 1].ours.setup.number,
                number == part,
            )
            for number in range(1, count + 1)
        ]
    return Compared(
        other=comparison.other.name,
        changes=list(comparison.changes),
        problem=comparison.problem,
        by_seat=comparison.by_seat,
        teams=own.name if own.partnership else comparison.other.name,
        totals=score_lines(comparison.totals),
        decided=ours.complete and ours.winners is not None,
        winners=_winners(ours),
        their_winners=[] if theirs is None else _winners(theirs),
        complete=ours.complete,
        parts=parts,
        deals=[
            ComparedDeal(
                position=deal.position,
                number=deal.ours.setup.number,
                cards=deal.ours.setup.cards,
                thrown_in=deal.ours.thrown_in,
                differs=deal.differs,
                because=list(deal.because),
                lines=score_lines(deal.lines),
            )
            for deal in deals[(part - 1) * size : part * size]
        ],
    )


def score_lines(lines: Sequence[Line]) -> list[ScoreLine]:
    """Turn the rows of a comparison into plain rows, the difference worked out."""
    return [
        ScoreLine(
            line.label,
            line.ours,
            line.theirs,
            line.differs,
            line.difference,
            line.ours_explain,
            line.theirs_explain,
        )
        for line in lines
    ]


def _winners(result: GameResult) -> list[str]:
    return [result.sides[side] for side in result.winners or ()]
