"""The host's page of house rules nobody plays: what the host may remove, as plain data.

Only a browser on the machine running Scorekeeper opens it (the web checks). A ruleset
is listed when it is not the family's (`storage.KeptRuleset.familys`): nobody played a
game under it, and no phone that keeps it ever started or scored a game here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..storage import Connection, kept_rulesets

#: Strays listed at once (the button removes every one, listed or not).
STRAYS_SHOWN = 100


@dataclass(frozen=True)
class StrayLine:
    """One house ruleset the host may remove."""

    slug: str
    name: str
    saved: str  #: the day it was last saved, YYYY-MM-DD
    phones: list[str]  #: a short tag for each phone that keeps it


@dataclass(frozen=True)
class HostRulesPage:
    """The house rules nobody plays, for the host to remove, and how many are the family's."""

    strays: list[StrayLine]  #: the first STRAYS_SHOWN, by name
    stray_count: int  #: every stray, listed or not
    familys: int  #: house rulesets that are the family's (never removed here)
    phones: int  #: phones keeping strays


def host_rules_page(db: Connection) -> HostRulesPage:
    """Build the host's page of house rules nobody plays."""
    kept = kept_rulesets(db)
    strays = [ruleset for ruleset in kept if not ruleset.familys]
    return HostRulesPage(
        strays=[
            StrayLine(ruleset.slug, ruleset.name, ruleset.saved[:10], list(ruleset.phones))
            for ruleset in strays[:STRAYS_SHOWN]
        ],
        stray_count=len(strays),
        familys=len(kept) - len(strays),
        phones=len({phone for ruleset in strays for phone in ruleset.phones}),
    )
