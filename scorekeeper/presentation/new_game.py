"""The pages that start a game as plain data: New game, the draw for seats, importing a file.

Each page's form stays the web's (what was typed, and what is wrong with it); these
are what the forms offer: the rulesets, the names the family has played under, the cards
that can be drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..rules import (
    MAX_NAME_LENGTH,
    PlayersRefused,
    Ruleset,
    name_key,
    read_players,
    visible_name,
)
from ..rules.draw import RANKS, SUITS
from ..rules.offered import players_refusal, seats
from ..rules.sentences import Sentence
from ..standings.results import names_played_most
from ..storage import Connection, find_any_ruleset, ruleset_choices

#: Remembered names offered on New game, at most.
KNOWN_NAMES = 12


@dataclass(frozen=True)
class NewGamePage:
    """New game: the rulesets to choose from, and remembered names not yet at the table."""

    ruleset_choices: list[tuple[str, str]]  #: (slug, label) of every ruleset a game may use
    known: list[str]
    max_name_length: int  #: the longest name a seat takes (`rules.MAX_NAME_LENGTH`)


@dataclass(frozen=True)
class DrawSeat:
    """One player of the draw for seats, with the card tapped for them so far."""

    name: str
    rank: str  #: "" before one is tapped
    suit: str
    problem: str  #: what is wrong with the card tapped, or ""


@dataclass(frozen=True)
class DrawPage:
    """The draw for seats: who draws, the cards there are, and what stops the table being seated."""

    ruleset: str  #: the slug of the rules the game will be played under
    partnership: bool  #: whether the two highest cards play together
    seats: list[DrawSeat]
    ranks: list[str]  #: highest first
    suits: list[str]
    problem: str  #: what stops the table being seated as drawn, or ""


@dataclass(frozen=True)
class ImportPage:
    """Import a game: the page is its form alone, and holds no data of its own."""


def new_game_page(db: Connection, seated: Sequence[str]) -> NewGamePage:
    """Build New game for a table where these names are already seated."""
    taken = {name_key(name) for name in seated}
    played = names_played_most(db, KNOWN_NAMES + len(taken))  # the most played, not every one
    known = [visible_name(name) for name in played if name_key(name) not in taken]
    return NewGamePage(
        ruleset_choices=[
            (
                choice.slug,
                ruleset_label(choice.ruleset, house=choice.house, ready_made=choice.ready_made),
            )
            for choice in ruleset_choices(db)
        ],
        known=known[:KNOWN_NAMES],
        max_name_length=MAX_NAME_LENGTH,
    )


def ruleset_label(rules: Ruleset, *, house: bool = False, ready_made: bool = False) -> Sentence:
    """Say a ruleset in the list of rules: its name, how many play it, and whether in teams."""
    low, high = rules.min_players, rules.max_players
    count = (
        Sentence("{low} players", low=low)
        if low == high
        else Sentence("{low}–{high} players", low=low, high=high)
    )
    if rules.partnership:
        count = Sentence("{count}, 2 teams", count=count)
    elif rules.pairs:
        count = Sentence("{count}, 2 pairs", count=count)
    name = house_name(rules.name, house=house, ready_made=ready_made)
    return Sentence("{name} · {count}", name=name, count=count)


def players_refused(db: Connection, refused: PlayersRefused) -> str:
    """Say a ruleset's refusal of a table, naming every ruleset offered here that is played by
    as many, a family's house rules too (as the list of rules names them)."""
    takers = [
        house_name(choice.ruleset.name, house=choice.house, ready_made=choice.ready_made)
        for choice in ruleset_choices(db)
        if seats(choice.ruleset, refused.players)
    ]
    return players_refusal(refused.refused, refused.players, takers)


def house_name(name: str, *, house: bool, ready_made: bool = False) -> str:
    """Say a ruleset's name in a list, with whether it is house rules (or ready-made ones)."""
    if ready_made:
        return Sentence("{name} (ready-made house rules)", name=name)
    return Sentence("{name} (house rules)", name=name) if house else name


def draw_page(
    db: Connection,
    slug: str,
    names: Sequence[str],
    drawn: Sequence[tuple[str, str]] | None = None,
    problems: Mapping[str, str] | None = None,
) -> DrawPage:
    """Build the draw for seats of these players under these rules (raise NotFound if unknown,
    NameRefused or GameFileError for names that cannot be seated).

    `drawn` is the (rank, suit) tapped for each seat so far ("" for none); `problems` what
    is wrong, by seat number ("0", "1" …) and "form" for the table as a whole.
    """
    found = find_any_ruleset(db, slug)
    names = read_players(list(names), found.ruleset)
    problems = problems or {}
    cards = drawn or [("", "")] * len(names)
    return DrawPage(
        ruleset=found.slug,
        partnership=found.ruleset.partnership,
        seats=[
            DrawSeat(name, rank, suit, problems.get(str(seat), ""))
            for seat, (name, (rank, suit)) in enumerate(zip(names, cards, strict=True))
        ],
        ranks=list(reversed(RANKS)),
        suits=list(SUITS),
        problem=problems.get("form", ""),
    )


def import_page() -> ImportPage:
    """Build the page that brings in a game file."""
    return ImportPage()
