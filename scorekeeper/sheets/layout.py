"""How a sheet goes onto paper: which way the page turns, how many sides a band holds, row heights.

Pure arithmetic on the sheet's shape, in points. The sizes below were measured in
WeasyPrint's layout of templates/sheets/sheet.html with static/sheet.css; a change to
either that moves a head, a row or the rules box should change them too (the PDF tests
print every size of table and check the page count this plan promised).

The plan tries the paper both ways up. Each column needs a least width: its heading and
its words whole in the sheet's language (estimated by `text_width`; Georgian letters are
wide), and a side's boxes room for a pencil, or for its widest number. A page holds as
many sides side by side as those fit (five to seven in portrait, seven to ten in
landscape, as a rule); the sides are split into balanced bands of that many, and the
bands flow down the pages, a band's head (its names) printed again wherever it
breaks across a page. The plan takes the way up that needs the fewest pages, then the
fewest bands (a deal read across in one line), then portrait; and stretches the rows
to fill the pages it needs, within readable limits.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..presentation.sheet_grid import Grid, Row, Sheet, in_bands
from ..rules.sentences import Sentence
from .qr_code import DrawnCode, draw_code

#: Paper by its command-line name: the CSS page size, its width and height in points.
PAPERS = {"letter": ("letter", 612.0, 792.0), "a4": ("A4", 595.28, 841.89)}
#: The regions that print on US Letter (CLDR's supplemental measurementData, paperSize
#: "US-Letter"); every other prints on A4.
LETTER_REGIONS = frozenset(
    ["BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"]
)
#: The page's margins, left and right together and top and bottom (static/sheet.css, @page).
SIDE_MARGINS = 56.0
END_MARGINS = 50.0
#: Room kept free on every page for what the estimates below miss.
SLACK = 10.0

#: The title, kind of sheet, date and result; a line of the seating and the gap below it.
HEAD = 35.0
#: The QR code in the top right corner (sheet.css, .sheet-link): the width its code and
#: words take beside it, and the height it takes less what reaches into the page's margin.
CORNER_WORDS = 90.0
CORNER_MARGIN = 3.0
SEAT_LINE = 9.5
SEATING_GAP = 5.0
#: A grid's head (a line of names, a line of box titles), its final row and the gap after it.
NAME_LINE = 9.5
GRID_HEAD = 20.5
WRITE_IN = 7.0  #: a blank sheet's names are written in: its line of names is taller
BIDDER_LINE = 7.5  #: a partnership's bid columns carry the bidders' names
GRID_FOOT = 17.0 + 7.0
#: The legend line, and the rules box: its heading and padding, and each line of it.
LEGEND = 11.5
RULES_BOX = 16.0
RULES_LINE = 8.7
RULES_COLUMN_GAP = 14.0 + 18.0  #: the gap between its two columns, its padding and indents
DEAL_NOTES_HEAD = 9.0 + 4.0  #: the deals' notes: their heading, and the gap after the list

#: The columns every grid starts with: deal number, cards and trump, at least this wide and as
#: wide as their headings need; the dealer's width is sized by the longest name (and its
#: heading), within these limits.
NUMBER, CARDS, TRUMP = 20.0, 27.0, 24.0
DEALER = (40.0, 80.0)
DEALER_SIZE = 7.0  #: the dealer's font size
#: The headings' font sizes (static/sheet.css, bold): the first columns', a side's boxes'.
FIXED_HEAD, BOX_HEAD = 6.0, 5.5
SIDE_NAME = 8.0  #: a side's name over its boxes (bold)
BIDDER = 6.5  #: a partner's name over their bid box (bold)
#: The least width of each of a side's boxes (bid, took, score, running total), in points:
#: room for a pencil on a blank sheet; on a filled one, at least what its widest words need.
BLANK_BOXES = (20.0, 16.0, 20.0, 24.0)
FILLED_BOXES = (14.0, 16.0, 19.0, 19.0)  #: and room for the words over them: "took", "score"
PADDING = 2.6  #: a box's padding and border, left and right together
#: The least and most height of a grid row, in points: pencil rows are taller.
ROW_HEIGHTS = {True: (14.0, 24.0), False: (12.0, 18.0)}  #: 14 pt: a 5 mm square
#: What a row adds to its height: its border.
ROW_BORDER = 0.6
#: Characters narrower than most, in ems of DejaVu Sans.
NARROW = {"-": 0.36, " ": 0.32, ".": 0.32, ",": 0.32, "/": 0.34, "i": 0.28, "l": 0.28}
#: Georgian letters are wider (Noto Sans Georgian: 0.67 to 0.95 of an em, 0.82 on average).
GEORGIAN = (0x10A0, 0x10FF, 0.85)
#: The grid's headings: the template prints them, and the columns are as wide as they need
#: in the sheet's language.
HEADINGS = {
    "deal": Sentence("Deal"), "cards": Sentence("Cards"), "dealer": Sentence("Dealer"),
    "trump": Sentence("Trump"), "bid": Sentence("bid"), "took": Sentence("took"),
    "score": Sentence("score"), "total": Sentence("total"),
}  # fmt: skip
#: The fewest rows of a band a page ends with or starts with when the band breaks.
FEWEST_ROWS = 3


def default_paper(language: str, accepted: Sequence[str]) -> str:
    """Return the paper a reader prints on until they choose: A4 for a reader of Georgian;
    else Letter where the browser's first language names a region that prints on it (en-US,
    es-MX, fr-CA), and A4 where it names another (en-GB, de-DE) or none (en, ka)."""
    if language == "ka":
        return "a4"
    first = next((tag for tag in accepted if tag != "*"), "")
    return "letter" if region_of(first) in LETTER_REGIONS else "a4"


def region_of(tag: str) -> str:
    """Return the region a language tag names ("en-US" → "US", "es-419" → "419"), or ""."""
    for subtag in tag.replace("_", "-").split("-")[1:]:
        if (len(subtag) == 2 and subtag.isalpha()) or (len(subtag) == 3 and subtag.isdigit()):
            return subtag.upper()
    return ""


@dataclass(frozen=True)
class Layout:
    """Column widths of one grid, in points."""

    number: float
    cards: float
    dealer: float
    trump: float
    bid: float
    took: float
    score: float
    total: float


@dataclass(frozen=True)
class Plan:
    """How one sheet is printed: the page, the bands, the rows' height, the pages it takes."""

    page_size: str  #: CSS: "A4 portrait", "letter landscape"
    landscape: bool
    sheet: Sheet  #: the sheet in the bands this page holds
    layouts: tuple[Layout, ...]  #: each band's columns
    row_height: float
    pages: int
    whole: tuple[bool, ...]  #: each band fits on a page: it is never broken across two
    link: DrawnCode | None = None  #: the QR code in the top right corner, when the sheet has one

    @property
    def corner(self) -> float:
        """Return the width the corner's QR code and its words take, beside the head."""
        return corner_width(self.link)


