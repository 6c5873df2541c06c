"""Recording deals tap by tap through the table page's own forms, over HTTP."""

from __future__ import annotations

import argparse
import re
import time
import urllib.request
import urllib.response
from dataclasses import dataclass, field
from html import unescape
from typing import Any
from urllib.parse import urlencode, urljoin

from . import LONG_GAME, example
from .figures import Budget, Figure
from .server import (
    CPU_BUDGET,
    Latency,
    Table,
    get,
    latency_figures,
    new_table,
    process_cpu_exact,
)


def form_figures(base: str, pid: int, args: argparse.Namespace) -> list[Figure]:
    """Record deals tap by tap through the table page's forms, found on the page itself."""
    what = "Recording via the table page's forms, one tap (POST, 303, the page again)"
    document = example(LONG_GAME)
    steps = form_steps(document)[: args.form_deals]
    try:
        by_clients: dict[int, Latency] = {}
        posts: dict[int, Latency] = {}
        pages = Latency()  # the page after the tap: its CPU, one client's
        for clients in (1, 8):
            latency = by_clients[clients] = Latency()
            posts[clients] = Latency()
            for _ in range(args.rounds):
                tables = [new_table(base, document) for _ in range(clients)]
                # One client's requests follow one another: each one's CPU is its own.
                forms = [TapPage.load(table, pid if clients == 1 else None) for table in tables]

                def play(index: int, forms: list[TapPage] = forms) -> list[float]:
                    return [forms[index].tap(step) for deal in steps for step in deal]

                latency.measure(pid, clients, play)
                posts[clients].add([post for form in forms for post in form.posts])
                if clients == 1:
                    posts[1].cpu.append(_mean_ms(forms[0].post_cpu))
                    pages.cpu.append(_mean_ms(forms[0].page_cpu))
    except RuntimeError as error:
        return [Figure(what, "ms", note=f"not measured: {error}")]
    taps = sum(len(deal) for deal in steps)
    figures = latency_figures(what, by_clients, {(8, "p95"): 30}, counted="taps")
    figures[0].note = f"{taps} taps enter {len(steps)} deals"
    alone = "… of which the POST alone (it saves the tap, records the deal on its last)"
    figures += latency_figures(alone, posts, {(1, "cpu"): CPU_BUDGET}, counted="taps")
    after = "… and the page after it (the 303's GET), 1 client: server CPU per page"
    return [*figures, Figure(after, "ms", pages.cpu, Budget(CPU_BUDGET))]


def _mean_ms(seconds: list[float]) -> float:
    return sum(seconds) * 1000 / len(seconds)


def form_steps(document: dict[str, Any]) -> list[list[str]]:
    """Return, deal by deal, the values of the buttons a scorer taps to enter a game file."""
    from scorekeeper.rules import read_game, score_game
    from scorekeeper.rules.entry import buttons_of

    result = score_game(read_game(document))
    return [buttons_of(result.game, deal.setup, deal.record) for deal in result.deals]


FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)


TAG = re.compile(r"<(input|button)\b([^>]*)>", re.I)


ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def attributes(text: str) -> dict[str, str]:
    """Return a tag's quoted attributes (entities decoded)."""
    return {
        name.lower(): unescape(double or single) for name, double, single in ATTRIBUTE.findall(text)
    }


def tap_form(page: str) -> tuple[str, dict[str, str], set[str]]:
    """Return the tap form of a table page: its action, hidden fields, and the taps offered.

    Regular expressions rather than HTMLParser: the 8 client threads parse every page
    they are sent, and the parser's own time would be counted in the server's latency.
    """
    for form in FORM.finditer(page):
        opening = attributes(form.group(1))
        if opening.get("method", "get").lower() != "post":
            continue
        hidden: dict[str, str] = {}
        steps: set[str] = set()
        for tag, text in TAG.findall(form.group(2)):
            found = attributes(text)
            if tag.lower() == "input" and found.get("type") == "hidden":
                hidden[found.get("name", "")] = found.get("value", "")
            elif tag.lower() == "button" and found.get("name") == "step":
                steps.add(found.get("value", ""))
        if steps:
            return opening.get("action", ""), hidden, steps
    raise RuntimeError("the table page has no form of taps (buttons named step)")


@dataclass
class TapPage:
    """The table page as a phone holds it: the form to post the next tap with."""

    table: Table
    url: str
    action: str = ""
    hidden: dict[str, str] = field(default_factory=dict)
    steps: set[str] = field(default_factory=set)
    posts: list[float] = field(default_factory=list)  #: seconds to each POST's 303
    poster: Any = None  #: the phone's cookies, without following redirects
    server: int | None = None  #: the server's process, to count each request's CPU
    post_cpu: list[float] = field(default_factory=list)  #: the server's CPU for each POST
    page_cpu: list[float] = field(default_factory=list)  #: … and for the page after it

    @classmethod
    def load(cls, table: Table, server: int | None = None) -> TapPage:
        """GET the game's page and read its form (and with the server's process id, count
        the server's CPU for each POST and each page apart: for one client at a time)."""
        url = f"{table.client.base}/games/{table.game_id}"
        page = cls(table, url, server=server)
        page.poster = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(table.client.jar), KeepRedirects
        )
        page.read(get(url, table.client.opener))
        return page

    def _cpu(self) -> float | None:
        return None if self.server is None else process_cpu_exact(self.server)

    def read(self, body: bytes) -> None:
        """Take the form from a page just received."""
        self.action, self.hidden, self.steps = tap_form(body.decode("utf-8", "replace"))

    def tap(self, step: str) -> float:
        """Tap one button: POST the form, follow the 303 to the page; return the seconds."""
        if step not in self.steps:
            raise RuntimeError(f"the table page offers no {step!r} button")
        body = urlencode({**self.hidden, "step": step}).encode()
        request = urllib.request.Request(urljoin(self.url, self.action), data=body, method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        cpu = self._cpu()
        started = time.perf_counter()
        with self.poster.open(request, timeout=15) as answer:
            answer.read()
            status, location = answer.status, answer.headers.get("Location", "")
        posted = time.perf_counter()
        cpu_posted = self._cpu()
        if status != 303 or not location:
            raise RuntimeError(f"the tap {step!r} answered {status}, not 303 to the page")
        asked = time.perf_counter()  # the CPU read between is not the phone's wait
        page = get(urljoin(self.url, location), self.table.client.opener)
        elapsed = time.perf_counter() - asked + posted - started
        cpu_paged = self._cpu()
        self.posts.append(posted - started)
        if cpu is not None and cpu_posted is not None and cpu_paged is not None:
            self.post_cpu.append(cpu_posted - cpu)
            self.page_cpu.append(cpu_paged - cpu_posted)
        self.read(page)
        return elapsed


class KeepRedirects(urllib.request.HTTPRedirectHandler):
    """Hand a redirect back as the answer, so the POST and the GET after it are timed apart."""

    def http_error_303(self, req: Any, fp: Any, code: int, msg: str, headers: Any) -> Any:
        return urllib.response.addinfourl(fp, headers, req.full_url, code)

    http_error_301 = http_error_302 = http_error_307 = http_error_308 = http_error_303
