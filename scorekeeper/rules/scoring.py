"""Scoring one side of one deal, with the arithmetic said in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import Bid, BidKind, board_name
from .ruleset import AtLeast, Exact, RainbowBid, RainbowBonus, Ruleset


@dataclass(frozen=True)
class SideScore:
    """What one side scored in one deal, whether it made its bid, and why."""

    score: int
    made: bool
    explain: tuple[str, ...]

    def plus(self, points: int, sentence: str) -> SideScore:
        """Return this score with a bonus added and explained."""
        return SideScore(self.score + points, self.made, (*self.explain, sentence))


def signed(points: int) -> str:
    """Write points with their sign: +40, -40, 0."""
    return f"+{points}" if points > 0 else str(points)


def plural(count: int, word: str) -> str:
    """Return "1 trick", "2 tricks"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def score_side(
    ruleset: Ruleset,
    cards: int,
    seats: Sequence[int],
    names: Sequence[str],
    bids: Sequence[Bid],
    levels: Sequence[int | None],
    tricks: int,
    rainbows: Sequence[int],
) -> SideScore:
    """Score one side: its seats, every seat's bid and board level, and the side's tricks."""
    team = len(seats) > 1
    boards = [(levels[seat] or 0, seat) for seat in seats if bids[seat].kind is BidKind.BOARD]
    rainbow_bidders = [seat for seat in seats if bids[seat].kind is BidKind.RAINBOW]
    if boards:
        level, bidder = max(boards)
        result = _board(ruleset, cards, level, names[bidder], tricks, team)
        others = [s for s in seats if s != bidder and bids[s].kind is BidKind.NUMBER]
        ignored = [s for s in others if bids[s].tricks > 0]
        if ignored:
            partner = ignored[0]
            note = (
                f"{names[partner]}'s bid of {bids[partner].tricks} does not count beside a board."
            )
            result = SideScore(result.score, result.made, (*result.explain, note))
    elif rainbow_bidders and isinstance(ruleset.rainbow, RainbowBid):
        result = _rainbow_bid(ruleset.rainbow, names[rainbow_bidders[0]], tricks)
    elif ruleset.is_one_card(cards):
        who = " and ".join(names[seat] for seat in seats)
        result = SideScore(0, True, (f"{who} passed on the 1-card deal: no score.",))
    else:
        target = sum(bids[seat].tricks for seat in seats)
        said = _numeric_bids(seats, names, bids)
        if isinstance(ruleset.scoring, AtLeast):
            result = _at_least(ruleset.scoring, said, target, tricks)
        else:
            result = _exact(ruleset.scoring, said, target, tricks, cards)
    if isinstance(ruleset.rainbow, RainbowBonus) and ruleset.pays_rainbow_bonus(cards):
        for seat in seats:
            if seat in rainbows:
                bonus = ruleset.rainbow.bonus
                result = result.plus(bonus, f"{names[seat]} held a rainbow: {signed(bonus)}.")
    return result


def _numeric_bids(seats: Sequence[int], names: Sequence[str], bids: Sequence[Bid]) -> str:
    """Say who bid what: "Bob bid 3", "Bob passed", "Ann 2 + Cy pass = 2 bid"."""
    if len(seats) == 1:
        bid = bids[seats[0]]
        return f"{names[seats[0]]} passed" if bid.is_zero else f"{names[seats[0]]} bid {bid.tricks}"
    if all(bids[seat].is_zero for seat in seats):
        return " and ".join(names[seat] for seat in seats) + " passed"
    parts = " + ".join(f"{names[seat]} {bids[seat].label()}" for seat in seats)
    return f"{parts} = {sum(bids[seat].tricks for seat in seats)} bid"


def _at_least(scoring: AtLeast, said: str, target: int, tricks: int) -> SideScore:
    if tricks >= target:
        over = tricks - target
        terms = []
        if target:
            terms.append(f"{target} × {scoring.per_bid}")
        if over:
            terms.append(f"{over} over" if scoring.over == 1 else f"{over} over × {scoring.over}")
        score = scoring.per_bid * target + scoring.over * over
        arithmetic = " + ".join(terms) or "0"
        return SideScore(score, True, (f"{said}, took {tricks}: {arithmetic} = {score}",))
    score = -scoring.set_per_bid * target
    return SideScore(
        score, False, (f"{said}, took {tricks}: set, -{scoring.set_per_bid} × {target} = {score}",)
    )


def _exact(scoring: Exact, said: str, target: int, tricks: int, cards: int) -> SideScore:
    if tricks == target and target == cards:
        score = scoring.all_base + scoring.all_per_trick * tricks
        arithmetic = f"{scoring.all_base} + {scoring.all_per_trick} × {tricks} = {score}"
        return SideScore(score, True, (f"{said}, took all {tricks}: {arithmetic}",))
    if tricks == target:
        score = scoring.made_base + scoring.made_per_trick * tricks
        arithmetic = f"{scoring.made_base} + {scoring.made_per_trick} × {tricks} = {score}"
        return SideScore(score, True, (f"{said}, took exactly {tricks}: {arithmetic}",))
    score = scoring.missed_per_trick * tricks
    arithmetic = f"{scoring.missed_per_trick} × {tricks} = {score}"
    return SideScore(score, False, (f"{said}, took {tricks}, not the bid: {arithmetic}",))


def _board(
    ruleset: Ruleset, cards: int, level: int, bidder: str, tricks: int, team: bool
) -> SideScore:
    assert ruleset.board is not None
    multiplier = ruleset.board.multiplier(level)
    name = board_name(level) if level > 1 else "board (single)"
    who = "the team" if team else bidder
    if ruleset.is_one_card(cards):
        value = ruleset.one_card_board or 0
        terms = [str(value)] if multiplier == 1 else [str(value), str(multiplier)]
    else:
        value = ruleset.board.per_trick * cards
        terms = [str(ruleset.board.per_trick), str(cards)]
        if multiplier != 1:
            terms.append(str(multiplier))
    value *= multiplier
    made = tricks == cards
    score = value if made else -value
    took = f"all {cards}" if made else f"{tricks} of {cards}"
    sign = "" if made else "-"
    if len(terms) == 1:
        arithmetic = signed(score)
    else:
        arithmetic = f"{sign}{' × '.join(terms)} = {score}"
    subject = f"{bidder} bid {name} and {who} took" if team else f"{bidder} bid {name} and took"
    return SideScore(score, made, (f"{subject} {took}: {arithmetic}",))


def _rainbow_bid(rule: RainbowBid, bidder: str, tricks: int) -> SideScore:
    if tricks >= 1:
        return SideScore(
            rule.made,
            True,
            (f"{bidder} bid rainbow and took {plural(tricks, 'trick')}: {signed(rule.made)}",),
        )
    return SideScore(
        rule.failed, False, (f"{bidder} bid rainbow and took no trick: {signed(rule.failed)}",)
    )
