"""The documents in another language (docs/<language>/*.md): each carries every number and
heading of its English, so a translation cannot drop a rule; a reader of that language is
shown it, everyone else the English, marked as English where the page is not."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import pytest

import scorekeeper
from scorekeeper.machine import config
from scorekeeper.presentation.docs import DOCUMENTS, document_page
from scorekeeper.web import docs as docs_view

KA = {"Accept-Language": "ka-GE,ka;q=0.9,en;q=0.5"}
#: A number as written: digits, with thousands apart by a comma (English) or a space (Georgian,
#: "1 000"); "1,000" and "1 000" are the same number.
NUMBER = re.compile(r"\d+(?:[,\u00a0\u202f ]\d{3}(?!\d))*")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)

TRANSLATED = sorted(
    (folder.name, path.name)
    for folder in scorekeeper.DOCS.iterdir()
    if folder.is_dir()
    for path in folder.glob("*.md")
)


def numbers(text: str) -> Counter[str]:
    """Every number a document says, as often as it says it."""
    return Counter(re.sub(r"\D", "", found) for found in NUMBER.findall(text))


def code(text: str) -> Counter[str]:
    """Every piece of code in a line of text (`joker`, `{"fixed": -500}`), however wrapped."""
    return Counter(re.findall(r"`[^`]*`", " ".join(FENCE.sub("", text).split())))


def headings(text: str) -> list[int]:
    """The level of each heading, in order (none inside a block of code)."""
    return [len(found) for found in re.findall(r"^(#+) ", FENCE.sub("", text), re.M)]


def test_the_georgian_documents_are_there() -> None:
    assert ("ka", "joker-variants.md") in TRANSLATED
    assert {name for _, name in TRANSLATED} <= {file for file, _ in DOCUMENTS.values()}
    assert {language for language, _ in TRANSLATED} <= set(config.LANGUAGES)


@pytest.mark.parametrize(("language", "name"), TRANSLATED)
def test_a_translation_keeps_every_number_and_heading(language: str, name: str) -> None:
    english = (scorekeeper.DOCS / name).read_text(encoding="utf-8")
    translated = (scorekeeper.DOCS / language / name).read_text(encoding="utf-8")
    assert numbers(translated) == numbers(english)
    assert headings(translated) == headings(english)
    # The code, JSON and file examples are as they are in English.
    assert FENCE.findall(translated) == FENCE.findall(english)
    assert code(translated) == code(english)


def test_the_number_counting_sees_a_dropped_rule() -> None:
    assert numbers("Ann 1,800, Bob −2,430; 1 000") == Counter({"1800": 1, "2430": 1, "1000": 1})
    assert numbers("deals 1, 2 and 4") == Counter({"1": 1, "2": 1, "4": 1})
    assert headings("# A\n```\n# not a heading\n```\n## B\n") == [1, 2]


def test_a_georgian_reader_reads_joker_variants_in_georgian(client) -> None:
    page = client.get("/docs/joker-variants", headers=KA).get_data(as_text=True)
    assert '<html lang="ka">' in page
    assert '<h1 id="ჯოკერის-საოჯახო-ვარიანტები">ჯოკერის საოჯახო ვარიანტები</h1>' in page
    assert "<title>ჯოკერის საოჯახო ვარიანტები" in page
    assert '<article class="doc">' in page  # in the page's own language: no lang of its own
    assert "Georgian Joker (ჯოკერი) is played" not in page


def test_an_english_reader_reads_the_english(client) -> None:
    page = client.get("/docs/joker-variants").get_data(as_text=True)
    assert '<html lang="en">' in page and '<article class="doc">' in page
    assert '<h1 id="joker-house-variants">Joker house variants</h1>' in page


def test_a_document_not_yet_translated_is_the_english_marked_as_english(tmp_path: Path) -> None:
    (tmp_path / "rules.md").write_text("# The rules\n", encoding="utf-8")
    page = document_page(tmp_path, "rules", "ka")
    assert (page.text, page.language) == ("# The rules\n", "en")
    (tmp_path / "ka").mkdir()
    (tmp_path / "ka" / "game-format.md").write_text("# თამაშის ფაილი\n", encoding="utf-8")
    (tmp_path / "game-format.md").write_text("# The game file\n", encoding="utf-8")
    page = document_page(tmp_path, "game-format", "ka")
    assert (page.text, page.language) == ("# თამაშის ფაილი\n", "ka")
    assert document_page(tmp_path, "game-format", "en").language == "en"


def test_an_untranslated_document_page_says_it_is_english(client, tmp_path, monkeypatch) -> None:
    (tmp_path / "game-format.md").write_text("# The game file\n\nOne JSON document.\n")
    monkeypatch.setattr(docs_view, "DOCS", tmp_path)
    page = client.get("/docs/game-format", headers=KA).get_data(as_text=True)
    assert '<html lang="ka">' in page and '<article class="doc" lang="en">' in page
    assert "<title>თამაშის ფაილი" in page  # its title is in the catalog


@pytest.mark.parametrize(("language", "name"), TRANSLATED)
def test_a_translations_links_find_their_headings(client, language: str, name: str) -> None:
    """A link to a heading (#წყაროები, rules.md#joker) leads to a heading of that name, in
    the document the reader of that language is shown."""
    headers = {"Accept-Language": language}
    address = "/docs/" + next(doc for doc, (file, _) in DOCUMENTS.items() if file == name)
    page = client.get(address, headers=headers).get_data(as_text=True)
    links = re.findall(r'href="(/docs/[a-z-]+)?#([^"]+)"', page.split('<article class="doc"')[1])
    assert links or name != "rules.md"
    for target, fragment in links:
        shown = page if not target else client.get(target, headers=headers).get_data(as_text=True)
        assert f'id="{unquote(fragment)}"' in shown, (target, unquote(fragment))
