"""Worked examples: small deals scored by the engine to show each rule of a ruleset at work."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import (
    BOARD,
    PASS,
    RAINBOW,
    AtLeast,
    Bid,
    DealRecord,
    DealResult,
    DealSetup,
    Exact,
    Game,
    RainbowBid,
    RainbowBonus,
    Ruleset,
    ScoreError,
    SideScore,
    bid_choices,
    bidding_order,
    board_name,
    number,
    score_deal,
    score_game,
)
from ..rules.sentences import Plural, Sentence
from .phrases import ordinal

EXAMPLE_NAMES = (
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
    "Kit", "Lou", "Max", "Ned", "Oz",
)  # fmt: skip


@dataclass(frozen=True)
class WorkedExample:
    """One deal scored by the engine to show a rule at work."""

    title: str
    cards: int
    seats: tuple[tuple[str, str, int | None], ...]  #: (name, bid said, tricks) in seating order
    sides: tuple[str, ...]
    results: tuple[SideScore, ...]
    note: str = ""


def example_players(ruleset: Ruleset) -> tuple[str, ...]:
    """Return names for an example table: 4 players where the ruleset allows, else the nearest."""
    count = min(max(4, ruleset.min_players), ruleset.max_players)
    return EXAMPLE_NAMES[:count]


class _Table:
    """A table of example players, dealer in seat 0, to try deals on."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.players = example_players(ruleset)
        self.game = Game(ruleset, self.players, 0, ())
        self.schedule = ruleset.schedule(len(self.players))
        self.order = bidding_order(ruleset, len(self.players), 0)
        self.hero = self.order[0]

    def has(self, cards: int) -> bool:
        return cards in self.schedule

    def pick(self, preferred: Sequence[int], *, avoid: Sequence[int] = ()) -> int | None:
        """Return the first preferred card count the schedule has, else any it has."""
        for cards in preferred:
            if self.has(cards) and cards not in avoid:
                return cards
        others = [cards for cards in self.schedule if cards not in avoid]
        return min(others) if others else None

    def side(self, seat: int) -> tuple[int, ...]:
        return self.game.side_seats(self.game.side_of(seat))

    def others_bid(self) -> Bid:
        return PASS if self.ruleset.min_bid == 0 else number(1)

    def score(
        self,
        cards: int,
        bids: dict[int, Bid],
        tricks: dict[int, int],
        *,
        rainbows: tuple[int, ...] | None = None,
    ) -> DealResult | None:
        """Score one deal: seats not in `bids` bid the least they may, spare tricks go round."""
        count = len(self.players)
        for dealer_raise in (0, 1, 2):
            said = [bids.get(seat, self.others_bid()) for seat in range(count)]
            if dealer_raise:
                dealer = self.order[-1]
                if dealer in bids:
                    break
                said[dealer] = number(self.ruleset.min_bid + dealer_raise)
            taken = [tricks.get(seat, 0) for seat in range(count)]
            spare = cards - sum(taken)
            if spare < 0:
                return None
            mine = set(self.side(self.hero))
            free = [seat for seat in self.order if seat not in tricks and seat not in mine]
            if spare and not free:
                return None
            for step in range(spare):
                taken[free[step % len(free)]] += 1
            record = DealRecord(tuple(said), tuple(taken), rainbows=rainbows)
            setup = DealSetup(1, self.schedule.index(cards) + 1, cards, 0, self.order)
            try:
                result = score_deal(self.game, setup, record, (0,) * len(self.game.sides))
            except ScoreError:
                continue
            if not result.thrown_in:
                return result
        return None


def _example(title: str, table: _Table, result: DealResult | None, note: str = "") -> list[Any]:
    if result is None or result.sides is None:
        return []
    record = result.record
    assert record.tricks is not None
    seats = tuple(
        (name, record.bids[seat].label(result.levels[seat]), record.tricks[seat])
        for seat, name in enumerate(table.players)
    )
    return [WorkedExample(title, result.setup.cards, seats, table.game.sides, result.sides, note)]


