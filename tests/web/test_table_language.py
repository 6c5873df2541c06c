"""The table page in Georgian: the server's page and the phone's own drawing of it say the
same words (the phone reads the catalogs its bundle carries), a tap's refusal and a struck-out
bid say why in Georgian, and the English stays as it was."""

from __future__ import annotations

import json
import re

from scorekeeper.screen import phone
from tests.conftest import example
from tests.english import english_words, heard
from tests.web.conftest import Table, buttons, hidden

FOUR = ["Ann", "Bob", "Cy", "Dee"]
KA = {"Accept-Language": "ka"}


def ask(question: str, **asked) -> dict:
    return json.loads(phone.answer(json.dumps({"ask": question, **asked})))


def screen_of(page: str) -> str:
    """The part of the server's page the phone draws itself (`screen/screen.html`)."""
    found = re.search(r'<div id="screen"[^>]*>\n(.*)\n</div>\n<nav class="links">', page, re.S)
    assert found, "the page has its screen"
    return found.group(1)


def drawn_by_the_phone(client, table: Table, language: str) -> str:
    """Draw the game's screen as the phone does, from the game the server keeps."""
    page = table.page
    document = json.loads(client.get(f"{table.url}/export.json").get_data(as_text=True))
    taps = re.search(r'data-taps="([^"]*)"', page).group(1).split()
    opened = ask("open", document=document, taps=taps)
    return ask(
        "screen",
        id=table.game_id,
        version=int(hidden(page, "version")),
        creator=True,
        edit_key=re.search(r'data-edit-key="([^"]*)"', page).group(1),
        token=hidden(page, "csrf_token"),
        nonce=hidden(page, "nonce"),
        document=opened["document"],
        draft=opened["draft"],
        language=language,
    )["html"]


def opened_at(opened: dict) -> dict:
    return {"document": opened["document"], "draft": opened["draft"]}


def test_the_phone_draws_the_table_in_georgian_as_the_server_draws_it(table, client):
    client.get("/language/ka?next=/")
    table.start("joker", FOUR, dealer="3")
    table.tap("bid:1", "bid:0", "bid:0", "tricks:1")  # deal 1 scored, its rest filled in
    for taps in ((), ("trump:hearts", "bid:1", "bid:0")):  # the last deal explained; a struck bid
        page = table.tap(*taps)
        assert '<html lang="ka">' in page
        assert drawn_by_the_phone(client, table, "ka") == screen_of(page)
    assert "ჰყავს" not in page and "დარიგება" in page and "კოზირი" in page
    # A tap the phone answers draws the next screen in the question's language too.
    document = json.loads(client.get(f"{table.url}/export.json").get_data(as_text=True))
    opened = ask("open", document=document, taps=["trump:hearts", "bid:1", "bid:0"])
    tapped = ask(
        "tap", step="bid:2", language="ka", screen={"id": table.game_id}, **opened_at(opened)
    )
    assert "ხელიდან" in tapped["html"]  # the tally: "bid of 2 tricks"
    assert "bid of" not in tapped["html"]
    client.get("/language/en?next=/")
    page = table.open()
    assert drawn_by_the_phone(client, table, "en") == screen_of(page)
    assert drawn_by_the_phone(client, table, "ka") != screen_of(page)


def test_a_struck_out_bid_and_a_refused_tap_say_why_in_georgian(table, client):
    client.get("/language/ka?next=/")
    table.start("joker", FOUR, dealer="3")  # deal 1: 1 card; deal 2: 2 cards, Ann deals
    table.tap("bid:1", "bid:0", "bid:0", "tricks:1")
    page = table.tap("bid:1", "bid:0", "bid:0")  # Bob, Cy, Dee; Ann bids last
    assert dict(buttons(page))["bid:1"] is False
    # The hook's reason, on the button and under the bids: Georgian, with Ann's name as it is.
    assert 'title="ბიდების ჯამი იქნებოდა 2, კარტის რაოდენობა"' in page
    assert "<bdi>Ann</bdi> — ბიდი 1 არ შეუძლია: ბიდების ჯამი იქნებოდა 2" in page
    assert "the bids would add up" not in page
    refused = table.post("bid:1")
    assert refused.status_code == 422
    problem = Table.problem(refused)
    assert problem.startswith("დარიგება 2: Ann — ბოლოს ამბობს და ბიდი 1 არ შეუძლია"), problem
    assert "dealer" not in problem and "hook" not in problem
    # The phone's own refusal, for the page's language.
    document = json.loads(client.get(f"{table.url}/export.json").get_data(as_text=True))
    opened = ask("open", document=document, taps=["bid:1", "bid:0", "bid:0"])
    said = ask(
        "tap", document=opened["document"], draft=opened["draft"], step="bid:1", language="ka"
    )
    assert said["error"] == problem
    english = ask(
        "tap", document=opened["document"], draft=opened["draft"], step="bid:1", language="en"
    )
    assert "dealer's hook" in english["error"] and english["error"].startswith("deal 2: Ann bids")


