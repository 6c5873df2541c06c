"""Scorekeeper in the reader's language: chosen per device, else from the browser, English
by default; every page in Georgian with no message left in English; the catalogs complete
and compiled; the explanations and the PDF sheet in Georgian, the English unchanged."""

from __future__ import annotations

import copy
import html
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from pypdf import PdfReader

import scorekeeper
from scorekeeper.rules import read_game, score_game
from scorekeeper.rules.sentences import Sentence, render
from scorekeeper.rules.variants import variant_document
from tests.conftest import REPO, csrf_token, example
from tests.english import ALLOWED, english_words, heard
from tests.pages import every_page, host_pages
from tests.web.conftest import make_games, make_night

KA = {"Accept-Language": "ka-GE,ka;q=0.9,en;q=0.5"}
CATALOG = scorekeeper.TRANSLATIONS / "ka" / "LC_MESSAGES"


def _catalog():
    with open(CATALOG / "messages.po", "rb") as po:
        return read_po(po, locale="ka")


def _key(value):
    return tuple(value) if isinstance(value, list | tuple) else value


def _text(page: str) -> str:
    """The words a person reads on a page: no tags, scripts or styles, nor what the page
    itself marks as English (`<span lang="en">`: a line the catalog does not hold yet), nor
    commands and code (`<code>`), which are the same in every language."""
    page = re.sub(r"<(script|style|code)\b.*?</\1>", " ", page, flags=re.S)
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


def test_no_line_ends_between_a_georgian_ending_and_its_word_nor_inside_a_range():
    """A Georgian ending hyphened to a number, a name or a sign ("13‑მდე", "Bob‑ის", "≠‑ით")
    and a range of numbers ("1‑8") are joined with a no-break hyphen (U+2011): after a plain
    hyphen a browser may end the line, leaving the ending or the number alone on the next."""
    plain = re.compile(r"[^\s\u10a0-\u10ff]-[\u10a0-\u10ff]|\d-\d")
    found = [
        text
        for message in _catalog()
        if message.id
        for text in (*_texts(message.id), *_texts(message.string))
        if plain.search(text)
    ]
    assert found == []


def _texts(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, list | tuple) else (value,)


