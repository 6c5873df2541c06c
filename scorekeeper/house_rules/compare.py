"""Settling disputes: the same game or deal scored under another ruleset, side by side.

What changed between the two rulesets is said rule by rule in the words of
words.py; each deal that scores differently is marked with the rules that
change it, found by rescoring with one rule changed at a time.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import (
    Bid,
    DealRecord,
    DealResult,
    DealSetup,
    Game,
    GameFileError,
    GameResult,
    RainbowBonus,
    Ruleset,
    ScoreError,
    SideScore,
    bidding_order,
    is_thrown_in,
    read_game,
    score_deal,
    score_game,
)
from ..rules.parts import ALL_KEYS
from ..rules.sentences import Plural, Sentence
from .documents import rule_value
from .schedules import schedule_words
from .words import RULE_TITLES, rule_words


def rescore(game: Game, ruleset: Ruleset, ref: Any = None) -> GameResult:
    """Score the same game (what was said and taken) under another ruleset.

    Raises ScoreError naming the first deal the other ruleset would not allow
    (a deal without trump cannot happen with a deck without jokers). Rainbows
    held count only where the other ruleset pays for them.
    """
    if not ruleset.partnership:
        for position, deal in enumerate(game.deals, 1):
            if deal.team_tricks is not None:
                raise GameFileError(
                    Sentence(
                        "only each team's tricks were written down, so the deal cannot be scored "
                        "player by player"
                    ),
                    deal=position,
                )
    keep_rainbows = isinstance(ruleset.rainbow, RainbowBonus)
    deals = []
    for deal in game.to_json()["deals"]:
        if not keep_rainbows:
            deal.pop("rainbows", None)
        deals.append(deal)
    document = {**game.to_json(), "ruleset": ref or ruleset.slug or "house", "deals": deals}
    return score_game(read_game(document, lookup=lambda _ref: ruleset))


@dataclass(frozen=True)
class Line:
    """One row of a comparison: a side (or a seat, when the sides differ) under both rulesets."""

    label: str
    ours: int | None
    theirs: int | None
    ours_explain: tuple[str, ...] = ()
    theirs_explain: tuple[str, ...] = ()

    @property
    def differs(self) -> bool:
        return self.ours != self.theirs

    @property
    def difference(self) -> int | None:
        if self.ours is None or self.theirs is None:
            return None
        return self.theirs - self.ours


@dataclass(frozen=True)
class DealComparison:
    """One deal of the game under both rulesets."""

    position: int
    ours: DealResult
    theirs: DealResult
    lines: tuple[Line, ...]
    because: tuple[str, ...] = ()  #: the rules that alone change this deal's score

    @property
    def differs(self) -> bool:
        return any(line.differs for line in self.lines)


@dataclass(frozen=True)
class Comparison:
    """A game under its own ruleset and another, deal by deal; or why the other cannot score it."""

    ours: GameResult
    other: Ruleset
    theirs: GameResult | None
    problem: str | None
    deals: tuple[DealComparison, ...]
    totals: tuple[Line, ...]
    changes: tuple[RuleChange, ...] = ()

    @property
    def by_seat(self) -> bool:
        """Say whether the lines are players (the two rulesets count sides differently)."""
        return self.theirs is not None and self.theirs.sides != self.ours.sides


def _lines(
    ours: GameResult,
    theirs: GameResult,
    pick: Callable[[GameResult, int], tuple[int | None, tuple[str, ...]]],
) -> tuple[Line, ...]:
    if ours.sides == theirs.sides:
        return tuple(
            Line(label, *_pair(pick(ours, side), pick(theirs, side)))
            for side, label in enumerate(ours.sides)
        )
    lines = []
    for seat, name in enumerate(ours.game.players):
        mine = pick(ours, ours.game.side_of(seat))
        other = pick(theirs, theirs.game.side_of(seat))
        lines.append(Line(name, *_pair(mine, other)))
    return tuple(lines)


def _pair(
    mine: tuple[int | None, tuple[str, ...]], other: tuple[int | None, tuple[str, ...]]
) -> tuple[int | None, int | None, tuple[str, ...], tuple[str, ...]]:
    return mine[0], other[0], mine[1], other[1]


def compare(ours: GameResult, other: Ruleset, ref: Any = None) -> Comparison:
    """Score a game under another ruleset and line the two up, deal by deal."""
    changes = what_changed(ours.game.ruleset, other)
    try:
        theirs = rescore(ours.game, other, ref)
    except ScoreError as error:
        if error.deal is not None:
            problem = Sentence(
                "Deal {deal} is not allowed under {rules}: {why}.",
                deal=error.deal,
                rules=other.name,
                why=error.message,
            )
        else:
            problem = Sentence(
                "This game cannot be scored under {rules}: {why}.",
                rules=other.name,
                why=error.message,
            )
        return Comparison(ours, other, None, problem, (), (), changes)
    because = _because(ours, other, changes)
    deals = []
    for position, (mine, their) in enumerate(zip(ours.deals, theirs.deals, strict=True), 1):

        def pick(result: GameResult, side: int, position: int = position) -> Any:
            deal = result.deals[position - 1]
            if deal.sides is None:
                return None, (Sentence("Thrown in: everyone passed, and it was dealt again."),)
            return deal.sides[side].score, deal.sides[side].explain

        lines = _lines(ours, theirs, pick)
        deals.append(DealComparison(position, mine, their, lines, because.get(position, ())))
    totals = _lines(ours, theirs, lambda result, side: (result.totals[side], ()))
    return Comparison(ours, other, theirs, None, tuple(deals), totals, changes)


# What changed ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleChange:
    """One rule that differs between two rulesets, said in plain words."""

    key: str
    title: str
    lines: tuple[str, ...]  #: e.g. "Points per bid: 10 → 5"


def what_changed(ours: Ruleset, theirs: Ruleset) -> tuple[RuleChange, ...]:
    """List every rule that differs between two rulesets, in the document's order."""
    changes = []
    for key in ALL_KEYS:
        if rule_value(ours.document, key) == rule_value(theirs.document, key):
            continue
        mine, other = rule_words(ours, key), rule_words(theirs, key)
        if not mine.facts and not other.facts:
            continue  # the name: it is not a rule of the game
        title = RULE_TITLES.get(key, key)
        lines: tuple[str, ...] = ()
        if [what for what, _ in mine.facts] == [what for what, _ in other.facts]:
            lines = tuple(
                Sentence("{what}: {was} → {now}", what=what, was=was, now=now)
                for (what, was), (_, now) in zip(mine.facts, other.facts, strict=True)
                if was != now
            )
        if not lines:
            lines = (
                Sentence(
                    "{what}: {was} → {now}", what=title, was=mine.summary(), now=other.summary()
                ),
            )
        changes.append(RuleChange(key, title, lines))
    return tuple(changes)


