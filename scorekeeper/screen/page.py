"""The table page as plain data: the scores, the deal being entered, the last deal.

`table_page_of` builds it from a game scored and the deal being entered. What comes
back is dataclasses of strings, numbers and lists only, so a page renders it and a phone
can be sent the very same thing as JSON (`asdict`). The words built here (a bid, the tally,
a struck-out bid's reason, an explanation) are `Sentence`s: English as `str`s, and said in
the reader's language where the template passes them through `say`. The server builds it
for every page it draws (`presentation.table_page`); the phone, scoring with no server,
builds it with this same code (`phone.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import DealResult, Game, GameResult, ScoreError, sides_ahead, trump_label
from ..rules.entry import DraftDeal, replay, taps_of
from ..rules.sentences import Lines, Sentence
from ..rules.worth import Worth, bid_worths

#: The suits offered as trump, in the order of their buttons.
SUITS = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True)
class Side:
    """One side on the score bar: its name, its total, whether it is ahead, its last points."""

    name: str
    total: int
    ahead: bool
    delta: int | None  #: the points of the deal just scored, while no tap of the next is made


@dataclass(frozen=True)
class Seat:
    """One player in the deal's bidding order, with what they said and took so far."""

    seat: int
    name: str
    team: str  #: "A" or "B" in a partnership, else ""
    bid: str  #: the bid in words ("3", "pass", "double board"), or "·" before it is said
    took: int | None
    rainbow: bool
    now: bool  #: bids, or has their tricks asked for, next
    leads: bool


@dataclass(frozen=True)
class Choice:
    """A button of the deal screen: the tap it sends and its words."""

    step: str  #: the form's value: "bid:3", "tricks:0", "trump:hearts", "rainbow:2"
    label: str
    allowed: bool = True
    reason: str = ""  #: why it is struck out
    pressed: bool | None = None  #: for a button that toggles (trump, rainbow)
    suit: str = ""  #: the suit a trump button shows
    worth: str = ""  #: a bid's points if made, beside its words ("+30")
    worth_words: str = ""  #: what it scores in words ("made: +30 · one short: −10")


@dataclass(frozen=True)
class Ask:
    """What the deal screen asks next: someone's bid, or someone's tricks."""

    kind: str  #: "bid" or "tricks"
    who: str  #: the player bidding, or the player or team whose tricks are asked for
    choices: list[Choice]
    rainbows: list[Choice] = field(default_factory=list)  #: rainbow holders, on the tricks screen
    rest_to: str = ""  #: the team or player who takes the tricks left over


@dataclass(frozen=True)
class DealScreen:
    """The deal being entered: who deals and bids, what is said so far, what is asked next."""

    number: int
    cards: int
    dealer: str
    first_bidder: str
    trump: str  #: the suit ("hearts", "none"), or "" when not said
    trump_label: str
    seats: list[Seat]
    tally: str  #: "board + 3 bid of 13 tricks"
    leader: str  #: who leads, once every bid is in
    ask: Ask
    trumps: list[Choice]
    steps: int  #: taps made in this deal


@dataclass(frozen=True)
class ScoredLine:
    """One side's line of the deal just scored."""

    name: str
    score: int
    explain: str
    total: int


@dataclass(frozen=True)
class LastDeal:
    """The last deal recorded: scored, or thrown in and dealt again."""

    number: int
    cards: int
    thrown_in: bool
    lines: list[ScoredLine]
    dealt_by: str  #: who dealt it
    deals_next: str  #: who deals its replay, after a throw-in
    note: str = ""  #: what the table wrote beside it, if anything


@dataclass(frozen=True)
class TablePage:
    """Everything the table page shows, as plain data."""

    game_id: str
    version: int
    editor: bool  #: this phone may score
    creator: bool  #: this phone started the game: it may take scoring back, archive, delete
    replaced: bool  #: this phone scored until the creator stopped every other phone scoring
    edit_key: str  #: the key of the game's edit link, for a phone that may score ("" else)
    archived: bool
    ruleset: str
    partnership: bool
    players: list[str]
    sides: list[Side]
    deal_count: int
    deal: DealScreen | None  #: None once the game is over
    last: LastDeal | None
    just_scored: bool  #: the last deal was recorded and no tap of the next is made
    filled: list[str]  #: values filled in for the scorer after the last tap
    winners: list[str]  #: the winning sides, once the game is over
    winning_total: int | None
    undo: bool  #: there is a tap or a deal to take back
    chart_svg: str  #: every name in it escaped
    taps: list[str]  #: the taps made in the deal being entered ("bid:3"; filled-in values left out)


