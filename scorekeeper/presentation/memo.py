"""What a page works out from a game's stored text, kept beside that text.

Every tap reloads the game page, and most of what the page shows (the chart, the
deal's plan, the deal in progress) depends only on the game's stored text and a
key of its own. Each kind of thing keeps its own small cache keyed by that text,
so an entry can never go stale: a changed game has another text.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

#: Entries a cache keeps: a few for each game being played at once.
SIZE = 64


class TextCache(Generic[T]):
    """The latest things of one kind worked out from game texts, the oldest let go first."""

    def __init__(self, size: int = SIZE) -> None:
        self._size = size
        self._kept: collections.OrderedDict[Hashable, T] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """Return what `make` works out for this key (a game text and what else it depends on).

        `make` must depend on nothing else. Two threads may both work it out once;
        either answer is right.
        """
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        made = make()
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return made
