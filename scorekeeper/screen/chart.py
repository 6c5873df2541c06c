"""The score chart: every side's running total over the deals, as SVG text.

Pure: a `GameResult` in, SVG text out, so the game page, the watch page and the phone
(scoring offline) all draw the same picture, its few words in the page's language (the
catalog `drawing.catalog` reads, as the phone's drawing does). Sides differ by colour *and*
dash pattern (and end marker), so the chart reads without telling colours apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from ..rules import GameResult
from ..rules.sentences import Sentence, render
from .bidi import isolate
from .drawing import catalog

#: Line colours (Okabe & Ito's colour-blind-safe set, minus the near-white yellow).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#882255", "#777777")
#: Dash patterns, paired with the colours so no two of 15 sides look alike.
DASHES = ("", "9 5", "2 4", "12 4 2 4", "5 3", "14 3 3 3 3 3")
#: End markers: circle, square, triangle, diamond.
MARKERS = ("circle", "square", "triangle", "diamond")

FONT = 13
LEFT, RIGHT, TOP, BOTTOM = 44, 14, 10, 24
LEGEND_ROW = 22
LEGEND_COLUMN = 170
NAME_LIMITS = {1: 28}  #: characters of a name in a legend of this many columns (else 12)
#: The word under the deal numbers, and what an empty chart says.
DEAL, NO_DEALS = Sentence("deal"), Sentence("No deals yet")


@dataclass(frozen=True)
class ChartScale:
    """Where a deal and a number of points land on the chart, and back."""

    left: float
    top: float
    plot_width: float
    plot_height: float
    slots: int  #: deals in the whole schedule: the x axis runs from 0 (before deal 1) to here
    low: int  #: the lowest value on the y axis
    high: int  #: the highest value on the y axis

    def x(self, deal: float) -> float:
        """Return the x coordinate of a deal number (0 = the start, before any deal)."""
        return round(self.left + deal * self.plot_width / self.slots, 2)

    def y(self, points: float) -> float:
        """Return the y coordinate of a running total."""
        return round(self.top + (self.high - points) * self.plot_height / (self.high - self.low), 2)

    def points_at(self, y: float) -> float:
        """Return the running total drawn at a y coordinate (the inverse of `y`)."""
        return self.high - (y - self.top) * (self.high - self.low) / self.plot_height

    def deal_at(self, x: float) -> float:
        """Return the deal number drawn at an x coordinate (the inverse of `x`)."""
        return (x - self.left) * self.slots / self.plot_width


def fmt(value: float) -> str:
    """Write a coordinate briefly: 44, 107.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def running_totals(result: GameResult) -> list[tuple[int, tuple[int, ...]]]:
    """Return (deal number, totals after it) from the start (0, all zero) through every scored deal.

    A thrown-in deal changes nothing and shares its number with its replay, so it is left out.
    """
    points = [(0, tuple(0 for _ in result.sides))]
    points += [(deal.setup.number, deal.totals) for deal in result.deals if not deal.thrown_in]
    return points


