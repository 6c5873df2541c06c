"""A game typed in from its paper scoresheet: one row of the sheet, checked as it is typed.

A family that played on a printed sheet types it in a row at a time, each row laid out as
the sheet lays it out: a bid for every seat, the tricks (a team's where the rules count by
team), the last seat's tricks left to fill themselves in. `check_row` replays what was
typed through the deal the table enters (`entry.DraftDeal`): the trump, the bids in bidding
order, then the tricks, each checked as a tap is, so what the table refuses is refused
here in the same words, at the cell it is in, and a value that leaves no choice is said so.
A row that checks out is the game's next deal (`RowCheck.record`), scored with the game.
`recorded_row` gives the same cells for a deal already recorded, and `sheet_total` says
whether a total written on the sheet agrees with the rules, with the arithmetic where it
does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .bidding import BidChoice, BidKind, parse_bid
from .entry import DraftDeal
from .errors import GameFileError, GameOverError, ScoreError
from .game import DealResult, DealSetup, GameResult, score_game
from .records import DealRecord, Game
from .sentences import Lines, Sentence

#: What a cell holds: nothing yet; a value typed and checked; a value the rules fill in (the
#: last seat's tricks); the only value the rules leave, not yet typed; a value refused; a
#: value typed after a cell that is empty or refused, not checked yet; nothing to hold (the
#: tricks of a thrown-in deal).
OPEN = "open"
TYPED = "typed"
IMPLIED = "implied"
FORCED = "forced"
REFUSED = "refused"
WAITING = "waiting"
UNUSED = "unused"
#: The states a person types into (the others fill themselves in, or hold nothing).
TYPED_INTO = (OPEN, TYPED, FORCED, REFUSED, WAITING)
#: The smallest value a single digit cannot say.
TEN = 10


@dataclass(frozen=True)
class Typed:
    """One row of a paper sheet as typed so far: bids by seat, tricks by whoever is asked
    (the team in a partnership, else the seat), the trump, the rainbows held, thrown in."""

    bids: Mapping[int, str]
    tricks: Mapping[int, str]
    trump: str = ""
    rainbows: tuple[int, ...] = ()
    thrown_in: bool = False


@dataclass(frozen=True)
class Option:
    """A value a cell may hold that one digit cannot say: a board, a rainbow, 10 or more."""

    raw: str  #: as the game file writes it: "board", "12"
    said: str  #: in words: "double board", "12"


@dataclass(frozen=True)
class Cell:
    """One cell of a row: whose bid or tricks, what it holds, how that stands, and why."""

    key: str  #: "bid-<seat>", or "took-<seat>" ("took-<team>" where a team's tricks count)
    raw: str  #: the value as the game file writes it ("3", "pass", "board"); "" for none
    said: str  #: the value in words ("3", "pass", "double board")
    state: str  #: OPEN, TYPED, IMPLIED, FORCED, REFUSED, WAITING or UNUSED
    words: str = ""  #: why it is refused, why it is the only value, how it is filled in
    options: tuple[Option, ...] = ()  #: the values beyond one digit it may hold, where known
    level: int | None = None  #: a board's level (1 single, 2 double, …)


@dataclass(frozen=True)
class RowCheck:
    """A row of the sheet checked: its deal's setup, its cells, and the deal once it is one."""

    setup: DealSetup
    trump: Cell
    cells: tuple[Cell, ...]  #: in the order they are filled: bids in bidding order, then tricks
    complete: bool  #: every cell checks out: the row is the game's next deal
    record: DealRecord | None = None
    result: GameResult | None = None  #: the game with this row recorded
    problem: str = ""  #: why a row whose cells each check out is still refused
    thrown_in: bool = False


