"""House rules and settling disputes: rulesets in plain words, worked examples, rescoring.

Everything here is drawn from a ruleset *document* and the rules engine: the
rules pages, the house-rules editor, the compare view and the calculator, and
`scorekeeper score --ruleset`, all call these functions. No Flask, no SQLite.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .rules import (
    BOARD,
    DECISIONS,
    PASS,
    RAINBOW,
    AtLeast,
    Bid,
    DealRecord,
    DealResult,
    DealSetup,
    Exact,
    Game,
    GameFileError,
    GameResult,
    RainbowBid,
    RainbowBonus,
    Ruleset,
    ScoreError,
    SideScore,
    bid_choices,
    bidding_order,
    board_name,
    builtin_document,
    is_thrown_in,
    number,
    read_game,
    score_deal,
    score_game,
)
from .rules.builtins import BUILTIN_DOCUMENTS, down_and_up, up_and_down
from .rules.parts import KEYS

#: Names for the seats of worked examples (enough for the most players any ruleset allows).
EXAMPLE_NAMES = (
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
    "Kit", "Lou", "Max", "Ned", "Oz",
)  # fmt: skip

DECK_WORDS = {
    54: "54 cards: a standard deck with its two jokers",
    52: "52 cards: a standard deck without jokers, so there is always a trump suit",
    36: "36 cards: six to ace with the two jokers in place of two sixes",
}


# Schedules ------------------------------------------------------------------------------------


def schedule_words(counts: Sequence[int]) -> str:
    """Say a schedule the way people do: "13 down to 1, 1 up to 13"."""
    parts: list[str] = []
    i = 0
    while i < len(counts):
        j = i
        step = counts[i + 1] - counts[i] if i + 1 < len(counts) else 0
        if step in (1, -1):
            while j + 1 < len(counts) and counts[j + 1] - counts[j] == step:
                j += 1
        if j - i >= 2:
            parts.append(f"{counts[i]} {'down' if step < 0 else 'up'} to {counts[j]}")
            i = j + 1
        else:
            parts.append(str(counts[i]))
            i += 1
    return ", ".join(parts)


@dataclass(frozen=True)
class Shortcut:
    """A button that fills in a whole schedule from its largest deal."""

    key: str
    label: str  #: with {top} for the largest deal
    make: Callable[[int], list[int]]

    def title(self, top: int) -> str:
        """Return the button's words for this top."""
        return self.label.format(top=top)


SHORTCUTS = (
    Shortcut("down-up", "{top} down to 1 and back up", down_and_up),
    Shortcut(
        "down-up-once",
        "{top} down to 1 and back up, one 1-card deal",
        lambda top: down_and_up(top, ones=1),
    ),
    Shortcut(
        "up-down",
        "1 up to {top} and back down",
        lambda top: [*range(1, top + 1), *range(top, 0, -1)],
    ),
    Shortcut("up-down-once", "1 up to {top} and back down, one {top}-card deal", up_and_down),
    Shortcut("down", "{top} down to 1", lambda top: list(range(top, 0, -1))),
    Shortcut("up", "1 up to {top}", lambda top: list(range(1, top + 1))),
)


def find_shortcut(key: str) -> Shortcut | None:
    """Return the schedule shortcut with this key."""
    return next((shortcut for shortcut in SHORTCUTS if shortcut.key == key), None)


def parse_card_counts(text: str) -> list[int]:
    """Read "13 12 11, 10" into card counts; raise ValueError with a plain message."""
    words = text.replace(",", " ").replace("…", " ").split()
    if not words:
        raise ValueError("write the cards of every deal, e.g. 13 12 11 … 1")
    counts = []
    for word in words:
        if not word.isdigit() or not word.isascii():
            raise ValueError(f"“{word}” is not a number of cards")
        counts.append(int(word))
    return counts


def most_cards_that_fit(players: int, deck: int) -> int:
    """Return the most cards each player can get and still leave one to turn up (or none over)."""
    return deck // players if deck % players == 0 else (deck - 1) // players


