"""Scoring one side of one deal, with the arithmetic said in plain words.

The numbers are worked out at once. The sentences that say why are not: each score keeps
the function that writes them and what it needs, and writes them when they are first read.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Sequence
from typing import Any

from .bidding import Bid, BidKind, board_name
from .parts import AtLeast, Exact, Khishti, MissPenalty, RainbowBid, RainbowBonus
from .ruleset import Ruleset
from .sentences import Plural, Sentence, joined

NUMBER = BidKind.NUMBER
BOARD = BidKind.BOARD
RAINBOW = BidKind.RAINBOW


class SideScore:
    """What one side scored in one deal, whether it made its bid, and why.

    `explain` is written on first reading by `words(*args)`, since most scoring (totals,
    stats, the benchmark) never shows it. A pair's score keeps each partner's own score in
    `parts`, in seat order (a set's premia is counted partner by partner).
    """

    __slots__ = ("_args", "_explain", "_words", "made", "parts", "score")

    def __init__(
        self,
        score: int,
        made: bool,
        words: Callable[..., tuple[str, ...]],
        args: tuple = (),
        parts: tuple[SideScore, ...] = (),
    ) -> None:
        self.score = score
        self.made = made
        self._words = words
        self._args = args
        self._explain: tuple[str, ...] | None = None
        self.parts = parts

    @property
    def explain(self) -> tuple[str, ...]:
        """Return the plain sentences that say how the score came about."""
        explain = self._explain
        if explain is None:
            # The maker and its arguments are kept: two threads may read at once.
            explain = self._explain = self._words(*self._args)
        return explain

    def plus(self, points: int, sentence: Callable[..., str], *args: Any) -> SideScore:
        """Return this score with points added, and the sentence `sentence(*args)` for them."""
        return SideScore(self.score + points, self.made, _then, (self, sentence, args), self.parts)

    def noted(self, sentence: Callable[..., str], *args: Any) -> SideScore:
        """Return the same score with one more sentence of explanation."""
        return self.plus(0, sentence, *args)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SideScore):
            return NotImplemented
        return (self.score, self.made, self.explain) == (other.score, other.made, other.explain)

    def __hash__(self) -> int:
        return hash((self.score, self.made))

    def __repr__(self) -> str:
        return f"SideScore(score={self.score}, made={self.made})"


def _then(before: SideScore, sentence: Callable[..., str], args: tuple) -> tuple[str, ...]:
    return (*before.explain, sentence(*args))


def signed(points: int) -> str:
    """Write points with their sign: +40, -40, 0."""
    return f"+{points}" if points > 0 else str(points)


def plural(count: int, word: str) -> str:
    """Return "1 trick", "2 tricks"."""
    if word == "card":
        return Plural("{n} card", "{n} cards", count)
    if word == "trick":
        return Plural("{n} trick", "{n} tricks", count)
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
    best_level = target = 0
    for seat in seats:
        bid = bids[seat]
        kind = bid.kind
        if kind is NUMBER:
            target += bid.tricks
        elif kind is BOARD:
            level = levels[seat] or 0
            if board_bidder is None or (level, seat) > (best_level, board_bidder):
                board_bidder, best_level = seat, level
        elif rainbow_bidder is None:
            rainbow_bidder = seat
    if board_bidder is not None:
        result = _board(ruleset, cards, best_level, names[board_bidder], tricks, len(seats) > 1)
        for partner in seats:
            bid = bids[partner]
            if partner != board_bidder and bid.kind is NUMBER and bid.tricks > 0:
                result = result.noted(_beside_board, names[partner], bid.tricks)
                break
    elif rainbow_bidder is not None and isinstance(ruleset.rainbow, RainbowBid):
        result = _rainbow_bid(ruleset.rainbow, names[rainbow_bidder], tricks)
    elif ruleset.one_card_board is not None and cards == 1:
        result = SideScore(0, True, _one_card_pass, (seats, names))
    else:
        scoring = ruleset.scoring
        said = (seats, names, bids)
        if type(scoring) is AtLeast:
            if tricks >= target:
                over = tricks - target
                score = scoring.per_bid * target + scoring.over * over
                result = SideScore(
                    score, True, _at_least_made, (scoring, said, target, tricks, over, score)
                )
            else:
                each = scoring.set_per_bid
                lost = -each * target
                result = SideScore(lost, False, _took, (SET, said, tricks, each, target, lost))
        else:
            result = _exact(ruleset, said, target, tricks, cards)
    if rainbows and isinstance(ruleset.rainbow, RainbowBonus) and ruleset.pays_rainbow_bonus(cards):
        bonus = ruleset.rainbow.bonus
        for seat in seats:
            if seat in rainbows:
                result = result.plus(bonus, _held_rainbow, names[seat], bonus)
    return result


def score_pair(parts: Sequence[SideScore], seats: Sequence[int], names: Sequence[str]) -> SideScore:
    """Score a pair from each partner's own score (`score_side` on their bid and tricks), added.

    The pair made its bids only if both partners did (a set's premia asks for both).
    """
    parts = tuple(parts)
    score = sum(part.score for part in parts)
    made = all(part.made for part in parts)
    pair = Sentence("{first} & {second}", first=names[seats[0]], second=names[seats[1]])
    if len(seats) != 2:
        pair = " & ".join(names[seat] for seat in seats)
    return SideScore(score, made, _pair_words, (parts, pair, score), parts)


def _pair_words(parts: Sequence[SideScore], pair: str, score: int) -> tuple[str, ...]:
    added = " + ".join(str(part.score) for part in parts).replace("+ -", "- ")
    said = Sentence("{pair}: {added} = {score}", pair=pair, added=added, score=score)
    return (*(line for part in parts for line in part.explain), said)


def _beside_board(name: str, tricks: int) -> str:
    return Sentence(
        "{name}'s bid of {tricks} does not count beside a board.", name=name, tricks=tricks
    )


def _one_card_pass(seats: Sequence[int], names: Sequence[str]) -> tuple[str, ...]:
    who = joined([names[seat] for seat in seats])
    return (Sentence("{who} passed on the 1-card deal: no score.", who=who),)


def _held_rainbow(name: str, bonus: int) -> str:
    return Sentence("{name} held a rainbow: {points}.", name=name, points=signed(bonus))


#: Who bid what, as `_numeric_bids` takes it: the side's seats, the names, the bids by seat.
Said = tuple[Sequence[int], Sequence[str], Sequence[Bid]]

#: How a bid of numbers came out, one sentence for each way, filled in by `_took` when the
#: explanation is first read: `{bids}` is who bid what, the other blanks the arithmetic, in
#: the order they stand. At-least scoring: the bid made (and any over), or the side set.
MADE = Sentence("{bids}, took {tricks}: {arithmetic} = {score}")
SET = Sentence("{bids}, took {tricks}: set, -{each} × {target} = {lost}")
#: Exact scoring: all n bid and taken, the bid taken exactly, a made pass, the bid missed
#: (by the tricks taken, or by a miss penalty), a khishti.
TOOK_ALL = Sentence("{bids}, took all {tricks}: {base} + {each} × {tricks} = {score}")
TOOK_EXACTLY = Sentence("{bids}, took exactly {tricks}: {base} + {each} × {tricks} = {score}")
MADE_PASS = Sentence("{bids}, took none: a made pass, {score}")
MISSED = Sentence("{bids}, took {tricks}, not the bid: {each} × {tricks} = {missed}")
MISSED_COST = Sentence("{bids}, took {tricks}, {how}: {arithmetic}")
KHISHTI = Sentence("{bids}, took none: khishti, {arithmetic}")


def _took(sentence: Sentence, said: Said, *values: Any) -> tuple[str, ...]:
    """Say who bid what and how it came out, in the sentence for that way: `values` fill
    its other blanks in the order they stand (kept as a tuple: most scores are never said)."""
    filled = dict(zip(_blanks(sentence.msgid), values, strict=True))
    return (Sentence(sentence.msgid, bids=_numeric_bids(*said), **filled),)


@functools.cache
def _blanks(pattern: str) -> tuple[str, ...]:
    """Name a pattern's blanks after {bids}, each once, in the order they stand."""
    names = (name for _, name, _, _ in string.Formatter().parse(pattern) if name)
    return tuple(dict.fromkeys(name for name in names if name != "bids"))


def _numeric_bids(seats: Sequence[int], names: Sequence[str], bids: Sequence[Bid]) -> str:
    """Say who bid what: "Bob bid 3", "Bob passed", "Ann 2 + Cy pass = 2 bid"."""
    if len(seats) == 1:
        bid = bids[seats[0]]
        name = names[seats[0]]
        if bid.is_zero:
            return Sentence("{name} passed", name=name)
        return Sentence("{name} bid {tricks}", name=name, tricks=bid.tricks)
    if all(bids[seat].is_zero for seat in seats):
        return Sentence("{who} passed", who=joined([names[seat] for seat in seats]))
    parts = " + ".join(f"{names[seat]} {bids[seat].label()}" for seat in seats)
    if len(seats) == 2:
        first, second = seats
        parts = Sentence(
            "{first} {first_bid} + {second} {second_bid}",
            first=names[first],
            first_bid=bids[first].label(),
            second=names[second],
            second_bid=bids[second].label(),
        )
    total = sum(bids[seat].tricks for seat in seats)
    return Sentence("{bids} = {total} bid", bids=parts, total=total)


def _at_least_made(
    scoring: AtLeast, said: Said, target: int, tricks: int, over: int, score: int
) -> tuple[str, ...]:
    terms = []
    if target:
        terms.append(f"{target} × {scoring.per_bid}")
    if over:
        if scoring.over == 1:
            terms.append(Sentence("{over} over", over=over))
        else:
            terms.append(Sentence("{over} over × {each}", over=over, each=scoring.over))
    return _took(MADE, said, tricks, _added(terms), score)


def _added(terms: list) -> str:
    """Add terms up in words: "3 × 20 + 1 over" (a term may be a sentence)."""
    if not terms:
        return "0"
    if len(terms) == 1:
        return terms[0]
    return Sentence("{first} + {rest}", first=terms[0], rest=_added(terms[1:]))


def _exact(ruleset: Ruleset, said: Said, target: int, tricks: int, cards: int) -> SideScore:
    scoring: Exact = ruleset.scoring  # type: ignore[assignment]
    if tricks == target:
        if target == cards:
            sentence, base, each = TOOK_ALL, scoring.all_base, scoring.all_per_trick
        elif target == 0 and ruleset.made_pass is not None:
            made_pass = ruleset.made_pass
            return SideScore(made_pass, True, _took, (MADE_PASS, said, made_pass))
        else:
            sentence, base, each = TOOK_EXACTLY, scoring.made_base, scoring.made_per_trick
        score = base + each * tricks
        return SideScore(score, True, _took, (sentence, said, tricks, base, each, score))
    khishti = ruleset.khishti
    if khishti is not None and tricks == 0:
        return SideScore(khishti.penalty(cards), False, _khishti, (khishti, said, cards))
    penalty = ruleset.miss_penalty
    if penalty is not None:
        cost = penalty.cost(target, tricks)
        if cost is not None:
            return SideScore(cost, False, _missed_cost, (penalty, said, target, tricks, cost))
    each = scoring.missed_per_trick
    missed = each * tricks
    return SideScore(missed, False, _took, (MISSED, said, tricks, each, missed))


def _missed_cost(
    penalty: MissPenalty, said: Said, target: int, tricks: int, cost: int
) -> tuple[str, ...]:
    """Say what a missed bid costs: "2 short: -100 × 2 = -200", or a fixed "-200"."""
    short = tricks < target
    off = target - tricks if short else tricks - target
    per_trick = penalty.short if short else penalty.over
    terms = []
    if penalty.fixed:
        terms.append(str(penalty.fixed))
    if per_trick:
        terms.append(f"{per_trick} × {off}")
    arithmetic = " + ".join(terms).replace("+ -", "- ")
    if per_trick:
        arithmetic = f"{arithmetic} = {cost}"
    if not per_trick:
        how = Sentence("not the bid")
    elif short:
        how = Sentence("{off} short", off=off)
    else:
        how = Sentence("{over} over", over=off)
    return _took(MISSED_COST, said, tricks, how, arithmetic)


def _khishti(khishti: Khishti, said: Said, cards: int) -> tuple[str, ...]:
    """Say the khishti: a bid of one or more that took no trick, where the house rules charge it."""
    per_card = khishti.per_card
    if khishti.fixed and per_card:
        # " + ".join(...) with "+ -" written "- ", as the sentence always said it.
        pattern = "{fixed} - {each} × {cards}" if per_card < 0 else "{fixed} + {each} × {cards}"
        each = -per_card if per_card < 0 else per_card
        cards_said = plural(cards, "card")
        arithmetic = Sentence(pattern, fixed=khishti.fixed, each=each, cards=cards_said)
    elif per_card:
        arithmetic = Sentence("{each} × {cards}", each=per_card, cards=plural(cards, "card"))
    else:
        arithmetic = str(khishti.fixed) if khishti.fixed else ""
    if per_card:
        arithmetic = Sentence(
            "{arithmetic} = {penalty}", arithmetic=arithmetic, penalty=khishti.penalty(cards)
        )
    return _took(KHISHTI, said, arithmetic)


def _board(
    ruleset: Ruleset, cards: int, level: int, bidder: str, tricks: int, team: bool
) -> SideScore:
    assert ruleset.board is not None
    multiplier = ruleset.board.multiplier(level)
    if ruleset.is_one_card(cards):
        value = ruleset.one_card_board or 0
    else:
        value = ruleset.board.per_trick * cards
    value *= multiplier
    made = tricks == cards
    score = value if made else -value
    return SideScore(
        score, made, _board_words, (ruleset, cards, level, multiplier, bidder, tricks, team, score)
    )


def _board_words(
    ruleset: Ruleset,
    cards: int,
    level: int,
    multiplier: int,
    bidder: str,
    tricks: int,
    team: bool,
    score: int,
) -> tuple[str, ...]:
    assert ruleset.board is not None
    if ruleset.is_one_card(cards):
        value = ruleset.one_card_board or 0
        terms = [str(value)] if multiplier == 1 else [str(value), str(multiplier)]
    else:
        terms = [str(ruleset.board.per_trick), str(cards)]
        if multiplier != 1:
            terms.append(str(multiplier))
    made = tricks == cards
    name = board_name(level) if level > 1 else Sentence("board (single)")
    if made:
        took = Sentence("all {cards}", cards=cards)
    else:
        took = Sentence("{tricks} of {cards}", tricks=tricks, cards=cards)
    sign = "" if made else "-"
    if len(terms) == 1:
        arithmetic = signed(score)
    else:
        arithmetic = f"{sign}{' × '.join(terms)} = {score}"
    values = {"bidder": bidder, "name": name, "took": took, "arithmetic": arithmetic}
    if team:
        return (Sentence("{bidder} bid {name} and the team took {took}: {arithmetic}", **values),)
    return (Sentence("{bidder} bid {name} and took {took}: {arithmetic}", **values),)


def _rainbow_bid(rule: RainbowBid, bidder: str, tricks: int) -> SideScore:
    if tricks >= 1:
        return SideScore(rule.made, True, _rainbow_made, (bidder, tricks, rule.made))
    return SideScore(rule.failed, False, _rainbow_failed, (bidder, rule.failed))


def _rainbow_made(bidder: str, tricks: int, points: int) -> tuple[str, ...]:
    return (
        Sentence(
            "{bidder} bid rainbow and took {tricks}: {points}",
            bidder=bidder,
            tricks=plural(tricks, "trick"),
            points=signed(points),
        ),
    )


def _rainbow_failed(bidder: str, points: int) -> tuple[str, ...]:
    return (
        Sentence(
            "{bidder} bid rainbow and took no trick: {points}", bidder=bidder, points=signed(points)
        ),
    )