def table_page_of(
    game_id: str,
    version: int,
    result: GameResult,
    deal: DraftDeal | None,
    *,
    editor: bool,
    creator: bool = False,
    replaced: bool = False,
    edit_key: str = "",
    archived: bool = False,
    chart_svg: str,
    last_filled: Sequence[str] = (),
) -> TablePage:
    """Build the table page of a game scored, with the deal being entered (None once over).

    `chart_svg` is the game's chart (`chart.score_chart_svg`) and `last_filled` what was
    filled in for the scorer in its last deal (`last_deal_filled`): the server keeps both
    for each game text, the phone works them out.
    """
    game = result.game
    last = result.deals[-1] if result.deals else None
    just_scored = last is not None and (deal is None or not deal.steps)
    leaders = sides_ahead(result.totals) if result.deals else ()
    deltas: tuple[int | None, ...] = (None,) * len(result.sides)
    if just_scored and last is not None and last.sides is not None:
        deltas = tuple(side.score for side in last.sides)
    sides = [
        Side(name, total, index in leaders, delta)
        for index, (name, total, delta) in enumerate(
            zip(result.sides, result.totals, deltas, strict=True)
        )
    ]
    filled = list(deal.filled_words()) if deal is not None else []
    if deal is None or not deal.steps:
        filled = list(last_filled)
    winners = list(result.winners or ()) if result.complete else []
    return TablePage(
        game_id=game_id,
        version=version,
        editor=editor,
        creator=creator,
        replaced=replaced,
        edit_key=edit_key if editor else "",
        archived=archived,
        ruleset=game.ruleset.name,
        partnership=game.ruleset.partnership,
        players=list(game.players),
        sides=sides,
        deal_count=len(result.schedule),
        deal=None if deal is None else deal_screen(deal),
        last=None if last is None else last_deal(result, last),
        just_scored=just_scored,
        filled=filled,
        winners=[result.sides[side] for side in winners],
        winning_total=result.totals[winners[0]] if winners else None,
        undo=bool(result.deals) or (deal is not None and bool(deal.steps)),
        chart_svg=chart_svg,
        taps=[] if deal is None else taps_made(deal),
    )


def taps_made(deal: DraftDeal) -> list[str]:
    """Return the taps a person made in the deal, as their buttons' values ("bid:3").

    Values filled in because nothing else was possible are left out: they take no tap.
    """
    return [
        f"{kind}:{value}"
        for index, (kind, value) in enumerate(deal.steps)
        if index not in deal.filled
    ]


def deal_screen(deal: DraftDeal) -> DealScreen:
    """Say where the deal being entered stands, and what the scorer is asked next."""
    game, setup = deal.game, deal.setup
    players, partnership = game.players, game.ruleset.partnership
    labels, tricks = deal.bid_labels(), deal.tricks_by_seat
    next_up = deal.next_bidder if deal.bidding else deal.next_trick_taker
    seats = [
        Seat(
            seat=seat,
            name=players[seat],
            team="AB"[seat % 2] if partnership else "",
            bid=labels.get(seat, "·"),
            took=tricks.get(seat),
            rainbow=seat in deal.rainbows,
            now=seat == deal.next_bidder or (seat == next_up and not partnership),
            leads=seat == deal.leader,
        )
        for seat in setup.order
    ]
    trumps = [
        Choice(f"trump:{suit}", trump_label(suit), pressed=deal.trump == suit, suit=suit)
        for suit in SUITS
    ]
    if game.ruleset.allows_no_trump():
        trumps.append(Choice("trump:none", trump_label("none"), pressed=deal.trump == "none"))
    return DealScreen(
        number=setup.number,
        cards=setup.cards,
        dealer=players[setup.dealer],
        first_bidder=players[setup.order[0]],
        trump=deal.trump or "",
        trump_label=trump_label(deal.trump),
        seats=seats,
        tally=deal.tally,
        leader="" if deal.leader is None else players[deal.leader],
        ask=_ask(deal),
        trumps=trumps,
        steps=len(deal.steps),
    )


