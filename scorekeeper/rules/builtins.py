"""The nine built-in rulesets of docs/rules.md, as ruleset documents.

They are plain data in exactly the shape a family's house ruleset uses, so a
house ruleset can say anything a built-in says. Nothing here is code that
scores: `Ruleset.from_document` reads these like any other document. Their names are
`Sentence`s: the English in every file and output, said in the reader's language on a page.
"""

from __future__ import annotations

from typing import Any

from .sentences import Sentence


def down_and_up(top: int, *, ones: int = 2) -> list[int]:
    """Return top … 1 … top, with the 1-card deal played `ones` times."""
    down = list(range(top, 0, -1))
    up = list(range(2, top + 1))
    return down + [1] * (ones - 1) + up


def up_and_down(top: int) -> list[int]:
    """Return 1 … top … 1 with one deal of `top` cards."""
    return list(range(1, top + 1)) + list(range(top - 1, 0, -1))


#: Bluke's first-deal card count by number of players (docs/rules.md, "bluke").
BLUKE_TOP = {
    2: 13, 3: 13, 4: 13, 5: 10, 6: 8, 7: 7, 8: 6, 9: 5, 10: 5,
    11: 4, 12: 4, 13: 4, 14: 3, 15: 3,
}  # fmt: skip

#: Partnership Back Alley as published (pagat.com): the other Back Alleys say what they change.
_PARTNERSHIP_BACK_ALLEY: dict[str, Any] = {
    "players": [4, 4],
    "deck": 54,
    "partnership": True,
    "schedule": down_and_up(13),
    "first_bidder": "left",
    "bids": {"min": 0, "max": "n-1"},
    "board": {"per_trick": 10, "multipliers": [1, 2, 3, 4]},
    "scoring": {"type": "at-least", "per_bid": 5, "over": 1, "set_per_bid": 5},
    "dealer_hook": False,
    "redeal": "next",
    "rainbow": None,
    "one_card": None,
    "lead": "highest",
}

_BLUKE: dict[str, Any] = {
    "players": [2, 15],
    "deck": 54,
    "partnership": False,
    "first_bidder": "left",
    "bids": {"min": 1, "max": "n"},
    "board": None,
    "scoring": {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10},
    "dealer_hook": False,
    "redeal": None,
    "rainbow": None,
    "one_card": None,
    "lead": "left",
}

