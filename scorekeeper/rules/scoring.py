"""Scoring one side of one deal, with the arithmetic said in plain words."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .bidding import Bid, BidKind, board_name
from .parts import AtLeast, Exact, Khishti, RainbowBid, RainbowBonus
from .ruleset import Ruleset

#: How a score came about, put into words only when someone reads it.
Words = Callable[[], tuple[str, ...]]


class SideScore:
    """What one side scored in one deal, whether it made its bid, and why.

    The numbers are worked out at once; the sentences that say why are written only
    when `explain` is first read, since most scoring (totals, stats) never shows them.
    """

    __slots__ = ("_explain", "_words", "made", "score")

    def __init__(self, score: int, made: bool, words: Words) -> None:
        self.score = score
        self.made = made
        self._words: Words | None = words
        self._explain: tuple[str, ...] | None = None

    @property
    def explain(self) -> tuple[str, ...]:
        """Return the plain sentences that say how the score came about."""
        if self._explain is None:
            assert self._words is not None
            self._explain, self._words = self._words(), None
        return self._explain

    def plus(self, points: int, sentence: Callable[[], str]) -> SideScore:
        """Return this score with a bonus added, and the sentence that explains it."""
        return SideScore(self.score + points, self.made, lambda: (*self.explain, sentence()))

    def noted(self, sentence: Callable[[], str]) -> SideScore:
        """Return the same score with one more sentence of explanation."""
        return self.plus(0, sentence)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SideScore):
            return NotImplemented
        return (self.score, self.made, self.explain) == (other.score, other.made, other.explain)

    def __hash__(self) -> int:
        return hash((self.score, self.made))

    def __repr__(self) -> str:
        return f"SideScore(score={self.score}, made={self.made})"


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
    board_bidder = rainbow_bidder = None
    best_level = 0
    for seat in seats:
        kind = bids[seat].kind
        if kind is BidKind.BOARD:
            level = levels[seat] or 0
            if board_bidder is None or (level, seat) > (best_level, board_bidder):
                board_bidder, best_level = seat, level
        elif kind is BidKind.RAINBOW and rainbow_bidder is None:
            rainbow_bidder = seat
    if board_bidder is not None:
        result = _board(ruleset, cards, best_level, names[board_bidder], tricks, len(seats) > 1)
        ignored = [
            s
            for s in seats
            if s != board_bidder and bids[s].kind is BidKind.NUMBER and bids[s].tricks > 0
        ]
        if ignored:
            partner = ignored[0]
            result = result.noted(
                lambda: (
                    f"{names[partner]}'s bid of {bids[partner].tricks} does not count "
                    "beside a board."
                )
            )
    elif rainbow_bidder is not None and isinstance(ruleset.rainbow, RainbowBid):
        result = _rainbow_bid(ruleset.rainbow, names[rainbow_bidder], tricks)
    elif ruleset.is_one_card(cards):
        result = SideScore(
            0,
            True,
            lambda: (
                " and ".join(names[seat] for seat in seats)
                + " passed on the 1-card deal: no score.",
            ),
        )
    else:
        target = 0
        for seat in seats:
            target += bids[seat].tricks

        def said() -> str:
            return _numeric_bids(seats, names, bids)

        if isinstance(ruleset.scoring, AtLeast):
            result = _at_least(ruleset.scoring, said, target, tricks)
        else:
            result = _exact(ruleset.scoring, said, target, tricks, cards, ruleset.khishti)
    if rainbows and isinstance(ruleset.rainbow, RainbowBonus) and ruleset.pays_rainbow_bonus(cards):
        bonus = ruleset.rainbow.bonus
        for seat in seats:
            if seat in rainbows:
                name = names[seat]
                result = result.plus(
                    bonus, lambda name=name: f"{name} held a rainbow: {signed(bonus)}."
                )
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


def _at_least(scoring: AtLeast, said: Callable[[], str], target: int, tricks: int) -> SideScore:
    if tricks >= target:
        over = tricks - target
        score = scoring.per_bid * target + scoring.over * over

        def made() -> tuple[str, ...]:
            terms = []
            if target:
                terms.append(f"{target} × {scoring.per_bid}")
            if over:
                terms.append(
                    f"{over} over" if scoring.over == 1 else f"{over} over × {scoring.over}"
                )
            arithmetic = " + ".join(terms) or "0"
            return (f"{said()}, took {tricks}: {arithmetic} = {score}",)

        return SideScore(score, True, made)
    lost = -scoring.set_per_bid * target
    return SideScore(
        lost,
        False,
        lambda: (f"{said()}, took {tricks}: set, -{scoring.set_per_bid} × {target} = {lost}",),
    )


def _exact(
    scoring: Exact,
    said: Callable[[], str],
    target: int,
    tricks: int,
    cards: int,
    khishti: Khishti | None = None,
) -> SideScore:
    if tricks == target and target == cards:
        score = scoring.all_base + scoring.all_per_trick * tricks
        return SideScore(
            score,
            True,
            lambda: (
                f"{said()}, took all {tricks}: "
                f"{scoring.all_base} + {scoring.all_per_trick} × {tricks} = {score}",
            ),
        )
    if tricks == target:
        score = scoring.made_base + scoring.made_per_trick * tricks
        return SideScore(
            score,
            True,
            lambda: (
                f"{said()}, took exactly {tricks}: "
                f"{scoring.made_base} + {scoring.made_per_trick} × {tricks} = {score}",
            ),
        )
    if khishti is not None and tricks == 0:
        return _khishti(khishti, said, cards)
    missed = scoring.missed_per_trick * tricks
    return SideScore(
        missed,
        False,
        lambda: (
            f"{said()}, took {tricks}, not the bid: "
            f"{scoring.missed_per_trick} × {tricks} = {missed}",
        ),
    )


def _khishti(khishti: Khishti, said: Callable[[], str], cards: int) -> SideScore:
    """Score a bid of one or more that took no trick, where the house rules charge a khishti."""
    penalty = khishti.penalty(cards)

    def words() -> tuple[str, ...]:
        terms = []
        if khishti.fixed:
            terms.append(str(khishti.fixed))
        if khishti.per_card:
            terms.append(f"{khishti.per_card} × {plural(cards, 'card')}")
        arithmetic = " + ".join(terms).replace("+ -", "- ")
        if len(terms) > 1 or khishti.per_card:
            arithmetic = f"{arithmetic} = {penalty}"
        return (f"{said()}, took none: khishti, {arithmetic}",)

    return SideScore(penalty, False, words)


def _board(
    ruleset: Ruleset, cards: int, level: int, bidder: str, tricks: int, team: bool
) -> SideScore:
    assert ruleset.board is not None
    multiplier = ruleset.board.multiplier(level)
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

    def words() -> tuple[str, ...]:
        name = board_name(level) if level > 1 else "board (single)"
        took = f"all {cards}" if made else f"{tricks} of {cards}"
        sign = "" if made else "-"
        if len(terms) == 1:
            arithmetic = signed(score)
        else:
            arithmetic = f"{sign}{' × '.join(terms)} = {score}"
        if team:
            return (f"{bidder} bid {name} and the team took {took}: {arithmetic}",)
        return (f"{bidder} bid {name} and took {took}: {arithmetic}",)

    return SideScore(score, made, words)


def _rainbow_bid(rule: RainbowBid, bidder: str, tricks: int) -> SideScore:
    if tricks >= 1:
        return SideScore(
            rule.made,
            True,
            lambda: (
                f"{bidder} bid rainbow and took {plural(tricks, 'trick')}: {signed(rule.made)}",
            ),
        )
    return SideScore(
        rule.failed,
        False,
        lambda: (f"{bidder} bid rainbow and took no trick: {signed(rule.failed)}",),
    )
