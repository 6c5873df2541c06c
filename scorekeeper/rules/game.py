"""A game scored: the walk through the deals that turns what was said into points."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .bidding import Bid, BidKind, bidding_order, check_bid, is_thrown_in, leader
from .errors import GameFileError, GameOverError, ThrownInError, TricksError
from .parts import RAINBOW_CARDS, THROWN_IN_PER_DEAL, Premia, RainbowBonus
from .plan import Plan, plan
from .records import DealRecord, Game
from .ruleset import Ruleset
from .scoring import SideScore, plural, score_pair, score_side, signed
from .sentences import Sentence, joined
from .validation import limits_apply

NUMBER = BidKind.NUMBER
#: Builds a named tuple from a tuple of all its fields, skipping the keyword-friendly
#: constructor: the walk makes two named tuples for every deal of every game.
_new = tuple.__new__


class DealSetup(NamedTuple):
    """Where a deal stands before the bids: its place, its cards, its dealer and bidding order.

    Named tuples (here and in DealResult) rather than frozen dataclasses: scoring makes
    two for every deal of every game, and a tuple is built three times faster.
    """

    index: int  #: position in the game file, 1-based, counting thrown-in deals
    number: int  #: the slot of the schedule (a thrown-in deal and its replay share it)
    cards: int
    dealer: int
    order: tuple[int, ...]  #: seats in bidding order

    def to_json(self) -> dict[str, int]:
        """Return the `next` object of the score output."""
        return {"number": self.number, "cards": self.cards, "dealer": self.dealer}


class DealResult(NamedTuple):
    """One scored (or thrown-in) deal and the running totals after it."""

    setup: DealSetup
    record: DealRecord
    levels: tuple[int | None, ...]  #: board level by seat (None where no board was bid)
    leader: int | None
    thrown_in: bool
    side_tricks: tuple[int, ...] | None
    sides: tuple[SideScore, ...] | None
    totals: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...] | None:
        return None if self.sides is None else tuple(side.score for side in self.sides)

    def to_json(self) -> dict[str, Any]:
        """Return the deal as `scorekeeper score` prints it."""
        return {
            "number": self.setup.number,
            "cards": self.setup.cards,
            "dealer": self.setup.dealer,
            "leader": self.leader,
            "thrown_in": self.thrown_in,
            "scores": None if self.scores is None else list(self.scores),
            "totals": list(self.totals),
            "explain": None if self.sides is None else [list(side.explain) for side in self.sides],
        }


@dataclass(frozen=True)
class GameResult:
    """A whole game scored: every deal, the totals, the winners, and what comes next."""

    game: Game
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    complete: bool
    winners: tuple[int, ...] | None
    next: DealSetup | None

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.sides

    @property
    def schedule(self) -> tuple[int, ...]:
        return self.game.ruleset.schedule(len(self.game.players))

    def to_json(self) -> dict[str, Any]:
        """Return the output of `scorekeeper score` (docs/game-format.md) as a JSON-ready dict."""
        return {
            "ruleset": self.game.to_json()["ruleset"],
            "sides": list(self.sides),
            "deals": [deal.to_json() for deal in self.deals],
            "totals": list(self.totals),
            "complete": self.complete,
            "winners": None if self.winners is None else list(self.winners),
            "next": None if self.next is None else self.next.to_json(),
        }


def check_fits(
    ruleset: Ruleset, index: int, *, team_tricks: bool = False, trump: str | None = None
) -> None:
    """Refuse team tricks outside a partnership, and no trump where the deck has no jokers."""
    if team_tricks and not ruleset.partnership:
        raise GameFileError(Sentence("team_tricks is only for partnership games"), deal=index)
    if trump == "none" and not ruleset.allows_no_trump():
        raise GameFileError(
            Sentence("a deck without jokers always has a trump suit, so trump cannot be none"),
            deal=index,
        )


def deal_setup(game: Game, index: int, number: int, dealer: int) -> DealSetup:
    """Return the setup of the deal at this place in the file and this slot of the schedule."""
    players = len(game.players)
    cards = game.ruleset.schedule(players)[number - 1]
    return DealSetup(index, number, cards, dealer, bidding_order(game.ruleset, players, dealer))


def check_bids(
    game: Game, setup: DealSetup, bids: Sequence[Bid], *, passes: Sequence[int] | None = None
) -> tuple[int | None, ...]:
    """Refuse the first illegal bid in bidding order; return each seat's board level.

    `passes` holds, by seat, the passes already used toward the ruleset's pass limit.
    """
    return _check_bids(game, plan(game.ruleset, len(game.players)), setup, bids, passes)


def _check_bids(
    game: Game,
    table: Plan,
    setup: DealSetup,
    bids: Sequence[Bid],
    passes: Sequence[int] | None,
) -> tuple[int | None, ...]:
    ruleset = game.ruleset
    cards = setup.cards
    rules = table.deal(cards)
    numbers = rules.numbers
    order = setup.order
    # The dealer's hook depends on every earlier bid: the last bidder is checked in full.
    hooked = len(order) - 1 if ruleset.dealer_hook else -1
    levels: list[int | None] | None = None
    boards = 0
    limit = ruleset.pass_limit.passes if ruleset.pass_limit and passes is not None else None
    for place, seat in enumerate(order):
        bid = bids[seat]
        kind = bid.kind
        if kind is NUMBER:
            allowed = bid.tricks in numbers
            if limit is not None and bid.tricks == 0 and passes[seat] >= limit:  # type: ignore[index]
                allowed = False
        elif kind is BidKind.BOARD:
            allowed = rules.boards
            boards += 1
            if levels is None:
                levels = list(table.no_levels)
            # Where boards do not escalate, every board is single (back-alley-individual).
            levels[seat] = ruleset.board.level(boards) if ruleset.board else boards
        else:
            allowed = rules.rainbow_bid
        if not allowed or place == hooked:
            check_bid(
                ruleset,
                cards,
                [bids[earlier] for earlier in order[:place]],
                bid,
                len(game.players),
                name=game.players[seat],
                deal=setup.index,
                passes_used=passes[seat] if passes is not None else 0,
            )
    return table.no_levels if levels is None else tuple(levels)


def _tricks_do_not_add_up(setup: DealSetup, taken: int) -> TricksError:
    return TricksError(
        Sentence(
            "the tricks add up to {taken}, but with {cards} each there are {tricks}",
            taken=taken,
            cards=plural(setup.cards, "card"),
            tricks=plural(setup.cards, "trick"),
        ),
        deal=setup.index,
    )


def check_rainbows(game: Game, setup: DealSetup, record: DealRecord) -> tuple[int, ...]:
    """Refuse rainbow holders where the ruleset pays no rainbow bonus on this deal."""
    if not record.rainbows:
        return ()
    if not isinstance(game.ruleset.rainbow, RainbowBonus):
        raise GameFileError(
            Sentence(
                "{rules} pays no rainbow bonus, so no rainbows can be recorded",
                rules=game.ruleset.name,
            ),
            deal=setup.index,
        )
    if not game.ruleset.pays_rainbow_bonus(setup.cards):
        raise GameFileError(
            Sentence(
                "rainbows count only on the {n}-card deal, not with {cards}",
                n=RAINBOW_CARDS,
                cards=plural(setup.cards, "card"),
            ),
            deal=setup.index,
        )
    return record.rainbows


def score_deal(
    game: Game,
    setup: DealSetup,
    record: DealRecord,
    totals: Sequence[int],
    *,
    passes: Sequence[int] | None = None,
) -> DealResult:
    """Check one deal against the rules and score it (or recognise it as thrown in)."""
    return _score_deal(game, plan(game.ruleset, len(game.players)), setup, record, totals, passes)


def _score_deal(
    game: Game,
    table: Plan,
    setup: DealSetup,
    record: DealRecord,
    totals: Sequence[int],
    passes: Sequence[int] | None,
) -> DealResult:
    """Score one deal with the ruleset's plan for this table at hand."""
    ruleset = game.ruleset
    if not table.fits_all and (record.team_tricks is not None or record.trump == "none"):
        # Checked again here: a game rescored under another ruleset was read under the old one.
        check_fits(
            ruleset, setup.index, team_tricks=record.team_tricks is not None, trump=record.trump
        )
    bids = record.bids
    cards = setup.cards
    levels = None
    if table.free_bids:
        # Each bid stands alone: numbers the deal allows need no more checking, and no board
        # means no levels. Anything else is checked in full, in bidding order.
        numbers = (table.by_cards.get(cards) or table.deal(cards)).numbers
        said = 0
        for bid in bids:
            if bid.kind is not NUMBER or bid.tricks not in numbers:
                break
            said += bid.tricks
        else:
            levels = table.no_levels
            thrown_in = said == 0 and ruleset.throws_in()
    if levels is None:
        levels = _check_bids(game, table, setup, bids, passes)
        thrown_in = is_thrown_in(ruleset, bids)
    if thrown_in:
        if record.tricks is not None or record.team_tricks is not None:
            raise TricksError(
                Sentence(
                    "everyone passed, so the deal is thrown in and dealt again: it has no tricks"
                ),
                deal=setup.index,
            )
        if record.rainbows:
            raise GameFileError(
                Sentence("a thrown-in deal has no rainbows to score"), deal=setup.index
            )
        return DealResult(setup, record, levels, None, True, None, None, tuple(totals))
    by_side = record.team_tricks
    if by_side is None:
        if record.tricks is None:
            raise TricksError(Sentence("the tricks each player took are missing"), deal=setup.index)
        by_side = ruleset.tricks_by_side(record.tricks)
    if sum(by_side) != cards:
        raise _tricks_do_not_add_up(setup, sum(by_side))
    rainbows = check_rainbows(game, setup, record) if record.rainbows else ()
    players = game.players
    sides = []
    new_totals = []
    for seats, tricks, total in zip(table.sides, by_side, totals, strict=True):
        if table.pairs:
            assert record.tricks is not None  # pairs play no team tricks (check_fits)
            side = score_pair(ruleset, cards, seats, players, bids, levels, record.tricks, rainbows)
        else:
            side = score_side(ruleset, cards, seats, players, bids, levels, tricks, rainbows)
        sides.append(side)
        new_totals.append(total + side.score)
    first = leader(ruleset, setup.order, bids)
    return _new(
        DealResult, (setup, record, levels, first, False, by_side, tuple(sides), tuple(new_totals))
    )


