"""A game: the file that records what was said at the table, and the walk that scores it."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .bidding import (
    Bid,
    BidKind,
    bidding_order,
    board_levels,
    check_bid,
    is_thrown_in,
    leader,
    parse_bid,
)
from .errors import GameFileError, GameOverError, RulesetError, ScoreError, TricksError
from .ruleset import RAINBOW_CARDS, Exact, RainbowBonus, Ruleset, find_ruleset
from .scoring import SideScore, plural, score_side, signed

TRUMPS = ("clubs", "diamonds", "hearts", "spades", "none")
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠", "none": "no trump"}
GAME_KEYS = ("ruleset", "players", "first_dealer", "deals")
DEAL_KEYS = ("bids", "tricks", "team_tricks", "trump", "rainbows")
#: The longest name a player may have: room for "Grandma Louise" many times over, while
#: every page, column and scoresheet still has room for it.
MAX_NAME_LENGTH = 100

#: Finds a ruleset from the game file's "ruleset" value (a slug or a house document).
RulesetLookup = Callable[[Any], Ruleset]


@dataclass(frozen=True)
class DealRecord:
    """One deal as said at the table: bids by seat, tricks, trump, rainbow holders."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...] | None = None
    team_tricks: tuple[int, int] | None = None
    trump: str | None = None
    rainbows: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the deal as the game file writes it."""
        out: dict[str, Any] = {"bids": [bid.to_json() for bid in self.bids]}
        if self.tricks is not None:
            out["tricks"] = list(self.tricks)
        if self.team_tricks is not None:
            out["team_tricks"] = list(self.team_tricks)
        if self.trump is not None:
            out["trump"] = self.trump
        if self.rainbows is not None:
            out["rainbows"] = list(self.rainbows)
        return out


@dataclass(frozen=True)
class Game:
    """A game file: the ruleset, the players in seating order, the first dealer, the deals."""

    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: tuple[DealRecord, ...] = ()
    ruleset_ref: Any = None

    def to_json(self) -> dict[str, Any]:
        """Return the game file (GAME-FORMAT.md) as a JSON-ready dict."""
        return {
            "ruleset": self.ruleset_ref if self.ruleset_ref is not None else self.ruleset.slug,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "deals": [deal.to_json() for deal in self.deals],
        }

    def with_deals(self, deals: Sequence[DealRecord]) -> Game:
        """Return the same game with another list of deals."""
        return replace(self, deals=tuple(deals))

    @property
    def sides(self) -> tuple[str, ...]:
        """Name the sides: "Ann & Cy" for a team, the player's name otherwise."""
        return self.ruleset.side_names(self.players)

    def side_seats(self, side: int) -> tuple[int, ...]:
        """Return the seats that make up a side."""
        return self.ruleset.side_seats(side)

    def side_of(self, seat: int) -> int:
        """Return the side a seat plays for."""
        return self.ruleset.side_of(seat)


@dataclass(frozen=True)
class DealSetup:
    """Where a deal stands before the bids: its place, its cards, its dealer and bidding order."""

    index: int  #: position in the game file, 1-based, counting thrown-in deals
    number: int  #: the slot of the schedule (a thrown-in deal and its replay share it)
    cards: int
    dealer: int
    order: tuple[int, ...]  #: seats in bidding order

    def to_json(self) -> dict[str, int]:
        """Return the `next` object of the score output."""
        return {"number": self.number, "cards": self.cards, "dealer": self.dealer}


@dataclass(frozen=True)
class DealResult:
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
        """Return the output of `scorekeeper score` (GAME-FORMAT.md) as a JSON-ready dict."""
        return {
            "ruleset": self.game.to_json()["ruleset"],
            "sides": list(self.sides),
            "deals": [deal.to_json() for deal in self.deals],
            "totals": list(self.totals),
            "complete": self.complete,
            "winners": None if self.winners is None else list(self.winners),
            "next": None if self.next is None else self.next.to_json(),
        }


def default_lookup(ref: Any) -> Ruleset:
    """Find a ruleset from a game file: a built-in slug, or an inline house document."""
    if isinstance(ref, dict):
        return Ruleset.from_document(ref)
    return find_ruleset(ref)


def load_game_text(text: str | bytes, *, lookup: RulesetLookup = default_lookup) -> Game:
    """Read a game file's text (JSON) into a Game."""
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise GameFileError(f"the game file is not valid JSON ({error})") from None
    except RecursionError:
        raise GameFileError("the game file is not valid JSON (it is nested too deeply)") from None
    return read_game(document, lookup=lookup)


