"""The pages that say something went wrong: a refusal (every error page), and no connection."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import BUILTIN_DOCUMENTS, find_ruleset
from ..rules.sentences import Sentence
from ..rules.variants import VARIANTS, ready_made_ruleset
from .new_game import ruleset_label

#: Each refusal's heading: what happened, in a word or two (any other status: "Sorry").
TITLES = {
    403: Sentence("Watching only"),
    404: Sentence("Not found"),
    410: Sentence("Link replaced"),
    507: Sentence("Disk nearly full"),
}
SORRY = Sentence("Sorry")


@dataclass(frozen=True)
class ErrorPage:
    """A refused request as its page shows it: the status, and why, for the person at the table."""

    status: int
    message: str
    title: str = SORRY
    #: (words, address) of what to do next, besides going back to the games; or None
    follow: tuple[str, str] | None = None


@dataclass(frozen=True)
class OfflinePage:
    """This phone's table: the page the service worker shows when the network is gone.

    It lists the games the phone keeps (read on the phone) and starts a game on the phone
    alone, under the rules it carries: the built-in rulesets and the ready-made variants.
    """

    ruleset_choices: list[tuple[str, str]]  #: (slug, label)
    seats: int  #: name fields offered (more can be added)


def error_page(status: int, message: str, follow: tuple[str, str] | None = None) -> ErrorPage:
    """Build the page of a refusal, with what to do next if there is more than going back."""
    return ErrorPage(status, message, TITLES.get(status, SORRY), follow)


def offline_page() -> OfflinePage:
    """Build the page shown while this phone cannot reach Scorekeeper."""
    choices = [(slug, ruleset_label(find_ruleset(slug))) for slug in BUILTIN_DOCUMENTS]
    choices += [
        (slug, ruleset_label(ready_made_ruleset(slug), ready_made=True)) for slug in VARIANTS
    ]
    return OfflinePage(ruleset_choices=choices, seats=4)