def check_row(result: GameResult, typed: Typed) -> RowCheck:
    """Check a row typed from a paper sheet as the game's next deal, cell by cell.

    Cells are checked in the order the sheet is filled; the first that is empty or refused
    stops the checking, and the cells typed after it wait for it. Raise GameOverError when
    the game has no deal left.
    """
    game, setup = result.game, result.next
    if setup is None:
        raise GameOverError(Sentence("the game is over: there is no deal left to enter"))
    deal = DraftDeal(game, setup)
    trump = Cell("trump", typed.trump, typed.trump, OPEN)
    if typed.trump:
        try:
            deal = deal.tap("trump", typed.trump)
        except ScoreError as refused:
            trump = replace(trump, state=REFUSED, words=refused.message)
        else:
            trump = replace(trump, raw=deal.trump or "", said=deal.trump or "", state=TYPED)
    bids = dict(typed.bids)
    thrown_words = ""
    if typed.thrown_in:
        if game.ruleset.redeal is None:
            thrown_words = Sentence(
                "everyone passing does not throw a deal in under these rules: type each bid"
            )
        else:
            bids = dict.fromkeys(setup.order, "pass")
    cells: list[Cell] = []
    stopped = trump.state == REFUSED
    for seat in setup.order:
        key, raw = f"bid-{seat}", str(bids.get(seat, "")).strip()
        if stopped:
            cells.append(Cell(key, raw, raw, WAITING if raw else OPEN))
            continue
        options = _bid_options(deal.choices())
        if thrown_words:
            cells.append(Cell(key, raw, raw, REFUSED, thrown_words, options))
            stopped = True
            continue
        deal, cell, stopped = _take(deal, "bid", key, raw, options)
        cells.append(cell)
    if not stopped and deal.asks_rainbows:
        for seat in typed.rainbows:
            try:
                deal = deal.tap("rainbow", str(seat))
            except ScoreError:
                continue  # not a seat of this table: nothing to hold
    tricks, deal, stopped = _trick_cells(deal, typed, stopped)
    cells += tricks
    complete = not stopped and deal.complete and all(cell.state != REFUSED for cell in cells)
    if not complete:
        return RowCheck(setup, trump, tuple(cells), False, thrown_in=deal.thrown_in)
    record = deal.record()
    try:
        after = score_game(game.with_deals([*game.deals, record]))
    except ScoreError as refused:
        return RowCheck(setup, trump, tuple(cells), False, problem=refused.message)
    return RowCheck(setup, trump, tuple(cells), True, record, after, thrown_in=deal.thrown_in)


def _unfilled(deal: DraftDeal, key: str, options: tuple[Option, ...]) -> Cell:
    """Return the next cell to type: open, or holding the only value the rules leave."""
    forced = deal.forced()
    if forced is None:
        return Cell(key, "", "", OPEN, options=options)
    kind, value = forced
    if kind == "bid":
        choices = deal.choices()
        only = next(choice for choice in choices if choice.allowed)
        others = Lines(
            [
                Sentence("not {bid}: {reason}", bid=choice.label, reason=choice.reason or "")
                for choice in choices
                if not choice.allowed
            ],
            "; ",
        )
        name = deal.game.players[deal.next_bidder or 0]
        words = Sentence(
            "{name} can only bid {bid} here ({others})", name=name, bid=only.label, others=others
        )
        return Cell(key, value, only.label, FORCED, words, options)
    taker = deal.next_trick_taker
    who = deal.taker_name(taker if taker is not None else 0)
    words = Sentence("{who} took 0: every trick is given already", who=who)
    return Cell(key, value, value, FORCED, words, options)


def _take(
    deal: DraftDeal, kind: str, key: str, raw: str, options: tuple[Option, ...]
) -> tuple[DraftDeal, Cell, bool]:
    """Take one typed value (a bid, a count of tricks) as the table takes a tap: return the
    deal after it, its cell, and whether the checking stops there (empty, or refused)."""
    if not raw:
        return deal, _unfilled(deal, key, options), True
    try:
        after = deal.tap(kind, raw)
    except ScoreError as refused:
        said = _said(raw) if kind == "bid" else raw
        return deal, Cell(key, raw, said, REFUSED, refused.message, options), True
    if kind == "bid":
        bid, level = after.bids[-1], _level(after)
        cell = Cell(key, str(bid.to_json()), bid.label(level), TYPED, options=options, level=level)
        return after, cell, False
    took = str(after.tricks[-1])
    return after, Cell(key, took, took, TYPED, options=options), False


def _takers(game: Game, setup: DealSetup) -> tuple[tuple[int, ...], int]:
    """Return whose tricks are typed, in the order asked, and whose are the rest: the teams
    where the rules count by team, else the players (the last bidder takes the rest)."""
    if game.ruleset.partnership:
        return (0,), 1
    return setup.order[:-1], setup.order[-1]


def _rest(deal: DraftDeal, rest: int, left: int) -> Cell:
    """Return the cell of the tricks nobody types: the rest, as the rules fill them in."""
    cards = deal.setup.cards
    words = Sentence(
        "{who} took the rest: {cards} − {taken} = {left}",
        who=deal.taker_name(rest),
        cards=cards,
        taken=cards - left,
        left=left,
    )
    return Cell(f"took-{rest}", str(left), str(left), IMPLIED, words)


