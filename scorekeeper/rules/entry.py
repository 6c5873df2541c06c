"""The deal being entered at the table: a log of taps, replayed into bids, tricks and trump.

The table page keeps the deal in progress as the game's draft (storage's
`draft` column), written as the list of taps made so far. Replaying the taps
through the rules engine gives everything the page shows — who bids next,
which bids are legal, the bids total, who leads, whose tricks are asked for —
and undo is just dropping the last tap. When the last tap completes the deal,
`DraftDeal.record()` gives the DealRecord to store. A note tap writes the last deal's note
(`write_note`); the draft remembers the note it replaced, so undo takes a note change back
as it takes back a tap. No Flask here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .bidding import (
    Bid,
    BidChoice,
    bid_choices,
    board_levels,
    check_bid,
    hook_value,
    is_thrown_in,
    leader,
    parse_bid,
)
from .deal_checks import DealSetup
from .errors import GameFileError, GameOverError, IllegalBid, NoteRefused, ScoreError, TricksError
from .game import GameResult, passes_used, score_game
from .gamefile import read_note
from .records import TRUMPS, DealRecord, Game
from .sentences import Lines, Plural, Sentence

Step = tuple[str, str]


@dataclass(frozen=True)
class DraftDeal:
    """A deal part-way through entry: the setup it is for and the taps made so far."""

    game: Game
    setup: DealSetup
    steps: tuple[Step, ...] = ()
    trump: str | None = None
    bids: tuple[Bid, ...] = ()  #: in bidding order
    tricks: tuple[int, ...] = ()  #: in bidding order (one team count in a partnership)
    rainbows: tuple[int, ...] = ()  #: seats that held a rainbow
    filled: tuple[int, ...] = ()  #: the steps filled in because nothing else was possible
    note: str | None = None  #: the note of the deal taken back into these taps, given back
    #: The last deal's note before the last note change, in a 1-tuple (its note may be None),
    #: while that change is still to be undone; None when there is none.
    noted: tuple[str | None] | None = None

    # What the table sees ----------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.game.players)

    @property
    def bidding(self) -> bool:
        """Say whether bids are still being taken."""
        return len(self.bids) < self.players

    @property
    def next_bidder(self) -> int | None:
        """Return the seat that bids next, or None once everyone has bid."""
        return self.setup.order[len(self.bids)] if self.bidding else None

    def choices(self) -> list[BidChoice]:
        """Return the bids the next bidder may say (forbidden ones marked, e.g. the hook)."""
        return list(self._choices)

    @functools.cached_property
    def _choices(self) -> tuple[BidChoice, ...]:
        # Worked out once a deal: the page, the forced value and the next tap all ask.
        return tuple(
            bid_choices(
                self.game.ruleset,
                self.setup.cards,
                self.bids,
                self.players,
                passes_used=self._passes_used(self.next_bidder),
            )
        )

    def _passes_used(self, seat: int | None) -> int:
        """Return the passes this seat has used toward the ruleset's pass limit, if it has one."""
        used = passes_used(self.game, self.setup.number)
        return 0 if used is None or seat is None else used[seat]

    @property
    def bids_by_seat(self) -> dict[int, Bid]:
        return dict(zip(self.setup.order, self.bids, strict=False))

    def bid_labels(self) -> dict[int, str]:
        """Return each bid said so far in words, by seat ("3", "pass", "double board")."""
        levels = board_levels(self.bids)
        return {
            seat: bid.label(level)
            for seat, bid, level in zip(self.setup.order, self.bids, levels, strict=False)
        }

    @property
    def tally(self) -> str:
        """Say the bids so far against the cards: "board + 3 bid of 13 tricks", "nothing bid
        of 6 tricks" (before a bid, or after passes only)."""
        levels = board_levels(self.bids)
        boards = [bid.label(level) for bid, level in zip(self.bids, levels, strict=True) if level]
        tricks = sum(
            hook_value(bid, self.setup.cards)
            for bid, level in zip(self.bids, levels, strict=True)
            if not level
        )
        cards = self.setup.cards
        if not boards and not tricks:
            return Plural("nothing bid of {n} trick", "nothing bid of {n} tricks", cards)
        said = Lines([*boards, str(tricks)] if tricks else boards, " + ")
        return Plural("{said} bid of {n} trick", "{said} bid of {n} tricks", cards, said=said)

    @property
    def leader(self) -> int | None:
        """Return who leads the first trick, once every bid is in."""
        if self.bidding:
            return None
        by_seat = self.bids_by_seat
        bids = [by_seat[seat] for seat in range(self.players)]
        return leader(self.game.ruleset, self.setup.order, bids)

    @property
    def asks_rainbows(self) -> bool:
        """Say whether rainbow holders are asked for (the 4-card deal of a bonus ruleset)."""
        return self.game.ruleset.pays_rainbow_bonus(self.setup.cards)

    @property
    def trick_takers(self) -> tuple[int, ...]:
        """Return whose tricks are tapped: team 0 in a partnership, else all but the last bidder."""
        if self.game.ruleset.partnership:
            return (0,)
        return self.setup.order[:-1]

    @property
    def next_trick_taker(self) -> int | None:
        """Return the side or seat whose tricks are asked for next (None while bidding)."""
        if self.bidding or len(self.tricks) >= len(self.trick_takers):
            return None
        return self.trick_takers[len(self.tricks)]

    @property
    def tricks_left(self) -> int:
        """Return the tricks not yet given to anyone."""
        return self.setup.cards - sum(self.tricks)

    @property
    def tricks_by_seat(self) -> dict[int, int]:
        if self.game.ruleset.partnership:
            return {}
        return dict(zip(self.trick_takers, self.tricks, strict=False))

    # Taps --------------------------------------------------------------------------------

    def _add(self, kind: str, value: str) -> DraftDeal:
        """Return the deal with one more step, or raise a ScoreError saying why it is refused."""
        deal = self.setup.index
        if kind == "trump":
            trump = value.strip().lower()
            if trump not in TRUMPS or (trump == "none" and not self.game.ruleset.allows_no_trump()):
                raise GameFileError(f"{value!r} is not a trump this game can have", deal=deal)
            return self._with_step(kind, trump, trump=trump)
        if kind == "bid":
            if not self.bidding:
                raise IllegalBid("everyone has bid already", deal=deal)
            seat = self.setup.order[len(self.bids)]
            name = self.game.players[seat]
            bid = parse_bid(value, deal=deal, player=name)
            check_bid(
                self.game.ruleset,
                self.setup.cards,
                self.bids,
                bid,
                self.players,
                name=name,
                deal=deal,
                passes_used=self._passes_used(seat),
            )
            return self._with_step(kind, str(bid.to_json()), bids=(*self.bids, bid))
        if kind == "rainbow":
            if not self.asks_rainbows:
                raise GameFileError("no rainbows are counted on this deal", deal=deal)
            seat = _whole(value, "a seat", deal)
            if not 0 <= seat < self.players:
                raise GameFileError(f"there is no seat {seat}", deal=deal)
            held = tuple(s for s in self.rainbows if s != seat)
            if len(held) == len(self.rainbows):
                held = tuple(sorted((*held, seat)))
            return self._with_step(kind, str(seat), rainbows=held)
        if kind == "tricks":
            taker = self.next_trick_taker
            if taker is None:
                if self.bidding:
                    raise TricksError(Sentence("the bids are not all in yet"), deal=deal)
                raise TricksError(Sentence("every trick is already counted"), deal=deal)
            tricks = _whole(value, "a number of tricks", deal)
            if not 0 <= tricks <= self.tricks_left:
                whose = self.taker_name(taker)
                raise TricksError(
                    Plural(
                        "{who} cannot take {tricks}: only {n} of {cards} tricks is left to give",
                        "{who} cannot take {tricks}: only {n} of {cards} tricks are left to give",
                        self.tricks_left,
                        who=whose,
                        tricks=tricks,
                        cards=self.setup.cards,
                    ),
                    deal=deal,
                    player=whose,
                )
            return self._with_step(kind, str(tricks), tricks=(*self.tricks, tricks))
        raise GameFileError(f"{kind!r} is not something to tap", deal=deal)

    def taker_name(self, taker: int) -> str:
        """Name whoever's tricks are asked for: the team in a partnership, else the player."""
        if self.game.ruleset.partnership:
            return self.game.sides[taker]
        return self.game.players[taker]

    def _with_step(self, kind: str, value: str, **changes: Any) -> DraftDeal:
        return replace(self, steps=(*self.steps, (kind, value)), **changes)

    def undo(self) -> DraftDeal:
        """Return the deal without its last tap (and the values filled in after it)."""
        return self.carrying(back_one(self.game, self.setup, self.steps))

    def carrying(self, deal: DraftDeal) -> DraftDeal:
        """Return another replay of this deal's taps with this deal's note and note change."""
        return replace(deal, note=self.note, noted=self.noted)

    # Values nobody needs to tap ---------------------------------------------------------------

    def forced(self) -> Step | None:
        """Return the one tap this screen allows, when only one is possible ("0 tricks left")."""
        if self.bidding:
            allowed = [choice for choice in self.choices() if choice.allowed]
            return ("bid", str(allowed[0].bid.to_json())) if len(allowed) == 1 else None
        # Rainbows are tapped on the tricks screen, so it always offers a choice there.
        if self.complete or self.asks_rainbows or self.tricks_left:
            return None
        return ("tricks", "0")

    def tap(self, kind: str, value: str) -> DraftDeal:
        """Return the deal after one more step, marked filled in if it was the only choice.

        A replay of the draft and the tap itself both go through here, so the deal a tap
        leaves is the very deal its draft replays to.
        """
        forced = self.forced()
        deal = self._add(kind, value)
        if forced == (kind, value):
            deal = replace(deal, filled=(*deal.filled, len(deal.steps) - 1))
        return deal

    def fill_forced(self) -> DraftDeal:
        """Fill in every value that leaves no choice, so it costs the scorer no tap."""
        deal = self
        while not deal.complete and (step := deal.forced()) is not None:
            deal = deal.tap(*step)
        return deal

    def filled_words(self) -> list[str]:
        """Say the values filled in for the scorer after the last tap ("Dee took 0")."""
        words = []
        labels = self.bid_labels()
        index = len(self.steps) - 1
        while index in self.filled:
            kind, value = self.steps[index]
            earlier = [k for k, _ in self.steps[:index]].count(kind)
            if kind == "bid":
                seat = self.setup.order[earlier]
                words.append(
                    Sentence("{name} bids {bid}", name=self.game.players[seat], bid=labels[seat])
                )
            else:
                who = self.taker_name(self.trick_takers[earlier])
                words.append(Sentence("{name} took {tricks}", name=who, tricks=value))
            index -= 1
        return words[::-1]

    # Completion ------------------------------------------------------------------------------

    @property
    def thrown_in(self) -> bool:
        return not self.bidding and is_thrown_in(self.game.ruleset, self.bids)

    @property
    def complete(self) -> bool:
        """Say whether the deal can be recorded: thrown in, or every trick counted."""
        if self.bidding:
            return False
        return self.thrown_in or len(self.tricks) == len(self.trick_takers)

    def record(self) -> DealRecord:
        """Return the deal as the game file holds it (call once `complete`)."""
        by_seat = self.bids_by_seat
        bids = tuple(by_seat[seat] for seat in range(self.players))
        if self.thrown_in:
            return DealRecord(bids, note=self.note)
        rainbows = self.rainbows if self.asks_rainbows else None
        if self.game.ruleset.partnership:
            team = self.tricks[0]
            return DealRecord(
                bids,
                team_tricks=(team, self.setup.cards - team),
                trump=self.trump,
                rainbows=rainbows,
                note=self.note,
            )
        tricks = dict(zip(self.trick_takers, self.tricks, strict=True))
        tricks[self.setup.order[-1]] = self.tricks_left
        return DealRecord(
            bids,
            tricks=tuple(tricks[seat] for seat in range(self.players)),
            trump=self.trump,
            rainbows=rainbows,
            note=self.note,
        )

    def to_draft(self) -> dict[str, Any]:
        """Return what storage keeps as the game's draft (the note and note change, if any)."""
        draft: dict[str, Any] = {
            "position": self.setup.index,
            "steps": [list(step) for step in self.steps],
        }
        if self.note is not None:
            draft["note"] = self.note
        if self.noted is not None:
            draft["noted"] = list(self.noted)
        return draft