# Documents ------------------------------------------------------------------------------------


def root_slug(document: dict[str, Any]) -> str | None:
    """Return the built-in a house document starts from, if it names one."""
    base = document.get("base")
    return base if isinstance(base, str) and base in BUILTIN_DOCUMENTS else None


def complete_document(ruleset: Ruleset) -> dict[str, Any]:
    """Return a ruleset's complete document (every key), as a copy."""
    return copy.deepcopy(ruleset.document)


def changes_from(base_slug: str | None, complete: dict[str, Any]) -> dict[str, Any]:
    """Write a complete document as {"base": slug, ...only the keys that differ} where it can."""
    if base_slug is None:
        return copy.deepcopy(complete)
    base = builtin_document(base_slug)
    out: dict[str, Any] = {"base": base_slug}
    for key in KEYS:
        if key == "name" or complete[key] != base[key]:
            out[key] = copy.deepcopy(complete[key])
    return out


def changed_keys(document: dict[str, Any]) -> list[str]:
    """Return the rules a house document changes from its base, in document order."""
    base_slug = root_slug(document)
    if base_slug is None:
        return []
    base = builtin_document(base_slug)
    return [key for key in KEYS if key != "name" and key in document and document[key] != base[key]]


RULE_TITLES = {
    "name": "Name",
    "players": "Players",
    "deck": "Deck",
    "partnership": "Teams",
    "schedule": "Deals",
    "first_bidder": "Who bids first",
    "bids": "Bids allowed",
    "board": "Boards",
    "scoring": "Scoring",
    "dealer_hook": "Dealer's hook",
    "redeal": "When everyone passes",
    "rainbow": "Rainbows",
    "one_card": "The 1-card deals",
    "lead": "Who leads",
}


# Plain words ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One part of a rules page: a heading and its sentences."""

    key: str
    title: str
    sentences: tuple[str, ...]
    rows: tuple[tuple[str, str], ...] = ()  #: a small table (e.g. deals by player count)


def _players_words(ruleset: Ruleset) -> str:
    low, high = ruleset.min_players, ruleset.max_players
    if ruleset.partnership:
        return (
            "Exactly 4 players in two teams of two; partners sit opposite each other "
            "(the 1st and 3rd players against the 2nd and 4th)."
        )
    count = f"{low}" if low == high else f"{low} to {high}"
    return f"{count} players, each playing for themself."


def _schedule_section(ruleset: Ruleset) -> Section:
    by_count: dict[tuple[int, ...], list[int]] = {}
    for players, counts in ruleset.schedules.items():
        by_count.setdefault(counts, []).append(players)
    if len(by_count) == 1:
        counts = next(iter(by_count))
        return Section(
            "schedule",
            RULE_TITLES["schedule"],
            (
                f"{len(counts)} deals, with this many cards to each player: "
                f"{schedule_words(counts)}.",
                "A deal that is thrown in does not use up a deal of the game: "
                "it is dealt again with the same number of cards.",
            ),
        )
    rows = []
    for counts, players in by_count.items():
        who = str(players[0]) if len(players) == 1 else f"{players[0]}–{players[-1]}"
        rows.append((f"{who} players", f"{len(counts)} deals: {schedule_words(counts)}"))
    return Section(
        "schedule",
        RULE_TITLES["schedule"],
        ("The number of cards depends on how many play:",),
        tuple(rows),
    )


def _bids_words(ruleset: Ruleset) -> list[str]:
    sentences = ["n is the number of cards each player holds in a deal, so there are n tricks."]
    low = "pass (0 tricks)" if ruleset.min_bid == 0 else "at least 1 trick (nobody may pass)"
    most = (
        "up to all n tricks" if ruleset.max_bid == "n" else "up to n−1 tricks (never all of them)"
    )
    sentences.append(f"Every player bids once: {low}, {most}.")
    extra = []
    if ruleset.board is not None:
        extra.append("board, a bid to take every trick")
    if isinstance(ruleset.rainbow, RainbowBid):
        extra.append("rainbow on a 4-card deal (see Rainbows)")
    if extra:
        sentences.append("Or instead of a number: " + "; or ".join(extra) + ".")
    if ruleset.partnership:
        sentences.append("A team's bid is the two partners' bids added up.")
    return sentences