BUILTIN_DOCUMENTS: dict[str, dict[str, Any]] = {
    "back-alley-pagat": {
        **_PARTNERSHIP_BACK_ALLEY,
        "name": Sentence("Back Alley (pagat.com)"),
    },
    "back-alley-gamerules": {
        **_PARTNERSHIP_BACK_ALLEY,
        "name": Sentence("Back Alley, 25 deals (gamerules.com)"),
        "schedule": down_and_up(13, ones=1),
    },
    "back-alley-catsatcards": {
        **_PARTNERSHIP_BACK_ALLEY,
        "name": Sentence("Back Alley (CatsAtCards)"),
        "bids": {"min": 0, "max": "n"},
        "redeal": "same",
    },
    "back-alley-individual": {
        "name": Sentence("Individual Back Alley"),
        "players": [2, 4],
        "deck": 52,
        "partnership": False,
        "schedule": [*range(13, 0, -1), 1],
        "first_bidder": "right",
        "bids": {"min": 0, "max": "n-1"},
        "board": {"per_trick": 6, "multipliers": [1]},
        "scoring": {"type": "at-least", "per_bid": 3, "over": 1, "set_per_bid": 3},
        "dealer_hook": False,
        "redeal": "same",
        "rainbow": None,
        "one_card": {"board": 13},
        "lead": "highest",
    },
    "bluke": {
        **_BLUKE,
        "name": Sentence("Bluke"),
        "schedule": {str(p): down_and_up(top, ones=1) for p, top in BLUKE_TOP.items()},
    },
    "bluke-new-jersey": {
        **_BLUKE,
        "name": Sentence("New Jersey Bluke"),
        "schedule": {str(p): up_and_down(top) for p, top in BLUKE_TOP.items()},
    },
    "joker": {
        "name": Sentence("Joker (Georgia)"),
        "players": [4, 4],
        "deck": 36,
        "partnership": False,
        "schedule": [*range(1, 9), 9, 9, 9, 9, *range(8, 0, -1), 9, 9, 9, 9],
        "first_bidder": "left",
        "bids": {"min": 0, "max": "n"},
        "board": None,
        "scoring": {
            "type": "exact",
            "made_base": 50,
            "made_per_trick": 50,
            "all_base": 100,
            "all_per_trick": 100,
            "missed_per_trick": 10,
            "sets": [[1, 8], [9, 12], [13, 20], [21, 24]],
        },
        "dealer_hook": True,
        "redeal": None,
        "rainbow": None,
        "one_card": None,
        "lead": "left",
    },
    # A family's rulesets, as changes of the published game (the name first, where it was).
    "back-alley-bridge": {
        "name": Sentence("Back Alley Bridge (family rules)"),
        **_PARTNERSHIP_BACK_ALLEY,
        "schedule": [12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11, 13],
        "bids": {"min": 0, "max": "n"},
        "board": {"per_trick": 10, "multipliers": [2, 4, 8, 16]},
        "scoring": {"type": "at-least", "per_bid": 10, "over": 1, "set_per_bid": 10},
        "redeal": "same",
        "rainbow": {"bonus": 10},
    },
    "back-alley-seven": {
        "name": Sentence("Seven-card Back Alley (family rules)"),
        **_PARTNERSHIP_BACK_ALLEY,
        "partnership": False,
        "schedule": down_and_up(7),
        "redeal": None,
        "rainbow": {"bid": {"made": 40, "failed": -40}},
    },
}

#: Where each built-in comes from, for the rules pages: `Sentence`s, so a page says them in its
#: reader's language (the English is the string itself).
SOURCES: dict[str, str] = {
    "back-alley-pagat": Sentence("Partnership Back Alley as published on pagat.com"),
    "back-alley-gamerules": Sentence("Back Alley as published on gamerules.com"),
    "back-alley-catsatcards": Sentence("Partnership Back Alley as published on CatsAtCards.com"),
    "back-alley-individual": Sentence(
        "Back Alley – Individual Play, as published on CatsAtCards.com"
    ),
    "bluke": Sentence("Bluke as published on CatsAtCards.com"),
    "bluke-new-jersey": Sentence("New Jersey Bluke as published on CatsAtCards.com"),
    "joker": Sentence("The Georgian game Joker as published on CatsAtCards.com"),
    "back-alley-bridge": Sentence("A family's Back Alley Bridge, with bores and rainbows"),
    "back-alley-seven": Sentence("A family's seven-card Back Alley with a rainbow bid"),
}

#: The Decision lines of docs/rules.md, shown on the rules pages of the rulesets they touch
#: (`Sentence`s too).
DECISIONS: dict[str, list[str]] = {
    "back-alley-individual": [
        Sentence(
            "Bidding starts with the player to the dealer's right and goes on in the "
            "direction of play, so the dealer bids second. It matters only for who "
            "leads when two bids tie."
        ),
    ],
    "bluke": [
        Sentence(
            "The source's chart says 21 deals for five players, but 10 … 1 … 10 is 19 "
            "deals, and 11 cards each would need 56 cards from a 54-card deck. "
            "Scorekeeper plays 19."
        ),
    ],
    "bluke-new-jersey": [
        Sentence(
            "The schedule by player count is Bluke's, reversed; for five players that is "
            "1 … 10 … 1, 19 deals (see Bluke)."
        ),
    ],
    "back-alley-seven": [
        Sentence(
            "The source does not say what a failed rainbow bid costs; Scorekeeper charges "
            "-40, like every other failed bid in this family. A house rule may change it."
        ),
    ],
}