def corner_width(link: DrawnCode | None) -> float:
    """Return the width a QR code and its words take in the top right corner (none: 0)."""
    return link.size + CORNER_WORDS if link else 0.0


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Estimate how wide a text prints in DejaVu Sans, in points.

    Digits, signs and spaces have their own widths (numbers are what columns are sized
    by); other letters an average one; wide scripts and emoji a whole em.
    """
    ems = 0.0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue  # combining marks and the isolates around names take no room
        if char in NARROW:
            ems += NARROW[char]
        elif unicodedata.east_asian_width(char) in ("W", "F") or ord(char) >= 0x1F000:
            ems += 1.0
        elif GEORGIAN[0] <= ord(char) <= GEORGIAN[1]:
            ems += GEORGIAN[2]
        else:
            ems += 0.64 if char.isdigit() or char.isupper() else 0.6
    return ems * size * (1.1 if bold else 1.0)


def lines_of(text: str, size: float, width: float, *, bold: bool = False) -> int:
    """Estimate how many lines a text takes in a box this wide."""
    return max(1, math.ceil(text_width(text, size, bold=bold) / max(width, 1.0)))


def plan(sheet: Sheet, paper: str, say: Callable[[Any], str] = str) -> Plan:
    """Choose the way up, the bands and the rows' height that print this sheet best, every
    word whole in its column in the sheet's language (`say` says a word in it)."""
    page_size, short, long = PAPERS[paper]
    link = draw_code(sheet.link.url) if sheet.link else None
    best: Plan | None = None
    for landscape in (False, True):
        width, height = (long, short) if landscape else (short, long)
        shape = _plan_one_way(sheet, width - SIDE_MARGINS, height - END_MARGINS, link, say)
        way = f"{page_size} {'landscape' if landscape else 'portrait'}"
        option = Plan(way, landscape, *shape, link=link)
        if best is None or (option.pages, len(option.layouts)) < (best.pages, len(best.layouts)):
            best = option
    assert best is not None
    return best


