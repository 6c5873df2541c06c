"""Every printed sheet carries a QR code and a code to type: each read back from the PDF as a
phone's camera would (tests/qr_codes.py) and followed with the test client."""

from __future__ import annotations

import base64
import html
import io
import re
import threading
from urllib.parse import parse_qs, urlsplit

import pytest
from pypdf import PdfReader

from scorekeeper.storage.sheet_codes import ALPHABET
from tests.conftest import csrf_token, example
from tests.qr_codes import qr_links
from tests.web.conftest import hidden, new_game_form
from tests.web.test_house_rules import save_five_player

PAPERS_AND_LANGUAGES = [("a4", "en"), ("letter", "en"), ("a4", "ka"), ("letter", "ka")]
#: The code printed beside the QR code: two groups of three characters of the alphabet (the
#: PDF's text runs the words after it on: "RPE-KACScan with…").
CODE = re.compile(rf"(?<![\w-])([{ALPHABET}]{{3}}-[{ALPHABET}]{{3}})")


def printed(client, address: str, language: str = "en") -> bytes:
    """Ask for a sheet's PDF as a phone in this language does."""
    response = client.get(address, headers={"Accept-Language": language})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    return response.data


def scanned(pdf: bytes) -> str:
    """Return the one link the sheet's QR code holds, as a path the test client opens."""
    (link,) = qr_links(pdf)
    parts = urlsplit(link)
    assert parts.scheme == "http" and parts.netloc == "localhost"
    return parts.path + (f"?{parts.query}" if parts.query else "")


def code_on(pdf: bytes) -> str:
    """Return the code printed beside the QR code."""
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    (code,) = set(CODE.findall(text))
    return code


