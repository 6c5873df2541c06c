"""Every word of a printed sheet whole and inside its cell: completed and blank sheets, in
English and in Georgian (whose words are long), on A4 and Letter, upright and a wide one
turned to landscape.

Measured in WeasyPrint's own layout of the sheet, the one the PDF is drawn from: a word's
glyphs drawn past the edge of a cell that hides its overflow are cut on paper even though
the PDF's text layer holds the word whole (so pdftotext alone cannot see it); and a word
whose letters lie on two lines is broken. Every fault of every sheet is listed at once.
"""

from __future__ import annotations

import itertools

import pytest

from scorekeeper.presentation.scoresheet import build_blank_sheet, build_game_sheet
from scorekeeper.rules import find_ruleset
from scorekeeper.sheets.render import laid_out, sheet_html, sheet_plan

from .games import bluke_game, example, scored

#: A Georgian family of eight, written as each language's pages would show them.
NAMES = {
    "en": ["Giorgi", "Mariam", "Levani", "Aleksandre", "Nino", "Tamar", "Davit", "Ketevan"],
    "ka": ["გიორგი", "მარიამ", "ლევანი", "ალექსანდრე", "ნინო", "თამარ", "დავითი", "ქეთევანი"],
}
SLACK = 0.5  #: points of rounding


def sheets(language: str) -> dict[str, object]:
    """Return the sheets to measure, by name: a Joker game and a blank Joker sheet for four,
    a Back Alley game of two teams, a Bluke game for two (upright), a Bluke game and a blank
    Bluke sheet for eight (turned to landscape)."""
    names = NAMES[language]
    joker = example("joker")
    joker["players"] = names[:4]
    teams = example("back-alley-pagat")
    teams["players"] = names[:4]
    return {
        "joker game": build_game_sheet(scored(joker), date="2024-06-01"),
        "back alley game (teams)": build_game_sheet(scored(teams), date="2024-06-01"),
        "blank joker": build_blank_sheet(find_ruleset("joker"), players=names[:4]),
        "bluke game for 2": build_game_sheet(scored(bluke_game(2, names[:2])), date="2024-06-01"),
        "bluke game for 8": build_game_sheet(scored(bluke_game(8, names)), date="2024-06-01"),
        "blank bluke for 8": build_blank_sheet(find_ruleset("bluke"), players=8),
    }


def _clip(box, clip):
    """Narrow the clip rectangle (x0, y0, x1, y1) by a box that hides what overflows it."""
    if box.style["overflow"] == "visible" or not hasattr(box, "padding_box_x"):
        return clip
    x0, y0 = box.padding_box_x(), box.padding_box_y()
    own = (x0, y0, x0 + box.padding_width(), y0 + box.padding_height())
    if clip is None:
        return own
    return (max(own[0], clip[0]), max(own[1], clip[1]), min(own[2], clip[2]), min(own[3], clip[3]))


def _source(box) -> str:
    """Return the text of the element a block box lays out, its spaces made single."""
    element = getattr(box, "element", None)
    return " ".join("".join(element.itertext()).split()) if element is not None else ""


def _lines(box) -> list[str]:
    """Return the text of each line of a block box that holds lines."""
    found = []
    for line in box.children:
        if type(line).__name__ == "LineBox":
            found.append("".join(text.text for text in line.descendants() if hasattr(text, "text")))
    return found


def faults_in(document) -> list[str]:
    """Return each word cut by its cell's edge, or broken across two lines, on every page."""
    found = []

    def walk(box, clip, cell, line):
        clip = _clip(box, clip)
        if getattr(box, "element_tag", None) in ("td", "th") and hasattr(box, "padding_box_x"):
            cell = box
        if type(box).__name__ == "LineBox":
            line = box
        if type(box).__name__ == "TextBox" and clip is not None and box.text.strip():
            # Across, the glyphs' advance; down, the line's height (a glyph box's descent
            # below a line of capitals draws nothing).
            x0, x1 = box.position_x, box.position_x + box.width
            y1 = line.position_y + line.height
            if x0 < clip[0] - SLACK or x1 > clip[2] + SLACK or y1 > clip[3] + SLACK:
                found.append(
                    f"cut — {box.text.strip()} ({x0:.1f}–{x1:.1f} pt in a cell of "
                    f"{clip[0]:.1f}–{clip[2]:.1f}) / {cell.element_tag if cell else '?'}"
                )
            return
        lines = _lines(box)
        source = _source(box)
        for above, below in itertools.pairwise(lines):
            tail, head = above.rstrip(), below.lstrip()
            if not tail or not head or above != tail or tail.endswith("-"):
                continue  # the line ends with a space, or at a hyphen: a place to break
            word = tail.split()[-1] + head.split()[0]
            if word in source.split() or any(word in token for token in source.split()):
                found.append(f"broken — {tail.split()[-1]}|{head.split()[0]} / {box.element_tag}")
        for child in getattr(box, "children", ()):
            walk(child, clip, cell, line)

    for page in document.pages:
        walk(page._page_box, None, None, None)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["en", "ka"])
def test_every_word_of_a_sheet_prints_whole_inside_its_cell(language: str, paper: str) -> None:
    found = []
    ways = set()
    for name, sheet in sheets(language).items():
        html = sheet_html(sheet, paper=paper, language=language)
        ways.add(sheet_plan(sheet, paper=paper, language=language).landscape)
        found += [f"{name} ({paper}, {language}): {fault}" for fault in faults_in(laid_out(html))]
    assert ways == {False, True}  # upright sheets and turned ones were both measured
    if found:
        pytest.fail(f"{len(found)} faults:\n" + "\n".join(found), pytrace=False)
