"""Browser tests: Debian's Chromium driven by Playwright, against a real `scorekeeper serve`,
opened where a family's phones open it: the machine's LAN address, over HTTPS.

Every packet stays on loopback: the server listens on 127.0.0.1 and is told its LAN
address is LAN_ADDRESS (a documentation address, TEST-NET-1, that no network routes);
Chromium's `--host-resolver-rules` maps that address to 127.0.0.1, so the page's origin,
its secure context and its certificate checks are the LAN address's. The phone trusts
the server's own authority as a family's phone does after /trust: in Chromium's
certificate store (NSS), under a HOME of the tests' own.
"""

from __future__ import annotations

import copy
import datetime
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorekeeper.machine import certificates
from scripts.benchmarks.server import Server
from tests.conftest import example
from tests.web.conftest import FIRST_DEAL, NIGHT_NAME, NIGHT_PLAYERS, PAIRS_DEAL

CHROMIUM = "/usr/bin/chromium"
#: The address the server believes phones open it at; mapped to loopback in Chromium.
LAN_ADDRESS = "192.0.2.2"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    f"--host-resolver-rules=MAP {LAN_ADDRESS} 127.0.0.1",
]
PHONE = {"width": 360, "height": 740}
NARROW = {"width": 360, "height": 640}

pytestmark = pytest.mark.browser


def authority_in(folder: Path) -> certificates.Certificates:
    """Make (once) the certificate authority the tests' servers share, and their certificate."""
    found = certificates.Certificates(folder)
    names, addresses = certificates.machine_names((LAN_ADDRESS,))
    now = datetime.datetime.now(datetime.UTC)
    certificates.ensure(found, names=names, addresses=addresses, now=now)
    return found


def trusting_home(folder: Path, authority: Path | None) -> Path:
    """Return a HOME whose Chromium certificate store trusts the authority (or nothing)."""
    store = folder / ".pki" / "nssdb"
    store.mkdir(parents=True, exist_ok=True)
    subprocess.run(["certutil", "-N", "-d", f"sql:{store}", "--empty-password"], check=True)
    if authority is not None:
        subprocess.run(
            ["certutil", "-A", "-d", f"sql:{store}", "-n", "Scorekeeper at home", "-t", "C,,",
             "-i", str(authority)],
            check=True,
        )  # fmt: skip
    return folder


