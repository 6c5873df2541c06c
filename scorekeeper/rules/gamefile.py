"""Reading a game file: the JSON document of docs/game-format.md, checked for shape, into a Game."""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from .bidding import KNOWN_BIDS, parse_bid
from .builtins import BUILTIN_DOCUMENTS
from .deal_checks import check_fits
from .errors import (
    GameFileError,
    NameRefused,
    NoteRefused,
    PlayersRefused,
    RulesetError,
    ScoreError,
    TricksError,
)
from .game import GameResult, score_game
from .names import (
    MAX_NAME_LENGTH,
    describe_character,
    has_control_character,
    invisible_character,
    name_key,
)
from .offered import refused_for_players
from .records import MAX_NOTE_LENGTH, TRUMPS, DealRecord, Game
from .ruleset import Ruleset, find_ruleset
from .sentences import Plural, Sentence
from .validation import limits_apply, refuse_unknown
from .variants import VARIANTS, ready_made_ruleset, titled

GAME_KEYS = ("ruleset", "players", "first_dealer", "deals")
DEAL_KEYS = ("bids", "tricks", "team_tricks", "trump", "rainbows", "note")

#: Finds a ruleset from the game file's "ruleset" value (a slug or a house document).
RulesetLookup = Callable[[Any], Ruleset]


def default_lookup(ref: Any) -> Ruleset:
    """Find a ruleset from a game file: a built-in or ready-made slug (every ruleset the app
    offers by slug), or an inline house document (a ready-made's known by its name, which a
    page then says in its reader's language)."""
    if isinstance(ref, dict):
        ruleset = Ruleset.from_document(ref)
    elif ref in BUILTIN_DOCUMENTS:
        return find_ruleset(ref)
    elif ref in VARIANTS:
        ruleset = ready_made_ruleset(ref)
    else:
        raise RulesetError(
            Sentence(
                "unknown ruleset {slug}; the built-in rulesets are {builtins}, and the "
                "ready-made ones {ready_made}",
                slug=json.dumps(ref),
                builtins=", ".join(BUILTIN_DOCUMENTS),
                ready_made=", ".join(VARIANTS),
            )
        )
    name = titled(ruleset.name)
    return ruleset if name is ruleset.name else dataclasses.replace(ruleset, name=name)


def load_game_text(text: str | bytes, *, lookup: RulesetLookup = default_lookup) -> Game:
    """Read a game file's text (JSON) into a Game."""
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise GameFileError(
            Sentence("the game file is not valid JSON ({error})", error=str(error))
        ) from None
    except RecursionError:
        raise GameFileError(
            Sentence("the game file is not valid JSON (it is nested too deeply)")
        ) from None
    return read_game(document, lookup=lookup)


def read_game(document: Any, *, lookup: RulesetLookup = default_lookup) -> Game:
    """Read a game file (already parsed JSON) into a Game, refusing anything malformed."""
    if not isinstance(document, dict):
        raise GameFileError(
            Sentence("the game file must be a JSON object with ruleset, players and deals")
        )
    refuse_unknown(document, GAME_KEYS, _unknown_field, GameFileError)
    if "ruleset" not in document:
        raise GameFileError(Sentence("the game file does not say which ruleset it is played under"))
    ref = document["ruleset"]
    if not isinstance(ref, str | dict):
        raise GameFileError(
            Sentence("the ruleset must be a ruleset's name (slug) or a house ruleset")
        )
    ruleset = lookup(ref)
    if isinstance(ref, str) and ref not in BUILTIN_DOCUMENTS:
        # A ready-made (or a family's) ruleset named by slug is copied into the game whole,
        # as New game copies it: a later change to those rules never changes this game.
        ref = dict(ruleset.document)
    players = read_players(document.get("players"), ruleset)
    first_dealer = document.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        raise GameFileError(Sentence("first_dealer must be a seat number (0 for the first player)"))
    if not 0 <= first_dealer < len(players):
        raise GameFileError(
            Sentence(
                "first_dealer must be a seat from 0 to {last}, not {seat}",
                last=len(players) - 1,
                seat=first_dealer,
            )
        )
    raw_deals = document.get("deals", [])
    if not isinstance(raw_deals, list):
        raise GameFileError(Sentence("deals must be a list"))
    count, partnership = len(players), ruleset.partnership
    deals = []
    for index, raw in enumerate(raw_deals, 1):
        deal = _read_plain(raw, count, partnership)
        if deal is None:
            deal = _read_in_full(raw, index=index, players=players, ruleset=ruleset)
        deals.append(deal)
    return Game(ruleset, players, first_dealer, tuple(deals), ruleset_ref=ref)


def _unknown_field(field: str, fields: str) -> str:
    return Sentence(
        "the game file has an unknown field '{field}'; its fields are {fields}",
        field=field,
        fields=fields,
    )