def worked_examples(ruleset: Ruleset) -> list[WorkedExample]:
    """Score small deals under the ruleset: a made bid, a set, each board level, special deals."""
    table = _Table(ruleset)
    hero, name = table.hero, table.players[table.hero]
    examples: list[WorkedExample] = []
    normal = table.pick((5, 4, 6, 3, 7), avoid=(1,))
    if normal is not None and ruleset.highest_bid(normal) >= 2:
        if isinstance(ruleset.scoring, AtLeast):
            made = table.score(normal, {hero: number(2)}, {hero: 3})
            examples += _example(
                Sentence("{name} bids 2 and takes 3: a made bid", name=name), table, made
            )
            set_ = table.score(normal, {hero: number(2)}, {hero: 1})
            examples += _example(
                Sentence("{name} bids 2 but takes only 1: set", name=name), table, set_
            )
            if ruleset.min_bid == 0:
                passed = table.score(normal, {hero: PASS}, {hero: 2})
                examples += _example(
                    Sentence("{name} passes and takes 2", name=name), table, passed
                )
        else:
            made = table.score(normal, {hero: number(2)}, {hero: 2})
            examples += _example(
                Sentence("{name} bids 2 and takes exactly 2", name=name), table, made
            )
            missed = table.score(normal, {hero: number(2)}, {hero: 3})
            examples += _example(
                Sentence("{name} bids 2 but takes 3: missed", name=name), table, missed
            )
            if ruleset.miss_penalty is not None:
                short = table.score(normal, {hero: number(2)}, {hero: 1})
                title = Sentence("{name} bids 2 but takes 1: a trick short", name=name)
                examples += _example(title, table, short)
            if ruleset.made_pass is not None and ruleset.min_bid == 0:
                passed = table.score(normal, {hero: PASS}, {hero: 0})
                title = Sentence("{name} passes and takes none: a made pass", name=name)
                examples += _example(title, table, passed)
            if ruleset.khishti is not None:
                khishti = table.score(normal, {hero: number(1)}, {hero: 0})
                title = Sentence("Khishti: {name} bids 1 and takes none", name=name)
                examples += _example(title, table, khishti)
    if isinstance(ruleset.scoring, Exact) and ruleset.max_bid == "n":
        small = table.pick((3, 2, 4), avoid=(1,))
        if small is not None:
            everything = table.score(small, {hero: number(small)}, {hero: small})
            title = Sentence("{name} bids all {n} and takes them all", name=name, n=small)
            examples += _example(title, table, everything)
    examples += _board_examples(table)
    examples += _special_examples(table)
    return examples


def _board_examples(table: _Table) -> list[WorkedExample]:
    ruleset = table.ruleset
    if ruleset.board is None:
        return []
    avoid = (1,) if ruleset.one_card_board is not None else ()
    cards = table.pick((3, 2, 4, 5), avoid=avoid)
    if cards is None:
        return []
    examples: list[WorkedExample] = []
    levels = min(len(ruleset.board.multipliers), len(table.players))
    for level in range(1, levels + 1):
        boarders = table.order[:level]
        winner = boarders[-1]
        bids = {seat: BOARD for seat in boarders}
        tricks = {seat: 0 for seat in table.order if seat not in table.side(winner)}
        tricks[winner] = cards
        result = table.score(cards, bids, tricks)
        said = ", ".join(table.players[seat] for seat in boarders)
        title = (
            Sentence(
                "A {board}: {name} says the {nth} board and takes all",
                board=board_name(level),
                name=table.players[winner],
                nth=ordinal(level),
            )
            if level > 1
            else Sentence(
                "A single board: {name} bids board and takes all {n}",
                name=table.players[winner],
                n=cards,
            )
        )
        note = Sentence("Boards said in bidding order: {names}.", names=said) if level > 1 else ""
        examples += _example(title, table, result, note)
    hero = table.hero
    lost = table.score(cards, {hero: BOARD}, {hero: cards - 1})
    title = Sentence("A board that misses a trick: {name}", name=table.players[hero])
    examples += _example(title, table, lost)
    return examples