def test_pybabel_compile_says_100_percent():
    pybabel = Path(sys.executable).with_name("pybabel")
    out = subprocess.run(
        [
            str(pybabel),
            "compile",
            "--statistics",
            "-d",
            str(scorekeeper.TRANSLATIONS),
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
    # Not /docs/game-format: its example of `scorekeeper score`'s output is English, as the
    # command is (test_docs_translated.py holds its Georgian to the English instead).
    pairs, _ = make_night(client, client.application.test_client(), pairs=True)
    pages = every_page(
        finished,
        current,
        archived,
        games["join"],
        night=games["night"],
        cards=games["cards"],
        pairs_night=pairs,
    ) + host_pages(games["night"], pairs)
    return [page for page in pages if page != "/docs/game-format"]


#: A ready-made Joker variant's page: its own words, its source and its rules in Georgian.
RULES_PAGES = {
    "/rules/joker-strict": (
        ("Export as a file", "ფაილად ექსპორტი"),
        ("A family's strict table", "ოჯახის მკაცრი მაგიდა"),  # the variant's source
        ("The khishti's amount is the table's choice", "ხიშტის ოდენობას მაგიდა ირჩევს"),
    ),
}


def test_the_rules_pages_say_their_own_words_in_georgian(client, pages):
    for address, said in RULES_PAGES.items():
        response = client.get(address, headers=KA)
        assert response.status_code == 200, address
        words = _text(response.get_data(as_text=True))
        for english, georgian in said:
            assert english not in words and georgian in words, (address, english)
        assert "ხიშტი" in words and "took none scores" not in words, address
        assert 'lang="en"' not in response.get_data(as_text=True).split("<footer")[0], address


#: An allowed name (tests/english.py) inside a message: the pieces around it are the words.
_NAMES = re.compile("|".join(re.escape(name) for name in ALLOWED))


def _english_messages() -> list[str]:
    """Every catalog message of two words or more, as a page would show it in English.

    The names a Georgian page writes as they are (tests/english.py: "Back Alley",
    "pagat.com") are cut out: the words around them are what must be gone.
    """
    shown = []
    for message in _catalog():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for english in ids:
            # The words between blanks, tags and names: each must be gone from a Georgian page.
            for piece in re.split(r"%\(\w+\)s|\{\w+\}|<[^>]+>", english or ""):
                for words in _NAMES.split(html.unescape(piece)):
                    words = words.strip(" .,:;·()–-")
                    if len(words.split()) >= 2 and len(words) >= 8:
                        shown.append(words)
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


def test_every_page_in_georgian_has_no_english_word(client, pages):
    """Not one word in Latin letters but the few every language writes so (tests/english.py):
    the ruleset names and descriptions, the chart's words and what a screen reader hears."""
    left = {}
    for address in pages:
        if address.startswith("/docs/"):
            continue  # whole documents, held to their English by test_docs_translated.py
        page = client.get(address, headers=KA).get_data(as_text=True)
        found = english_words(heard(page))
        if found:
            left[address] = sorted(set(found))
    assert left == {}


def test_an_english_page_still_says_its_english(client, pages):
    client.get("/language/en?next=/")
    words = _text(client.get("/").get_data(as_text=True))
    assert "Find games" in words and "Blank printed sheets" in words


def test_a_joker_games_explanations_in_georgian_and_the_english_unchanged():
    game = example("joker")
    game["ruleset"] = variant_document("joker-khishti-200")  # a house khishti of -200
    result = score_game(read_game(game))
    lines = [
        line for deal in result.deals if deal.sides for side in deal.sides for line in side.explain
    ]
    khishti = next(line for line in lines if "khishti" in line)
    assert isinstance(khishti, Sentence)
    catalog = Translations.load(str(scorekeeper.TRANSLATIONS), ["ka"])
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


def _post_file(client, address: str, document) -> str:
    """Import a file on a Georgian page; return the words of the page that refused it."""
    form = client.get(address, headers=KA).get_data(as_text=True)
    answer = client.post(
        address,
        data={
            "csrf_token": re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1),
            "file": (io.BytesIO(json.dumps(document).encode()), "file.json"),
        },
        content_type="multipart/form-data",
        headers=KA,
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    found = re.findall(r'<p class="error-text" role="alert"[^>]*>(.*?)</p>', page, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", said)).strip() for said in found)


def test_a_refusal_of_the_rules_is_said_in_georgian_beside_what_it_refuses(client):
    client.get("/language/ka?next=/")
    # The editor: the fewest players more than the most, beside the players.
    form = client.get("/rules/new?from=joker").get_data(as_text=True)
    values = {
        html.unescape(name): html.unescape(value)
        for name, value in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form)
    }
    for name in re.findall(r'<input checked[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form):
        values[name[0]] = name[1]
    values.update(players_min="5", players_max="4")
    refused = client.post("/rules/new", data=values, headers=KA)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    beside = page[page.index('id="rule-players"') :]
    beside = beside[: beside.index("</fieldset>")]
    said = html.unescape(re.search(r'id="error-players">(.*?)</p>', beside).group(1))
    assert said == "მოთამაშეების მინიმუმი (5) მაქსიმუმზე (4) მეტია.", said
    # An input the editor cannot read, in Georgian too.
    values.update(players_min="4", made_base="ten")
    unread = client.post("/rules/new", data=values, headers=KA).get_data(as_text=True)
    assert "მთელი რიცხვი არ არის" in _text(unread) and "is not a whole number" not in unread

    # A ruleset file and a game file the rules refuse, said beside the file field.
    joker = copy.deepcopy(variant_document("joker-strict"))
    joker["khishti"] = {"fixed": 500, "per_card": 0}
    said = _post_file(client, "/rules/import", joker)
    assert "ხიშტი ჯარიმაა" in said and "penalty" not in said, said
    game = example("joker")
    game["deals"][2]["tricks"] = [9, 9, 9, 9]
    said = _post_file(client, "/import", game)
    assert said.startswith(
        "ამ ფაილის შემოტანა შეუძლებელია: დარიგება 3: ხელების ჯამი 36\u2011ია,"
    ), said
    assert re.search(r"[a-z]{3,}", said) is None, said
    # And the API's answer, to a phone that reads Georgian.
    token = csrf_token(client)
    answer = client.post("/api/games", json=game, headers={**KA, "X-CSRFToken": token})
    assert answer.status_code == 422
    assert answer.get_json()["error"].startswith("დარიგება 3: ხელების ჯამი 36\u2011ია,")
    # The English is as it always was.
    client.get("/language/en?next=/")
    english = _post_file(client, "/import", game)
    assert english.startswith("This file cannot be imported: deal 3: the tricks add up to 36")


def test_the_pdf_sheet_of_a_joker_house_game_says_its_rules_in_georgian(client):
    token = csrf_token(client)
    game = example("joker")
    game["ruleset"] = variant_document("joker-strict")
    game["deals"] = game["deals"][:4]  # before the strict table's pass limit would bind
    made = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    assert made.status_code == 201, made.get_data(as_text=True)
    client.get("/language/ka?next=/")
    pdf = client.get(f"/games/{made.get_json()['id']}/sheet.pdf")
    assert pdf.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages)
    rules = " ".join(text[text.index("ბიდები n კარტზე") :].split())
    for words in ("ხიშტი (ბიდი 1 ან მეტი, არაფერი აიღო): −500", "პულკები: დარიგებები", "პასები"):
        assert words in rules, words
    for english in ("Khishti", "took none", "Sets: deals", "Passes: at most", "Lead:"):
        assert english not in text, english


#: Mtavruli, Georgian's capitals: a separate style, never prose (U+1C90–U+1CBF).
MTAVRULI = re.compile("[\u1c90-\u1cbf]")


def _pdftotext(pdf: bytes, tmp_path: Path) -> str:
    kept = tmp_path / "sheet.pdf"
    kept.write_bytes(pdf)
    read = subprocess.run(["pdftotext", str(kept), "-"], capture_output=True, check=True)
    return " ".join(read.stdout.decode("utf-8").split())


def test_the_georgian_pdf_sheets_say_every_word_in_georgian_and_none_in_mtavruli(client, tmp_path):
    """A completed sheet and a blank one, printed for a Georgian reader, read back by
    pdftotext: the ruleset's name, the headings, the rules box and the page footer in
    Georgian, written as the screen writes Georgian (Mkhedruli), never upper-cased."""
    token = csrf_token(client)
    game = example("joker")
    game["ruleset"] = variant_document("joker-khishti-200")
    made = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    assert made.status_code == 201, made.get_data(as_text=True)
    client.get("/language/ka?next=/")
    completed = client.get(f"/games/{made.get_json()['id']}/sheet.pdf")
    blank = client.get("/sheets/blank.pdf?ruleset=joker-khishti-200&players=Ann,Bob,Cy,Dee")
    for pdf, heading in ((completed, "დასრულებული თამაში"), (blank, "ცარიელი ფურცელი")):
        assert pdf.status_code == 200
        text = _pdftotext(pdf.data, tmp_path)
        assert english_words(text) == [], text
        assert MTAVRULI.search(text) is None, MTAVRULI.findall(text)
        for words in (heading, "ჯოკერი, ხიშტი -200", "გვერდი 1 / 1"):
            assert words in text, (words, text)


def test_the_manifest_describes_the_app_in_the_readers_language(client):
    english = client.get("/manifest.webmanifest")
    said = json.loads(english.data)
    assert said["lang"] == "en" and said["description"].startswith("Keep score of Back Alley")
    georgian = client.get("/manifest.webmanifest", headers=KA)
    assert georgian.status_code == 200
    assert georgian.mimetype == "application/manifest+json"
    manifest = json.loads(georgian.data)
    assert manifest["lang"] == "ka" and manifest["name"] == "ქულების მთვლელი"
    assert re.search("[\u10d0-\u10ff]{3}", manifest["description"]), manifest
    assert english_words(" ".join([manifest["name"], manifest["description"]])) == [], manifest
    assert manifest["icons"] == said["icons"] and manifest["start_url"] == "/"
    # One copy a language: a cache keeps each apart, and the device's choice counts too.
    assert {"Accept-Language", "Cookie"} <= set(georgian.vary)
    assert georgian.headers["ETag"] != english.headers["ETag"]
    client.get("/language/ka?next=/")
    assert json.loads(client.get("/manifest.webmanifest").data)["lang"] == "ka"


def test_new_house_rules_start_named_in_the_readers_language(client):
    """The name the editor fills in is the family's to keep: in the words of the page they
    read, the base's name said in them too."""

    def name_given(headers: dict) -> str:
        page = client.get("/rules/new?from=joker-khishti-200", headers=headers)
        tag = re.search(r'<input[^>]*name="name"[^>]*>', page.get_data(as_text=True)).group(0)
        return html.unescape(re.search(r'value="([^"]*)"', tag).group(1))

    assert name_given({"Accept-Language": "en"}) == "Joker, khishti -200, our way"
    assert name_given(KA) == "ჯოკერი, ხიშტი -200, ჩვენებურად"
