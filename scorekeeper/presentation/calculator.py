"""One deal, every ruleset, as plain data: what a deal at a table of four scores under each.

`calculator_page` is the one call. The view reads the form into a `DealAsked` (what was
bid and taken, seat by seat); here it is checked as a whole (the names, the tricks),
scored under every ruleset by `house_rules.compare`, and each family's house rules
are set beside the built-in they start from, with the rules that change the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..house_rules.compare import OneDeal, RuleChange, judge_difference, judge_everywhere
from ..rules import MAX_NAME_LENGTH, NameRefused, find_ruleset, name_key, parse_bid, read_name
from ..rules.sentences import Plural, Sentence
from ..storage import Connection, ruleset_choices
from .rules_pages import SideResult, side_results

#: What the page says when a seat's bid or tricks, or the cards, are not one of the choices.
CHOOSE_EVERY_SEAT = Sentence("Choose a bid and the tricks taken for every player.")


@dataclass(frozen=True)
class DealAsked:
    """One deal as entered: cards each, the dealer's seat, and each seat's bid, tricks, rainbow."""

    cards: int
    dealer: int
    bids: tuple[str, ...]  #: as the form sends them: "pass", "3", "board", "rainbow"
    tricks: tuple[int, ...]
    rainbows: tuple[int, ...]  #: the seats that held a rainbow


@dataclass(frozen=True)
class Verdict:
    """What the deal scores under one ruleset, seat by seat; or why that ruleset refuses it."""

    ruleset: str
    partnership: bool
    problem: str | None
    thrown_in: bool
    seat_scores: list[int | None]  #: each seat's side's score (a partner shows the team's)
    results: list[SideResult]  #: each side's score and why ([] if refused or thrown in)


@dataclass(frozen=True)
class HouseDifference:
    """What a family's house rules change from their built-in, and whether it changes the deal."""

    base: str  #: the built-in's name
    house: str  #: the house rules' name
    changes: list[RuleChange]
    differs: bool  #: the deal scores differently under the two
    because: list[str]  #: the rules that, changed alone, change the deal's score


@dataclass(frozen=True)
class Calculator:
    """The calculator: the four players, and the deal under every ruleset, or what is wrong."""

    names: list[str]  #: in seating order
    problem: str | None
    verdicts: list[Verdict]
    differences: list[HouseDifference]
    max_name_length: int = MAX_NAME_LENGTH  #: the longest name a seat takes


def calculator_page(
    db: Connection, names: Sequence[str], asked: DealAsked | None, *, unreadable: bool = False
) -> Calculator:
    """Score the deal asked under every ruleset (none asked: the empty calculator).

    `unreadable` says a choice of the form was missing or not one offered.
    """
    names = list(names)
    if unreadable:
        return Calculator(names, CHOOSE_EVERY_SEAT, [], [])
    if asked is None:
        return Calculator(names, None, [], [])
    deal, problem = one_deal(names, asked)
    if deal is None:
        return Calculator(names, problem, [], [])
    choices = ruleset_choices(db)
    verdicts = [
        Verdict(
            ruleset=verdict.ruleset.name,
            partnership=verdict.ruleset.partnership,
            problem=verdict.problem,
            thrown_in=verdict.thrown_in,
            seat_scores=list(verdict.seat_scores),
            results=[] if verdict.results is None else side_results(verdict.sides, verdict.results),
        )
        for verdict in judge_everywhere(deal, [choice.ruleset for choice in choices])
    ]
    differences = []
    for choice in choices:
        if choice.house and choice.base:
            difference = judge_difference(deal, find_ruleset(choice.base), choice.ruleset)
            differences.append(
                HouseDifference(
                    base=difference.ours.name,
                    house=difference.theirs.name,
                    changes=list(difference.changes),
                    differs=difference.differs,
                    because=list(difference.because),
                )
            )
    return Calculator(names, None, verdicts, differences)


def one_deal(names: Sequence[str], asked: DealAsked) -> tuple[OneDeal | None, str | None]:
    """Read the deal asked as one the rules can score, or say why it cannot be one."""
    try:
        names = [read_name(name, seat) for seat, name in enumerate(names)]
    except NameRefused as refused:
        return None, Sentence(
            "Player {seat}: {reason}.", seat=refused.seat + 1, reason=refused.reason
        )
    if len({name_key(name) for name in names}) != len(names):
        return None, Sentence("Give the four players different names.")
    cards, tricks = asked.cards, asked.tricks
    bids = tuple(parse_bid(bid, player=name) for bid, name in zip(asked.bids, names, strict=True))
    everyone_passed = all(bid.is_zero for bid in bids)
    if sum(tricks) != cards and not (everyone_passed and sum(tricks) == 0):
        return None, Plural(
            "The tricks add up to {taken}, but with {n} card each there is {n}.",
            "The tricks add up to {taken}, but with {n} cards each there are {n}.",
            cards,
            taken=sum(tricks),
        )
    return OneDeal(tuple(names), asked.dealer, cards, bids, tricks, asked.rainbows), None
