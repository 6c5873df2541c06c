"""Rulesets in plain words: the rules pages, the editor, the PDF rules box and compare."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import DECISIONS, RainbowBid, RainbowBonus, Ruleset, board_name
from ..rules.builtins import down_and_up, up_and_down
from ..rules.parts import AtLeast
from .schedules import schedule_words

DECK_WORDS = {
    54: "54 cards: a standard deck with its two jokers",
    52: "52 cards: a standard deck without jokers, so there is always a trump suit",
    36: "36 cards: six to ace with the two jokers in place of two sixes",
}


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
            f"the {ordinal(level)} ({board_name(level) if level > 1 else 'single board'}) "
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


def ordinal(level: int) -> str:
    """Say "first", "second", … for a board level."""
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