@dataclass(frozen=True)
class Tapped:
    """Where one tap leaves the table: the game, and the deal being entered after it."""

    game: Game  #: with a deal more when the tap completed one, a deal fewer when it undid one
    deal: DraftDeal | None  #: the deal being entered now (None once the game is over)
    result: GameResult | None = None  #: the game scored again, when its deals changed


def take_tap(game: Game, deal: DraftDeal | None, step: str) -> Tapped:
    """Take one tap of the deal being entered ("bid:3", "tricks:5", "undo", ...).

    The deal is recorded on its last tap (and every value that leaves no choice is filled
    in); undo drops the last tap, or takes back the last deal down to its last tap when no
    tap of the next deal is made yet. The server and the phone both move the table on
    with this, so the two cannot disagree on what a tap does.
    """
    kind, _, value = step.partition(":")
    if kind == "note":
        return write_note(game, deal, value)
    if kind == "undo":
        if deal is not None and deal.steps:
            return Tapped(game, deal.undo())
        if deal is not None and deal.noted is not None:
            (before,) = deal.noted
            after = _with_last_note(game, before)
            return Tapped(after, replace(deal, game=after, noted=None), score_game(after))
        if not game.deals:
            raise ScoreError("There is nothing to undo yet.")
        before = game.with_deals(game.deals[:-1])
        result = score_game(before)
        setup = result.next
        assert setup is not None  # the removed deal's slot is free again
        taken = game.deals[-1]
        back = back_one(before, setup, taps_of(before, setup, taken))
        return Tapped(before, replace(back, note=taken.note), result)
    if deal is None:
        raise GameOverError("The game is over: there is no deal left to enter.")
    deal = deal.tap(kind, value).fill_forced()
    if not deal.complete:
        return Tapped(game, deal)
    after = game.with_deals([*game.deals, deal.record()])
    result = score_game(after)
    upcoming = None if result.next is None else DraftDeal(after, result.next)
    return Tapped(after, upcoming, result)


