"""The scoresheet as a view-model: every word and number a scoresheet shows.

One model for both sheets: the scoresheet page (scoresheet_page.py) and the PDF
(sheets/render.py) draw the same rows, cells and totals from it. A scored game (or a
ruleset and a table of players) in, frozen dataclasses of words and numbers out: no
ruleset object, no stored row, so the page's model can be sent as JSON as it is.

The sheet's shape (cells, rows, grids, bands and parts of a long sheet) is `sheet_grid.py`;
this module fills it in.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..house_rules.words import rule_lines
from ..rules import (
    BidKind,
    DealResult,
    Exact,
    GameFileError,
    GameResult,
    RainbowBonus,
    Ruleset,
    read_players,
    trump_label,
)
from ..rules.scoring import score_side
from ..rules.sentences import Lines, Plural, Sentence
from ..screen.bidi import isolate, isolate_all
from .sheet_grid import MADE, SET, Cell, Row, Sheet, SheetLink, SideCells, SideHead, grids_of

if TYPE_CHECKING:
    from ..storage import Connection, StoredGame


def build_blank_sheet(
    ruleset: Ruleset, *, players: Sequence[str] | int, first_dealer: int | None = None
) -> Sheet:
    """Lay out a blank sheet for this ruleset and table (names, or only how many players)."""
    if not isinstance(players, int) and not any(name.strip() for name in players):
        players = len(players)
    if isinstance(players, int):
        ruleset.check_players(players)
        names: tuple[str, ...] = ("",) * players
    else:
        names = tuple(name.strip() for name in read_players(list(players), ruleset))
    count = len(names)
    _check_dealer(first_dealer, count)
    known = first_dealer is not None and all(names)
    schedule = ruleset.schedule(count)
    rows = []
    for number, cards in enumerate(schedule, 1):
        dealer = names[(first_dealer + number - 1) % count] if known else ""  # type: ignore[operator]
        rows.append(_open_row(ruleset, count, number, cards, dealer))
    notes = []
    if known and ruleset.throws_in():
        if ruleset.redeal == "next":
            notes.append(
                Sentence(
                    "Dealers are filled in as if no deal is thrown in; after a throw-in "
                    "the next player deals again, so cross out the names below it."
                )
            )
        else:
            notes.append(
                Sentence(
                    "Dealers are filled in as if no deal is thrown in; after a throw-in "
                    "the same dealer deals again, so the names below it still hold."
                )
            )
    return Sheet(
        ruleset=ruleset.name,
        rules=tuple(rule_lines(ruleset)),
        heading=Sentence("Blank sheet"),
        blank=True,
        date="",
        seating=tuple(enumerate(names, 1)),
        status="",
        grids=grids_of(_heads(ruleset, names), rows),
        notes=tuple(notes),
        legend=(),
    )


def build_game_sheet(result: GameResult, *, date: datetime.date | str | None = None) -> Sheet:
    """Lay out a game's sheet: every deal played, the rest of the schedule left open."""
    game = result.game
    ruleset = game.ruleset
    names = game.players
    count = len(names)
    schedule = result.schedule
    rows: list[Row] = []
    for position, deal in enumerate(result.deals, 1):
        following = result.deals[position] if position < len(result.deals) else None
        rows.append(replace(_played_row(result, deal, following), position=position))
    for number, cards, dealer in result.slots_ahead():
        row = _open_row(ruleset, count, number, cards, names[dealer])
        rows.append(replace(row, current=result.next is not None and number == result.next.number))
    heads = _heads(ruleset, names)
    winners = result.winners or ()
    heads = tuple(
        replace(head, total=str(total), winner=side in winners)
        for side, (head, total) in enumerate(zip(heads, result.totals, strict=True))
    )
    played = sum(1 for deal in result.deals if not deal.thrown_in)
    notes = []
    if result.complete:
        heading = Sentence("Completed game")
        best = result.totals[winners[0]]
        who = _join([result.sides[side] for side in winners])
        if len(winners) > 1:
            status = Sentence("Winners (tied): {who} with {best}", who=who, best=best)
        else:
            status = Sentence("Winner: {who} with {best}", who=who, best=best)
    else:
        heading = Sentence("Game in progress")
        status = Plural(
            "{played} of {n} deal played; totals so far",
            "{played} of {n} deals played; totals so far",
            len(schedule),
            played=played,
        )
        if ruleset.throws_in() and played < len(schedule) - 1:
            notes.append(
                Sentence("Dealers of the deals still to play assume no deal is thrown in.")
            )
    if isinstance(date, datetime.date):
        date = date.isoformat()
    return Sheet(
        ruleset=ruleset.name,
        rules=tuple(rule_lines(ruleset)),
        heading=heading,
        blank=False,
        date=date or datetime.date.today().isoformat(),
        seating=tuple(enumerate(names, 1)),
        status=status,
        grids=grids_of(heads, rows),
        notes=tuple(notes),
        legend=(
            Sentence("{mark} bid made", mark=MADE),
            Sentence("{mark} set (bid missed)", mark=SET),
        ),
        total_label=Sentence("Final") if result.complete else Sentence("So far"),
    )


