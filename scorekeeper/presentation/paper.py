"""The page that takes a game in from its paper sheet: a grid laid out like the printed sheet.

`paper_page` is the one call that builds it: who this phone is to the game, which keys mean
something under its rules (for the help line), and what the page's script starts from —
the game as the server has it (its file, version and the taps of a deal being tapped in,
for the phone to keep, as the table page's script keeps them) and the grid itself, said
in the page's language by the very function the phone answers with (`screen.paper`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..rules.sentences import Sentence, say
from ..screen.drawing import catalog
from ..screen.page import taps_made
from ..screen.paper import paper
from ..storage import Connection, Standing, get_game_for
from .table_page import deal_in_progress


@dataclass(frozen=True)
class PaperPage:
    """Everything the paper grid's page shows, and what its script starts from."""

    game_id: str
    version: int
    editor: bool  #: this phone may score: the grid takes rows
    replaced: bool  #: this phone scored until the creator stopped every other phone scoring
    ruleset: str
    sides: list[str]
    over: bool
    boards: bool  #: the rules have boards (a key for them)
    rainbow: bool  #: the rules have a rainbow bid
    throws_in: bool  #: everyone passing throws a deal in (a key for a thrown-in row)
    ten_or_more: bool  #: some deal has 10 cards or more, so a cell may hold 10 or more
    no_trump: bool  #: a deal may be played without trump
    model: dict[str, Any]  #: the page's script's start: the game, the grid (JSON)


def paper_page(
    db: Connection, game_id: str, device: str | None, language: str, read: Sequence[Any] = ()
) -> PaperPage:
    """Build the paper grid's page of a game for this phone (raise NotFound for none such);
    with `read`, the rows a photo of its sheet was read as (`service.photos.ReadRow`), which
    the grid types in for the scorer, asking about each cell the reader was not sure of."""
    stored, standing = get_game_for(db, game_id, device)
    result = stored.result()
    game = stored.game
    ruleset = game.ruleset
    deal = deal_in_progress(stored) if result.next is not None else None
    model = {
        "id": stored.id,
        "version": stored.version,
        "document": game.to_json(),
        "taps": [] if deal is None else taps_made(deal),
        "draft": None if deal is None else deal.to_draft(),
        "editor": standing.scores,
        "flags": {
            "creator": standing is Standing.CREATOR,
            "edit_key": stored.edit_key if standing.scores else "",
            "archived": stored.archived is not None,
        },
        **paper(result, {"grid": True}, language),
    }
    if read and standing.scores:
        model["read"] = [_read_row(asdict(row), result.sides, language) for row in read]
    return PaperPage(
        game_id=stored.id,
        version=stored.version,
        editor=standing.scores,
        replaced=standing is Standing.REPLACED,
        ruleset=ruleset.name,
        sides=list(result.sides),
        over=result.next is None,
        boards=ruleset.board is not None,
        rainbow=any(ruleset.has_rainbow_bid(cards) for cards in result.schedule),
        throws_in=ruleset.redeal is not None,
        ten_or_more=max(result.schedule) >= 10,
        no_trump=ruleset.allows_no_trump(),
        model=model,
    )


def _read_row(row: dict[str, Any], sides: Sequence[str], language: str) -> dict[str, Any]:
    """Say a row read from a photo as the grid shows it: each total the sheet says otherwise
    (with its cells marked when they are asked about; the rest read surely, a slip of the
    sheet's sum or a total misread)."""
    words = catalog(language)
    totals = row.pop("totals")
    said = [
        {"name": sides[total["side"]], "read": total["read"], "total": total["rules"]}
        for total in totals
    ]
    row["words"] = [
        say(
            Sentence(
                "{name}'s total on the sheet looks like {read}; the rules give {total}: check "
                "the marked cells.",
                **one,
            ),
            words,
        )
        for one, total in zip(said, totals, strict=True)
        if total["asked"]
    ]
    row["noted"] = [
        say(
            Sentence(
                "Deal {deal}: {name}'s total on the sheet looks like {read}; the rules give "
                "{total}.",
                deal=row["position"],
                **one,
            ),
            words,
        )
        for one, total in zip(said, totals, strict=True)
        if not total["asked"]
    ]
    return row
