"""A night's plan: its rules, players, tables, rounds, movement and counting, read and checked."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..rules import NameRefused, Ruleset, RulesetError, default_lookup, name_key, read_name
from ..rules.sentences import Sentence

#: The most tables and rounds a night holds.
MAX_TABLES = 20
MAX_ROUNDS = 12
#: The most players a night keeps (sitting out included): twenty tables of four, and as many
#: again who came to watch or wait their turn.
MAX_NIGHT_PLAYERS = 160
#: The places scale when the host names none: 4 for first, 2, 1, 0 for last at a table of four.
USUAL_SCALE = (4, 2, 1, 0)
MAX_POINTS = 100
MAX_NIGHT_NAME = 80


class NightRefused(ValueError):
    """A night, a round or a seat refused: `said` in words, `field` the thing that is wrong."""

    def __init__(self, said: str, *, field: str = "") -> None:
        super().__init__(said)
        self.said, self.field = said, field


class Movement(enum.StrEnum):
    """How seats move between rounds."""

    REDRAW = "redraw"  #: drawn again, as few people meeting again as the numbers allow
    FIXED = "fixed"  #: everyone keeps their table while the same people play
    PARTNERS = "partners"  #: partners kept, partnerships moved between tables (team games)


class CountingKind(enum.StrEnum):
    PLACES = "places"  #: points for the place at one's table each round
    TOTALS = "totals"  #: each round's score against its table's average


@dataclass(frozen=True)
class Counting:
    """How the leaderboard counts a round: by places on a points scale, or by totals."""

    kind: CountingKind = CountingKind.PLACES
    scale: tuple[int, ...] = USUAL_SCALE

    def to_json(self) -> dict[str, Any]:
        """Return the counting as a night's file holds it."""
        if self.kind is CountingKind.TOTALS:
            return {"kind": "totals"}
        return {"kind": "places", "scale": list(self.scale)}


@dataclass(frozen=True)
class NightPlan:
    """What the host set up: the rules every table plays, who came, and how the night runs."""

    name: str
    ruleset: Ruleset
    ruleset_ref: Any
    players: tuple[str, ...]
    tables: int
    rounds: int
    movement: Movement = Movement.REDRAW
    counting: Counting = Counting()
    seed: int = 0

    def sizes(self) -> tuple[int, ...]:
        """Return the table sizes the rules take, largest first: the usual size, one fewer."""
        usual = self.ruleset.usual_players
        return tuple(n for n in (usual, usual - 1) if self.ruleset.min_players <= n)

    def with_player(self, name: str) -> NightPlan:
        """Return the plan with one more player (a late arrival), refusing a name taken."""
        added = read_players([*self.players, name])
        if len(added) > MAX_NIGHT_PLAYERS:
            raise NightRefused(_too_many_players(len(added)), field="players")
        return replace(self, players=added)

    def to_json(self) -> dict[str, Any]:
        """Return the plan as a night's file holds it (docs/club-night.md)."""
        return {
            "name": self.name,
            "ruleset": self.ruleset_ref,
            "players": list(self.players),
            "tables": self.tables,
            "rounds": self.rounds,
            "movement": self.movement.value,
            "counting": self.counting.to_json(),
            "seed": self.seed,
        }


def _too_many_players(count: int) -> str:
    return Sentence(
        "a night keeps at most {most} players; this one would have {n}",
        most=MAX_NIGHT_PLAYERS,
        n=count,
    )


def read_players(raw: Sequence[Any]) -> tuple[str, ...]:
    """Read the night's players: each a name a table takes, no two alike."""
    names: list[str] = []
    seen: dict[str, str] = {}
    for seat, given in enumerate(raw):
        try:
            name = read_name(given, seat)
        except NameRefused as refused:
            raise NightRefused(
                Sentence("player {n}: {why}", n=seat + 1, why=refused.reason), field="players"
            ) from None
        key = name_key(name)
        if key in seen:
            raise NightRefused(
                Sentence("{name} is on the list twice (as {other})", name=name, other=seen[key]),
                field="players",
            )
        seen[key] = name
        names.append(name)
    return tuple(names)