def _special_examples(table: _Table) -> list[Any]:
    ruleset = table.ruleset
    hero, name = table.hero, table.players[table.hero]
    examples: list[Any] = []
    if ruleset.one_card_board is not None and table.has(1):
        made = table.score(1, {hero: BOARD}, {hero: 1})
        title = Sentence("The 1-card deal: {name} bids board and takes the trick", name=name)
        examples += _example(title, table, made)
    if isinstance(ruleset.rainbow, RainbowBonus) and table.has(4):
        result = table.score(4, {hero: number(2)}, {hero: 1}, rainbows=(hero,))
        examples += _example(
            Sentence("{name} holds a rainbow on the 4-card deal (and is set)", name=name),
            table,
            result,
        )
    if isinstance(ruleset.rainbow, RainbowBid) and table.has(4):
        made = table.score(4, {hero: RAINBOW}, {hero: 1})
        title = Sentence("{name} bids rainbow and takes a trick", name=name)
        examples += _example(title, table, made)
        failed = table.score(4, {hero: RAINBOW}, {hero: 0})
        title = Sentence("{name} bids rainbow and takes none", name=name)
        examples += _example(title, table, failed)
    if ruleset.dealer_hook:
        hook = dealer_hook_example(table)
        if hook is not None:
            examples.append(hook)
    if isinstance(ruleset.scoring, Exact) and ruleset.scoring.sets:
        bonus = set_bonus_example(table)
        if bonus is not None:
            examples.append(bonus)
    limit = pass_limit_example(table)
    if limit is not None:
        examples.append(limit)
    return examples


@dataclass(frozen=True)
class HookExample:
    """The dealer's hook at work: the bids so far and what the dealer may and may not say."""

    title: str
    cards: int
    said: tuple[tuple[str, str], ...]
    dealer: str
    allowed: tuple[str, ...]
    forbidden: tuple[tuple[str, str], ...]


def dealer_hook_example(table: _Table) -> HookExample | None:
    """Show which bids the dealer may not say, as the engine's bid choices give them."""
    cards = table.pick((3, 4, 2, 5), avoid=(1,))
    if cards is None:
        return None
    before = []
    for position, _seat in enumerate(table.order[:-1]):
        tricks = 1 if position % 2 == 0 else 0
        tricks = max(tricks, table.ruleset.min_bid)
        before.append(PASS if tricks == 0 else number(tricks))
    choices = bid_choices(table.ruleset, cards, before, len(table.players))
    dealer = table.players[table.order[-1]]
    return HookExample(
        Plural("The dealer's hook with {n} card", "The dealer's hook with {n} cards", cards),
        cards,
        tuple(
            (table.players[seat], bid.label())
            for seat, bid in zip(table.order[:-1], before, strict=True)
        ),
        dealer,
        tuple(choice.label for choice in choices if choice.allowed),
        tuple((choice.label, choice.reason or "") for choice in choices if not choice.allowed),
    )


@dataclass(frozen=True)
class SetBonusExample:
    """A whole set of deals in which one player makes every bid, and the bonus it earns."""

    title: str
    player: str
    deals: tuple[tuple[int, int, str, int], ...]  #: (deal, cards, bid, score)
    explain: tuple[str, ...]  #: the last deal of the set, bonus included
    struck: tuple[tuple[str, str], ...] = ()  #: (player, sentence) where the premia strikes


