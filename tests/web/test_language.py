"""Scorekeeper in the reader's language: chosen per device, else from the browser, English
by default; every page in Georgian with no message left in English; the catalogs complete
and compiled; the explanations and the PDF sheet in Georgian, the English unchanged."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from pypdf import PdfReader

from scorekeeper.machine import config
from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.sentences import Sentence, render
from scorekeeper.rules.variants import variant_document
from tests.conftest import REPO, csrf_token, example
from tests.web.conftest import make_games

KA = {"Accept-Language": "ka-GE,ka;q=0.9,en;q=0.5"}
CATALOG = config.TRANSLATIONS / "ka" / "LC_MESSAGES"


def _catalog():
    with open(CATALOG / "messages.po", "rb") as po:
        return read_po(po, locale="ka")


def _key(value):
    return tuple(value) if isinstance(value, list | tuple) else value


def _text(page: str) -> str:
    """The words a person reads on a page: no tags, scripts or styles, nor what the page
    itself marks as English (`<span lang="en">`: a line the catalog does not hold yet)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<span lang="en">.*?</span>', " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_english_by_default_and_georgian_when_the_browser_asks(client):
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)
    page = client.get("/", headers=KA).get_data(as_text=True)
    assert '<html lang="ka">' in page
    assert "ახალი თამაში" in page  # "New game"


def test_the_switch_is_remembered_by_the_device_and_goes_back_only_to_this_app(client):
    moved = client.get("/language/ka?next=/rules")
    assert moved.status_code == 303 and moved.headers["Location"] == "/rules"
    page = client.get("/rules", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ka">' in page  # the device's choice beats the browser's
    assert client.get("/language/en?next=//evil.example/").headers["Location"] == "/"
    assert client.get("/language/en?next=https://evil.example/").headers["Location"] == "/"
    assert '<html lang="en">' in client.get("/", headers=KA).get_data(as_text=True)
    unknown = client.get("/language/xx?next=/")
    assert "scorekeeper_language" not in unknown.headers.get("Set-Cookie", "")


def test_every_page_offers_every_other_language_in_its_own_words(client):
    page = client.get("/players").get_data(as_text=True)
    assert '<a href="/language/ka" hreflang="ka" lang="ka">ქართული</a>' in page
    assert 'hreflang="en"' not in page
    page = client.get("/players", headers=KA).get_data(as_text=True)
    assert '<a href="/language/en" hreflang="en" lang="en">English</a>' in page


def test_the_switch_goes_back_to_the_page_it_was_tapped_on(client):
    back = client.get("/language/ka", headers={"Referer": "http://localhost/players?sort=name"})
    assert back.status_code == 303 and back.headers["Location"] == "/players?sort=name"
    elsewhere = client.get("/language/ka", headers={"Referer": "https://evil.example/x"})
    assert elsewhere.headers["Location"] == "/"
    assert client.get("/language/ka").headers["Location"] == "/"


def test_every_catalog_entry_is_translated_and_the_compiled_catalog_is_current():
    catalog = _catalog()
    assert catalog.plural_forms == "nplurals=1; plural=0;"
    untranslated = [
        message.id
        for message in catalog
        if message.id
        and (not all(message.string) if isinstance(message.id, tuple) else not message.string)
    ]
    assert untranslated == []
    assert not [message.id for message in catalog if message.id and message.fuzzy]
    with open(CATALOG / "messages.mo", "rb") as mo:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(mo) if m.id}
    written = {_key(m.id): _key(m.string) for m in catalog if m.id}
    assert compiled == written, "run `make translations` and commit the .mo"


