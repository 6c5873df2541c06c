"""Checks on the values of a ruleset document: each refusal says, in plain words, what is wrong."""

from __future__ import annotations

import contextlib
import contextvars
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .errors import RulesetError, ScoreError
from .parts import (
    ALL_KEYS,
    AT_LEAST_KEYS,
    EXACT_KEYS,
    MAX_DEALS,
    MAX_DECK,
    MAX_POINTS,
    MAX_PREMIA_TIMES,
    PASS_LIMIT_PER,
    PREMIA_OF,
    PREMIA_STRIKES,
    TEAMS,
    AtLeast,
    Exact,
    Khishti,
    MissPenalty,
    PassLimit,
    Premia,
)
from .sentences import Plural, Sentence

#: Off while reading what was stored before the limits existed: new input keeps to them,
#: but a game saved then must still open (its numbers are exact integers either way).
_LIMITS = contextvars.ContextVar("limits", default=True)


@contextlib.contextmanager
def stored_values() -> Iterator[None]:
    """Read stored documents without the upper limits, which bind only new input."""
    token = _LIMITS.set(False)
    try:
        yield
    finally:
        _LIMITS.reset(token)


def limits_apply() -> bool:
    """Say whether the upper limits bind (new input), or not (a game stored before them)."""
    return _LIMITS.get()


def refuse_unknown(
    document: dict[str, Any],
    known: Sequence[str],
    say: Callable[[str, str], str],
    error: type[ScoreError] = RulesetError,
    *,
    deal: int | None = None,
) -> None:
    """Refuse the first key, alphabetically, that the document may not hold.

    `say(key, known)` words the refusal for what is checked (a game file, a deal, a ruleset,
    one of its settings), given the key and the known keys in a line.
    """
    unknown = [key for key in document if key not in known]
    if unknown:
        raise error(say(min(unknown), ", ".join(known)), deal=deal)


def check_keys(document: dict[str, Any]) -> None:
    """Refuse a rule no ruleset has."""
    refuse_unknown(document, ALL_KEYS, _unknown_rule)


def _unknown_rule(rule: str, rules: str) -> str:
    return Sentence("unknown rule '{rule}'; the rules are: {rules}", rule=rule, rules=rules)