def _board_words(ruleset: Ruleset) -> list[str]:
    board = ruleset.board
    if board is None:
        return ["There are no boards: nobody may bid to take every trick."]
    sentences = [
        f"A board is worth {board.per_trick} a trick: {board.per_trick} × n if the "
        f"{'team' if ruleset.partnership else 'bidder'} takes every trick, and the same "
        "amount is lost if even one trick is missed."
    ]
    if board.multipliers == (1,):
        sentences.append("Boards do not escalate: every board is a single board.")
    else:
        levels = ", ".join(
            f"the {_ordinal(level)} ({board_name(level) if level > 1 else 'single board'}) "
            f"×{multiplier}"
            for level, multiplier in enumerate(board.multipliers, 1)
        )
        sentences.append(
            f"Boards escalate in the order they are said: {levels}; any later board "
            f"counts ×{board.multipliers[-1]}."
        )
        if len(board.multipliers) > ruleset.max_players:
            sentences.append(
                f"With at most {ruleset.max_players} players, no more than "
                f"{ruleset.max_players} boards can be said in one deal."
            )
    if ruleset.partnership:
        sentences.append(
            "A team counts its highest board, and the partner's number bid does not count "
            "beside a board."
        )
    return sentences


def _ordinal(level: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
        level, f"{level}th"
    )


def _scoring_words(ruleset: Ruleset) -> list[str]:
    who, its = ("A team", "its") if ruleset.partnership else ("A player", "their")
    scoring = ruleset.scoring
    if isinstance(scoring, AtLeast):
        over = "1 point" if scoring.over == 1 else f"{scoring.over} points"
        sentences = [
            f"{who} that takes at least {its} bid scores {scoring.per_bid} for every trick bid "
            f"and {over} for every trick over the bid.",
            f"{who} that takes fewer tricks than {its} bid is set: it loses "
            f"{scoring.set_per_bid} for every trick bid.",
        ]
        if ruleset.min_bid == 0:
            sentences.append(
                f"A pass (a bid of 0) can never be set: it scores {over} for every trick taken."
            )
        return sentences
    sentences = [
        f"{who} that takes exactly the tricks bid scores {scoring.made_base} + "
        f"{scoring.made_per_trick} a trick.",
        f"One that bid all n tricks and took them all scores {scoring.all_base} + "
        f"{scoring.all_per_trick} a trick instead.",
        f"Anyone who misses the bid, over or under, scores {scoring.missed_per_trick} for "
        "every trick taken.",
    ]
    if scoring.sets:
        spans = ", ".join(f"{first}–{last}" for first, last in scoring.sets)
        sentences.append(
            f"The game is played in sets of deals ({spans}). A player who makes every bid "
            "exactly in a set earns, at the end of the set, a bonus equal to their best "
            "single deal of that set."
        )
    return sentences


def _redeal_words(ruleset: Ruleset) -> list[str]:
    if ruleset.redeal is None:
        if ruleset.min_bid > 0:
            return ["Nobody can pass, so every deal is played."]
        return ["If everyone passes, the deal is played and scored all the same."]
    who = "the same dealer" if ruleset.redeal == "same" else "the next dealer"
    return [
        "If everyone passes, the deal is thrown in: nothing is scored and it is dealt again "
        f"with the same number of cards by {who}."
    ]