def test_a_tap_not_saved_is_said_in_georgian(table, client):
    client.get("/language/ka?next=/")
    table.start("back-alley-pagat", FOUR)
    page = table.page
    table.tap("bid:2")
    stale = table.client.post(
        f"{table.url}/tap",
        data={
            "csrf_token": hidden(page, "csrf_token"),
            "nonce": hidden(page, "nonce"),
            "version": hidden(page, "version"),
            "step": "bid:3",
        },
    )
    assert stale.status_code == 409
    problem = Table.problem(stale)
    assert "„ბიდი 3“ არ შეინახა" in problem and "was not saved" not in problem


def _words(client, page: str) -> dict:
    """The table's words a page loads: its words script, as the phone reads it."""
    address = re.search(r'<script src="(/words/\w+\.js\?v=\w+)"></script>', page).group(1)
    answer = client.get(address)
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert "immutable" in answer.headers["Cache-Control"]  # kept: a tap's page leaves it out
    script = answer.get_data(as_text=True)
    assert script.startswith("window.scorekeeperWords = ") and script.endswith(";")
    return json.loads(script.removeprefix("window.scorekeeperWords = ").removesuffix(";"))


def test_the_words_of_the_tables_scripts_come_in_the_pages_language(table, client):
    table.start("back-alley-pagat", FOUR)
    english = _words(client, table.open())
    assert english["deals"] == ["{n} deal", "{n} deals"] and english["online"] == "Online"
    client.get("/language/ka?next=/")
    georgian = _words(client, client.get(table.url).get_data(as_text=True))
    assert georgian.keys() == english.keys()
    assert georgian["deals"] == ["{n} დარიგება"] * 2 and georgian["online"] == "ონლაინ"
    assert _words(client, client.get("/offline").get_data(as_text=True)) == georgian
    # The service worker keeps the words of every language: a phone may switch offline.
    worker = client.get("/sw.js").get_data(as_text=True)
    assert re.search(r'"/words/en\.js\?v=\w+"', worker) and re.search(
        r'"/words/ka\.js\?v=\w+"', worker
    )
    assert client.get("/words/xx.js").status_code == 404


def test_the_phones_settling_is_drawn_in_georgian():
    document = example("back-alley-pagat")
    server = {**document, "deals": document["deals"][:3]}
    mine = {**document, "deals": document["deals"][:2]}
    drawn = ask("settle", server=server, phone=mine, language="ka")
    assert "სერვერის თამაშის შენახვა" in drawn["html"] and "Keep" not in drawn["html"]
    assert "ბიდები:" in drawn["html"] and " bids " not in drawn["html"]
    assert english_words(heard(drawn["html"])) == []


def test_every_screen_the_phone_draws_in_georgian_is_in_georgian_chart_and_all(table, client):
    """From the empty chart to a deal struck out by the hook: every word the phone draws
    (text, labels, its chart's axis and what a screen reader hears of it) is Georgian."""
    client.get("/language/ka?next=/")
    table.start("joker", FOUR, dealer="3")
    for taps in ((), ("bid:1", "bid:0", "bid:0"), ("tricks:1",), ("bid:1", "bid:0", "bid:0")):
        table.tap(*taps)
        drawn = drawn_by_the_phone(client, table, "ka")
        assert english_words(heard(drawn)) == [], english_words(heard(drawn))
        assert drawn == screen_of(table.page)
    assert "score-chart" in drawn and "დარიგება" in drawn


def test_a_phone_that_watches_reads_the_table_in_georgian(app, client):
    from tests.web.conftest import make_games
    from tests.web.test_language import _english_messages, _text

    current = make_games(client)["current"]
    watcher = app.test_client()
    watcher.get("/language/ka?next=/")
    page = watcher.get(f"/games/{current}").get_data(as_text=True)
    assert 'method="post"' not in page and "რედაქტირების ბმული" in page
    words = _text(page)
    assert [message for message in _english_messages() if message in words] == []


def test_the_phones_bundle_carries_the_compiled_catalogs():
    import scorekeeper
    from scorekeeper.web.runtime import bundle_sources

    mo = scorekeeper.TRANSLATIONS / "ka" / "LC_MESSAGES" / "messages.mo"
    carried = bundle_sources()["scorekeeper/translations/ka/LC_MESSAGES/messages.mo"]
    assert carried == mo.read_bytes()
