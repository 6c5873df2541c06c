"""What the phone asks of the table while it scores: the server's rules and page, run in Pyodide.

The phone keeps a game as its game file (`document`, docs/game-format.md) and the deal
being entered as the server's storage keeps it (`draft`: its position and its taps). Its
script hands these over as JSON to `answer` and gets JSON back: what a tap leaves
(`tap`), a game as the server has it taken up (`open`), the table page and its drawing
(`screen`), a new game (`start`), the rules a
game may be started under (`rulesets`), a row typed from a paper sheet (`paper`, see
`paper.py`), and, when the game changed on the server while the phone scored on its own,
both versions in words, and what changed on the server since they were last drawn
(`settle`). Every answer comes from the code the server runs: `rules.entry.take_tap`,
`page.table_page_of`, `rules.paper.check_row`, `templates/screen/`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ..rules import (
    BUILTIN_DOCUMENTS,
    DealResult,
    Game,
    GameResult,
    ScoreError,
    default_lookup,
    find_ruleset,
    read_game,
    score_game,
)
from ..rules.drafts import from_draft
from ..rules.entry import DraftDeal, take_tap
from ..rules.lately import Lately
from ..rules.records import TRUMP_WORDS
from ..rules.sentences import Lines, Sentence, render
from ..rules.variants import VARIANTS, variant_document
from .bidi import isolate
from .chart import score_chart_svg
from .drawing import catalog, draw, draw_screen
from .page import last_deal_filled, table_page_of, taps_made, why_refused
from .paper import paper

#: A language as a page names it ("en", "ka"): anything else is drawn in English.
LANGUAGE = re.compile(r"[a-z]{2,3}")
#: Games read lately, by their document's text: every tap asks about the same game again.
KEPT = 8
_read: Lately[str, tuple[Game, GameResult]] = Lately(KEPT)
#: The chart and the last deal's filled-in values of one game at a time: the one being scored.
_drawn: Lately[str, tuple[str, tuple[str, ...]]] = Lately(1)


def read(document: Any) -> tuple[Game, GameResult]:
    """Return a game file read and scored (kept for the next question about it)."""
    key = json.dumps(document, sort_keys=True, ensure_ascii=False)

    def scored() -> tuple[Game, GameResult]:
        game = read_game(document, lookup=default_lookup)
        return game, score_game(game)

    return _read.get_or_make(key, scored)


def deal_of(game: Game, result: GameResult, draft: Any) -> DraftDeal | None:
    """Return the deal being entered, replayed from its draft (None once the game is over)."""
    return None if result.next is None else from_draft(game, result.next, draft)


def state(game: Game, result: GameResult, deal: DraftDeal | None) -> dict[str, Any]:
    """Say where the table stands, as the phone keeps it and compares it with the server."""
    return {
        "document": game.to_json(),
        "draft": None if deal is None else deal.to_draft(),
        "taps": [] if deal is None else taps_made(deal),
        "totals": [list(scored.totals) for scored in result.deals],
        "sides": list(result.sides),
        "over": result.next is None,
    }


def tap(asked: dict[str, Any]) -> dict[str, Any]:
    """Take one tap ("bid:3", "undo") on the phone's game, as the server would take it.

    With `screen` (what `screen` is asked with, less the game), the page is drawn too.
    """
    game, result = read(asked["document"])
    tapped = take_tap(game, deal_of(game, result, asked.get("draft")), str(asked["step"]))
    if tapped.result is not None:
        key = json.dumps(tapped.game.to_json(), sort_keys=True, ensure_ascii=False)
        _read.put(key, (tapped.game, tapped.result))
    after = state(tapped.game, tapped.result or result, tapped.deal)
    if "screen" in asked:
        drawn = {"language": asked.get("language"), **asked["screen"]}
        return screen({**drawn, "document": after["document"], "draft": after["draft"]})
    return after


def open_game(asked: dict[str, Any]) -> dict[str, Any]:
    """Take up a game as the server has it: its game file and the taps made in its deal."""
    game, result = read(asked["document"])
    deal = deal_of(game, result, None)
    for step in asked.get("taps") or ():
        if deal is None:
            break
        deal = take_tap(game, deal, str(step)).deal
    return state(game, result, deal)


def screen(asked: dict[str, Any]) -> dict[str, Any]:
    """Build the table page of the phone's game and draw its changing part, as the server does."""
    game, result = read(asked["document"])
    deal = deal_of(game, result, asked.get("draft"))
    language = language_of(asked)
    key = language + json.dumps(asked["document"], sort_keys=True, ensure_ascii=False)
    chart, filled = _drawn.get_or_make(
        key, lambda: (score_chart_svg(result, language=language), last_deal_filled(result))
    )
    page = table_page_of(
        str(asked["id"]),
        int(asked.get("version") or 0),
        result,
        deal,
        editor=True,
        creator=bool(asked.get("creator")),
        edit_key=str(asked.get("edit_key") or ""),
        archived=bool(asked.get("archived")),
        chart_svg=chart,
        last_filled=filled,
    )
    html = draw_screen(
        page,
        token=str(asked.get("token") or ""),
        nonce=str(asked.get("nonce") or ""),
        problem=asked.get("problem") or None,
        note_typed=asked.get("note_typed"),
        note_problem=asked.get("note_problem") or None,
        language=language,
    )
    return {"html": html, "page": asdict(page), **state(game, result, deal)}