@pytest.fixture(scope="session")
def tls_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The authority and certificate every server of this session serves with."""
    folder = tmp_path_factory.mktemp("tls")
    authority_in(folder)
    return folder


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory, tls_folder: Path) -> Iterator[Server]:
    """A real `scorekeeper serve`, telling phones to open it at LAN_ADDRESS."""
    env = {**os.environ, "SCOREKEEPER_TLS_FOLDER": str(tls_folder)}
    server = Server(
        db=tmp_path_factory.mktemp("browser") / "browser.sqlite", address=LAN_ADDRESS, env=env
    ).start()
    server.phone_url = server.secure_url  # type: ignore[attr-defined]
    yield server
    server.stop()


def launch(chromium, home: Path, args: list[str] = CHROMIUM_ARGS):
    """Start Chromium (Playwright's browser type) with this HOME (its certificate store) and
    the LAN address mapped."""
    return chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=args,
        env={**os.environ, "HOME": str(home)},
    )


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, tls_folder: Path) -> Iterator[object]:
    """Chromium as a family's phone after /trust: it trusts the server's authority."""
    from playwright.sync_api import sync_playwright

    home = trusting_home(tmp_path_factory.mktemp("home"), tls_folder / "authority.pem")
    with sync_playwright() as playwright:
        chromium = launch(playwright.chromium, home)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def doubting(browser, tmp_path_factory) -> Iterator[object]:
    """Chromium on a phone that has not trusted the server (an empty certificate store)."""
    home = trusting_home(tmp_path_factory.mktemp("doubting-home"), None)
    chromium = launch(browser.browser_type, home)
    yield chromium
    chromium.close()


@pytest.fixture
def phone(browser, live_server: Server) -> Iterator[object]:
    """A fresh phone-sized browser context (its own cookies) with a page on the app."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
        base_url=live_server.phone_url,
    )  # fmt: skip
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="module")
def georgian(browser, live_server: Server) -> Iterator[object]:
    """One phone at 360 px that chose Georgian with the switch at the foot of the home page."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    page.goto("/")
    page.locator('footer.languages a[hreflang="ka"]').click()
    page.wait_for_url("**/")
    yield page
    context.close()


@pytest.fixture(scope="module", params=["en", "ka"])
def scorer(request, browser, live_server):
    """One phone for every page: the scorer's, as it starts the games, reading English or
    (chosen with the switch at the foot of the page) Georgian."""
    context = browser.new_context(viewport=NARROW, base_url=live_server.phone_url)
    page = context.new_page()
    if request.param != "en":
        page.goto("/")
        page.locator(f'footer.languages a[hreflang="{request.param}"]').click()
        page.wait_for_url("**/")
    page.language = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


#: A deal's note as long as a note may be, in Georgian's long words and a name in Hebrew.
LONG_NOTE = (
    "დარიგება თავიდან დარიგდა: ერთი კარტი გადმობრუნდა და მაგიდამ ერთხმად გადაწყვიტა, რომ "
    "ხელახლა დაერიგებინათ; דוד-მა თქვა, რომ შემდეგში დილერი კარტს უფრო ფრთხილად აურევს"
)[:200]


def games_to_look_at(page, names: list[str] | None = None) -> tuple[str, str, str, str]:
    """Start games on this phone: a game over (Back Alley), a Joker game three deals in and a
    Joker game moved to the archive, its players named `names` (the examples' names if none);
    return their ids in that order and the game being played's edit link, its path
    (tests/pages.py's `every_page` takes them)."""
    page.goto("/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")

    def create(slug: str, deals: int | None = None) -> str:
        document = copy.deepcopy(example(slug))
        document["deals"] = document["deals"][:deals]
        # Notes on the first and the last deal: the pages measured show them (under the last
        # deal on the table and the watch page, marked and listed on the scoresheet).
        for deal in (document["deals"][0], document["deals"][-1]):
            deal["note"] = LONG_NOTE
        if names:
            document["players"] = names[: len(document["players"])]
        made = InPage(page).post("/api/games", data=document, headers={"X-CSRFToken": token})
        assert made.status == 201, made.text()
        return made.json()["id"]

    finished, current, archived = create("back-alley-pagat"), create("joker", 3), create("joker")
    moved = InPage(page).post(
        f"/games/{archived}/archive", form={"csrf_token": token, "game": archived}
    )
    assert moved.ok, moved.text()
    join = InPage(page).get(f"/api/games/{current}").json()["edit_url"]
    return finished, current, archived, urlsplit(join).path


@pytest.fixture(scope="module")
def host(browser, live_server: Server) -> Iterator[object]:
    """The host's own browser, on the machine running Scorekeeper: it opens the loopback
    address, the one where the host's pages open; the secure one, since on the plain one a
    browser that trusts the server moves on to the secure LAN address."""
    secure = f"https://127.0.0.1:{live_server.secure_port}"
    context = browser.new_context(viewport=NARROW, base_url=secure)
    page = context.new_page()
    yield page
    context.close()


def set_up_night(
    host, players: list[str], tables: int = 2, *, pairs: bool = False
) -> tuple[str, list[str]]:
    """Set up a Joker night (with `pairs`, partnership Back Alley, partners kept) on the
    host's page as the host does, start round 1; return the night's id and its tables'
    cards (their paths), table 1's first."""
    host.goto("/host")
    host.locator("#name").fill(NIGHT_NAME)
    host.locator("#ruleset").select_option("back-alley-pagat" if pairs else "joker")
    host.locator("#players").fill("\n".join(players))
    host.locator("#tables").fill(str(tables))
    if pairs:
        host.locator('input[name="movement"][value="partners"]').check()
    with host.expect_navigation():
        host.locator('#new-night button[type="submit"]').click()
    night = host.url.rsplit("/", 1)[-1]
    with host.expect_navigation():
        host.locator("#start-round").click()
    host.wait_for_load_state()
    cards = host.locator("a.card-link").evaluate_all("links => links.map((a) => a.pathname)")
    return night, cards


def night_to_look_at(
    host, names: list[str] | None = None, *, pairs: bool = False
) -> tuple[str, list[str]]:
    """Set up a night of two Joker tables (the examples' names, or `names`, and four more),
    its table 1 claimed by the host's browser (for a phone, another phone) with its first
    deal scored; return the night's id and its two cards' keys, table 1's first
    (tests/pages.py's `every_page` takes them).

    With `pairs`, partnership Back Alley with partners kept, and round 1 ended after that
    deal and round 2 started (its partnerships and their leaderboard to look at)."""
    players = (names or NIGHT_PLAYERS)[:4] + NIGHT_PLAYERS[4:]
    night, cards = set_up_night(host, players, pairs=pairs)
    token = host.locator('meta[name="csrf-token"]').get_attribute("content")
    claimed = InPage(host).post(cards[0], form={"csrf_token": token})
    assert claimed.status == 303, claimed.text()
    host.goto(cards[0])  # the card opens its table's game on the phone that scores it
    game_id = host.url.rsplit("/", 1)[-1]
    host.goto("/host")  # a quiet page (the table's own starts the phone's copy of the rules)
    host.wait_for_load_state("networkidle")
    scored = InPage(host).post(
        f"/api/games/{game_id}/deals",
        data=PAIRS_DEAL if pairs else FIRST_DEAL,
        headers={"X-CSRFToken": token},
    )
    assert scored.status == 201, scored.text()
    if pairs:
        for step in ("end", "rounds"):
            done = InPage(host).post(f"/host/nights/{night}/{step}", form={"csrf_token": token})
            assert done.status in (200, 303), done.text()
    return night, [card.rsplit("/", 1)[-1] for card in cards]


def screenshot(page, name: str) -> Path:
    """Save a screenshot under the pytest temp folder's shots/ (for looking at, not asserting)."""
    out = Path("/tmp/scorekeeper-shots")
    out.mkdir(exist_ok=True)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


class Fetched:
    """An answer fetched from inside the page (so it goes where the page goes)."""

    def __init__(self, found: dict) -> None:
        self.status = int(found["status"])
        self._text = str(found["text"])

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 400

    def text(self) -> str:
        return self._text

    def json(self) -> object:
        import json

        return json.loads(self._text)


class InPage:
    """Requests made by the page itself, with its cookies, its origin and its certificate trust.

    Playwright's own request context runs outside the browser: it would not see the LAN
    address mapped to loopback (it would send to the network) nor trust the server's
    authority. Every browser test asks the server through the page instead.
    """

    def __init__(self, page) -> None:
        self.page = page

    def fetch(self, method: str, path: str, *, data=None, form=None, headers=None) -> Fetched:
        found = self.page.evaluate(
            """async ([method, path, data, form, headers]) => {
                const options = {method, headers: {...(headers || {})}, credentials: "same-origin",
                                 redirect: "manual"};
                if (data !== null) {
                    options.body = JSON.stringify(data);
                    options.headers["Content-Type"] = "application/json";
                } else if (form !== null) {
                    options.body = new URLSearchParams(form);
                }
                const answer = await fetch(path, options);
                return {status: answer.type === "opaqueredirect" ? 303 : answer.status,
                        text: await answer.text()};
            }""",
            [method, path, data, form, headers],
        )
        return Fetched(found)

    def get(self, path: str, **options) -> Fetched:
        return self.fetch("GET", path, **options)

    def post(self, path: str, **options) -> Fetched:
        return self.fetch("POST", path, **options)