def one_rule_changed(ours: Ruleset, theirs: Ruleset, key: str) -> Ruleset | None:
    """Return our ruleset with only this rule taken from theirs (None if not valid alone)."""
    document = {
        **copy.deepcopy(ours.document),
        key: copy.deepcopy(rule_value(theirs.document, key)),
    }
    try:
        return Ruleset.from_document(document)
    except ScoreError:
        return None  # e.g. more players without a schedule for them: only together


def _scores(deal: DealResult) -> tuple[int, ...] | None:
    return None if deal.sides is None else tuple(side.score for side in deal.sides)


def _because(
    ours: GameResult, other: Ruleset, changes: Sequence[RuleChange]
) -> dict[int, tuple[str, ...]]:
    """Mark each deal with the rules that, changed alone, change its score."""
    because: dict[int, list[str]] = {}
    for change in changes:
        alone = one_rule_changed(ours.game.ruleset, other, change.key)
        if alone is None:
            continue
        try:
            result = rescore(ours.game, alone)
        except ScoreError:
            continue
        for position, (mine, theirs) in enumerate(zip(ours.deals, result.deals, strict=True), 1):
            if _scores(mine) != _scores(theirs):
                because.setdefault(position, []).append(change.title)
    return {position: tuple(titles) for position, titles in because.items()}