def sides_ahead(totals: Sequence[int]) -> tuple[int, ...]:
    """Return the sides with the highest total (several when they are level): the winners
    of a finished game, those ahead in one being played."""
    best = max(totals)
    return tuple(side for side, total in enumerate(totals) if total == best)


def score_game(game: Game) -> GameResult:
    """Score a whole game deal by deal, refusing the first deal that breaks the rules."""
    ruleset = game.ruleset
    players = len(game.players)
    schedule = ruleset.schedule(players)  # refuses a table the ruleset does not seat
    table = plan(ruleset, players)
    orders = table.orders
    set_ends = ruleset.set_ends()
    totals: tuple[int, ...] = (0,) * len(table.sides)
    dealer = game.first_dealer
    number = 1
    results: list[DealResult] = []
    played: dict[int, DealResult] = {}
    limited = ruleset.pass_limit is not None
    bids_played: list[tuple[int, tuple[Bid, ...]]] = []
    slots = len(schedule)
    thrown_in = 0
    most_thrown_in = slots * THROWN_IN_PER_DEAL if limits_apply() else None
    for index, record in enumerate(game.deals, 1):
        if number > slots:
            raise GameOverError(Sentence("the game ended after {n} deals", n=slots), deal=index)
        setup = _new(DealSetup, (index, number, schedule[number - 1], dealer, orders[dealer]))
        passes = passes_before(ruleset, players, bids_played, number) if limited else None
        result = _score_deal(game, table, setup, record, totals, passes)
        results.append(result)
        if result.thrown_in:
            thrown_in += 1
            if most_thrown_in is not None and thrown_in > most_thrown_in:
                raise ThrownInError(
                    Sentence(
                        "a game of {n} deals keeps at most {most} thrown-in deals (one for each "
                        "deal of its schedule), and this would be thrown-in deal {this}; start a "
                        "new game to go on",
                        n=slots,
                        most=most_thrown_in,
                        this=thrown_in,
                    ),
                    deal=index,
                )
            if ruleset.redeal == "next":
                dealer = (dealer + 1) % players
            continue
        if limited:
            bids_played.append((number, record.bids))
        if set_ends:
            played[number] = result
            first = set_ends.get(number)
            if first is not None:
                result = results[-1] = _with_premia(game, first, number, played, result, totals)
        totals = result.totals
        number += 1
        dealer = (dealer + 1) % players
    complete = number > len(schedule)
    winners = sides_ahead(totals) if complete else None
    upcoming = None if complete else deal_setup(game, len(game.deals) + 1, number, dealer)
    return GameResult(game, tuple(results), totals, complete, winners, upcoming)