def read_players(raw: Any, ruleset: Ruleset) -> tuple[str, ...]:
    """Read the players' names in seating order, refusing blanks, repeats and wrong counts.

    Each name comes back as it is kept: composed (NFC), without spaces around it. A game
    stored before these checks keeps its names as they were stored (`stored_values`).
    """
    if not isinstance(raw, list) or not raw:
        raise GameFileError(Sentence("players must be a list of names in seating order"))
    if not limits_apply():
        return _stored_players(raw, ruleset)
    names: list[str] = []
    seats: dict[str, int] = {}
    for seat, given in enumerate(raw):
        name = read_name(given, seat)
        key = name_key(name)
        if key in seats:
            first = Sentence("{name} (player {seat})", name=names[seats[key]], seat=seats[key] + 1)
            raise NameRefused(
                Sentence("the same name as {first}: names must differ", first=first),
                seat=seat,
                message=Sentence(
                    "player {seat}: {name} is the same name as {first}; names must differ",
                    seat=seat + 1,
                    name=name,
                    first=first,
                ),
            )
        seats[key] = seat
        names.append(name)
    _check_count(len(names), ruleset)
    return tuple(names)


def read_name(given: Any, seat: int) -> str:
    """Read one player's name as it is kept (composed, trimmed), or say what is wrong with it."""
    if not isinstance(given, str) or not given.strip():
        raise NameRefused(Sentence("every player needs a name"), seat=seat)
    name = _kept_text(
        given,
        MAX_NAME_LENGTH,
        NameRefused(
            Sentence("a name cannot hold control characters or broken text; type it again"),
            seat=seat,
        ),
        lambda n: NameRefused(
            Sentence(
                "a name has at most {most} characters; this one has {n}", most=MAX_NAME_LENGTH, n=n
            ),
            seat=seat,
        ),
    )
    hidden = invisible_character(name)
    if hidden is not None:
        raise NameRefused(
            Sentence(
                "a name cannot hold an invisible character ({character})",
                character=describe_character(hidden),
            ),
            seat=seat,
        )
    return name


def _stored_players(raw: list[Any], ruleset: Ruleset) -> tuple[str, ...]:
    """Read the names of a game stored before, as they were stored (checked as they were then)."""
    seen: set[str] = set()
    for seat, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise NameRefused(Sentence("every player needs a name"), seat=seat)
        if has_control_character(name):
            raise NameRefused(
                Sentence("a name cannot hold control characters or broken text"), seat=seat
            )
        key = name.strip().casefold()  # how names were told apart when it was stored
        if key in seen:
            raise NameRefused(
                Sentence("two players are called {name}", name=name.strip()), seat=seat
            )
        seen.add(key)
    _check_count(len(raw), ruleset)
    return tuple(raw)


def _check_count(count: int, ruleset: Ruleset) -> None:
    try:
        ruleset.check_players(count)
    except RulesetError as error:
        said = refused_for_players(error.message, count)
        raise PlayersRefused(said, refused=error.message, players=count) from None


def _whole_numbers(raw: Any, count: int, what: str, deal: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != count:
        raise GameFileError(
            Sentence("{what} must be a list of {n} whole numbers", what=what, n=count), deal=deal
        )
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int):
            raise GameFileError(
                Sentence("{what} must be whole numbers, not {value}", what=what, value=repr(value)),
                deal=deal,
            )
    return tuple(raw)


def read_deal(raw: Any, *, index: int, players: Sequence[str], ruleset: Ruleset) -> DealRecord:
    """Read one deal of a game file, checking its shape (not yet its rules)."""
    plain = _read_plain(raw, len(players), ruleset.partnership)
    if plain is not None:
        return plain
    return _read_in_full(raw, index=index, players=players, ruleset=ruleset)


def _unknown_deal_field(field: str, fields: str) -> str:
    return Sentence("unknown field '{field}'; a deal has {fields}", field=field, fields=fields)


def _read_in_full(raw: Any, *, index: int, players: Sequence[str], ruleset: Ruleset) -> DealRecord:
    """Read a deal the plain reading left: check every field, and say what is wrong."""
    if not isinstance(raw, dict):
        raise GameFileError(Sentence("a deal must be an object with bids and tricks"), deal=index)
    refuse_unknown(raw, DEAL_KEYS, _unknown_deal_field, GameFileError, deal=index)
    raw_bids = raw.get("bids")
    if not isinstance(raw_bids, list):
        raise GameFileError(Sentence("the bids are missing"), deal=index)
    if len(raw_bids) != len(players):
        raise GameFileError(
            Plural(
                "{n} bid for {players} players: give one bid per seat",
                "{n} bids for {players} players: give one bid per seat",
                len(raw_bids),
                players=len(players),
            ),
            deal=index,
        )
    bids = tuple(
        parse_bid(value, deal=index, player=players[seat]) for seat, value in enumerate(raw_bids)
    )
    tricks = team_tricks = None
    if "tricks" in raw and "team_tricks" in raw:
        raise GameFileError(Sentence("give tricks or team_tricks, not both"), deal=index)
    if raw.get("tricks") is not None:
        tricks = _whole_numbers(raw["tricks"], len(players), "tricks", index)
    if raw.get("team_tricks") is not None:
        check_fits(ruleset, index, team_tricks=True)
        pair = _whole_numbers(raw["team_tricks"], 2, "team_tricks", index)
        team_tricks = (pair[0], pair[1])
    for value, whose in _tricks_owners(tricks, team_tricks, players, ruleset):
        if value < 0:
            raise TricksError(
                Sentence("{name} cannot take fewer than 0 tricks", name=whose), deal=index
            )
    trump = raw.get("trump")
    if trump is not None:
        if not isinstance(trump, str) or trump.strip().lower() not in TRUMPS:
            raise GameFileError(
                Sentence(
                    "trump must be clubs, diamonds, hearts, spades or none, not {trump}",
                    trump=repr(trump),
                ),
                deal=index,
            )
        trump = trump.strip().lower()
        check_fits(ruleset, index, trump=trump)
    rainbows = raw.get("rainbows")
    if rainbows is not None:
        rainbows = _rainbow_seats(rainbows, players, index)
    return DealRecord(bids, tricks, team_tricks, trump, rainbows, read_note(raw.get("note"), index))