# The calculator -------------------------------------------------------------------------------


@dataclass(frozen=True)
class OneDeal:
    """One deal as entered in the calculator: names, dealer, cards, bids, tricks by seat."""

    players: tuple[str, ...]
    dealer: int
    cards: int
    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]
    rainbows: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What one deal scores under one ruleset, or why that ruleset would not allow it."""

    ruleset: Ruleset
    sides: tuple[str, ...]
    seat_scores: tuple[int | None, ...]  #: each seat's side's score (a partner shows the team's)
    results: tuple[SideScore, ...] | None
    problem: str | None
    thrown_in: bool = False
    levels: tuple[int | None, ...] = ()


def judge(deal: OneDeal, ruleset: Ruleset) -> Verdict:
    """Score one deal under a ruleset, or say why it is not allowed there."""
    count = len(deal.players)

    def refused(message: str) -> Verdict:
        problem = Sentence("not allowed under {rules}: {why}", rules=ruleset.name, why=message)
        return Verdict(ruleset, (), (None,) * count, None, problem)

    try:
        ruleset.check_players(count)
    except ScoreError as error:
        return refused(error.message)
    schedule = ruleset.schedule(count)
    if deal.cards not in schedule:
        return refused(
            Plural(
                "no deal has {n} card each (its deals: {deals})",
                "no deal has {n} cards each (its deals: {deals})",
                deal.cards,
                deals=schedule_words(schedule),
            )
        )
    game = Game(ruleset, deal.players, deal.dealer, ())
    rainbows = deal.rainbows if isinstance(ruleset.rainbow, RainbowBonus) else ()
    if is_thrown_in(ruleset, deal.bids):
        record = DealRecord(deal.bids)
    else:
        record = DealRecord(deal.bids, deal.tricks, rainbows=rainbows or None)
    order = bidding_order(ruleset, count, deal.dealer)
    setup = DealSetup(1, schedule.index(deal.cards) + 1, deal.cards, deal.dealer, order)
    try:
        result = score_deal(game, setup, record, (0,) * len(game.sides))
    except ScoreError as error:
        return refused(error.message)
    if result.sides is None:
        return Verdict(ruleset, game.sides, (None,) * count, None, None, True, result.levels)
    seat_scores = tuple(result.sides[game.side_of(seat)].score for seat in range(count))
    return Verdict(ruleset, game.sides, seat_scores, result.sides, None, False, result.levels)


def judge_everywhere(deal: OneDeal, rulesets: Sequence[Ruleset]) -> list[Verdict]:
    """Score one deal under every ruleset, side by side."""
    return [judge(deal, ruleset) for ruleset in rulesets]


@dataclass(frozen=True)
class Difference:
    """What one ruleset changes from another, and which of those changes alter one deal."""

    ours: Ruleset
    theirs: Ruleset
    changes: tuple[RuleChange, ...]
    differs: bool  #: the deal scores differently under the two
    because: tuple[str, ...]  #: the rules that, changed alone, change the deal's score


def judge_difference(deal: OneDeal, ours: Ruleset, theirs: Ruleset) -> Difference:
    """Say what theirs changes from ours, and which of those rules change this deal's score."""
    changes = what_changed(ours, theirs)
    mine = judge(deal, ours).seat_scores
    because = []
    for change in changes:
        alone = one_rule_changed(ours, theirs, change.key)
        if alone is not None and judge(deal, alone).seat_scores != mine:
            because.append(change.title)
    differs = judge(deal, theirs).seat_scores != mine
    return Difference(ours, theirs, changes, differs, tuple(because))