def words(page: str) -> str:
    """Return a page's words as a reader sees them: no tags, one space between words."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def game_of(client, location: str) -> dict:
    """Return the game a redirect leads to, as the API gives it."""
    game_id = location.removeprefix("/games/")
    assert "/" not in game_id, location
    return client.get(f"/api/games/{game_id}").get_json()


NAMED = "/sheets/blank.pdf?ruleset=back-alley-pagat&players=Ann,Bob,Cy,Dee&first_dealer=1"


@pytest.mark.parametrize(("paper", "language"), PAPERS_AND_LANGUAGES)
def test_a_named_blank_sheet_opens_its_game_ready_to_score_deal_one(
    app, client, paper: str, language: str
) -> None:
    pdf = printed(client, f"{NAMED}&paper={paper}", language)
    link = scanned(pdf)
    assert link.startswith("/sheet/")
    assert client.get("/api/games").status_code in (404, 405)  # printing stored no game

    opened = client.get(link)

    assert opened.status_code == 303
    game = game_of(client, opened.headers["Location"])
    assert game["game"]["ruleset"] == "back-alley-pagat"
    assert game["game"]["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert game["game"]["first_dealer"] == 1
    assert game["game"]["deals"] == []
    page = client.get(opened.headers["Location"]).get_data(as_text=True)
    assert "Deal 1 of 26 · Bob deals" in words(page)
    assert 'name="step"' in page  # this phone scores: the taps of deal 1 are offered


def test_the_same_sheet_scanned_again_and_by_a_second_phone_finds_one_game(app, client) -> None:
    link = scanned(printed(client, f"{NAMED}&paper=a4"))
    first = client.get(link).headers["Location"]
    again = client.get(link).headers["Location"]
    other_phone = app.test_client()
    second = other_phone.get(link)

    assert first == again == second.headers["Location"]
    watching = other_phone.get(first).get_data(as_text=True)
    assert 'name="step"' not in watching  # the second phone watches: it holds no rights
    assert "Bob deals" in words(watching)


def test_two_phones_scanning_at_once_start_one_game(app) -> None:
    phones = [app.test_client() for _ in range(4)]
    link = scanned(printed(phones[0], f"{NAMED}&paper=letter"))
    start = threading.Barrier(len(phones))
    landed: list[str] = []

    def scan(phone) -> None:
        start.wait()
        landed.append(phone.get(link).headers["Location"])

    threads = [threading.Thread(target=scan, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(landed) == len(phones) and len(set(landed)) == 1
    with app.app_context():
        from scorekeeper.web.db import get_db

        (count,) = get_db().execute("select count(*) from games").fetchone()
    assert count == 1


def test_a_sheet_scanned_after_deals_were_entered_opens_at_the_next_deal(client) -> None:
    link = scanned(printed(client, f"{NAMED}&paper=a4"))
    game_url = client.get(link).headers["Location"]
    game_id = game_url.removeprefix("/games/")
    token = csrf_token(client)
    deal = example("back-alley-pagat")["deals"][0]
    posted = client.post(
        f"/api/games/{game_id}/deals", json={"deal": 1, **deal}, headers={"X-CSRFToken": token}
    )
    assert posted.status_code == 201, posted.get_json()

    page = client.get(client.get(link).headers["Location"]).get_data(as_text=True)

    assert "Deal 2 of 26 · Cy deals" in words(page)  # after Bob, the first dealer


def test_a_blank_sheet_under_house_rules_starts_a_game_under_them(app, client, token) -> None:
    slug = save_five_player(client, token)
    pdf = printed(client, f"/sheets/blank.pdf?ruleset={slug}&players=Ann,Bob,Cy,Dee,Eve"
                  "&first_dealer=4")  # fmt: skip

    game = game_of(client, client.get(scanned(pdf)).headers["Location"])

    assert game["game"]["ruleset"]["name"] == "The Millers' five-handed"
    assert game["game"]["first_dealer"] == 4
    assert game["result"]["next"]["cards"] == 10  # deal 1 of its own schedule: 10 cards


@pytest.mark.parametrize(("paper", "language"), PAPERS_AND_LANGUAGES)
def test_a_blank_sheet_without_names_opens_new_game_with_its_rules_and_seats(
    client, paper: str, language: str
) -> None:
    pdf = printed(client, f"/sheets/blank.pdf?ruleset=bluke&players=5&paper={paper}", language)
    opened = client.get(scanned(pdf))
    assert opened.status_code == 303
    new_game = urlsplit(opened.headers["Location"])
    assert new_game.path == "/games/new"

    page = client.get(opened.headers["Location"]).get_data(as_text=True)

    assert re.search(r'<option selected value="bluke">|<option value="bluke" selected', page)
    assert len(re.findall(r'name="players-\d+"', page)) == 5
    assert hidden(page, "sheet") == parse_qs(new_game.query)["sheet"][0]


def test_a_game_started_on_new_game_from_a_sheet_is_found_by_the_sheet_again(client) -> None:
    pdf = printed(client, "/sheets/blank.pdf?ruleset=bluke&players=4")
    link = scanned(pdf)
    page = client.get(client.get(link).headers["Location"]).get_data(as_text=True)
    form = new_game_form(page, "bluke", ["Ann", "Bob", "Cy", "Dee"], dealer="2")
    form["sheet"] = hidden(page, "sheet")
    started = client.post("/games/new", data=form)
    assert started.status_code == 303

    assert client.get(link).headers["Location"] == started.headers["Location"]
    found = client.get(f"/sheet-code?code={code_on(pdf)}")
    assert found.headers["Location"] == started.headers["Location"]
    game = game_of(client, started.headers["Location"])
    assert game["game"]["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert game["game"]["first_dealer"] == 2


def test_a_new_game_form_with_a_changed_sheet_link_is_refused_in_words(client) -> None:
    link = scanned(printed(client, "/sheets/blank.pdf?ruleset=bluke&players=4"))
    page = client.get(client.get(link).headers["Location"]).get_data(as_text=True)
    form = new_game_form(page, "bluke", ["Ann", "Bob", "Cy", "Dee"])
    form["sheet"] = changed(hidden(page, "sheet"), b"bluke", b"joker")
    refused = client.post("/games/new", data=form)

    assert refused.status_code == 422
    assert "This sheet&#39;s link is not right" in refused.get_data(as_text=True)


@pytest.mark.parametrize(("paper", "language"), PAPERS_AND_LANGUAGES)
def test_a_completed_sheet_opens_its_game_to_watch(client, paper: str, language: str) -> None:
    token = csrf_token(client)
    game = example("bluke")
    created = client.post("/api/games", json=game, headers={"X-CSRFToken": token})
    game_id = created.get_json()["id"]
    pdf = printed(client, f"/games/{game_id}/sheet.pdf?paper={paper}", language)

    link = scanned(pdf)

    assert link == f"/games/{game_id}/watch"
    watch = client.get(link)
    assert watch.status_code == 200
    assert all(name in watch.get_data(as_text=True) for name in game["players"])
    found = client.get(f"/sheet-code?code={code_on(pdf).lower()}")  # typed in small letters
    assert found.headers["Location"] == f"/games/{game_id}"


def changed(token: str, before: bytes = b"Ann", after: bytes = b"Amy") -> str:
    """Return a sheet's link token with one word of it changed, as a stranger might try."""
    raw = bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    at = raw.index(before)
    raw[at : at + len(before)] = after
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def test_a_changed_or_made_up_link_is_refused_in_words_and_starts_nothing(client) -> None:
    pdf = printed(client, NAMED)
    token = scanned(pdf).removeprefix("/sheet/")
    flipped = token[:20] + ("B" if token[20] == "A" else "A") + token[21:]
    for wrong in (changed(token), token[:-3], "made-up", flipped):
        refused = client.get(f"/sheet/{wrong}")
        assert refused.status_code == 404, wrong
        assert "This sheet&#39;s link is not right" in refused.get_data(as_text=True)
    assert client.get(f"/sheet-code?code={code_on(pdf)}").status_code == 404
    assert "No games yet" in client.get("/").get_data(as_text=True)