def _with_premia(
    game: Game,
    first: int,
    last: int,
    played: dict[int, DealResult],
    result: DealResult,
    before: Sequence[int],
) -> DealResult:
    """Settle the set that ends with this deal: premia for every side that made every bid,
    and, where the house rules say so, the others' best deal of the set struck."""
    assert result.sides is not None
    premia = game.ruleset.premia
    sides = list(result.sides)
    count = len(sides)
    # Each side's scores of the set, partner by partner: a pair's premia and strike count
    # each partner's own best deal (the keepers' pairs), a single player's their own.
    in_set = [_set_scores(played, first, last, side) for side in range(count)]
    earners = [
        side
        for side in range(count)
        if all(played[slot].sides[side].made for slot in range(first, last + 1))  # type: ignore[index]
    ]
    strikes = premia.strikes(len(earners))
    for side in earners:
        if premia.adds:
            sides[side] = sides[side].plus(*_premia(game, premia, first, last, side, in_set[side]))
        else:
            others = [game.sides[other] for other in earners if other != side]
            sides[side] = sides[side].noted(_premia_strikes_only, first, last, strikes, others)
    if strikes:
        for side in range(count):
            bests = [max(scores) for scores in in_set[side]]
            struck = sum(best for best in bests if best > 0)
            if side not in earners and struck > 0:
                who = [game.players[seat] for seat in game.side_seats(side)]
                sentence = _struck(game, earners, first, last, who, bests)
                sides[side] = sides[side].plus(-struck, sentence)
    totals = tuple(total + side.score for total, side in zip(before, sides, strict=True))
    return result._replace(sides=tuple(sides), totals=totals)


