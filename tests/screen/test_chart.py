"""The score chart: its lines go through every side's running totals, and names are escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.rules import read_game, score_game
from scorekeeper.screen.chart import COLOURS, DASHES, chart_scale, score_chart_svg
from tests.conftest import EXAMPLES, example
from tests.english import english_words, heard

SVG = "{http://www.w3.org/2000/svg}"
NAMES = sorted(path.name.removesuffix(".game.json") for path in EXAMPLES.glob("*.game.json"))


def lines(svg: str) -> list[list[tuple[float, float]]]:
    """Return every polyline's points, in the order drawn (one per side)."""
    root = ET.fromstring(svg)
    return [
        [tuple(map(float, pair.split(","))) for pair in line.get("points", "").split()]
        for line in root.iter(f"{SVG}polyline")
    ]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", [(360, 220), (800, 400)])
def test_every_line_goes_through_the_running_totals(name: str, size: tuple[int, int]) -> None:
    result = score_game(read_game(example(name)))
    width, height = size
    svg = score_chart_svg(result, width=width, height=height)
    scale = chart_scale(result, width=width, height=height)
    scored = [deal for deal in result.deals if not deal.thrown_in]
    drawn = lines(svg)
    assert len(drawn) == len(result.sides)
    # Half a hundredth of a pixel of rounding, in points.
    slack = 0.005 * (scale.high - scale.low) / scale.plot_height + 1e-9
    for side, points in enumerate(drawn):
        deals = [scale.deal_at(x) for x, _ in points]
        totals = [scale.points_at(y) for _, y in points]
        numbers = [0] + [deal.setup.number for deal in scored]
        assert all(abs(got - want) < 0.01 for got, want in zip(deals, numbers, strict=True))
        expected = [0] + [deal.totals[side] for deal in scored]
        assert all(abs(got - want) <= slack for got, want in zip(totals, expected, strict=True))
        assert round(totals[-1]) == result.totals[side]


def test_the_zero_line_and_the_legend_say_names_and_totals() -> None:
    result = score_game(read_game(example("format-example")))  # totals 25 and -102
    svg = score_chart_svg(result)
    root = ET.fromstring(svg)
    scale = chart_scale(result)
    zero = next(line for line in root.iter(f"{SVG}line") if line.get("class") == "zero")
    assert float(zero.get("y1")) == scale.y(0)
    legend = "".join(root.find(f"{SVG}g[@class='legend']").itertext())
    assert "\u2068Ann & Cy\u2069 25" in legend and "\u2068Bob & Dee\u2069 -102" in legend


def test_names_are_escaped() -> None:
    game = example("bluke")
    game["players"] = ['<script>alert("x")</script>', "Tom & Jerry"]
    game["deals"] = game["deals"][:3]
    svg = score_chart_svg(score_game(read_game(game)))
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg and "Tom &amp; Jerry" in svg
    ET.fromstring(svg)  # still well-formed XML


def test_fifteen_sides_all_look_different() -> None:
    game = {"ruleset": "bluke", "players": [f"P{seat}" for seat in range(15)], "deals": []}
    svg = score_chart_svg(score_game(read_game(game)))
    root = ET.fromstring(svg)
    styles = {
        (line.get("stroke"), line.get("stroke-dasharray")) for line in root.iter(f"{SVG}polyline")
    }
    assert len(styles) == 15
    assert len(COLOURS) * len(DASHES) >= 15
    assert "No deals yet" in svg


def test_no_style_attributes_or_scripts() -> None:
    """The page's Content-Security-Policy forbids inline styles: presentation attributes only."""
    svg = score_chart_svg(score_game(read_game(example("joker"))))
    assert not re.search(r"\sstyle=|<style|<script", svg)


def test_the_chart_is_drawn_once_for_each_text_of_a_game(monkeypatch) -> None:
    """A tap reloads the game page but leaves the deals alone: the chart is not drawn again."""
    from scorekeeper.presentation import chart
    from scorekeeper.storage.games import StoredGame
    from scorekeeper.storage.store import ReadGame

    game = read_game(example("joker"))
    drawn: list[int] = []

    def draw(result, language: str) -> str:
        drawn.append(len(result.deals))
        return score_chart_svg(result, language=language)

    monkeypatch.setattr(chart, "score_chart_svg", draw)
    text = ("joker", "[]", 0, ("a tap later",))
    stored = [StoredGame(f"g{n}", n, "", "", "", None, ReadGame(text, game)) for n in (1, 2)]
    first = chart.game_chart(stored[0])
    assert chart.game_chart(stored[1]) is first  # another version, the same deals
    assert drawn == [len(example("joker")["deals"])]
    assert first == score_chart_svg(score_game(game))


def test_the_chart_says_its_words_in_the_pages_language() -> None:
    """The axis word, the empty chart's line and what a screen reader hears (its label and
    title) in Georgian on a Georgian page, the server's and the phone's; English as before."""
    result = score_game(read_game(example("joker")))
    georgian = score_chart_svg(result, language="ka")
    assert english_words(heard(georgian)) == [], heard(georgian)
    label = ET.fromstring(georgian).get("aria-label")
    assert label.startswith("ჯამები: \u2068Bob\u2069 1990, ") and label == heard(
        "".join(ET.fromstring(georgian).find(f"{SVG}title").itertext())
    )
    assert ">დარიგება</text>" in georgian
    empty = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}
    assert "დარიგებები ჯერ არ არის" in score_chart_svg(score_game(read_game(empty)), language="ka")
    english = score_chart_svg(result)
    label = ET.fromstring(english).get("aria-label")
    assert label.startswith("Running totals: \u2068Bob\u2069 1990")
    assert ">deal</text>" in english and english != georgian