def whole(value: Any, what: str, *, minimum: int | None = 0, maximum: int | None = None) -> int:
    """Return a whole number within its range, or say which end it is past."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(
            Sentence("{what} must be a whole number, not {value}", what=what, value=_shown(value))
        )
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise RulesetError(
                Sentence(
                    "{what} cannot be negative (it is {value})", what=what, value=_shown(value)
                )
            )
        past, limit = Sentence("{what} must be at least {limit} (it is {value})"), minimum
    elif maximum is not None and value > maximum and _LIMITS.get():
        past, limit = Sentence("{what} must be at most {limit} (it is {value})"), maximum
    else:
        return value
    raise RulesetError(Sentence(past.msgid, what=what, limit=f"{limit:,}", value=_shown(value)))


def points(value: Any, what: str, *, negative: bool = False) -> int:
    """Return a number of points: 0 to MAX_POINTS, or down to -MAX_POINTS where a rule costs."""
    lowest = -MAX_POINTS if negative and _LIMITS.get() else None if negative else 0
    return whole(value, what, minimum=lowest, maximum=MAX_POINTS)


def _shown(value: Any) -> str:
    """Show a value in a message: a huge number by its size, long text cut short."""
    if isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(abs(value)))
        return f"{value:,}" if digits <= 15 else Sentence("a number {n} digits long", n=digits)
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:36] + "…"


def _either(shown: list[str]) -> str:
    """Say choices one or the other: "1 or 2 or 3" (in any language)."""
    if len(shown) == 1:
        return shown[0]
    return Sentence("{first} or {rest}", first=shown[0], rest=_either(shown[1:]))


def choice(value: Any, what: str, choices: tuple[Any, ...]) -> Any:
    if value not in choices or (isinstance(value, bool) and None not in choices):
        shown = _either([json.dumps(choice) for choice in choices])
        raise RulesetError(
            Sentence(
                "{what} must be {choices}, not {value}",
                what=what,
                choices=shown,
                value=_shown(value),
            )
        )
    return value


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesetError(
            Sentence("{what} must be true or false, not {value}", what=what, value=_shown(value))
        )
    return value


def keyed(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RulesetError(
            Sentence("{what} must be an object with {keys}", what=what, keys=", ".join(keys))
        )
    refuse_unknown(value, keys, lambda key, _: _unknown_setting(what, key))
    missing = [key for key in keys if key not in value]
    if missing:
        raise RulesetError(Sentence("{what} is missing {keys}", what=what, keys=", ".join(missing)))
    return value


def _unknown_setting(what: str, key: str) -> str:
    return Sentence("{what} has an unknown setting '{key}'", what=what, key=key)


def card_counts(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise RulesetError(Sentence("{what} must be a non-empty list of card counts", what=what))
    if len(value) > MAX_DEALS and _LIMITS.get():
        raise RulesetError(
            Sentence(
                "{what} has {n} deals; a game has at most {most}",
                what=what,
                n=len(value),
                most=MAX_DEALS,
            )
        )
    return tuple(
        whole(cards, Sentence("every deal in {what}", what=what), minimum=1, maximum=MAX_DECK)
        for cards in value
    )


@contextlib.contextmanager
def rule(key: str) -> Iterator[None]:
    """Mark an error with the rule (the document's key) it is about, for forms to show beside it."""
    try:
        yield
    except RulesetError as error:
        if error.field is None:
            error.field = key
        raise


def read_schedules(schedule: Any, low: int, high: int, deck: int) -> dict[int, tuple[int, ...]]:
    schedules: dict[int, tuple[int, ...]] = {}
    if isinstance(schedule, dict):
        for count in range(low, high + 1):
            if str(count) not in schedule:
                raise RulesetError(Sentence("the schedule has no deals for {n} players", n=count))
            schedules[count] = card_counts(
                schedule[str(count)], Sentence("the {n}-player schedule", n=count)
            )
        extra = sorted(set(schedule) - {str(count) for count in range(low, high + 1)})
        if extra:
            raise RulesetError(
                Sentence("the schedule names {who} players, who cannot play", who=extra[0])
            )
    else:
        counts = card_counts(schedule, Sentence("the schedule"))
        schedules = {count: counts for count in range(low, high + 1)}
    for count, counts in schedules.items():
        for number, cards in enumerate(counts, 1):
            if count * cards > deck:
                raise RulesetError(
                    Plural(
                        "deal {deal} gives {n} card to each of {players} players: "
                        "{total} cards, but the deck has {deck}",
                        "deal {deal} gives {n} cards to each of {players} players: "
                        "{total} cards, but the deck has {deck}",
                        cards,
                        deal=number,
                        players=count,
                        total=count * cards,
                        deck=deck,
                    )
                )
    return schedules


def check_some_bid(
    schedules: dict[int, tuple[int, ...]], min_bid: int, max_bid: str, one_card: bool
) -> None:
    """Refuse bids that leave no number to say on some deal (at least 1, at most n-1 on 1 card)."""
    dealt = {cards for counts in schedules.values() for cards in counts}
    for cards in sorted(dealt):
        highest = cards if max_bid == "n" else cards - 1
        if min_bid > highest and not (one_card and cards == 1):
            raise RulesetError(
                Plural(
                    "with {n} card nobody could bid a number: the lowest bid is {low} and the "
                    "highest {high}; allow a pass, or bids up to n",
                    "with {n} cards nobody could bid a number: the lowest bid is {low} and the "
                    "highest {high}; allow a pass, or bids up to n",
                    cards,
                    low=min_bid,
                    high=highest,
                )
            )


def read_scoring(raw: Any, schedules: dict[int, tuple[int, ...]]) -> AtLeast | Exact:
    if not isinstance(raw, dict) or raw.get("type") not in ("at-least", "exact"):
        raise RulesetError(Sentence('scoring must have "type": "at-least" or "exact"'))
    if raw["type"] == "at-least":
        keyed(raw, Sentence("at-least scoring"), ("type", *AT_LEAST_KEYS))
        return AtLeast(**{key: points(raw[key], key.replace("_", " ")) for key in AT_LEAST_KEYS})
    keyed(raw, Sentence("exact scoring"), ("type", *EXACT_KEYS, "sets"))
    sets = raw["sets"]
    if not isinstance(sets, list):
        raise RulesetError(Sentence("sets must be a list of [first deal, last deal]"))
    shortest = min(len(schedule) for schedule in schedules.values())
    checked: list[tuple[int, int]] = []
    for pair in sets:
        if not isinstance(pair, list) or len(pair) != 2:
            raise RulesetError(Sentence("each set must be [first deal, last deal]"))
        first = whole(pair[0], Sentence("a set's first deal"), minimum=1)
        last = whole(pair[1], Sentence("a set's last deal"), minimum=1)
        if first > last or last > shortest:
            raise RulesetError(
                Sentence(
                    "the set of deals {first}–{last} is not within the game", first=first, last=last
                )
            )
        if checked and first <= checked[-1][1]:
            raise RulesetError(Sentence("sets must come in order and not overlap"))
        checked.append((first, last))
    return Exact(
        **{key: points(raw[key], key.replace("_", " ")) for key in EXACT_KEYS},
        sets=tuple(checked),
    )


def read_khishti(raw: Any, scoring: AtLeast | Exact) -> Khishti | None:
    """Read the khishti: null, or {"fixed": F, "per_card": C}, both 0 or below, not both 0."""
    if raw is None:
        return None
    keyed(raw, "khishti", ("fixed", "per_card"))
    fixed = points(raw["fixed"], Sentence("the khishti's fixed points"), negative=True)
    per_card = points(raw["per_card"], Sentence("the khishti's points per card"), negative=True)
    if fixed > 0 or per_card > 0:
        raise RulesetError(
            Sentence("a khishti is a penalty: its points must be 0 or below (-200, -500)")
        )
    if fixed == 0 and per_card == 0:
        raise RulesetError(
            Sentence("a khishti of 0 is no khishti: choose no khishti (in a file, null)")
        )
    if not isinstance(scoring, Exact):
        raise RulesetError(
            Sentence(
                "a khishti needs exact scoring (Joker's): with at-least scoring a missed bid "
                "already costs points"
            )
        )
    return Khishti(fixed, per_card)


def read_premia(raw: Any, scoring: AtLeast | Exact) -> Premia:
    """Read the premia: what a set made in full earns (best or sum, times), whom it strikes."""
    keyed(raw, "premia", ("of", "times", "strike"))
    premia = Premia(
        of=choice(raw["of"], Sentence("what the premia counts"), PREMIA_OF),
        times=whole(
            raw["times"], Sentence("the premia's times"), minimum=0, maximum=MAX_PREMIA_TIMES
        ),
        strike=choice(raw["strike"], Sentence("when the premia strikes"), PREMIA_STRIKES),
    )
    if not premia.adds and premia.strike == "never":
        raise RulesetError(
            Sentence(
                "a premia that adds nothing and strikes nobody is no set bonus: let it strike, "
                "or count it at least once"
            )
        )
    if premia != Premia() and not (isinstance(scoring, Exact) and scoring.sets):
        raise RulesetError(
            Sentence("a premia needs exact scoring with sets of deals to be earned in")
        )
    return premia


def read_pass_limit(raw: Any, scoring: AtLeast | Exact, min_bid: int) -> PassLimit | None:
    """Read the pass limit: null, or {"passes": N, "per": "set" or "game"}."""
    if raw is None:
        return None
    keyed(raw, "pass_limit", ("passes", "per"))
    limit = PassLimit(
        passes=whole(raw["passes"], Sentence("the passes allowed"), minimum=1, maximum=MAX_DEALS),
        per=choice(raw["per"], Sentence("what the pass limit counts over"), PASS_LIMIT_PER),
    )
    if min_bid != 0:
        raise RulesetError(Sentence("a pass limit needs passing to be allowed (the lowest bid 0)"))
    if limit.per == "set" and not (isinstance(scoring, Exact) and scoring.sets):
        raise RulesetError(
            Sentence('a pass limit "per set" needs exact scoring with sets of deals')
        )
    return limit


def read_miss_penalty(raw: Any, scoring: AtLeast | Exact) -> MissPenalty | None:
    """Read what a missed bid costs: null, or {"fixed", "short", "over"}, each 0 or below."""
    if raw is None:
        return None
    keyed(raw, "miss_penalty", ("fixed", "short", "over"))
    penalty = MissPenalty(
        fixed=points(raw["fixed"], Sentence("the missed bid's fixed points"), negative=True),
        short=points(raw["short"], Sentence("the points a trick short"), negative=True),
        over=points(raw["over"], Sentence("the points a trick over"), negative=True),
    )
    if max(penalty.fixed, penalty.short, penalty.over) > 0:
        raise RulesetError(
            Sentence("a missed bid's cost is a penalty: its points must be 0 or below")
        )
    if penalty == MissPenalty(0, 0, 0):
        raise RulesetError(
            Sentence(
                "a missed bid that costs 0 is Joker's own rule: choose the tricks taken "
                "(in a file, null)"
            )
        )
    if not isinstance(scoring, Exact):
        raise RulesetError(
            Sentence(
                "a cost for a missed bid needs exact scoring (Joker's): with at-least scoring a "
                "set bid already costs points"
            )
        )
    return penalty


def read_made_pass(raw: Any, scoring: AtLeast | Exact, min_bid: int) -> int | None:
    """Read what a made pass scores: null (like any made bid), or a number of points."""
    if raw is None:
        return None
    made = points(raw, Sentence("a made pass"))
    if not isinstance(scoring, Exact):
        raise RulesetError(Sentence("a score for a made pass needs exact scoring (Joker's)"))
    if min_bid != 0:
        raise RulesetError(
            Sentence("a score for a made pass needs passing to be allowed (the lowest bid 0)")
        )
    return made


def read_pairs(raw: Any, scoring: AtLeast | Exact, players: tuple[int, int], teams: bool) -> bool:
    """Read pairs: partners opposite who each bid and score for themself, scores added."""
    pairs = flag(raw, "pairs")
    if not pairs:
        return False
    seats = sum(len(team) for team in TEAMS)
    if players != (seats, seats):
        raise RulesetError(Sentence("pairs need exactly 4 players (two pairs, partners opposite)"))
    if not isinstance(scoring, Exact):
        raise RulesetError(
            Sentence("pairs need exact scoring (Joker's): each partner makes their own bid")
        )
    if teams:
        raise RulesetError(
            Sentence(
                "pairs keep each partner's bid apart, and teams add the two bids into one: "
                "choose pairs or teams, not both"
            )
        )
    return True