def _set_scores(played: dict[int, DealResult], first: int, last: int, side: int) -> list[list[int]]:
    """Return a side's scores in the set's deals: one list, or one per partner of a pair."""
    deals = [played[slot].sides[side] for slot in range(first, last + 1)]  # type: ignore[index]
    partners = len(deals[0].parts)
    if not partners:
        return [[deal.score for deal in deals]]
    return [[deal.parts[partner].score for deal in deals] for partner in range(partners)]


def _premia(
    game: Game, premia: Premia, first: int, last: int, side: int, scores: Sequence[Sequence[int]]
) -> tuple[int, Callable[[], str]]:
    """Return the premia of a side that made every bid of the set, and the sentence for it."""
    bases = [max(own) if premia.of == "best" else sum(own) for own in scores]
    base = sum(bases)
    bonus = base * premia.times
    best = premia.of == "best"
    if len(bases) > 1:
        # A pair: each partner's own best deal (or sum), added.
        if best:
            what = Sentence("each one's best deal of the set")
        else:
            what = Sentence("each one's sum of the set")
        added = " + ".join(str(each) for each in bases).replace("+ -", "- ")
        base_said = f"({added})" if premia.times > 1 else added
    else:
        what = Sentence("the best deal of the set") if best else Sentence("the sum of the set")
        base_said = str(base)
    if premia.times == 1 and len(bases) == 1:
        amount = signed(bonus)
    elif premia.times == 1:
        amount = f"{base_said} = {signed(bonus)}"
    else:
        amount = f"{premia.times} × {base_said} = {signed(bonus)}"
        what = Sentence("{times} × {what}", times=premia.times, what=what)
    values = {"first": first, "last": last, "what": what, "amount": amount}

    def words() -> str:
        if len(bases) == 1:
            return Sentence(
                "Made every bid in deals {first}–{last}: the set bonus is {what}, {amount}.",
                **values,
            )
        return Sentence(
            "{side} made every bid in deals {first}–{last}: the set bonus is {what}, {amount}.",
            side=game.sides[side],
            **values,
        )

    return bonus, words


