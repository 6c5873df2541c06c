"""The table page in Georgian on a phone that scores with its own copy of the rules: a Joker
game tapped in deal by deal, every screen the phone draws itself in Georgian (its bundle
carries the catalog), the struck-out bid and the last deal's explanations included."""

from __future__ import annotations

import base64
import re
import subprocess

import pytest

from scorekeeper.rules.variants import variant_document
from tests.browser.conftest import NARROW, InPage
from tests.browser.test_play import Phone

pytestmark = pytest.mark.browser


def test_a_joker_game_tapped_in_georgian_is_drawn_and_explained_in_georgian(georgian):
    page = georgian
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    document = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "first_dealer": 3}
    made = InPage(page).post(
        "/api/games", data={**document, "deals": []}, headers={"X-CSRFToken": token}
    )
    assert made.status == 201, made.text()
    page.goto(f"/games/{made.json()['id']}")
    phone = Phone(page)
    phone.ready()  # from here on the phone draws every screen itself
    # Deal 1, one card, Dee deals: Ann 1, Bob and Cy pass, Dee's 1 filled in; Ann took it.
    for step in ("bid:1", "bid:pass", "bid:pass"):
        phone.tap(f'button[name="step"][value="{step}"]')
    filled = page.locator("#filled").inner_text()
    assert "Dee — ბიდი 1" in filled and "Filled" not in filled, filled
    phone.tap('button[name="step"][value="tricks:1"]')
    # Deal 2, two cards, Ann deals last: the hook strikes her 1, said why in Georgian.
    for step in ("bid:1", "bid:pass", "bid:pass"):
        phone.tap(f'button[name="step"][value="{step}"]')
    struck = page.locator('button[name="step"][value="bid:1"]')
    assert struck.is_disabled()
    assert struck.get_attribute("title") == "ბიდების ჯამი იქნებოდა 2, კარტის რაოდენობა"
    assert "კარტის რაოდენობა" in page.locator("#ask").inner_text()
    phone.tap('button[name="step"][value="bid:2"]')
    assert "ხელიდან" in page.locator("#tally").inner_text()  # "bid of 2 tricks"
    for step in ("tricks:1", "tricks:0", "tricks:0"):
        phone.tap(f'button[name="step"][value="{step}"]')
    last = page.locator("#last-deal")
    assert "დარიგება 2 დაითვალა" in last.locator("h2").inner_text()
    explained = last.locator(".explain").all_inner_texts()
    assert len(explained) == 4 and all("აიღო" in line for line in explained), explained
    assert not any("took" in line or "bid" in line for line in explained), explained
    phone.settled()
    assert page.locator("#where").inner_text() == "ონლაინ"  # "Online", from the page's words
    assert page.locator("html").get_attribute("lang") == "ka"


def test_a_joker_house_game_in_georgian_and_its_pdf_sheet_read_by_pdftotext(georgian, tmp_path):
    """A house Joker (khishti -200, ready-made) tapped in on a Georgian phone: the khishti is
    explained in Georgian, and the PDF sheet that phone prints holds the Georgian text, in a
    font with the glyphs (pdftotext reads it back; pdffonts names the font)."""
    page = georgian
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    house = variant_document("joker-khishti-200")  # the family's own rules, in the game
    document = {"ruleset": house, "players": ["Ann", "Bob", "Cy", "Dee"]}
    made = InPage(page).post(
        "/api/games",
        data={**document, "first_dealer": 3, "deals": []},
        headers={"X-CSRFToken": token},
    )
    assert made.status == 201, made.text()
    game = made.json()["id"]
    page.goto(f"/games/{game}")
    phone = Phone(page)
    # Deal 1, one card: Ann bids 1, Bob and Cy pass, Dee's 1 is filled in (the hook);
    # Ann takes nothing (a khishti, -200 at this table), nor Bob and Cy: Dee takes it.
    for step in ("bid:1", "bid:pass", "bid:pass", "tricks:0", "tricks:0", "tricks:0"):
        phone.tap(f'button[name="step"][value="{step}"]')
    explained = page.locator("#last-deal .explain").all_inner_texts()
    ann = explained[0]
    assert "ხიშტი" in ann and "-200" in ann.replace("−", "-"), ann
    assert not any(re.search(r"[A-Za-z]{4,}", re.sub(r"\b(Ann|Bob|Cy|Dee)\b", "", line))
                   for line in explained), explained  # fmt: skip
    phone.settled()
    # The sheet as this phone gets it (its cookie: Georgian), through the page itself.
    status, kind, body = page.evaluate(
        """async (path) => {
            const answer = await fetch(path, {credentials: "same-origin"});
            const bytes = new Uint8Array(await answer.arrayBuffer());
            let binary = "";
            for (const byte of bytes) binary += String.fromCharCode(byte);
            return [answer.status, answer.headers.get("content-type"), btoa(binary)];
        }""",
        f"/games/{game}/sheet.pdf",
    )
    assert status == 200 and kind == "application/pdf", (status, kind)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(base64.b64decode(body))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    for word in ("დარიგება", "დილერი", "ხიშტი", "ჯამი"):  # deal, dealer, khishti, total
        assert word in text, word
    assert "-200" in text.replace("−", "-")
    fonts = subprocess.run(
        ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    assert "Georgian" in fonts, fonts


def test_this_phones_table_offline_is_in_the_language_it_switched_to(browser, live_server):
    """A phone that kept score in English, then chose Georgian on another page: with the WiFi
    gone, this phone's own table (kept by the service worker) is in Georgian too."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    try:
        page.goto("/")
        token = page.locator('meta[name="csrf-token"]').get_attribute("content")
        document = {"ruleset": "joker", "players": ["Ann", "Bob", "Cy", "Dee"], "deals": []}
        made = InPage(page).post("/api/games", data=document, headers={"X-CSRFToken": token})
        assert made.status == 201, made.text()
        page.goto(f"/games/{made.json()['id']}")
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker, which kept /offline in English
        page.wait_for_function(
            "() => localStorage.getItem('scorekeeper.offline-language') === 'en'", timeout=30_000
        )
        page.goto("/players")  # any page: the switch is at the foot of every one
        page.locator('footer.languages a[hreflang="ka"]').click()
        page.wait_for_function("() => document.documentElement.lang === 'ka'")
        page.wait_for_function(
            "() => localStorage.getItem('scorekeeper.offline-language') === 'ka'", timeout=30_000
        )
        # The copy the service worker keeps is put in its cache as the answer comes back.
        page.wait_for_function(
            """() => caches.match("/offline", {ignoreVary: true})
                .then((kept) => kept && kept.text())
                .then((text) => !!text && text.includes('lang="ka"'))""",
            timeout=30_000,
        )
        context.set_offline(True)
        page.goto("/")  # a page that starts games: offline, this phone's table instead
        assert page.locator("html").get_attribute("lang") == "ka"
        heading = page.locator("h1").inner_text()
        assert re.search(r"[\u10d0-\u10ff]", heading) and not re.search(r"[A-Za-z]{3,}", heading)
    finally:
        context.set_offline(False)
        context.close()
