"""Quotas: how much one phone, and one address, may create in a minute and an hour.

A burst of new games, imports or house rules (a script, a curious teenager) is
answered 429 with Retry-After and a plain sentence, and nothing is written. What is
refused counts as much as what is made: a bad file costs the server the work of reading
it, so a flood of them meets the quota as soon as a flood of good ones. A scorer's taps
and deals are never counted. Counting is Flask-Limiter's, kept in
this process's memory: a restart forgets the counts, which is fine for a game
night. `SCOREKEEPER_QUOTAS=off` (or the QUOTAS setting) turns the quotas off;
every other protection stays on.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import parse

from .devices import current_device

limiter = Limiter(key_func=get_remote_address, storage_uri="memory://")

#: What the quotas count: what creates something, and the long reads (a sheet, an export, a
#: comparison), never a tap or the table's pages.
COUNTED = "POST"

#: Rates are (how many, per what): the minute stops a burst, the hour a slow flood.
Rate = tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Quota:
    """What one phone and one address may create of one kind of thing."""

    what: str  #: in the sentence: "Too many new games from this phone"
    per_device: Rate
    per_address: Rate
    method: str = COUNTED  #: the requests counted
    shown: bool = False  #: a POST answered with a page (200) counts, as a made thing does

    def limit(self, rate: Rate) -> str:
        """Return the rate as Flask-Limiter reads it: "10/minute;100/hour"."""
        return ";".join(f"{count}/{unit}" for count, unit in rate)

    def words(self, rate: Rate, who: str) -> str:
        """Say the quota in plain words, naming what is counted and the limit."""
        said = " and ".join(
            f"{count} {'an' if unit == 'hour' else 'a'} {unit}" for count, unit in rate
        )
        return f"Too many {self.what} from this {who}: at most {said}."


#: Every quota: the README's table "What one device can do" lists these numbers.
QUOTAS = {
    "games": Quota("new games", ((10, "minute"), (100, "hour")), ((30, "minute"), (300, "hour"))),
    "imports": Quota("imports", ((5, "minute"), (30, "hour")), ((10, "minute"), (60, "hour"))),
    "rules": Quota(
        "house-rules saves", ((10, "minute"), (60, "hour")), ((30, "minute"), (180, "hour"))
    ),
    # A code typed from a sheet finds a game to watch. A code is 30 bits: guessing at this
    # rate from one address finds one game of a thousand in most of a year.
    "sheet codes": Quota(
        "sheet codes looked up",
        ((10, "minute"), (60, "hour")),
        ((30, "minute"), (180, "hour")),
        method="GET",
    ),
    # A club night's table card: claiming a table, and typing the host's take-over code. A
    # code is one of a million and void after five wrong ones (storage/nights.py): this stops
    # one phone or address from wearing out code after code as the host makes them.
    "table cards": Quota(
        "table cards claimed and take-over codes typed",
        ((10, "minute"), (60, "hour")),
        ((30, "minute"), (180, "hour")),
    ),
    # A photographed sheet read: seconds of the server's work each, answered with the grid.
    "sheet photos": Quota(
        "photos of sheets read",
        ((5, "minute"), (30, "hour")),
        ((10, "minute"), (60, "hour")),
        shown=True,
    ),
    # Sheets, PDFs, exports, comparisons, the whole game's API answer, the players' stats:
    # a family prints and compares a few a night; a watcher's "has it changed?" (304) is free.
    "long reads": Quota(
        "sheets, exports and comparisons",
        ((30, "minute"), (300, "hour")),
        ((60, "minute"), (600, "hour")),
        method="GET",
    ),
}


def _refused(response: Response) -> bool:
    # A refusal (a bad file, a form with a mistake, a body too big) cost the work of reading
    # the request, as a success does. 429 is the quota itself answering: that costs nothing.
    return 400 <= response.status_code < 500 and response.status_code != 429


def _created(response: Response) -> bool:
    # What was made (201, or 303 to it) and what was refused count; a form shown again on
    # the way (a seat added, a rules shortcut: 200) does not.
    return response.status_code in (201, 303) or _refused(response)


def _read(response: Response) -> bool:
    # What was sent and what was refused count; "not changed" (304) costs the phone nothing.
    return response.status_code == 200 or _refused(response)


def quota(kind: str) -> Callable[[Any], Any]:
    """Count a view's requests of `kind` (its POSTs, or its GETs for long reads) against this
    phone's and this address's quota.

    Every view with a quota is also declared slow (`pools.slow`): under `scorekeeper serve`
    a phone's slow requests all go to one worker process, so its counts are kept in one place.
    """
    rules = QUOTAS[kind]
    counts = _created if rules.method == COUNTED and not rules.shown else _read

    def apply(own: Any) -> Any:
        @functools.wraps(own)
        def view(*args: Any, **kwargs: Any) -> Any:
            g.quota_counted = True  # the limiter counts this request (see `_count_refused`)
            return own(*args, **kwargs)

        for who, key, rate in (
            ("phone", current_device, rules.per_device),
            ("address", get_remote_address, rules.per_address),
        ):
            view = limiter.shared_limit(
                rules.limit(rate),
                scope=f"{kind}-{who}",
                key_func=key,
                methods=[rules.method],
                deduct_when=counts,
                error_message=rules.words(rate, who),
            )(view)
        view.quota = kind  # what `counted` reads: every view with a quota is also slow
        return view

    return apply


def counted(view: Any) -> str | None:
    """Return the quota a view counts against, or None."""
    return getattr(view, "quota", None)


class QuotaReached(Exception):
    """More asked of a quota at once than this phone or address has left: 429, in words."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