def _rainbow_words(ruleset: Ruleset) -> list[str]:
    rainbow = ruleset.rainbow
    if rainbow is None:
        return ["Rainbows (one card of each suit) count for nothing."]
    if isinstance(rainbow, RainbowBonus):
        return [
            f"On a 4-card deal, every player whose four cards are one of each suit (a joker "
            f"counts as the trump suit) earns {rainbow.bonus} points for their "
            f"{'team' if ruleset.partnership else 'score'}, even when the bid is set."
        ]
    return [
        "On a 4-card deal, a player holding one card of each suit may bid rainbow instead of a "
        "number, and leads the first trick (the first such bidder, if several).",
        f"Taking at least one trick scores {rainbow.made:+d}; taking none scores "
        f"{rainbow.failed:+d}.",
    ]


def _lead_words(ruleset: Ruleset) -> list[str]:
    sentences = []
    if isinstance(ruleset.rainbow, RainbowBid):
        sentences.append("A rainbow bidder leads the first trick before anyone else. Otherwise:")
    if ruleset.lead == "left":
        sentences.append("The first bidder leads the first trick.")
    else:
        sentences.append(
            "The highest bid leads the first trick: the last board said, or else the highest "
            "number (the earlier bidder on a tie; the first bidder if everyone passed)."
        )
    return sentences


def describe(ruleset: Ruleset) -> list[Section]:
    """Write a ruleset in plain words, one section per part of the game."""
    fullest = max(players * max(counts) for players, counts in ruleset.schedules.items())
    deck = DECK_WORDS.get(ruleset.deck, f"{ruleset.deck} cards")
    first = (
        "Bidding starts with the player to the dealer's left and goes round the table, the "
        "dealer last."
        if ruleset.first_bidder == "left"
        else "Bidding starts with the player to the dealer's right, then goes on round the "
        "table in the direction of play, so the dealer bids second."
    )
    sections = [
        Section("players", RULE_TITLES["players"], (_players_words(ruleset),)),
        Section(
            "deck",
            RULE_TITLES["deck"],
            (
                f"{deck}.",
                f"The biggest deal uses {fullest} cards"
                + (
                    " (the whole deck, so no card is turned up for trump)."
                    if fullest == ruleset.deck
                    else "; one more is turned up for trump."
                ),
            ),
        ),
        _schedule_section(ruleset),
        Section(
            "first_bidder",
            RULE_TITLES["first_bidder"],
            ("The deal passes one seat on after every deal.", first),
        ),
        Section("bids", RULE_TITLES["bids"], tuple(_bids_words(ruleset))),
        Section("board", RULE_TITLES["board"], tuple(_board_words(ruleset))),
        Section("scoring", RULE_TITLES["scoring"], tuple(_scoring_words(ruleset))),
    ]
    if ruleset.dealer_hook:
        sections.append(
            Section(
                "dealer_hook",
                RULE_TITLES["dealer_hook"],
                (
                    "The dealer, bidding last, may not say the number that makes all the bids "
                    "add up to n: somebody must miss.",
                ),
            )
        )
    sections.append(Section("redeal", RULE_TITLES["redeal"], tuple(_redeal_words(ruleset))))
    sections.append(Section("rainbow", RULE_TITLES["rainbow"], tuple(_rainbow_words(ruleset))))
    if ruleset.one_card_board is not None:
        value = ruleset.one_card_board
        sections.append(
            Section(
                "one_card",
                RULE_TITLES["one_card"],
                (
                    "With 1 card each, a player may only pass or bid board.",
                    f"A board scores +{value} if it takes the trick and -{value} if not; "
                    "a pass scores 0 whatever happens.",
                ),
            )
        )
    sections.append(Section("lead", RULE_TITLES["lead"], tuple(_lead_words(ruleset))))
    return sections


# Decisions ------------------------------------------------------------------------------------


def _five_player_schedule(document: dict[str, Any]) -> list[int] | None:
    low, high = document["players"]
    if not low <= 5 <= high:
        return None
    schedule = document["schedule"]
    return schedule.get("5") if isinstance(schedule, dict) else schedule