def _plan_one_way(
    sheet: Sheet,
    width: float,
    height: float,
    link: DrawnCode | None,
    say: Callable[[Any], str],
) -> tuple[Sheet, tuple[Layout, ...], float, int, tuple[bool, ...]]:
    sides = sheet.sides
    bids = sheet.grids[0].bid_columns
    first = _first_columns(sheet, say)
    boxes = _least_boxes(sheet, say)
    side = bids * boxes[0] + sum(boxes[1:])
    per_band = max(1, min(len(sides), int((width - sum(first)) // side)))
    banded = in_bands(sheet, per_band)
    layouts = tuple(grid_layout(grid, width, first, boxes) for grid in banded.grids)
    low, high = ROW_HEIGHTS[sheet.blank]
    blocks = _blocks(banded, layouts, width, link)
    pages = _pages(blocks, low, height)
    # The tallest rows that still fit on those pages.
    fits = low
    for step in range(1, int((high - low) * 4) + 1):
        tried = low + step / 4
        if _pages(blocks, tried, height) > pages:
            break
        fits = tried
    whole = tuple(_band_height(block, fits) <= height - SLACK for block in blocks if block.rows)
    return banded, layouts, fits, pages, whole


def grid_layout(
    grid: Grid,
    width: float,
    first: tuple[float, float, float, float],
    boxes: tuple[float, float, float, float],
) -> Layout:
    """Share the page's width: the first columns (number, cards, dealer, trump), then each
    side's boxes in proportion to the least width each needs."""
    bid, took, score, total = boxes
    scale = (width - sum(first)) / (
        len(grid.sides) * (grid.bid_columns * bid + took + score + total)
    )
    number, cards, dealer, trump = first
    return Layout(
        number, cards, dealer, trump, bid * scale, took * scale, score * scale, total * scale
    )


def _heading(word: str, size: float) -> float:
    """Return the width a bold heading needs in its column: its longest word and the padding."""
    return max((text_width(part, size, bold=True) for part in word.split()), default=0.0) + PADDING


def _first_columns(sheet: Sheet, say: Callable[[Any], str]) -> tuple[float, float, float, float]:
    """Return the widths of the number, cards, dealer and trump columns: as wide as their
    headings need, the dealer's as the longest name needs too, within limits."""
    names = [name for _, name in sheet.seating if name]
    widest = max((text_width(name, DEALER_SIZE) for name in names), default=DEALER[0])
    heads = {key: _heading(say(HEADINGS[key]), FIXED_HEAD) for key in ("deal", "cards", "trump")}
    dealer = min(
        DEALER[1], max(DEALER[0], widest + 5.0, _heading(say(HEADINGS["dealer"]), FIXED_HEAD))
    )
    return (
        max(NUMBER, heads["deal"]),
        max(CARDS, heads["cards"]),
        round(dealer, 1),
        max(TRUMP, heads["trump"]),
    )


def _least_boxes(sheet: Sheet, say: Callable[[Any], str]) -> tuple[float, float, float, float]:
    """Return the least width of a side's bid, took, score and total boxes on this sheet.

    A box is as wide as the heading over it (a bid box as the partner's name over it); a
    filled box as its widest words too: a bid in words wraps at its spaces and is set smaller
    (sheet.css, `.word`); totals are bold. A side's boxes together are as wide as its name's
    longest word.
    """
    heads = (_heading(say(HEADINGS[key]), BOX_HEAD) for key in ("bid", "took", "score", "total"))
    least = BLANK_BOXES if sheet.blank else FILLED_BOXES
    bid, took, score, total = (max(box, need) for box, need in zip(least, heads, strict=True))
    if not sheet.blank:
        bid, took, score, total = _filled_boxes(sheet, (bid, took, score, total), say)
    sides = [side for grid in sheet.grids for side in grid.sides]
    bidders = [name for side in sides for _, name in side.bidders if name]
    bid = max([bid] + [_heading(name, BIDDER) for name in bidders])
    bids = sheet.grids[0].bid_columns
    name = max((_heading(side.title, SIDE_NAME) for side in sides), default=0.0)
    grow = max(1.0, name / (bids * bid + took + score + total))
    return bid * grow, took * grow, score * grow, total * grow


def _filled_boxes(
    sheet: Sheet, boxes: tuple[float, float, float, float], say: Callable[[Any], str]
) -> tuple[float, float, float, float]:
    """Widen the boxes of a filled sheet to its widest bids (said in its language), tricks,
    scores and totals."""
    bid, took, score, total = boxes
    for grid in sheet.grids:
        for row in grid.rows:
            for side in row.cells:
                for cell in side.bids:
                    size = 5.8 if len(cell.text) > 5 else 8.0
                    for word in say(cell.text).split():
                        bid = max(bid, text_width(word, size) + PADDING)
                took = max(took, text_width(side.took.text + "✓", 8.0) + PADDING)
                score = max(score, text_width(side.score.text, 8.0) + PADDING)
                total = max(total, text_width(side.total.text, 8.0, bold=True) + PADDING)
    return bid, took, score, total


@dataclass(frozen=True)
class _Block:
    """Something the page flow places: the head, a band (its head, rows and foot), the foot."""

    height: float  #: its height apart from its rows
    rows: tuple[float, ...] = ()  #: each row's least height (taller where its words need it)
    head: float = 0.0  #: the part printed again on a new page when the band breaks


def _blocks(
    sheet: Sheet, layouts: Sequence[Layout], width: float, link: DrawnCode | None
) -> list[_Block]:
    # Each seat: its gap, its number in a ring, a space, and the name (or a line to write it on).
    seats = sum(
        24.0 + max(70.0 if sheet.blank else 0.0, text_width(name, 8.0)) for _, name in sheet.seating
    )
    # The head and the seating are beside the QR code in the corner, and below it as tall.
    beside = width - corner_width(link)
    seating = math.ceil((30.0 + seats) / (beside - 10.0)) * SEAT_LINE + SEATING_GAP
    corner = link.size - CORNER_MARGIN if link else 0.0
    blocks = [_Block(max(HEAD + seating, corner))]
    for grid, layout in zip(sheet.grids, layouts, strict=True):
        span = layout.bid * grid.bid_columns + layout.took + layout.score + layout.total
        names = max(lines_of(side.title + " seat 00", 8.0, span, bold=True) for side in grid.sides)
        head = GRID_HEAD + (names - 1) * NAME_LINE + (WRITE_IN if sheet.blank else 0.0)
        if any(side.bidders for side in grid.sides):
            bidders = [name for side in grid.sides for _, name in side.bidders]
            lines = max((lines_of(name, 6.5, layout.bid) for name in bidders), default=1)
            head += lines * BIDDER_LINE
        rows = tuple(_row_floor(row, layout, sheet.blank) for row in grid.rows)
        blocks.append(_Block(head + GRID_FOOT, rows, head))
    column = (width - RULES_COLUMN_GAP) / 2
    lines = sum(lines_of(line, 6.5, column) for line in sheet.rules)
    legend = LEGEND if sheet.legend or sheet.notes else 0.0
    legend += sum(lines_of(note, 6.5, width) - 1 for note in sheet.notes) * 7.5
    if sheet.deal_notes:  # their heading, then each deal's note as long as its words make it
        legend += DEAL_NOTES_HEAD + sum(
            lines_of(f"Deal {number}: {note}", 6.5, width - 8.0) * 7.5
            for number, note in sheet.deal_notes
        )
    blocks.append(_Block(legend + RULES_BOX + math.ceil(lines / 2) * RULES_LINE))
    return blocks


def _row_floor(row: Row, layout: Layout, blank: bool) -> float:
    """Return the height a row's words need whatever the rows' height: tags, notes, long names."""
    lines = lines_of(row.dealer, DEALER_SIZE, layout.dealer - 3.0) if row.dealer else 1
    need = lines * DEALER_SIZE * 1.15 + 2.0
    if row.tags:
        tags = sum(lines_of(tag, 5.0, layout.cards - PADDING) for tag in row.tags)
        need = max(need, 8.0 + tags * 5.0)
    notes = [cell.note for side in row.cells for cell in (*side.bids, side.score) if cell.note]
    if notes:
        width = min(layout.bid, layout.score) - 2.4
        need = max(need, 9.5 + max(lines_of(note, 5.0, width) for note in notes) * 5.0)
    if any(len(cell.text) > 5 for side in row.cells for cell in side.bids):
        need = max(need, 14.0)  # "double board" on two lines
    return need if not blank else need + 2.0


def _band_height(block: _Block, row_height: float) -> float:
    return block.height + sum(max(row_height, floor) + ROW_BORDER for floor in block.rows)


def _pages(blocks: Sequence[_Block], row_height: float, height: float) -> int:
    """Count the pages the blocks take, flowed down pages `height` tall with rows this high."""
    room = height - SLACK
    pages, used = 1, 0.0
    for block in blocks:
        whole = _band_height(block, row_height)
        if used + whole <= room:
            used += whole
            continue
        if not block.rows or whole <= room:
            pages, used = pages + 1, whole  # starts a new page, whole
            continue
        # A band taller than what is left: its rows go on, its head printed again each page.
        rows = [max(row_height, floor) + ROW_BORDER for floor in block.rows]
        foot = block.height - block.head
        if room - used < block.head + sum(rows[:FEWEST_ROWS]):
            pages, used = pages + 1, 0.0
        used += block.head
        for row in rows:
            if used + row > room:
                pages, used = pages + 1, block.head
            used += row
        if used + foot > room:
            pages, used = pages + 1, block.head
        used += foot
    return pages