def write_note(game: Game, deal: DraftDeal | None, text: str) -> Tapped:
    """Write the last deal's note ("" takes it away), refusing a note the game file would.

    The deal being entered remembers the note replaced, so the next undo with no tap of
    that deal made takes the change back (once the game is over there is no deal being
    entered: undo then takes back the last deal, its note kept with its taps).
    """
    if not game.deals:
        raise NoteRefused(Sentence("there is no deal to write a note on yet"))
    before = game.deals[-1].note
    note = read_note(text, len(game.deals))
    if note == before:
        return Tapped(game, deal)
    after = _with_last_note(game, note)
    if deal is not None:
        deal = replace(deal, game=after, noted=(before,))
    return Tapped(after, deal, score_game(after))


def _with_last_note(game: Game, note: str | None) -> Game:
    return game.with_deals([*game.deals[:-1], game.deals[-1]._replace(note=note)])


def _whole(value: str, what: str, deal: int) -> int:
    text = str(value).strip()
    if not (text.isdigit() and text.isascii() and len(text) <= 3):
        raise GameFileError(f"{value!r} is not {what}", deal=deal)
    return int(text)


def replay(game: Game, setup: DealSetup, steps: Iterable[Sequence[str]]) -> DraftDeal:
    """Replay taps onto a fresh deal, keeping those that are still legal (stopping at the first
    that is not, e.g. after an earlier deal was corrected)."""
    deal = DraftDeal(game, setup)
    for step in steps:
        try:
            deal = deal.tap(str(step[0]), str(step[1]))
        except (IndexError, TypeError, ValueError):
            break
    return deal