def stored_sheet(
    db: Connection, game_id: str, *, link_to: Callable[[str], str] | None = None
) -> Sheet:
    """Lay out the sheet of a stored game (raise NotFound for an unknown game); for paper,
    with its corner's QR code holding `link_to(game id)` and its sheet's code beside it."""
    # Here: `scorekeeper sheet` reads files, not a database.
    from ..storage import get_game
    from ..storage.sheet_codes import code_of
    from .sheet_links import shown

    stored = get_game(db, game_id)
    sheet = build_stored_sheet(stored)
    if link_to is None or stored.sheet is None:
        return sheet
    return replace(sheet, link=SheetLink(link_to(stored.id), shown(code_of(stored.sheet))))


def build_stored_sheet(stored: StoredGame) -> Sheet:
    """Lay out a stored game's sheet, dated the day the game was started."""
    played = datetime.date.fromisoformat(stored.created[:10])
    return build_game_sheet(stored.result(), date=played)


def _check_dealer(first_dealer: int | None, count: int) -> None:
    if first_dealer is None:
        return
    if isinstance(first_dealer, bool) or not 0 <= first_dealer < count:
        raise GameFileError(
            f"the first dealer must be a seat from 0 to {count - 1}, not {first_dealer}"
        )


def _join(names: Sequence[str]) -> str:
    names = isolate_all(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _heads(ruleset: Ruleset, names: Sequence[str]) -> tuple[SideHead, ...]:
    heads = []
    for side, seats in enumerate(ruleset.seats_by_side(len(names))):
        if ruleset.has_teams:  # a partnership, or Joker's pairs: two seats under each head
            title = " & ".join(isolate_all(names[seat] for seat in seats)) if all(names) else ""
            hint = Sentence(
                "team {team}: seats {first} & {second}",
                team=side + 1,
                first=seats[0] + 1,
                second=seats[1] + 1,
            )
            heads.append(SideHead(title, hint, tuple((seat + 1, names[seat]) for seat in seats)))
        else:
            heads.append(SideHead(isolate(names[side]), Sentence("seat {seat}", seat=side + 1), ()))
    return tuple(heads)


def _tags(ruleset: Ruleset, number: int, cards: int) -> tuple[str, ...]:
    tags = []
    if ruleset.pays_rainbow_bonus(cards):
        tags.append(Sentence("rainbow"))
    if ruleset.has_rainbow_bid(cards):
        tags.append(Sentence("rainbow bid"))
    if ruleset.is_one_card(cards):
        tags.append(Sentence("pass/board"))
    if _ends_set(ruleset, number):
        tags.append(Sentence("set bonus"))
    return tuple(tags)


def _ends_set(ruleset: Ruleset, number: int) -> bool:
    scoring = ruleset.scoring
    return isinstance(scoring, Exact) and any(last == number for _, last in scoring.sets)


def _open_row(ruleset: Ruleset, count: int, number: int, cards: int, dealer: str) -> Row:
    empty = Cell()
    cells = tuple(
        SideCells(tuple(empty for _ in seats) if ruleset.has_teams else (empty,), *[empty] * 3)
        for seats in ruleset.seats_by_side(count)
    )
    return Row(
        number=number,
        cards=cards,
        tags=_tags(ruleset, number, cards),
        dealer=dealer,
        trump="",
        cells=cells,
        set_end=_ends_set(ruleset, number),
    )


def _trump(trump: str | None) -> str:
    return "NT" if trump == "none" else trump_label(trump)


def _played_row(result: GameResult, deal: DealResult, following: DealResult | None) -> Row:
    game = result.game
    ruleset = game.ruleset
    setup, record = deal.setup, deal.record
    names = game.players
    row = Row(
        number=setup.number,
        cards=setup.cards,
        tags=_tags(ruleset, setup.number, setup.cards),
        dealer=isolate(names[setup.dealer]),
        trump=_trump(record.trump),
        cells=(),
        set_end=_ends_set(ruleset, setup.number),
        note=record.note or "",
    )
    if deal.thrown_in:
        upcoming = following.setup if following is not None else result.next
        redealer = names[upcoming.dealer] if upcoming is not None else ""
        if upcoming is not None and upcoming.dealer == setup.dealer:
            message = Sentence(
                "everyone passed: thrown in, redealt by {dealer} (the same dealer)",
                dealer=redealer,
            )
        else:
            message = Sentence("everyone passed: thrown in, redealt by {dealer}", dealer=redealer)
        return replace(row, thrown_in=message)
    assert deal.sides is not None and deal.side_tricks is not None
    rainbows = record.rainbows or ()
    cells = []
    for side, seats in enumerate(ruleset.seats_by_side(len(names))):
        board_seats = [seat for seat in seats if record.bids[seat].kind is BidKind.BOARD]
        bids = []
        for seat in seats:
            bid = record.bids[seat]
            bids.append(
                Cell(
                    text=bid.label(deal.levels[seat]),
                    note="rainbow" if seat in rainbows else "",
                    struck=bool(board_seats) and seat not in board_seats and bid.tricks > 0,
                )
            )
        score = deal.sides[side]
        cells.append(
            SideCells(
                bids=tuple(bids),
                took=Cell(str(deal.side_tricks[side]), mark=MADE if score.made else SET),
                score=Cell(str(score.score), note=_bonus_note(result, deal, side, seats)),
                total=Cell(str(deal.totals[side])),
            )
        )
    return replace(row, cells=tuple(cells))


def _bonus_note(result: GameResult, deal: DealResult, side: int, seats: Sequence[int]) -> str:
    """Say what bonus is inside a side's score: rainbows held, or Joker's set bonus."""
    game = result.game
    ruleset = game.ruleset
    record = deal.record
    assert deal.sides is not None and deal.side_tricks is not None
    notes = []
    if isinstance(ruleset.rainbow, RainbowBonus) and ruleset.pays_rainbow_bonus(deal.setup.cards):
        held = sum(1 for seat in seats if seat in (record.rainbows or ()))
        if held:
            notes.append(Sentence("rainbow +{points}", points=held * ruleset.rainbow.bonus))
    if _ends_set(ruleset, deal.setup.number):
        # The set bonus is whatever the game added on top of this deal's own score.
        own = score_side(
            ruleset,
            deal.setup.cards,
            seats,
            game.players,
            record.bids,
            deal.levels,
            deal.side_tricks[side],
            record.rainbows or (),
        )
        bonus = deal.sides[side].score - own.score
        if bonus:
            notes.append(Sentence("set bonus +{points}", points=bonus))
    return Lines(notes, ", ")