def start(asked: dict[str, Any]) -> dict[str, Any]:
    """Start a game on the phone: the rules, the players in seating order, the first dealer."""
    slug = str(asked.get("ruleset") or "")
    ruleset: Any = variant_document(slug) if slug in VARIANTS else slug
    document = {
        "ruleset": ruleset,
        "players": asked.get("players") or [],
        "first_dealer": asked.get("dealer") or 0,
        "deals": [],
    }
    game, result = read(document)
    return state(game, result, deal_of(game, result, None))


def rulesets(asked: dict[str, Any]) -> dict[str, Any]:
    """Return the rules a game may be started under on the phone: built-in and ready-made."""
    found = [(slug, find_ruleset(slug)) for slug in BUILTIN_DOCUMENTS]
    found += [(slug, default_lookup(variant_document(slug))) for slug in VARIANTS]
    return {
        "rulesets": [
            {"slug": slug, "name": rules.name, "min": rules.min_players, "max": rules.max_players}
            for slug, rules in found
        ]
    }


@dataclass(frozen=True)
class DealWords:
    """One deal in words, for a scorer choosing between two versions of a game."""

    number: int
    said: str  #: "Ann dealt 7 cards · bids Ann 2, Bob pass, … · took Ann & Cy 6, Bob & Dee 7"
    scores: str  #: "Ann & Cy +18 (40), Bob & Dee +19 (38)", or "thrown in"


@dataclass(frozen=True)
class Settle:
    """The game as the server has it and as this phone has it, from the first deal they differ."""

    first: int  #: the place of the first deal that differs (counting thrown-in deals)
    server: list[DealWords]
    phone: list[DealWords]
    server_totals: str
    phone_totals: str
    moved: bool  #: scoring moved to another phone: this one may no longer change the game
    names: list[str]  #: the players, set apart wherever the words say them
    changed: str = ""  #: what changed on the server since both were last drawn, if anything


def deal_words(result: GameResult, scored: DealResult) -> DealWords:
    """Say one deal as the table said it, and what it scored (`Sentence`s, English as ever)."""
    players, sides = result.game.players, result.sides
    setup, record = scored.setup, scored.record
    bids = Lines(
        [
            Lines([players[seat], record.bids[seat].label(scored.levels[seat])])
            for seat in setup.order
        ],
        ", ",
    )
    said: list[str] = [
        Sentence("{dealer} dealt {cards}", dealer=players[setup.dealer], cards=setup.cards),
        Sentence("bids {bids}", bids=bids),
    ]
    if record.trump:
        trump = TRUMP_WORDS.get(record.trump, record.trump)
        said.append(Sentence("trump {trump}", trump=trump))
    if record.note:  # two versions may differ by a note alone: the scorer sees which
        said.append(Sentence("note “{note}”", note=isolate(record.note)))
    if scored.sides is None:
        return DealWords(setup.number, Lines(said, " · "), Sentence("thrown in: everyone passed"))
    if scored.side_tricks is not None:
        took = ", ".join(f"{side} {n}" for side, n in zip(sides, scored.side_tricks, strict=True))
        said.append(Sentence("took {took}", took=took))
    scores = ", ".join(
        f"{side} {points.score:+d} ({total})"
        for side, points, total in zip(sides, scored.sides, scored.totals, strict=True)
    )
    return DealWords(setup.number, Lines(said, " · "), scores)