def test_pybabel_compile_says_100_percent():
    pybabel = Path(sys.executable).with_name("pybabel")
    out = subprocess.run(
        [
            str(pybabel),
            "compile",
            "--statistics",
            "-d",
            str(config.TRANSLATIONS),
            "-o",
            "/dev/null",
            "-l",
            "ka",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "(100%) translated" in out.stderr + out.stdout


def test_the_catalog_holds_every_marked_string(tmp_path):
    """The .pot made now from the code holds nothing the Georgian catalog lacks."""
    pybabel = Path(sys.executable).with_name("pybabel")
    pot = tmp_path / "messages.pot"
    keywords = "-k _ -k gettext -k ngettext:1,2 -k lazy_gettext -k N_ -k Sentence -k Plural:1,2"
    subprocess.run(
        [str(pybabel), "extract", "-F", "babel.cfg", *keywords.split(), "-o", str(pot), "."],
        cwd=REPO,
        capture_output=True,
        check=True,
    )
    with open(pot, "rb") as made:
        wanted = {m.id for m in read_po(made) if m.id}
    assert wanted - {m.id for m in _catalog() if m.id} == set(), "run `make messages`"


@pytest.fixture
def pages(client) -> list[str]:
    """The pages of tests/browser/test_every_page.py a test client reaches, with games."""
    client.get("/language/ka?next=/")  # this device reads Georgian, flashes included
    games = make_games(client)
    finished, current, archived = games["finished"], games["current"], games["archived"]
    return [
        "/",
        "/?state=archived",
        f"/games/{archived}/delete",
        f"/games/{current}/delete",
        "/games/new",
        "/games/new/draw?ruleset=back-alley-pagat&player=Ann&player=Bob&player=Cy&player=Dee",
        f"/games/{current}/scoresheet",
        f"/games/{finished}/scoresheet",
        f"/games/{current}/live",
        f"/games/{finished}/live",
        "/import",
        "/sheets",
        "/rules",
        "/players",
        "/players/Ann",
        f"/games/{current}/deals/2/edit",
        "/rules/import",
        "/rules/calculator",
        "/host/rules",
        "/trust",
        f"/games/{current}",
        f"/games/{finished}",
        f"/games/{archived}",
        "/offline",
        "/docs/joker-variants",
        "/docs/rules",
        # Not /docs/game-format: its example of `scorekeeper score`'s output is English, as the
        # command is (test_docs_translated.py holds its Georgian to the English instead).
    ]


#: Pages whose own words are Georgian, but that also show a ruleset's rules in plain words
#: (house_rules/words.py) or a rule's refusal from the rules package, still English: each
#: with words of its own that must be gone, and their Georgian.
RULES_PAGES = {
    "/rules/back-alley-bridge": ("Worked examples", "გარჩეული მაგალითები"),
    "/rules/joker-strict": ("Export as a file", "ფაილად ექსპორტი"),
    "/rules/new": ("Save these rules", "ამ წესების შენახვა"),
    "/rules/new?from=joker-strict": ("Deals by number of players", "მოთამაშეთა რაოდენობის"),
    "/games/{finished}/compare": ("What would it have been under", "რა იქნებოდა ამ წესებით"),
    "/games/{finished}/compare?ruleset=back-alley-catsatcards": (
        "Deal by deal",
        "დარიგება დარიგებით",
    ),
    "/rules/calculator?cards=5&dealer=3&name_0=Ann&name_1=Bob&name_2=Cy&name_3=Dee"
    "&bid_0=2&bid_1=1&bid_2=pass&bid_3=1&tricks_0=3&tricks_1=1&tricks_2=0&tricks_3=1": (
        "Under every ruleset",
        "ყველა წესით",
    ),
}


def test_the_rules_pages_say_their_own_words_in_georgian(client, pages):
    finished = [page for page in pages if page.endswith("/scoresheet")][1].split("/")[2]
    for address, (english, georgian) in RULES_PAGES.items():
        address = address.replace("{finished}", finished)
        response = client.get(address, headers=KA)
        assert response.status_code == 200, address
        words = _text(response.get_data(as_text=True))
        assert english not in words and georgian in words, address


def _english_messages() -> list[str]:
    """Every catalog message of two words or more, as a page would show it in English."""
    shown = []
    for message in _catalog():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for english in ids:
            # The words between blanks and tags: each must be gone from a Georgian page.
            for piece in re.split(r"%\(\w+\)s|\{\w+\}|<[^>]+>", english or ""):
                piece = piece.strip(" .,:;·()–-")
                # Two words at least; not a short glue between blanks ("a trick"), which the
                # ready-made rulesets' English names hold too ("Joker, 100 a trick bid").
                if len(piece.split()) >= 2 and len(piece) >= 8:
                    shown.append(html.unescape(piece))
    return shown


def test_every_page_in_georgian_leaves_no_message_in_english(client, pages):
    english = _english_messages()
    assert len(english) > 150  # the check has teeth
    left = {}
    for address in pages:
        response = client.get(address, headers=KA)
        assert response.status_code == 200, address
        page = response.get_data(as_text=True)
        assert '<html lang="ka">' in page, address
        words = _text(page)
        found = [message for message in english if message in words]
        if found:
            left[address] = found
    assert left == {}


def test_an_english_page_still_says_its_english(client, pages):
    client.get("/language/en?next=/")
    words = _text(client.get("/").get_data(as_text=True))
    assert "Find games" in words and "Blank sheets" in words


def test_a_joker_games_explanations_in_georgian_and_the_english_unchanged():
    game = example("joker")
    game["ruleset"] = variant_document("joker-khishti-200")  # a house khishti of -200
    result = score_game(read_game(game))
    lines = [
        line for deal in result.deals if deal.sides for side in deal.sides for line in side.explain
    ]
    khishti = next(line for line in lines if "khishti" in line)
    assert isinstance(khishti, Sentence)
    catalog = Translations.load(str(config.TRANSLATIONS), ["ka"])
    said = render(khishti, catalog)
    assert "ხიშტი" in said and "khishti" not in said
    assert re.search(r"[a-z]{3,}", re.sub(r"\b\w+\b(?= —)", "", said)) is None, said
    # The English is the sentence itself: what the golden examples hold, byte for byte.
    assert render(khishti, Translations()) == str(khishti)


def test_the_watch_page_explains_the_last_deal_in_georgian(client):
    token = csrf_token(client)
    made = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    page = client.get(f"/games/{made.get_json()['id']}/live", headers=KA).get_data(as_text=True)
    board = page[page.index('class="last-deal"') :]
    assert "აიღო" in board or "პასი" in board  # took / pass
    assert " took " not in _text(board)


def test_the_pdf_sheet_in_georgian_holds_georgian_text_in_a_georgian_font(client):
    token = csrf_token(client)
    made = client.post("/api/games", json=example("joker"), headers={"X-CSRFToken": token})
    game = made.get_json()["id"]
    client.get("/language/ka?next=/")
    pdf = client.get(f"/games/{game}/sheet.pdf")
    assert pdf.status_code == 200
    reader = PdfReader(io.BytesIO(pdf.data))
    text = " ".join(page.extract_text() for page in reader.pages)
    for word in ("დარიგება", "დილერი", "კოზირი", "ჯამი", "გამარჯვებული"):
        assert word in text, word
    fonts = {
        str(font["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("Georgian" in font for font in fonts), fonts