def set_bonus_example(table: _Table) -> SetBonusExample | None:
    """Play the first set with one player making every bid exactly, and show the bonus."""
    ruleset = table.ruleset
    assert isinstance(ruleset.scoring, Exact)
    first, last = ruleset.scoring.sets[0]
    players = len(table.players)
    hero = 1 % players
    deals: list[DealRecord] = []
    for position in range(1, last + 1):
        cards = table.schedule[position - 1]
        dealer = (position - 1) % players
        order = bidding_order(ruleset, players, dealer)
        record = _exact_made(table, cards, dealer, order, hero, position, deals)
        if record is None:
            return None
        deals.append(record)
    result = score_game(table.game.with_deals(deals))
    rows = []
    for deal in result.deals[first - 1 : last]:
        assert deal.sides is not None
        bid = deal.record.bids[hero].label()
        rows.append(
            (deal.setup.number, deal.setup.cards, bid, deal.sides[table.game.side_of(hero)].score)
        )
    ending = result.deals[last - 1]
    final = ending.sides
    assert final is not None
    # The same deal without the set settled: a side with more to say was struck.
    plain = score_deal(table.game, ending.setup, ending.record, (0,) * len(final)).sides
    assert plain is not None
    mine = table.game.side_of(hero)
    struck = tuple(
        (table.game.sides[side], final[side].explain[-1])
        for side in range(len(final))
        if side != mine and len(final[side].explain) > len(plain[side].explain)
    )
    earner = table.game.sides[mine]
    title = (
        Sentence(
            "A set bonus: {names} make every bid of deals {first}–{last}",
            names=earner,
            first=first,
            last=last,
        )
        if ruleset.pairs
        else Sentence(
            "A set bonus: {name} makes every bid of deals {first}–{last}",
            name=earner,
            first=first,
            last=last,
        )
    )
    return SetBonusExample(
        title,
        table.players[hero],
        tuple(rows),
        final[mine].explain,
        struck if ruleset.premia.strike != "never" else (),
    )


@dataclass(frozen=True)
class LimitExample:
    """The pass limit at work: a player whose passes are used up, and what they may bid."""

    title: str
    player: str
    cards: int
    allowed: tuple[str, ...]
    forbidden: tuple[tuple[str, str], ...]


def pass_limit_example(table: _Table) -> LimitExample | None:
    """Show the first bidder of a deal with every pass used: the pass is offered greyed out."""
    limit = table.ruleset.pass_limit
    cards = table.pick((3, 4, 2, 5), avoid=(1,))
    if limit is None or cards is None:
        return None
    choices = bid_choices(table.ruleset, cards, [], len(table.players), passes_used=limit.passes)
    name = table.players[table.hero]
    times = Sentence("once") if limit.passes == 1 else Sentence("{n} times", n=limit.passes)
    title = (
        Sentence("The pass limit: {name} has passed {times} in this set", name=name, times=times)
        if limit.per == "set"
        else Sentence(
            "The pass limit: {name} has passed {times} in this game", name=name, times=times
        )
    )
    return LimitExample(
        title,
        name,
        cards,
        tuple(choice.label for choice in choices if choice.allowed),
        tuple((choice.label, choice.reason or "") for choice in choices if not choice.allowed),
    )


def _exact_made(
    table: _Table,
    cards: int,
    dealer: int,
    order: tuple[int, ...],
    hero: int,
    position: int,
    earlier: list[DealRecord],
) -> DealRecord | None:
    players = len(table.players)
    # The spare tricks go to another side: in pairs the partner must make their bid too.
    rest = next(seat for seat in order if seat not in table.side(hero))
    least = PASS if table.ruleset.min_bid == 0 else number(1)
    # The others pass where they may; once a pass limit is used up, they bid 1.
    for hero_bid, others, raise_by in itertools.product((1, 0, 2), (least, number(1)), (0, 1)):
        if hero_bid <= cards:
            bids = [others] * players
            bids[hero] = number(hero_bid) if hero_bid else PASS
            if raise_by and order[-1] != hero:
                bids[order[-1]] = number(table.ruleset.min_bid + raise_by)
            tricks = [0] * players
            tricks[hero] = hero_bid
            tricks[rest] += cards - hero_bid
            record = DealRecord(tuple(bids), tuple(tricks))
            try:
                result = score_game(table.game.with_deals([*earlier, record]))
            except ScoreError:
                continue
            last = result.deals[-1]
            if (
                not last.thrown_in
                and last.sides is not None
                and last.sides[table.game.side_of(hero)].made
            ):
                return record
    return None
