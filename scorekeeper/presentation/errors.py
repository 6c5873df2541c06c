"""The pages that say something went wrong: a refusal (every error page), and no connection."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ErrorPage:
    """A refused request as its page shows it: the status, and why, for the person at the table."""

    status: int
    message: str


@dataclass(frozen=True)
class OfflinePage:
    """The page the service worker shows when the network is gone; its words are all fixed."""


def error_page(status: int, message: str) -> ErrorPage:
    """Build the page of a refusal."""
    return ErrorPage(status, message)


def offline_page() -> OfflinePage:
    """Build the page shown while this phone cannot reach Scorekeeper."""
    return OfflinePage()