def _windows(kind: str, unit: str | None) -> list[tuple[str, str, str, int, str]]:
    """Return (who, key, scope, count, unit) for each of a quota's windows (of one `unit`)."""
    rules = QUOTAS[kind]
    found = []
    for who, key, rate in (
        ("phone", current_device(), rules.per_device),
        ("address", get_remote_address(), rules.per_address),
    ):
        found += [(who, key, f"{kind}-{who}", n, per) for n, per in rate if unit in (None, per)]
    return found


def charge(kind: str, cost: int = 1, *, unit: str | None = None) -> None:
    """Count `cost` against a quota's windows (those of one `unit`, or all) for this request's
    phone and address, as the views' own counting does; raise QuotaReached, counting nothing,
    when any window has less than `cost` left.

    An import counts its games against the hour's new games this way (one import of a
    hundred games uses what a hundred new games would), and a request refused before its
    view runs (a missing security token) counts like any other refusal.
    """
    if not (limiter.enabled and current_app.config.get("RATELIMIT_ENABLED", True)):
        return
    strategy = limiter.limiter
    windows = _windows(kind, unit)
    for who, key, scope, count, per in windows:
        window = parse(f"{count}/{per}")  # the same window, so the same count, as the views'
        if not strategy.test(window, key, scope, cost=cost):
            stats = strategy.get_window_stats(window, key, scope)
            seconds = max(1, int(stats.reset_time - time.time()) + 1)
            what = QUOTAS[kind].what
            raise QuotaReached(
                f"That is {cost} {what}; this {who} has {max(0, stats.remaining)} left this "
                f"{per} (at most {count} {'an' if per == 'hour' else 'a'} {per}).",
                seconds,
            )
    for _who, key, scope, count, per in windows:
        strategy.hit(parse(f"{count}/{per}"), key, scope, cost=cost)


def _count_refused(response: Response) -> Response:
    """Count a request refused before its view ran (its security token): the view's own
    counting never saw it."""
    view = current_app.view_functions.get(request.endpoint or "")
    kind = counted(view)
    seen = g.get("quota_counted")
    if kind and not seen and request.method == QUOTAS[kind].method and _refused(response):
        # Already refused, in words of its own: a quota spent as well says nothing more.
        with contextlib.suppress(QuotaReached):
            charge(kind)
    return response


def retry_after() -> int:
    """Return the seconds until the quota just exceeded lets this phone create again."""
    limits = [limit for limit in limiter.current_limits if limit.breached]
    reset = max((limit.reset_at for limit in limits), default=time.time() + 60)
    return max(1, int(reset - time.time()) + 1)


def init_app(app: Flask) -> None:
    """Count against the quotas unless the QUOTAS setting is off; answer a burst with 429."""
    from .errors import refusal

    app.config["RATELIMIT_ENABLED"] = bool(app.config["QUOTAS"])
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    limiter.init_app(app)
    app.after_request(_count_refused)

    def too_many(words: str, seconds: int) -> Response:
        message = f"{words} Nothing was saved; try again in {seconds} seconds."
        response = refusal(429, message)
        response.headers["Retry-After"] = str(seconds)
        app.logger.warning("quota reached by %s: %s", request.remote_addr, words)
        return response

    @app.errorhandler(RateLimitExceeded)
    def _too_many(error: RateLimitExceeded) -> Response:
        return too_many(str(error.description), retry_after())

    @app.errorhandler(QuotaReached)
    def _too_much_at_once(error: QuotaReached) -> Response:
        return too_many(error.message, error.retry_after)