def read_game(document: Any, *, lookup: RulesetLookup = default_lookup) -> Game:
    """Read a game file (already parsed JSON) into a Game, refusing anything malformed."""
    if not isinstance(document, dict):
        raise GameFileError("the game file must be a JSON object with ruleset, players and deals")
    unknown = sorted(key for key in document if key not in GAME_KEYS)
    if unknown:
        raise GameFileError(
            f"the game file has an unknown field '{unknown[0]}'; "
            f"its fields are {', '.join(GAME_KEYS)}"
        )
    if "ruleset" not in document:
        raise GameFileError("the game file does not say which ruleset it is played under")
    ref = document["ruleset"]
    if not isinstance(ref, str | dict):
        raise GameFileError("the ruleset must be a ruleset's name (slug) or a house ruleset")
    ruleset = lookup(ref)
    players = read_players(document.get("players"), ruleset)
    first_dealer = document.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        raise GameFileError("first_dealer must be a seat number (0 for the first player)")
    if not 0 <= first_dealer < len(players):
        raise GameFileError(
            f"first_dealer must be a seat from 0 to {len(players) - 1}, not {first_dealer}"
        )
    raw_deals = document.get("deals", [])
    if not isinstance(raw_deals, list):
        raise GameFileError("deals must be a list")
    deals = tuple(
        read_deal(raw, index=index, players=players, ruleset=ruleset)
        for index, raw in enumerate(raw_deals, 1)
    )
    return Game(ruleset, players, first_dealer, deals, ruleset_ref=ref)


def name_key(name: str) -> str:
    """Return how a player is known across seats and games: the name, whatever its capitals."""
    return name.strip().casefold()


def read_players(raw: Any, ruleset: Ruleset) -> tuple[str, ...]:
    """Read the players' names in seating order, refusing blanks, repeats and wrong counts."""
    if not isinstance(raw, list) or not raw:
        raise GameFileError("players must be a list of names in seating order")
    seen: dict[str, str] = {}
    for name in raw:
        if not isinstance(name, str) or not name.strip():
            raise GameFileError("every player needs a name")
        if len(name) > MAX_NAME_LENGTH:
            raise GameFileError(
                f"the name {name[:20].strip()}… is too long: "
                f"a name has at most {MAX_NAME_LENGTH} characters"
            )
        if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
            raise GameFileError(
                "a name cannot hold control characters or broken text; type it again"
            )
        key = name_key(name)
        if key in seen:
            raise GameFileError(f"two players are called {name.strip()}: names must differ")
        seen[key] = name
    try:
        ruleset.check_players(len(raw))
    except RulesetError as error:
        raise GameFileError(error.message) from None
    return tuple(raw)


