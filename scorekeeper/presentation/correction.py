"""The page that corrects a recorded deal, as plain data: every select, its choices and value.

`correction_page` is the one call that builds it, from the game, the deal's place in
it, the values to show (as recorded, or as sent back) and the errors beside them. The
form's own fields (its token, its one-time nonce, the game's version) stay in the
view's FlaskForm; everything the page shows about the deal is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules import MAX_NOTE_LENGTH, TRUMPS, Bid, Ruleset, bid_choices, trump_label
from ..rules.sentences import Sentence

if TYPE_CHECKING:
    from ..storage import StoredGame


@dataclass(frozen=True)
class Pick:
    """One select of the form: its field's name, what it is called, its choices and value."""

    name: str  #: the form field: "bid-2", "tricks-0", "team-1", "trump"
    label: str  #: "Ann & Cy", "Trump"; a player's select says "bid" or "tricks" after the name
    choices: tuple[tuple[str, str], ...]  #: (value, words) in the order offered
    value: str  #: the value chosen
    error: str = ""  #: what is wrong with it, said beside it


@dataclass(frozen=True)
class CorrectionSeat:
    """One player in bidding order: their bid, and their tricks where each plays alone."""

    seat: int
    name: str
    bid: Pick
    tricks: Pick | None  #: None in a partnership: a team's tricks are asked once


@dataclass(frozen=True)
class RainbowHolder:
    """A player who may have held a rainbow in this deal."""

    seat: int
    name: str
    held: bool


@dataclass(frozen=True)
class CorrectionPage:
    """Everything the correct-a-deal page shows about the deal being corrected."""

    game_id: str
    position: int  #: the deal's place in the game file
    number: int  #: its slot in the schedule
    cards: int
    dealer: str
    partnership: bool
    seats: list[CorrectionSeat]
    teams: list[Pick]  #: each team's tricks, in a partnership
    trump: Pick
    rainbows: list[RainbowHolder] = field(default_factory=list)  #: empty unless asked
    note: str = ""  #: the deal's note, as recorded or as sent back
    note_problem: str = ""  #: what is wrong with the note, said beside it
    max_note_length: int = MAX_NOTE_LENGTH
    throws_in: bool = False  #: tricks left blank ("—") are offered: a deal thrown in
    problem: str = ""  #: what is wrong with the whole correction
    tricks_problem: str = ""  #: what is wrong with the tricks as a whole


def bid_value(bid: Bid) -> str:
    """Return a bid as the form's choices hold it (a zero is "pass", however it was written)."""
    return "pass" if bid.is_zero else str(bid.to_json())


def bid_options(ruleset: Ruleset, cards: int, players: int) -> tuple[tuple[str, str], ...]:
    """Return every bid that could be said with these cards, as (value, words)."""
    options = []
    for choice in bid_choices(ruleset, cards, [], players):
        value = bid_value(choice.bid)
        options.append((value, Sentence("board") if value == "board" else choice.label))
    return tuple(options)


def trick_options(ruleset: Ruleset, cards: int) -> tuple[tuple[str, str], ...]:
    """Return the tricks a player or team may have taken; "—" for none noted (a deal thrown
    in) only where the rules throw a deal in, as New deal offers it."""
    taken = tuple((str(n), str(n)) for n in range(cards + 1))
    return (("", "—"), *taken) if ruleset.throws_in() else taken


def trump_choices(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """Return the trumps this game's deck can have, "not noted" first."""
    suits = [t for t in TRUMPS if t != "none" or ruleset.allows_no_trump()]
    return (("", Sentence("not noted")), *((t, trump_label(t)) for t in suits))


def correction_page(
    stored: StoredGame,
    position: int,
    values: Mapping[str, Any],
    errors: Mapping[str, str] | None = None,
) -> CorrectionPage:
    """Build the page correcting the deal at `position`, showing these values and errors."""
    errors = errors or {}
    game = stored.game
    ruleset = game.ruleset
    deal = stored.result().deals[position - 1]
    cards = deal.setup.cards
    bids = bid_options(ruleset, cards, len(game.players))
    tricks = trick_options(ruleset, cards)

    def pick(name: str, label: str, choices: tuple[tuple[str, str], ...]) -> Pick:
        return Pick(name, label, choices, str(values.get(name, "")), errors.get(name, ""))

    seats = []
    for seat in deal.setup.order:
        name = game.players[seat]
        said = pick(f"bid-{seat}", Sentence("bid"), bids)
        took = None if ruleset.partnership else pick(f"tricks-{seat}", Sentence("tricks"), tricks)
        seats.append(CorrectionSeat(seat, name, said, took))
    teams = []
    if ruleset.partnership:
        teams = [pick(f"team-{side}", game.sides[side], tricks) for side in (0, 1)]
    held = values.get("rainbows", ())
    rainbows = []
    if ruleset.pays_rainbow_bonus(cards):
        rainbows = [
            RainbowHolder(seat, name, str(seat) in held) for seat, name in enumerate(game.players)
        ]
    return CorrectionPage(
        game_id=stored.id,
        position=position,
        number=deal.setup.number,
        cards=cards,
        dealer=game.players[deal.setup.dealer],
        partnership=ruleset.partnership,
        seats=seats,
        teams=teams,
        trump=pick("trump", Sentence("Trump"), trump_choices(ruleset)),
        rainbows=rainbows,
        throws_in=ruleset.throws_in(),
        note=str(values.get("note", "")),
        note_problem=errors.get("note", ""),
        problem=errors.get("form", ""),
        tricks_problem=errors.get("tricks", ""),
    )