def read_note(given: Any, deal: int) -> str | None:
    """Read a deal's note as it is kept (composed, trimmed; None for none), or say what is
    wrong with it: it is not text, it is too long, or it holds control characters.

    A note holds any script, counted in Unicode code points once composed (NFC), as a name
    is; a line break is a control character, so a note is one line.
    """
    if given is None:
        return None
    if not isinstance(given, str):
        raise NoteRefused(Sentence("a note must be text"), deal=deal)
    note = _kept_text(
        given,
        MAX_NOTE_LENGTH,
        NoteRefused(
            Sentence("a note cannot hold control characters (a line break, a tab) or broken text"),
            deal=deal,
        ),
        lambda n: NoteRefused(
            Sentence(
                "a note has at most {most} characters; this one has {n}", most=MAX_NOTE_LENGTH, n=n
            ),
            deal=deal,
        ),
    )
    return note or None


def _kept_text(
    given: str, most: int, control: ScoreError, too_long: Callable[[int], ScoreError]
) -> str:
    """Return text as it is kept, composed (NFC) and trimmed; raise `control` when it holds a
    control character, `too_long(characters)` when it has more than `most` (code points)."""
    if has_control_character(given):
        raise control
    kept = unicodedata.normalize("NFC", given).strip()
    if len(kept) > most:
        raise too_long(len(kept))
    return kept


#: Builds a DealRecord from a tuple of all its fields, for the plain reading's speed.
_new = tuple.__new__
_PLAIN_KEYS = frozenset(("bids", "tricks", "team_tricks", "trump"))
_PLAIN_TRUMPS = frozenset(TRUMPS) - {"none"}  # "none" needs the ruleset's word on jokers


def _read_plain(raw: Any, count: int, partnership: bool) -> DealRecord | None:
    """Read the deal nearly every file holds — known bids, tricks by seat or by team (or
    none, thrown in), perhaps a suit — without building a message; anything else (or
    anything wrong) is left to read_deal."""
    if type(raw) is not dict or not raw.keys() <= _PLAIN_KEYS:
        return None
    bids = raw.get("bids")
    if type(bids) is not list or len(bids) != count:
        return None
    if "tricks" in raw and "team_tricks" in raw:
        return None
    team_tricks = None
    tricks = raw.get("tricks")
    if tricks is not None:
        if type(tricks) is not list or len(tricks) != count:
            return None
        for value in tricks:
            if type(value) is not int or value < 0:
                return None
        tricks = tuple(tricks)
    else:
        team = raw.get("team_tricks")
        if team is not None:
            if not partnership or type(team) is not list or len(team) != 2:
                return None
            first, second = team
            if type(first) is not int or type(second) is not int or first < 0 or second < 0:
                return None
            team_tricks = (first, second)
    trump = raw.get("trump")
    if trump is not None and (type(trump) is not str or trump not in _PLAIN_TRUMPS):
        return None
    read = []
    for value in bids:
        kind = type(value)
        if kind is str:
            bid = KNOWN_BIDS.get(value) or KNOWN_BIDS.get(value.strip().lower())
        else:
            bid = KNOWN_BIDS.get(value) if kind is int else None
        if bid is None:
            return None
        read.append(bid)
    return _new(DealRecord, (tuple(read), tricks, team_tricks, trump, None, None))


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
        raise GameFileError(Sentence("rainbows must be a list of seats"), deal=index)
    seats: list[int] = []
    for seat in raw:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            raise GameFileError(
                Sentence(
                    "rainbows must name seats from 0 to {last}, not {seat}",
                    last=len(players) - 1,
                    seat=repr(seat),
                ),
                deal=index,
            )
        if seat in seats:
            raise GameFileError(
                Sentence("{name}'s rainbow is listed twice", name=players[seat]), deal=index
            )
        seats.append(seat)
    return tuple(seats)


def score(document: Any, *, lookup: RulesetLookup = default_lookup) -> GameResult:
    """Read and score a game file in one step."""
    return score_game(read_game(document, lookup=lookup))
