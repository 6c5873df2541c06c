"""Every page a person reads, by address: one list for the phone-width and axe-core checks
(tests/browser/test_every_page.py, in English and in Georgian) and for the check that a
Georgian page leaves no message in English (tests/web/test_language.py)."""

from __future__ import annotations

from collections.abc import Sequence

#: A calculator with a whole deal filled in: every ruleset's verdict on it.
CALCULATED = (
    "/rules/calculator?cards=5&dealer=3&name_0=Ann&name_1=Bob&name_2=Cy&name_3=Dee"
    "&bid_0=2&bid_1=1&bid_2=pass&bid_3=1&tricks_0=3&tricks_1=1&tricks_2=0&tricks_3=1"
)


def every_page(
    finished: str,
    current: str,
    archived: str,
    join: str,
    player: str = "Ann",
    *,
    night: str,
    cards: Sequence[str],
    pairs_night: str | None = None,
) -> list[str]:
    """Return every page's address, given a game over (Back Alley), a Joker game being
    played (three deals in), a Joker game in the archive, the edit link (its path) of the
    game being played, a player of them, and a club night being played with its table
    cards (one scored on another phone, one nobody scores yet); and, when given, a
    partnership night with partners kept, in its round 2 (its partnerships' leaderboard)."""
    return [
        "/",
        "/?state=archived",
        f"/games/{archived}",
        f"/games/{archived}/delete",
        f"/games/{current}/delete",
        join,
        "/games/new",
        "/games/new/draw?ruleset=back-alley-pagat&player=Ann&player=Bob&player=Cy&player=Dee",
        f"/games/{current}",
        f"/games/{finished}",
        f"/games/{current}/paper",
        f"/games/{finished}/paper",
        f"/games/{current}/scoresheet",
        f"/games/{finished}/scoresheet",
        f"/games/{current}/deals/2/edit",
        f"/games/{current}/live",
        f"/games/{finished}/live",
        f"/games/{finished}/compare",
        f"/games/{finished}/compare?ruleset=back-alley-catsatcards",
        f"/games/{current}/compare?ruleset=joker-strict",
        "/import",
        "/archive/import",
        "/sheet-photo",
        f"/sheet-photo?game={current}",
        "/sheets",
        "/rules",
        "/rules/back-alley-bridge",
        "/rules/joker",
        "/rules/joker-khishti-200",
        "/rules/joker-strict",
        "/rules/new",
        "/rules/new?from=joker-strict",
        "/rules/import",
        "/rules/calculator",
        CALCULATED,
        "/docs/rules",
        "/docs/game-format",
        "/docs/joker-variants",
        "/players",
        f"/players/{player}",
        "/offline",
        "/trust",
        f"/nights/{night}",
        *(f"/nights/{night}/cards/{card}" for card in cards),
        *([f"/nights/{pairs_night}"] if pairs_night else []),
    ]


def host_pages(night: str, pairs_night: str | None = None) -> list[str]:
    """Return the pages for the host's own browser only (on the machine Scorekeeper runs
    on; a phone on the WiFi is refused them), given a club night being played (and a
    partnership night, partners kept)."""
    pairs = [f"/host/nights/{pairs_night}"] if pairs_night else []
    return ["/host/rules", "/host", f"/host/nights/{night}", *pairs]