def nice_step(span: int, ticks: int = 5) -> int:
    """Return a round step (1, 2 or 5 × a power of ten) giving about `ticks` gridlines over span.

    Integers only, so a game stored before points had limits (10**400 a bid) still draws.
    """
    if span <= ticks:
        return 1
    power = 10 ** (len(str(span // ticks)) - 1)  # the power of ten at or below span / ticks
    for factor in (1, 2, 5):
        if factor * power * ticks >= span:
            return factor * power
    return 10 * power


def axis_label(value: int) -> str:
    """Write a gridline's value: in full up to six digits, else briefly (2.5e400), for drawing."""
    digits = str(abs(value))
    if len(digits) <= 6:
        return str(value)
    sign = "-" if value < 0 else ""
    tail = digits[1:3].rstrip("0")
    return f"{sign}{digits[0]}{'.' + tail if tail else ''}e{len(digits) - 1}"


def legend_columns(sides: int, width: int) -> int:
    """Return how many columns the legend has: one for up to four sides (long team names)."""
    return 1 if sides <= 4 else max(1, (width - 16) // LEGEND_COLUMN)


def chart_scale(result: GameResult, *, width: int = 360, height: int = 220) -> ChartScale:
    """Return the scale `score_chart_svg` draws with (the plot is `height` tall plus margins)."""
    values = [total for _, totals in running_totals(result) for total in totals]
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 50  # before the first deal: a modest empty scale
    step = nice_step(high - low)
    low = low // step * step
    high = -(-high // step) * step
    slots = max(len(result.schedule), *(number for number, _ in running_totals(result)), 1)
    return ChartScale(
        left=LEFT,
        top=TOP,
        plot_width=width - LEFT - RIGHT,
        plot_height=height - TOP - BOTTOM,
        slots=slots,
        low=low,
        high=high,
    )


def short(name: str, limit: int) -> str:
    """Shorten a long side name for the legend (the full name stays in the <title>)."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def marker(kind: str, x: float, y: float, colour: str) -> str:
    """Draw one end marker centred on (x, y)."""
    paint = f'fill="{colour}" stroke="none"'
    x, y = round(x, 2), round(y, 2)
    if kind == "circle":
        return f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="4.5" {paint}/>'
    if kind == "square":
        corner = f'x="{fmt(x - 4)}" y="{fmt(y - 4)}"'
        return f'<rect {corner} width="8" height="8" {paint}/>'
    if kind == "triangle":
        corners = ((x, y - 5.5), (x + 5, y + 4), (x - 5, y + 4))
    else:
        corners = ((x, y - 5.5), (x + 5, y), (x, y + 5.5), (x - 5, y))
    shape = " ".join(f"{fmt(cx)},{fmt(cy)}" for cx, cy in corners)
    return f'<polygon points="{shape}" {paint}/>'


def score_chart_svg(
    result: GameResult, *, width: int = 360, height: int = 220, language: str = "en"
) -> str:
    """Draw the running totals of every side as a standalone SVG document fragment, its
    words in a language ("en", "ka").

    x is the deal (0 = before deal 1, up to the last deal of the schedule), y the
    points; a zero line; one polyline per side (class "side-N"); a legend below
    the plot with each side's line style, name and current total.
    """
    words = catalog(language)
    scale = chart_scale(result, width=width, height=height)
    sides = result.sides
    columns = legend_columns(len(sides), width)
    rows = math.ceil(len(sides) / columns)
    limit = NAME_LIMITS.get(columns, 12)
    full_height = height + rows * LEGEND_ROW + 6
    bottom = scale.top + scale.plot_height
    right = fmt(scale.left + scale.plot_width)
    standing = ", ".join(
        f"{isolate(name)} {total}" for name, total in zip(sides, result.totals, strict=True)
    )
    title = render(Sentence("Running totals: {totals}", totals=standing), words)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" '
        f'viewBox="0 0 {width} {full_height}" width="{width}" height="{full_height}" '
        f'role="img" aria-label="{escape(title)}" font-family="system-ui, sans-serif" '
        f'font-size="{FONT}">',
        f"<title>{escape(title)}</title>",
    ]
    # Gridlines and y labels.
    step = nice_step(scale.high - scale.low)
    grid = []
    zero = ' class="zero"'
    for value in range(scale.low, scale.high + 1, step):
        y = fmt(scale.y(value))
        grid.append(
            f'<line x1="{scale.left}" y1="{y}" x2="{right}" y2="{y}" stroke="currentColor" '
            f'stroke-opacity="{0.7 if value == 0 else 0.15}" '
            f'stroke-width="{1.5 if value == 0 else 1}"{zero if value == 0 else ""}/>'
        )
        grid.append(
            f'<text x="{scale.left - 5}" y="{y}" dy="4" text-anchor="end" '
            f'fill="currentColor">{axis_label(value)}</text>'
        )
    parts.append('<g class="grid">' + "".join(grid) + "</g>")
    # Deal numbers along the bottom.
    every = nice_step(scale.slots, 6)
    ticks = list(range(0, scale.slots + 1, every))
    if ticks[-1] != scale.slots:
        # Always name the last deal; drop a round number that would crowd it.
        if len(ticks) > 1 and scale.slots - ticks[-1] <= every / 2:
            ticks.pop()
        ticks.append(scale.slots)
    # The word "deal" where deal 0 would be named: from the left edge, room for a long word
    # ("დარიგება") before the first deal named.
    labels = "".join(
        f'<text x="{fmt(scale.x(number))}" y="{bottom + 16}" text-anchor="middle" '
        f'fill="currentColor">{number}</text>'
        for number in ticks
        if number
    )
    parts.append(
        f'<g class="deals" fill-opacity="0.8">{labels}'
        f'<text x="4" y="{bottom + 16}" fill="currentColor" '
        f'font-size="{FONT - 2}">{escape(render(DEAL, words))}</text></g>'
    )
    # One line per side.
    totals = running_totals(result)
    lines = []
    for side, name in enumerate(sides):
        colour, dash = COLOURS[side % len(COLOURS)], DASHES[side % len(DASHES)]
        points = " ".join(f"{fmt(scale.x(number))},{fmt(scale.y(t[side]))}" for number, t in totals)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        last_x, last_y = scale.x(totals[-1][0]), scale.y(totals[-1][1][side])
        end = marker(MARKERS[side % len(MARKERS)], last_x, last_y, colour)
        lines.append(
            f'<g class="side side-{side}"><title>{escape(isolate(name))}</title>'
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
            f'stroke-linejoin="round" stroke-linecap="round"{dashed}/>'
            f"{end if len(totals) > 1 else ''}</g>"
        )
    parts.append('<g class="lines">' + "".join(lines) + "</g>")
    if len(totals) == 1:
        parts.append(
            f'<text x="{fmt(scale.left + scale.plot_width / 2)}" '
            f'y="{fmt(scale.top + scale.plot_height / 3)}" '
            f'text-anchor="middle" fill="currentColor" fill-opacity="0.7">'
            f"{escape(render(NO_DEALS, words))}</text>"
        )
    # Legend: line sample, marker, name and total.
    legend = []
    for side, (name, total) in enumerate(zip(sides, result.totals, strict=True)):
        colour, dash = COLOURS[side % len(COLOURS)], DASHES[side % len(DASHES)]
        x = 8 + (side % columns) * LEGEND_COLUMN
        y = height + 6 + (side // columns) * LEGEND_ROW + LEGEND_ROW // 2
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        legend.append(
            f'<g class="side side-{side}">'
            f'<line x1="{x}" y1="{y}" x2="{x + 30}" y2="{y}" stroke="{colour}" '
            f'stroke-width="3"{dashed}/>{marker(MARKERS[side % len(MARKERS)], x + 30, y, colour)}'
            f'<text x="{x + 40}" y="{y + 4.5}" fill="currentColor">'
            f"{escape(isolate(short(name, limit)))} "
            f'<tspan font-weight="bold">{total}</tspan></text></g>'
        )
    parts.append('<g class="legend">' + "".join(legend) + "</g>")
    parts.append("</svg>")
    return "".join(parts)