def _trick_cells(
    deal: DraftDeal, typed: Typed, stopped: bool
) -> tuple[list[Cell], DraftDeal, bool]:
    """Return the tricks' cells (the ones typed, in the order asked, then the one implied),
    the deal with them taken, and whether a cell stopped the checking."""
    takers, rest = _takers(deal.game, deal.setup)
    if not stopped and deal.thrown_in:
        return [Cell(f"took-{taker}", "", "", UNUSED) for taker in (*takers, rest)], deal, False
    cells = []
    for taker in takers:
        key, raw = f"took-{taker}", str(typed.tricks.get(taker, "")).strip()
        if stopped:
            cells.append(Cell(key, raw, raw, WAITING if raw else OPEN))
            continue
        options = tuple(Option(str(n), str(n)) for n in range(TEN, deal.tricks_left + 1))
        deal, cell, stopped = _take(deal, "tricks", key, raw, options)
        cells.append(cell)
    if stopped:
        return [*cells, Cell(f"took-{rest}", "", "", IMPLIED)], deal, True
    return [*cells, _rest(deal, rest, deal.tricks_left)], deal, False


def _bid_options(choices: list[BidChoice]) -> tuple[Option, ...]:
    """Return the bids allowed now that one digit cannot say: boards, a rainbow, 10 or more."""
    return tuple(
        Option(str(choice.bid.to_json()), choice.label)
        for choice in choices
        if choice.allowed and not (choice.bid.kind is BidKind.NUMBER and choice.bid.tricks < TEN)
    )


def _said(raw: str) -> str:
    """Say a value typed into a bid's cell, as the table says a bid, if it is one."""
    try:
        return parse_bid(raw).label()
    except GameFileError:
        return raw


def _level(deal: DraftDeal) -> int | None:
    """Return the board level of the last bid said, as the game scores it (None: no board)."""
    if deal.bids[-1].kind is not BidKind.BOARD:
        return None
    boards = sum(1 for bid in deal.bids if bid.kind is BidKind.BOARD)
    board = deal.game.ruleset.board
    return board.level(boards) if board is not None else boards


def recorded_row(result: GameResult, scored: DealResult) -> RowCheck:
    """Return a deal already recorded as its row of the sheet: the cells `check_row` gives."""
    game, setup, record = result.game, scored.setup, scored.record
    deal = DraftDeal(game, setup)
    cells = []
    for seat in setup.order:
        bid = record.bids[seat]
        level = scored.levels[seat]
        cells.append(Cell(f"bid-{seat}", str(bid.to_json()), bid.label(level), TYPED, level=level))
    takers, rest = _takers(game, setup)
    if scored.thrown_in or scored.side_tricks is None:
        cells += [Cell(f"took-{taker}", "", "", UNUSED) for taker in (*takers, rest)]
    else:
        taken = scored.side_tricks if game.ruleset.partnership else record.tricks
        assert taken is not None  # a deal played, not thrown in, has its tricks
        for taker in takers:
            cells.append(Cell(f"took-{taker}", str(taken[taker]), str(taken[taker]), TYPED))
        cells.append(_rest(deal, rest, taken[rest]))
    trump = Cell("trump", record.trump or "", record.trump or "", TYPED if record.trump else OPEN)
    return RowCheck(setup, trump, tuple(cells), True, record, result, thrown_in=scored.thrown_in)


def typed_of(game: Game, setup: DealSetup, record: DealRecord) -> Typed:
    """Return a recorded deal as its row of the sheet is typed: what `check_row` takes."""
    bids = {seat: str(bid.to_json()) for seat, bid in enumerate(record.bids)}
    tricks: dict[int, str] = {}
    if game.ruleset.partnership and (record.team_tricks or record.tricks):
        team = record.team_tricks or game.ruleset.tricks_by_side(record.tricks or ())
        tricks = {0: str(team[0])}
    elif record.tricks is not None:
        tricks = {seat: str(record.tricks[seat]) for seat in setup.order[:-1]}
    return Typed(bids, tricks, record.trump or "", tuple(record.rainbows or ()))


def sheet_total(result: GameResult, position: int, side: int, said: int) -> str | None:
    """Say whether a side's total written on the sheet after a deal agrees with the rules.

    None where it agrees; else the arithmetic, from the total before the deal and the
    deal's score with its explanation: "your sheet says 140; the rules give 135: 110 + 25
    for deal 6 (…)". `position` counts thrown-in deals, as the game file does.
    """
    scored = result.deals[position - 1]
    total = scored.totals[side]
    if said == total:
        return None
    number = scored.setup.number
    if scored.sides is None:
        return Sentence(
            "your sheet says {said}; the rules give {total}: deal {number} was thrown in, so "
            "the total stays as it was",
            said=said,
            total=total,
            number=number,
        )
    before = result.deals[position - 2].totals[side] if position > 1 else 0
    points = scored.sides[side].score
    sum_ = f"{before} + {points}" if points >= 0 else f"{before} − {-points}"
    return Sentence(
        "your sheet says {said}; the rules give {total}: {sum} for deal {number} ({explain})",
        said=said,
        total=total,
        sum=sum_,
        number=number,
        explain=Lines(scored.sides[side].explain),
    )