def _whole_numbers(raw: Any, count: int, what: str, deal: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != count:
        raise GameFileError(f"{what} must be a list of {count} whole numbers", deal=deal)
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameFileError(f"{what} must be whole numbers, not {value!r}", deal=deal)
    return tuple(raw)


def read_deal(raw: Any, *, index: int, players: Sequence[str], ruleset: Ruleset) -> DealRecord:
    """Read one deal of a game file, checking its shape (not yet its rules)."""
    if not isinstance(raw, dict):
        raise GameFileError("a deal must be an object with bids and tricks", deal=index)
    unknown = sorted(key for key in raw if key not in DEAL_KEYS)
    if unknown:
        raise GameFileError(
            f"unknown field '{unknown[0]}'; a deal has {', '.join(DEAL_KEYS)}", deal=index
        )
    raw_bids = raw.get("bids")
    if not isinstance(raw_bids, list):
        raise GameFileError("the bids are missing", deal=index)
    if len(raw_bids) != len(players):
        raise GameFileError(
            f"{len(raw_bids)} bids for {len(players)} players: give one bid per seat", deal=index
        )
    bids = tuple(
        parse_bid(value, deal=index, player=players[seat]) for seat, value in enumerate(raw_bids)
    )
    tricks = team_tricks = None
    if "tricks" in raw and "team_tricks" in raw:
        raise GameFileError("give tricks or team_tricks, not both", deal=index)
    if raw.get("tricks") is not None:
        tricks = _whole_numbers(raw["tricks"], len(players), "tricks", index)
    if raw.get("team_tricks") is not None:
        check_fits(ruleset, index, team_tricks=True)
        pair = _whole_numbers(raw["team_tricks"], 2, "team_tricks", index)
        team_tricks = (pair[0], pair[1])
    for value, whose in _tricks_owners(tricks, team_tricks, players, ruleset):
        if value < 0:
            raise TricksError(f"{whose} cannot take fewer than 0 tricks", deal=index)
    trump = raw.get("trump")
    if trump is not None:
        if not isinstance(trump, str) or trump.strip().lower() not in TRUMPS:
            raise GameFileError(
                f"trump must be clubs, diamonds, hearts, spades or none, not {trump!r}", deal=index
            )
        trump = trump.strip().lower()
        check_fits(ruleset, index, trump=trump)
    rainbows = raw.get("rainbows")
    if rainbows is not None:
        rainbows = _rainbow_seats(rainbows, players, index)
    return DealRecord(bids, tricks, team_tricks, trump, rainbows)


def check_fits(
    ruleset: Ruleset, index: int, *, team_tricks: bool = False, trump: str | None = None
) -> None:
    """Refuse team tricks outside a partnership, and no trump where the deck has no jokers."""
    if team_tricks and not ruleset.partnership:
        raise GameFileError("team_tricks is only for partnership games", deal=index)
    if trump == "none" and not ruleset.allows_no_trump():
        raise GameFileError(
            "a deck without jokers always has a trump suit, so trump cannot be none", deal=index
        )


def _tricks_owners(
    tricks: tuple[int, ...] | None,
    team_tricks: tuple[int, int] | None,
    players: Sequence[str],
    ruleset: Ruleset,
) -> list[tuple[int, str]]:
    if tricks is not None:
        return [(value, players[seat]) for seat, value in enumerate(tricks)]
    if team_tricks is not None:
        return list(zip(team_tricks, ruleset.side_names(players), strict=True))
    return []


def _rainbow_seats(raw: Any, players: Sequence[str], index: int) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise GameFileError("rainbows must be a list of seats", deal=index)
    seats: list[int] = []
    for seat in raw:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            raise GameFileError(
                f"rainbows must name seats from 0 to {len(players) - 1}, not {seat!r}", deal=index
            )
        if seat in seats:
            raise GameFileError(f"{players[seat]}'s rainbow is listed twice", deal=index)
        seats.append(seat)
    return tuple(seats)


def deal_setup(game: Game, index: int, number: int, dealer: int) -> DealSetup:
    """Return the setup of the deal at this place in the file and this slot of the schedule."""
    players = len(game.players)
    cards = game.ruleset.schedule(players)[number - 1]
    return DealSetup(index, number, cards, dealer, bidding_order(game.ruleset, players, dealer))


def check_bids(game: Game, setup: DealSetup, bids: Sequence[Bid]) -> tuple[int | None, ...]:
    """Refuse the first illegal bid in bidding order; return each seat's board level."""
    in_order: list[Bid] = []
    for seat in setup.order:
        check_bid(
            game.ruleset,
            setup.cards,
            in_order,
            bids[seat],
            len(game.players),
            name=game.players[seat],
            deal=setup.index,
        )
        in_order.append(bids[seat])
    levels_in_order = board_levels(in_order)
    levels: list[int | None] = [None] * len(game.players)
    board = game.ruleset.board
    for seat, level in zip(setup.order, levels_in_order, strict=True):
        # Where boards do not escalate, every board is single (back-alley-individual).
        levels[seat] = level if level is None or board is None else board.level(level)
    return tuple(levels)


def side_tricks(game: Game, setup: DealSetup, record: DealRecord) -> tuple[int, ...]:
    """Return the tricks each side took, refusing tricks that do not add up."""
    ruleset = game.ruleset
    if record.team_tricks is not None:
        by_side: tuple[int, ...] = record.team_tricks
    elif record.tricks is not None:
        by_side = ruleset.tricks_by_side(record.tricks)
    else:
        raise TricksError("the tricks each player took are missing", deal=setup.index)
    taken = sum(by_side)
    if taken != setup.cards:
        raise TricksError(
            f"the tricks add up to {taken}, but with {plural(setup.cards, 'card')} each "
            f"there are {plural(setup.cards, 'trick')}",
            deal=setup.index,
        )
    return by_side


def check_rainbows(game: Game, setup: DealSetup, record: DealRecord) -> tuple[int, ...]:
    """Refuse rainbow holders where the ruleset pays no rainbow bonus on this deal."""
    if not record.rainbows:
        return ()
    if not isinstance(game.ruleset.rainbow, RainbowBonus):
        raise GameFileError(
            f"{game.ruleset.name} pays no rainbow bonus, so no rainbows can be recorded",
            deal=setup.index,
        )
    if not game.ruleset.pays_rainbow_bonus(setup.cards):
        raise GameFileError(
            f"rainbows count only on the {RAINBOW_CARDS}-card deal, "
            f"not with {plural(setup.cards, 'card')}",
            deal=setup.index,
        )
    return record.rainbows


def score_deal(
    game: Game, setup: DealSetup, record: DealRecord, totals: Sequence[int]
) -> DealResult:
    """Check one deal against the rules and score it (or recognise it as thrown in)."""
    # Checked again here: a game rescored under another ruleset was read under the old one.
    check_fits(
        game.ruleset, setup.index, team_tricks=record.team_tricks is not None, trump=record.trump
    )
    levels = check_bids(game, setup, record.bids)
    if is_thrown_in(game.ruleset, record.bids):
        if record.tricks is not None or record.team_tricks is not None:
            raise TricksError(
                "everyone passed, so the deal is thrown in and dealt again: it has no tricks",
                deal=setup.index,
            )
        if record.rainbows:
            raise GameFileError("a thrown-in deal has no rainbows to score", deal=setup.index)
        return DealResult(setup, record, levels, None, True, None, None, tuple(totals))
    by_side = side_tricks(game, setup, record)
    rainbows = check_rainbows(game, setup, record)
    sides = tuple(
        score_side(
            game.ruleset,
            setup.cards,
            game.side_seats(side),
            game.players,
            record.bids,
            levels,
            tricks,
            rainbows,
        )
        for side, tricks in enumerate(by_side)
    )
    first = leader(game.ruleset, setup.order, record.bids)
    new_totals = tuple(total + side.score for total, side in zip(totals, sides, strict=True))
    return DealResult(setup, record, levels, first, False, by_side, sides, new_totals)


def _set_bonus(
    scoring: Exact, number: int, played: dict[int, DealResult], side: int
) -> tuple[int, str] | None:
    """Return Joker's set bonus for a side whose set ends at this slot, if it made every bid."""
    for first, last in scoring.sets:
        if last != number:
            continue
        in_set = [played[slot].sides[side] for slot in range(first, last + 1)]  # type: ignore[index]
        if all(score.made for score in in_set):
            best = max(score.score for score in in_set)
            return best, (
                f"Made every bid in deals {first}–{last}: the set bonus is the best "
                f"deal of the set, {signed(best)}."
            )
    return None


def score_game(game: Game) -> GameResult:
    """Score a whole game deal by deal, refusing the first deal that breaks the rules."""
    ruleset = game.ruleset
    players = len(game.players)
    schedule = ruleset.schedule(players)
    sides = len(game.sides)
    totals: tuple[int, ...] = (0,) * sides
    dealer = game.first_dealer
    number = 1
    results: list[DealResult] = []
    played: dict[int, DealResult] = {}
    for index, record in enumerate(game.deals, 1):
        if number > len(schedule):
            raise GameOverError(f"the game ended after {len(schedule)} deals", deal=index)
        setup = deal_setup(game, index, number, dealer)
        result = score_deal(game, setup, record, totals)
        if result.thrown_in:
            results.append(result)
            if ruleset.redeal == "next":
                dealer = (dealer + 1) % players
            continue
        if isinstance(ruleset.scoring, Exact):
            result = _with_set_bonuses(ruleset.scoring, number, played, result, totals)
        played[number] = result
        results.append(result)
        totals = result.totals
        number += 1
        dealer = (dealer + 1) % players
    complete = number > len(schedule)
    winners = None
    if complete:
        best = max(totals)
        winners = tuple(side for side, total in enumerate(totals) if total == best)
    upcoming = None if complete else deal_setup(game, len(game.deals) + 1, number, dealer)
    return GameResult(game, tuple(results), totals, complete, winners, upcoming)


def _with_set_bonuses(
    scoring: Exact,
    number: int,
    played: dict[int, DealResult],
    result: DealResult,
    before: Sequence[int],
) -> DealResult:
    assert result.sides is not None
    sides = list(result.sides)
    history = {**played, number: result}
    for side in range(len(sides)):
        bonus = _set_bonus(scoring, number, history, side)
        if bonus is not None:
            sides[side] = sides[side].plus(*bonus)
    totals = tuple(total + side.score for total, side in zip(before, sides, strict=True))
    return replace(result, sides=tuple(sides), totals=totals)


def score(document: Any, *, lookup: RulesetLookup = default_lookup) -> GameResult:
    """Read and score a game file in one step."""
    return score_game(read_game(document, lookup=lookup))


def trump_label(trump: str | None) -> str:
    """Write a trump suit as a symbol: ♠ ♥ ♦ ♣, "no trump", or "" when not recorded."""
    return SUIT_SYMBOLS.get(trump or "", "")


__all__ = [
    "TRUMPS",
    "BidKind",
    "DealRecord",
    "DealResult",
    "DealSetup",
    "Game",
    "GameResult",
    "ScoreError",
    "load_game_text",
    "read_game",
    "score",
    "score_game",
]
