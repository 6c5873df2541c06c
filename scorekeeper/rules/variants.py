"""Well-known Joker house variants, as complete ruleset documents a family can copy.

Each is plain data in the shape of every ruleset document (the built-in Joker with some
rules changed), so it is validated and scored like any house ruleset; docs/joker-variants.md
says what each rule means and where it comes from. They are examples, not built-ins: the
built-in `joker` does not change.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .builtins import BUILTIN_DOCUMENTS
from .errors import RulesetError
from .parts import ALL_KEYS, VARIANT_DEFAULTS

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
    source: str


VARIANTS: dict[str, Variant] = {
    variant.slug: variant
    for variant in (
        Variant(
            "joker-khishti-200",
            _joker("Joker, khishti -200", khishti={"fixed": -200, "per_card": 0}),
            "Georgian Joker score keepers let the table choose the khishti; -200 is the "
            "lowest of their choices (200 or 500; 200, 300, 500 or 1000).",
        ),
        Variant(
            "joker-strict",
            _joker(
                "Joker, strict table (khishti -500, set-sum premia that strikes)",
                khishti={"fixed": -500, "per_card": 0},
                premia={"of": "sum", "times": 1, "strike": "alone"},
                pass_limit={"passes": 3, "per": "set"},
            ),
            "Issue 17's table: khishti -500, a premia of the whole set's sum that strikes "
            "the others' best deal (as the 'Joker Score' keeper strikes, only when one "
            "player alone earns it), at most 3 passes a set.",
        ),
        Variant(
            "joker-scaled-khishti",
            _joker(
                "Joker, khishti 100 a card, 4 passes a game",
                khishti={"fixed": 0, "per_card": -100},
                pass_limit={"passes": 4, "per": "game"},
            ),
            "The 'Joker Score' keeper's in-order mode: khishti -(cards x 100), and its "
            "optional limit of 4 passes a player.",
        ),
        Variant(
            "joker-nines",
            _joker(
                "Joker, nines only",
                schedule=[9] * 16,
                scoring={"sets": [[1, 4], [5, 8], [9, 12], [13, 16]]},
                khishti={"fixed": -900, "per_card": 0},
            ),
            "The nines game (tskhrianebi) of the Georgian score keepers: four sets of four "
            "9-card deals, khishti -900 (the 'Joker Score' keeper's default).",
        ),
        Variant(
            "joker-no-nines",
            _joker(
                "Joker, without the nines",
                schedule=[*range(1, 9), *range(8, 0, -1)],
                scoring={"sets": [[1, 8], [9, 16]]},
            ),
            "A shorter game: only the 1-8 and 8-1 sets, the 9-card sets skipped.",
        ),
    )
}


def variant_document(slug: str) -> dict[str, Any]:
    """Return a copy of a ready-made variant's complete document, found by slug."""
    if slug not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise RulesetError(f"unknown variant {slug!r}; the ready-made variants are {known}")
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