def test_a_code_finds_no_game_before_the_sheet_is_scanned_and_says_what_to_do(client) -> None:
    pdf = printed(client, NAMED)
    code = code_on(pdf)

    before = client.get(f"/sheet-code?code={code}")
    client.get(scanned(pdf))
    after = client.get(f"/sheet-code?code={code.replace('-', ' ')}")

    assert before.status_code == 404
    said = before.get_data(as_text=True)
    assert f"No game was started from the sheet with code {code} here yet" in said
    assert "scan the sheet&#39;s QR code" in said
    assert after.status_code == 303 and after.headers["Location"].startswith("/games/")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("K7U-4MZ", "“U” is in no sheet&#39;s code"),
        ("K7Q-4M", "A sheet&#39;s code has 6 characters, like K7Q-4MZ; this has 5."),
        ("", "Type the code printed beside the sheet&#39;s QR code."),
    ],
)
def test_a_code_typed_wrong_is_refused_beside_the_field(client, typed: str, said: str) -> None:
    refused = client.get(f"/sheet-code?code={typed}")
    assert refused.status_code == 404
    page = refused.get_data(as_text=True)
    assert said in page
    assert 'aria-invalid="true"' in page and 'id="code-error"' in page


def test_the_home_page_offers_the_code_form(client) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'action="/sheet-code"' in page and 'name="code"' in page


def test_on_the_plain_address_a_phone_it_does_not_know_is_asked_to_the_secure_one_first(
    app, client
) -> None:
    app.config["SECURE_PORT"] = 5001
    link = scanned(printed(client, NAMED))  # this phone printed it: it is known here
    stranger = app.test_client()

    shown = stranger.get(link)

    assert shown.status_code == 200  # no game yet: a trusting phone moves to the secure page
    page = shown.get_data(as_text=True)
    assert '<meta name="scorekeeper-secure" content="https://localhost:5001">' in page
    assert f'id="open-here" href="{link}?here=1"' in page
    assert "No games yet" in client.get("/").get_data(as_text=True)
    opened = stranger.get(f"{link}?here=1")  # a phone that does not trust it opens it here
    assert opened.status_code == 303
    assert client.get(link).headers["Location"] == opened.headers["Location"]