def _premia_strikes_only(first: int, last: int, strikes: bool, others: Sequence[str]) -> str:
    """Say what a premia that adds nothing (it only strikes) did for the side that earned it."""
    if strikes:
        return Sentence(
            "Made every bid in deals {first}–{last}: the set bonus adds nothing here, it "
            "strikes the others' best deal of the set.",
            first=first,
            last=last,
        )
    return Sentence(
        "Made every bid in deals {first}–{last}, and so did {others}: the set "
        "bonus strikes only when one earns it alone, so it changes nothing.",
        first=first,
        last=last,
        others=joined(others),
    )


def _struck(
    game: Game,
    earners: Sequence[int],
    first: int,
    last: int,
    who: Sequence[str],
    bests: Sequence[int],
) -> Callable[[], str]:
    """Return the sentence for a best deal struck by the premia of another side."""

    def words() -> str:
        names = joined([game.sides[side] for side in earners])
        struck = [(name, best) for name, best in zip(who, bests, strict=True) if best > 0]
        total = signed(-sum(best for _, best in struck))
        if len(who) == 1:
            what = Sentence("the best deal of the set, {total}", total=total)
        else:
            each = joined([Sentence("{name}'s ({best})", name=n, best=b) for n, b in struck])
            what = Sentence("the best deal of the set of {each}, {total}", each=each, total=total)
        return Sentence(
            "{names} made every bid in deals {first}–{last}: the set bonus strikes {what}.",
            names=names,
            first=first,
            last=last,
            what=what,
        )

    return words


def played_bids(game: Game) -> list[tuple[int, tuple[Bid, ...]]]:
    """Return (slot of the schedule, bids) of every deal of the game played, not thrown in."""
    played: list[tuple[int, tuple[Bid, ...]]] = []
    for record in game.deals:
        if not is_thrown_in(game.ruleset, record.bids):
            played.append((len(played) + 1, record.bids))
    return played


def passes_before(
    ruleset: Ruleset, players: int, played: Sequence[tuple[int, Sequence[Bid]]], number: int
) -> tuple[int, ...] | None:
    """Return the passes each seat has used toward the pass limit before slot `number`.

    None where passing is not limited: no pass limit, or a deal outside every set of a
    limit "per set". Only played deals count: a thrown-in deal is dealt again.
    """
    limit = ruleset.pass_limit
    if limit is None:
        return None
    first, last = 1, number - 1
    if limit.per == "set":
        span = ruleset.set_of(number)
        if span is None:
            return None
        first = span[0]
    counts = [0] * players
    for slot, bids in played:
        if first <= slot <= last:
            for seat, bid in enumerate(bids):
                if bid.is_zero:
                    counts[seat] += 1
    return tuple(counts)


def passes_used(game: Game, number: int) -> tuple[int, ...] | None:
    """Return the passes each seat has used toward the pass limit before slot `number`."""
    if game.ruleset.pass_limit is None:
        return None
    return passes_before(game.ruleset, len(game.players), played_bids(game), number)
