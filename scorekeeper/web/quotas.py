"""Quotas: how much one phone, and one address, may create in a minute and an hour.

A burst of new games, imports or house rules (a script, a curious teenager) is
answered 429 with Retry-After and a plain sentence, and nothing is written. A
scorer's taps and deals are never counted. Counting is Flask-Limiter's, kept in
this process's memory: a restart forgets the counts, which is fine for a game
night. `SCOREKEEPER_QUOTAS=off` (or the QUOTAS setting) turns the quotas off;
every other protection stays on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

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
    # Sheets, PDFs, exports, comparisons, the whole game's API answer, the players' stats:
    # a family prints and compares a few a night; a watcher's "has it changed?" (304) is free.
    "long reads": Quota(
        "sheets, exports and comparisons",
        ((30, "minute"), (300, "hour")),
        ((60, "minute"), (600, "hour")),
        method="GET",
    ),
}


def _created(response: Response) -> bool:
    # Only what was written counts: a form sent back with a mistake costs nothing.
    return response.status_code in (201, 303)


def _read(response: Response) -> bool:
    # Only what was sent counts: "not changed" (304) and refusals cost the phone nothing.
    return response.status_code == 200


def quota(kind: str) -> Callable[[Any], Any]:
    """Count a view's requests of `kind` (its POSTs, or its GETs for long reads) against this
    phone's and this address's quota.

    Every view with a quota is also declared slow (`pools.slow`): under `scorekeeper serve`
    a phone's slow requests all go to one worker process, so its counts are kept in one place.
    """
    rules = QUOTAS[kind]
    counts = _created if rules.method == COUNTED else _read

    def apply(view: Any) -> Any:
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

    @app.errorhandler(RateLimitExceeded)
    def _too_many(error: RateLimitExceeded) -> Response:
        seconds = retry_after()
        message = f"{error.description} Nothing was saved; try again in {seconds} seconds."
        response = refusal(429, message)
        response.headers["Retry-After"] = str(seconds)
        app.logger.warning("quota reached by %s: %s", request.remote_addr, error.description)
        return response