def _whole(raw: Any, field: str, low: int, high: int, what: str) -> int:
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw.strip())
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise NightRefused(
            Sentence("{what}: a whole number from {low} to {high}", what=what, low=low, high=high),
            field=field,
        )
    return raw


def read_counting(raw: Any) -> Counting:
    """Read how the leaderboard counts: {"kind": "places", "scale": [4, 2, 1, 0]} or totals."""
    if not isinstance(raw, dict) or raw.get("kind") not in ("places", "totals"):
        raise NightRefused(
            Sentence("the leaderboard counts by places or by totals"), field="counting"
        )
    if raw["kind"] == "totals":
        return Counting(CountingKind.TOTALS, ())
    scale = raw.get("scale", list(USUAL_SCALE))
    if isinstance(scale, str):
        scale = [part.strip() for part in scale.replace(",", "-").split("-") if part.strip()]
    if not isinstance(scale, list) or not 2 <= len(scale) <= 20:
        raise NightRefused(
            Sentence("the points scale gives 2 to 20 places their points, such as 4‑2‑1‑0"),
            field="scale",
        )
    points = tuple(
        _whole(each, "scale", 0, MAX_POINTS, Sentence("points for a place")) for each in scale
    )
    if any(later > earlier for earlier, later in itertools.pairwise(points)):
        raise NightRefused(
            Sentence(
                "a place never earns more than the place before it: {scale}",
                scale="-".join(map(str, points)),
            ),
            field="scale",
        )
    return Counting(CountingKind.PLACES, points)


def _check_partners(ruleset: Ruleset, count: int) -> None:
    """Refuse partners kept where the rules have no partners, or a player would have none."""
    if not ruleset.partnership:
        raise NightRefused(
            Sentence(
                "{rules} is played without partners: only a partnership game can keep its partners",
                rules=ruleset.name,
            ),
            field="movement",
        )
    if count % 2:
        raise NightRefused(
            Sentence(
                "keeping partners needs an even number of players, two to a partnership; "
                "the night has {n}",
                n=count,
            ),
            field="players",
        )


def read_plan(document: Any, *, lookup: Callable[[Any], Ruleset] = default_lookup) -> NightPlan:
    """Read a night's plan from its file's (or form's) fields, refusing what cannot be played."""
    if not isinstance(document, dict):
        raise NightRefused(Sentence("a night is a JSON object: name, ruleset, players, tables"))
    name = str(document.get("name") or "").strip()
    if not name or len(name) > MAX_NIGHT_NAME:
        raise NightRefused(
            Sentence("give the night a name of at most {most} characters", most=MAX_NIGHT_NAME),
            field="name",
        )
    try:
        ruleset = lookup(document.get("ruleset"))
    except (RulesetError, TypeError, ValueError) as refused:
        raise NightRefused(str(refused), field="ruleset") from None
    raw_players = document.get("players")
    if not isinstance(raw_players, list):
        raise NightRefused(Sentence("list the players, one name a line"), field="players")
    players = read_players(raw_players)
    if len(players) > MAX_NIGHT_PLAYERS:
        raise NightRefused(_too_many_players(len(players)), field="players")
    tables = _whole(document.get("tables"), "tables", 1, MAX_TABLES, Sentence("tables"))
    rounds = _whole(document.get("rounds"), "rounds", 1, MAX_ROUNDS, Sentence("rounds"))
    try:
        movement = Movement(document.get("movement", "redraw"))
    except ValueError:
        raise NightRefused(
            Sentence(
                "seats move by a redraw each round, stay at fixed tables, or keep partners "
                "and move them between tables"
            ),
            field="movement",
        ) from None
    if movement is Movement.PARTNERS:
        _check_partners(ruleset, len(players))
    counting = read_counting(document.get("counting", {"kind": "places"}))
    seed = document.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise NightRefused(Sentence("the night's draw number is a whole number"), field="seed")
    plan = NightPlan(
        name, ruleset, document.get("ruleset"), players, tables, rounds, movement, counting, seed
    )
    smallest = min(plan.sizes(), default=ruleset.min_players)
    if len(players) < smallest:
        raise NightRefused(
            Sentence(
                "{rules} needs at least {n} players at a table; the night has {count}",
                rules=ruleset.name,
                n=smallest,
                count=len(players),
            ),
            field="players",
        )
    return plan