#: When a Decision of RULES.md still applies to a ruleset (it may be a house copy of the built-in).
DECISION_APPLIES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "back-alley-individual": lambda doc: doc["first_bidder"] == "right",
    "bluke": lambda doc: _five_player_schedule(doc) == down_and_up(10, ones=1),
    "bluke-new-jersey": lambda doc: _five_player_schedule(doc) == up_and_down(10),
    "back-alley-seven": lambda doc: doc["rainbow"] == {"bid": {"made": 40, "failed": -40}},
}


def decisions(ruleset: Ruleset, base_slug: str | None = None) -> list[str]:
    """Return the Decision lines of RULES.md that apply to this ruleset (or house copy)."""
    found = []
    for slug, lines in DECISIONS.items():
        if slug not in (ruleset.slug, base_slug):
            continue
        applies = DECISION_APPLIES.get(slug, lambda _doc: True)
        if applies(ruleset.document):
            found.extend(lines)
    return found


# Worked examples ------------------------------------------------------------------------------


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
            examples += _example(f"{name} bids 2 and takes 3: a made bid", table, made)
            set_ = table.score(normal, {hero: number(2)}, {hero: 1})
            examples += _example(f"{name} bids 2 but takes only 1: set", table, set_)
            if ruleset.min_bid == 0:
                passed = table.score(normal, {hero: PASS}, {hero: 2})
                examples += _example(f"{name} passes and takes 2", table, passed)
        else:
            made = table.score(normal, {hero: number(2)}, {hero: 2})
            examples += _example(f"{name} bids 2 and takes exactly 2", table, made)
            missed = table.score(normal, {hero: number(2)}, {hero: 3})
            examples += _example(f"{name} bids 2 but takes 3: missed", table, missed)
    if isinstance(ruleset.scoring, Exact) and ruleset.max_bid == "n":
        small = table.pick((3, 2, 4), avoid=(1,))
        if small is not None:
            everything = table.score(small, {hero: number(small)}, {hero: small})
            examples += _example(f"{name} bids all {small} and takes them all", table, everything)
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
        word = board_name(level) if level > 1 else "single board"
        said = ", ".join(table.players[seat] for seat in boarders)
        title = (
            f"A {word}: {table.players[winner]} says the {_ordinal(level)} board and takes all"
            if level > 1
            else f"A single board: {table.players[winner]} bids board and takes all {cards}"
        )
        note = f"Boards said in bidding order: {said}." if level > 1 else ""
        examples += _example(title, table, result, note)
    hero = table.hero
    lost = table.score(cards, {hero: BOARD}, {hero: cards - 1})
    examples += _example(f"A board that misses a trick: {table.players[hero]}", table, lost)
    return examples


