"""Which thread serves a view: declared next to it, where its cost is plain to see.

A view whose work grows with more than one deal (a whole sheet, a comparison, an
export, an import, a PDF) is marked `@slow`: the server runs it on threads beside
the table's, so however many a stranger asks for, the family's taps are not queued
behind them (`server/pools.py`). Every other view is quick: a tap, a page of the
table, the API's one deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

View = TypeVar("View", bound=Callable[..., object])

#: The attribute the server reads on a view function.
POOL = "pool"
SLOW = "slow"


def slow(view: View) -> View:
    """Mark a view as slow: it runs beside the table, on the threads for long work."""
    setattr(view, POOL, SLOW)
    return view


def is_slow(view: object) -> bool:
    """Say whether a view is marked slow."""
    return getattr(view, POOL, "") == SLOW
