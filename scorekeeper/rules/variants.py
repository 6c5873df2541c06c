"""Well-known Joker house variants, as complete ruleset documents a family can copy.

Each is plain data in the shape of every ruleset document (the built-in Joker with some
rules changed), so it is validated and scored like any house ruleset; docs/joker-variants.md
says what each rule means and where it comes from. They are examples, not built-ins: the
built-in `joker` does not change.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass
from typing import Any

from .builtins import BUILTIN_DOCUMENTS
from .errors import RulesetError
from .parts import ALL_KEYS, VARIANT_DEFAULTS
from .ruleset import Ruleset
from .sentences import Sentence

_JOKER = BUILTIN_DOCUMENTS["joker"]


def _joker(name: str, **changes: Any) -> dict[str, Any]:
    """Return the built-in Joker's complete document with a new name and some rules changed."""
    document = copy.deepcopy(_JOKER)
    scoring = changes.pop("scoring", {})
    document.update(name=name, **changes)
    document["scoring"] = {**document["scoring"], **scoring}
    return document


@dataclass(frozen=True)
class Variant:
    """A ready-made house ruleset: its complete document and where its rules come from."""

    slug: str
    document: dict[str, Any]
    source: str  #: a Sentence, said in the reader's language


VARIANTS: dict[str, Variant] = {
    variant.slug: variant
    for variant in (
        Variant(
            "joker-khishti-200",
            _joker(Sentence("Joker, khishti -200"), khishti={"fixed": -200, "per_card": 0}),
            Sentence(
                "Georgian Joker score keepers let the table choose the khishti; -200 is the "
                "lowest of their choices (200 or 500; 200, 300, 500 or 1000).",
            ),
        ),
        Variant(
            "joker-strict",
            _joker(
                Sentence("Joker, strict table (khishti -500, set-sum premia that strikes)"),
                khishti={"fixed": -500, "per_card": 0},
                premia={"of": "sum", "times": 1, "strike": "alone"},
                pass_limit={"passes": 3, "per": "set"},
            ),
            Sentence(
                "A family's strict table: khishti -500, a premia of the whole set's sum that "
                "strikes the others' best deal (as the 'Joker Score' keeper strikes, only when "
                "one player alone earns it), at most 3 passes a set.",
            ),
        ),
        Variant(
            "joker-scaled-khishti",
            _joker(
                Sentence("Joker, khishti 100 a card, 4 passes a game"),
                khishti={"fixed": 0, "per_card": -100},
                pass_limit={"passes": 4, "per": "game"},
            ),
            Sentence(
                "The 'Joker Score' keeper's in-order mode: khishti -(cards x 100), and its "
                "optional limit of 4 passes a player.",
            ),
        ),
        Variant(
            "joker-nines",
            _joker(
                Sentence("Joker, nines only"),
                schedule=[9] * 16,
                scoring={"sets": [[1, 4], [5, 8], [9, 12], [13, 16]]},
                khishti={"fixed": -900, "per_card": 0},
            ),
            Sentence(
                "The nines game (tskhrianebi) of the Georgian score keepers: four sets of four "
                "9-card deals, khishti -900 (the 'Joker Score' keeper's default).",
            ),
        ),
        Variant(
            "joker-no-nines",
            _joker(
                Sentence("Joker, without the nines"),
                schedule=[*range(1, 9), *range(8, 0, -1)],
                scoring={"sets": [[1, 8], [9, 16]]},
            ),
            Sentence(
                "A shorter game: only the 1\u20118 and 8\u20111 sets, the 9-card sets skipped.",
            ),
        ),
        Variant(
            "joker-pairs",
            _joker(
                Sentence("Joker in pairs (seats 1 + 3 against 2 + 4)"),
                pairs=True,
                scoring={"all_base": 0},
                khishti={"fixed": 0, "per_card": -100},
            ),
            Sentence(
                "The pairs game (tsqvilebi) of the 'Joker Score' keeper, in its in-order game: "
                "partners opposite, each scoring for themself, the pair's two scores added; a "
                "pair earns the set bonus only when both partners made every bid and the other "
                "pair did not, each partner's own best deal added; khishti -(cards x 100), all n "
                "bid and taken 100 a card.",
            ),
        ),
        Variant(
            "joker-strike-only",
            _joker(
                Sentence("Joker, the premia only strikes (khishti -200)"),
                scoring={"all_base": 0},
                khishti={"fixed": -200, "per_card": 0},
                premia={"of": "best", "times": 0, "strike": "always"},
            ),
            Sentence(
                "JokerApp with its strike (moshla) on and its doubling (gaormageba) off: a player "
                "who made every bid of a set gains nothing, everyone who missed a bid loses their "
                "best deal; khishti -200, its default; all n bid and taken is 100 a card.",
            ),
        ),
        Variant(
            "joker-short-100",
            _joker(
                Sentence("Joker, 100 a trick bid, -100 a trick short"),
                scoring={
                    "made_base": 0,
                    "made_per_trick": 100,
                    "all_base": 0,
                    "all_per_trick": 100,
                    "sets": [],
                },
                miss_penalty={"fixed": 0, "short": -100, "over": 0},
            ),
            Sentence(
                "The jokerscore keeper: exactly the bid scores 100 a trick (a made pass 0), short "
                "of it -100 a trick short, over it 10 a trick taken; it has no set bonus.",
            ),
        ),
        Variant(
            "joker-flat-200",
            _joker(
                Sentence("Joker, every missed bid -200"),
                scoring={"all_base": 0},
                miss_penalty={"fixed": -200, "short": 0, "over": 0},
                premia={"of": "best", "times": 1, "strike": "always"},
            ),
            Sentence(
                "The Joker tables of the void-mafia game site: a missed bid costs a flat -100, "
                "-200 or -500 (here -200); all n bid and taken is 100 a card; a player who made "
                "every bid of a set adds their best deal, and everyone else loses theirs "
                "(above 0).",
            ),
        ),
        Variant(
            "joker-off-50",
            _joker(
                Sentence("Joker, 50 a trick bid, -50 a trick off"),
                scoring={
                    "made_base": 0,
                    "made_per_trick": 50,
                    "all_base": 0,
                    "all_per_trick": 50,
                    "sets": [],
                },
                made_pass=50,
                khishti={"fixed": -200, "per_card": 0},
                miss_penalty={"fixed": 0, "short": -50, "over": -50},
            ),
            Sentence(
                "The first Joker tables of the void-mafia game site: exactly the bid scores 50 a "
                "trick, a made pass 50, every trick off the bid -50, a khishti -200. Their set "
                "bonus, a fixed 400, is not a rule Scorekeeper can write, so this copy has none.",
            ),
        ),
    )
}