def _ask(deal: DraftDeal) -> Ask:
    """Return what the deal screen asks for next: a bid, or a count of tricks."""
    game, players = deal.game, deal.game.players
    if deal.bidding:
        bidder = players[deal.next_bidder or 0]
        choices = []
        offered = deal.choices()
        allowed = [c.bid for c in offered if c.allowed]
        worths = dict(zip(allowed, bid_worths(game, deal.setup, deal.bids, allowed), strict=True))
        for c in offered:
            worth = worths.get(c.bid) if c.allowed else None
            shown, words = ("", "") if worth is None else worth_said(worth, game)
            step = f"bid:{c.bid.to_json()}"
            choices.append(
                Choice(step, c.label, c.allowed, c.reason, worth=shown, worth_words=words)
            )
        return Ask(kind="bid", who=bidder, choices=choices)
    taker = deal.next_trick_taker
    rainbows = []
    if deal.asks_rainbows:
        rainbows = [
            Choice(f"rainbow:{seat}", name, pressed=seat in deal.rainbows)
            for seat, name in enumerate(players)
        ]
    rest_to = game.sides[1] if game.ruleset.partnership else players[deal.setup.order[-1]]
    return Ask(
        kind="tricks",
        who="" if taker is None else deal.taker_name(taker),
        choices=[Choice(f"tricks:{n}", str(n)) for n in range(deal.tricks_left + 1)],
        rainbows=rainbows,
        rest_to=rest_to,
    )


def points(score: int) -> str:
    """Write points with their sign, a true minus for a loss: "+30", "−10", "0"."""
    return f"+{score}" if score > 0 else f"\u2212{-score}" if score < 0 else "0"


def worth_said(worth: Worth, game: Game) -> tuple[str, str]:
    """Say what a bid is worth: its points if made, and in words ("made: +30 · one short: −10";
    a partnership's side and the bid it would stand at first)."""
    if worth.thrown_in:
        return "", Sentence("everyone would have passed: the deal is dealt again")
    said = []
    if game.ruleset.has_teams and worth.side_bid is not None:
        said.append(
            Sentence(
                "{side} would bid {tricks}", side=game.sides[worth.side], tricks=worth.side_bid
            )
        )
    if worth.made is not None:
        said.append(Sentence("made: {points}", points=points(worth.made)))
    if worth.short is not None:
        said.append(Sentence("one short: {points}", points=points(worth.short)))
    if worth.over is not None:
        said.append(Sentence("one over: {points}", points=points(worth.over)))
    if worth.made is None and worth.short is None:
        said.append(Sentence("more tricks than the deal has"))
    return ("" if worth.made is None else points(worth.made)), Lines(said, " · ")


def last_deal(result: GameResult, last: DealResult) -> LastDeal:
    """Say how the last deal recorded was scored, or who deals again after a throw-in."""
    players = result.game.players
    dealt = players[last.setup.dealer]
    again = players[result.next.dealer] if result.next else dealt
    lines = []
    if last.sides is not None:
        lines = [
            ScoredLine(name, side.score, Lines(side.explain), total)
            for name, side, total in zip(result.sides, last.sides, last.totals, strict=True)
        ]
    return LastDeal(
        number=last.setup.number,
        cards=last.setup.cards,
        thrown_in=last.thrown_in,
        lines=lines,
        dealt_by=dealt,
        deals_next=again,
        note=last.record.note or "",
    )


def last_deal_filled(result: GameResult) -> tuple[str, ...]:
    """Say what the table filled in for the scorer in the last deal recorded, if anything."""
    last = result.deals[-1] if result.deals else None
    if last is None or last.thrown_in:
        return ()
    taps = taps_of(result.game, last.setup, last.record)
    return tuple(replay(result.game, last.setup, taps).filled_words())


def why_refused(error: ScoreError) -> str:
    """Say why the rules refused a tap, as `str(error)` says it ("deal 1: Ann can bid at most
    8 with 8 cards"), as a `Sentence` a page says in its reader's language."""
    if error.deal is None:
        return error.message
    return Sentence("deal {deal}: {message}", deal=error.deal, message=error.message)