def _special_examples(table: _Table) -> list[Any]:
    ruleset = table.ruleset
    hero, name = table.hero, table.players[table.hero]
    examples: list[Any] = []
    if ruleset.one_card_board is not None and table.has(1):
        made = table.score(1, {hero: BOARD}, {hero: 1})
        examples += _example(f"The 1-card deal: {name} bids board and takes the trick", table, made)
    if isinstance(ruleset.rainbow, RainbowBonus) and table.has(4):
        result = table.score(4, {hero: number(2)}, {hero: 1}, rainbows=(hero,))
        examples += _example(
            f"{name} holds a rainbow on the 4-card deal (and is set)", table, result
        )
    if isinstance(ruleset.rainbow, RainbowBid) and table.has(4):
        made = table.score(4, {hero: RAINBOW}, {hero: 1})
        examples += _example(f"{name} bids rainbow and takes a trick", table, made)
        failed = table.score(4, {hero: RAINBOW}, {hero: 0})
        examples += _example(f"{name} bids rainbow and takes none", table, failed)
    if ruleset.dealer_hook:
        hook = dealer_hook_example(table)
        if hook is not None:
            examples.append(hook)
    if isinstance(ruleset.scoring, Exact) and ruleset.scoring.sets:
        bonus = set_bonus_example(table)
        if bonus is not None:
            examples.append(bonus)
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
        f"The dealer's hook with {cards} cards",
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
        rows.append((deal.setup.number, deal.setup.cards, bid, deal.sides[hero].score))
    final = result.deals[last - 1].sides
    assert final is not None
    return SetBonusExample(
        f"A set bonus: {table.players[hero]} makes every bid of deals {first}–{last}",
        table.players[hero],
        tuple(rows),
        final[hero].explain,
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
    rest = next(seat for seat in order if seat != hero)
    for hero_bid in (1, 0, 2):
        for raise_by in (0, 1):
            if hero_bid > cards:
                continue
            bids = [PASS if table.ruleset.min_bid == 0 else number(1)] * players
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
            if not last.thrown_in and last.sides is not None and last.sides[hero].made:
                return record
    return None


# Rescoring and comparing ----------------------------------------------------------------------


def rescore(game: Game, ruleset: Ruleset, ref: Any = None) -> GameResult:
    """Score the same game (what was said and taken) under another ruleset.

    Raises ScoreError naming the first deal the other ruleset would not allow
    (a deal without trump cannot happen with a deck without jokers). Rainbows
    held count only where the other ruleset pays for them.
    """
    if not ruleset.partnership:
        for position, deal in enumerate(game.deals, 1):
            if deal.team_tricks is not None:
                raise GameFileError(
                    "only each team's tricks were written down, so the deal cannot be scored "
                    "player by player",
                    deal=position,
                )
    keep_rainbows = isinstance(ruleset.rainbow, RainbowBonus)
    deals = []
    for deal in game.to_json()["deals"]:
        if not keep_rainbows:
            deal.pop("rainbows", None)
        deals.append(deal)
    document = {**game.to_json(), "ruleset": ref or ruleset.slug or "house", "deals": deals}
    return score_game(read_game(document, lookup=lambda _ref: ruleset))


@dataclass(frozen=True)
class Line:
    """One row of a comparison: a side (or a seat, when the sides differ) under both rulesets."""

    label: str
    ours: int | None
    theirs: int | None
    ours_explain: tuple[str, ...] = ()
    theirs_explain: tuple[str, ...] = ()

    @property
    def differs(self) -> bool:
        return self.ours != self.theirs

    @property
    def difference(self) -> int | None:
        if self.ours is None or self.theirs is None:
            return None
        return self.theirs - self.ours


@dataclass(frozen=True)
class DealComparison:
    """One deal of the game under both rulesets."""

    position: int
    ours: DealResult
    theirs: DealResult
    lines: tuple[Line, ...]

    @property
    def differs(self) -> bool:
        return any(line.differs for line in self.lines)


@dataclass(frozen=True)
class Comparison:
    """A game under its own ruleset and another, deal by deal; or why the other cannot score it."""

    ours: GameResult
    other: Ruleset
    theirs: GameResult | None
    problem: str | None
    deals: tuple[DealComparison, ...]
    totals: tuple[Line, ...]

    @property
    def by_seat(self) -> bool:
        """Say whether the lines are players (the two rulesets count sides differently)."""
        return self.theirs is not None and self.theirs.sides != self.ours.sides


def _lines(
    ours: GameResult,
    theirs: GameResult,
    pick: Callable[[GameResult, int], tuple[int | None, tuple[str, ...]]],
) -> tuple[Line, ...]:
    if ours.sides == theirs.sides:
        return tuple(
            Line(label, *_pair(pick(ours, side), pick(theirs, side)))
            for side, label in enumerate(ours.sides)
        )
    lines = []
    for seat, name in enumerate(ours.game.players):
        mine = pick(ours, ours.game.side_of(seat))
        other = pick(theirs, theirs.game.side_of(seat))
        lines.append(Line(name, *_pair(mine, other)))
    return tuple(lines)


def _pair(
    mine: tuple[int | None, tuple[str, ...]], other: tuple[int | None, tuple[str, ...]]
) -> tuple[int | None, int | None, tuple[str, ...], tuple[str, ...]]:
    return mine[0], other[0], mine[1], other[1]


def compare(ours: GameResult, other: Ruleset, ref: Any = None) -> Comparison:
    """Score a game under another ruleset and line the two up, deal by deal."""
    try:
        theirs = rescore(ours.game, other, ref)
    except ScoreError as error:
        if error.deal is not None:
            problem = f"Deal {error.deal} is not allowed under {other.name}: {error.message}."
        else:
            problem = f"This game cannot be scored under {other.name}: {error.message}."
        return Comparison(ours, other, None, problem, (), ())
    deals = []
    for position, (mine, their) in enumerate(zip(ours.deals, theirs.deals, strict=True), 1):

        def pick(result: GameResult, side: int, position: int = position) -> Any:
            deal = result.deals[position - 1]
            if deal.sides is None:
                return None, ("Thrown in: everyone passed, and it was dealt again.",)
            return deal.sides[side].score, deal.sides[side].explain

        deals.append(DealComparison(position, mine, their, _lines(ours, theirs, pick)))
    totals = _lines(ours, theirs, lambda result, side: (result.totals[side], ()))
    return Comparison(ours, other, theirs, None, tuple(deals), totals)


# The calculator -------------------------------------------------------------------------------


@dataclass(frozen=True)
class OneDeal:
    """One deal as entered in the calculator: names, dealer, cards, bids, tricks by seat."""

    players: tuple[str, ...]
    dealer: int
    cards: int
    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]
    rainbows: tuple[int, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What one deal scores under one ruleset, or why that ruleset would not allow it."""

    ruleset: Ruleset
    sides: tuple[str, ...]
    seat_scores: tuple[int | None, ...]  #: each seat's side's score (a partner shows the team's)
    results: tuple[SideScore, ...] | None
    problem: str | None
    thrown_in: bool = False
    levels: tuple[int | None, ...] = ()


def judge(deal: OneDeal, ruleset: Ruleset) -> Verdict:
    """Score one deal under a ruleset, or say why it is not allowed there."""
    count = len(deal.players)

    def refused(message: str) -> Verdict:
        problem = f"not allowed under {ruleset.name}: {message}"
        return Verdict(ruleset, (), (None,) * count, None, problem)

    try:
        ruleset.check_players(count)
    except ScoreError as error:
        return refused(error.message)
    schedule = ruleset.schedule(count)
    if deal.cards not in schedule:
        return refused(
            f"no deal has {deal.cards} card{'s' * (deal.cards != 1)} each "
            f"(its deals: {schedule_words(schedule)})"
        )
    game = Game(ruleset, deal.players, deal.dealer, ())
    rainbows = deal.rainbows if isinstance(ruleset.rainbow, RainbowBonus) else ()
    if is_thrown_in(ruleset, deal.bids):
        record = DealRecord(deal.bids)
    else:
        record = DealRecord(deal.bids, deal.tricks, rainbows=rainbows or None)
    order = bidding_order(ruleset, count, deal.dealer)
    setup = DealSetup(1, schedule.index(deal.cards) + 1, deal.cards, deal.dealer, order)
    try:
        result = score_deal(game, setup, record, (0,) * len(game.sides))
    except ScoreError as error:
        return refused(error.message)
    if result.sides is None:
        return Verdict(ruleset, game.sides, (None,) * count, None, None, True, result.levels)
    seat_scores = tuple(result.sides[game.side_of(seat)].score for seat in range(count))
    return Verdict(ruleset, game.sides, seat_scores, result.sides, None, False, result.levels)


def judge_everywhere(deal: OneDeal, rulesets: Sequence[Ruleset]) -> list[Verdict]:
    """Score one deal under every ruleset, side by side."""
    return [judge(deal, ruleset) for ruleset in rulesets]