#: The names of the rulesets Scorekeeper brings (the built-ins and these), by their English:
#: what a game file and a stored result keep, found again to be said in a reader's language.
TITLES: dict[str, str] = {
    str(document["name"]): document["name"]
    for document in [*BUILTIN_DOCUMENTS.values(), *(v.document for v in VARIANTS.values())]
}


def titled(name: str) -> str:
    """Return a ruleset's name as a page says it: Scorekeeper's own (a built-in's, a
    ready-made's) as its `Sentence`, in the reader's language; a family's as they typed it
    (no house ruleset may take one of these names)."""
    return TITLES.get(name, name)


def variant_document(slug: str) -> dict[str, Any]:
    """Return a copy of a ready-made variant's complete document, found by slug."""
    if slug not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise RulesetError(
            Sentence(
                "unknown variant {slug}; the ready-made variants are {known}",
                slug=repr(slug),
                known=known,
            )
        )
    return copy.deepcopy(VARIANTS[slug].document)


def variant_changes(slug: str) -> dict[str, Any]:
    """Return a ready-made variant as a house file writes it: Joker and the rules it changes."""
    document = variant_document(slug)
    changes: dict[str, Any] = {"base": "joker", "name": document["name"]}
    for key in ALL_KEYS:
        value = document.get(key, VARIANT_DEFAULTS.get(key))
        if key != "name" and value != _JOKER.get(key, VARIANT_DEFAULTS.get(key)):
            changes[key] = value
    return changes


@functools.cache
def ready_made_ruleset(slug: str) -> Ruleset:
    """Return a ready-made variant as a ruleset, found by slug (its rules never change)."""
    return Ruleset.from_document(variant_changes(slug), slug=slug)