def back_one(game: Game, setup: DealSetup, steps: Sequence[Step]) -> DraftDeal:
    """Replay all but the last tap a person made: values filled in after it go with it."""
    kept = list(steps)
    while kept:
        last = tuple(kept.pop())
        before = replay(game, setup, kept)
        if before.forced() != last:
            return before
    return DraftDeal(game, setup)


def taps_of(game: Game, setup: DealSetup, record: DealRecord) -> list[Step]:
    """Return the taps that would enter a recorded deal (used to undo into the draft)."""
    steps: list[Step] = []
    if record.trump is not None:
        steps.append(("trump", record.trump))
    steps.extend(("bid", str(record.bids[seat].to_json())) for seat in setup.order)
    steps.extend(("rainbow", str(seat)) for seat in record.rainbows or ())
    if record.team_tricks is not None:
        steps.append(("tricks", str(record.team_tricks[0])))
    elif record.tricks is not None:
        if game.ruleset.partnership:
            steps.append(("tricks", str(game.ruleset.tricks_by_side(record.tricks)[0])))
        else:
            steps.extend(("tricks", str(record.tricks[seat])) for seat in setup.order[:-1])
    return steps


def buttons_of(game: Game, setup: DealSetup, record: DealRecord) -> list[str]:
    """Return the buttons a scorer taps on the table page to enter a recorded deal, in order.

    Each is the `step` value of its button: "trump:hearts", "bid:pass", "tricks:6". A value
    the table fills in because nothing else was possible takes no tap, so it is left out.
    """
    steps = taps_of(game, setup, record)
    filled = replay(game, setup, steps).filled
    return [
        f"{kind}:{'pass' if kind == 'bid' and value == '0' else value}"
        for index, (kind, value) in enumerate(steps)
        if index not in filled
    ]