def totals_words(result: GameResult) -> str:
    """Say every side's total: "Ann & Cy 40, Bob & Dee 38"."""
    return ", ".join(
        f"{side} {total}" for side, total in zip(result.sides, result.totals, strict=True)
    )


def shared_deals(ours: GameResult, theirs: GameResult) -> int:
    """Return how many deals two versions of a game share from the start."""
    first = 0
    for mine, other in zip(ours.game.deals, theirs.game.deals, strict=False):
        if mine != other:
            break
        first += 1
    return first


def what_changed(before: GameResult, now: GameResult) -> str:
    """Say what another phone changed in the server's game since it was last shown here."""
    same = shared_deals(before, now)
    if same == len(before.deals) == len(now.deals):
        return Sentence(
            "The game on the server changed just now: another phone is entering a deal."
        )
    if same == len(before.deals):
        first, last = now.deals[same].setup.number, now.deals[-1].setup.number
        if first == last:
            return Sentence(
                "The game on the server changed just now: deal {number} was scored on another "
                "phone.",
                number=first,
            )
        return Sentence(
            "The game on the server changed just now: deals {first} to {last} were scored on "
            "another phone.",
            first=first,
            last=last,
        )
    number = before.deals[same].setup.number
    if same == len(now.deals):
        return Sentence(
            "The game on the server changed just now: deal {number} was taken back on another "
            "phone.",
            number=number,
        )
    return Sentence(
        "The game on the server changed just now: deal {number} was changed on another phone.",
        number=number,
    )


def settle(asked: dict[str, Any]) -> dict[str, Any]:
    """Draw both versions of the game, from the first deal they differ, for the scorer to choose;
    with `before` (the server's game as last drawn), say what changed on it since."""
    _, on_server = read(asked["server"])
    _, on_phone = read(asked["phone"])
    first = shared_deals(on_phone, on_server)
    changed = ""
    if asked.get("before"):
        changed = what_changed(read(asked["before"])[1], on_server)
    page = Settle(
        first=first + 1,
        server=[deal_words(on_server, scored) for scored in on_server.deals[first:]],
        phone=[deal_words(on_phone, scored) for scored in on_phone.deals[first:]],
        server_totals=totals_words(on_server),
        phone_totals=totals_words(on_phone),
        moved=bool(asked.get("moved")),
        names=list(on_phone.game.players),
        changed=changed,
    )
    html = draw("screen/settle.html", language=language_of(asked), page=page)
    return {"html": html, "first": first + 1}


def paper_row(asked: dict[str, Any]) -> dict[str, Any]:
    """Check a row typed from the paper sheet, draw the grid, check the sheet's totals."""
    _, result = read(asked["document"])
    return paper(result, asked, language_of(asked))


#: Every question the phone may ask, by name.
ASKS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tap": tap,
    "open": open_game,
    "screen": screen,
    "start": start,
    "rulesets": rulesets,
    "settle": settle,
    "paper": paper_row,
}


def language_of(asked: dict[str, Any]) -> str:
    """Return the language the page asks in (its `<html lang>`): "en", "ka"."""
    language = str(asked.get("language") or "en")
    return language if LANGUAGE.fullmatch(language) else "en"


def answer(question: str) -> str:
    """Answer one question from the phone's script: JSON in ({"ask": "tap", …}), JSON out.

    A tap or a game the rules refuse is answered {"error": "…"} in the words the server
    would use, in the page's language (`language`).
    """
    asked = json.loads(question)
    try:
        return json.dumps(ASKS[asked["ask"]](asked), ensure_ascii=False)
    except ScoreError as refused:
        said = render(why_refused(refused), catalog(language_of(asked)))
        return json.dumps({"error": said}, ensure_ascii=False)
