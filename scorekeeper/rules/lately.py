"""Things worked out lately, kept by a key, the one used longest ago let go first.

Every tap reloads the game page, which reads, scores and draws the same game again: each
layer keeps what it worked out in one of these, keyed by all it depends on (a game's
stored text, its taps), so an entry can never go stale. The standard library only: the
phone keeps its games with it too.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lately(Generic[K, V]):
    """At most `size` things, by key; any thread may ask and keep."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: collections.OrderedDict[K, V] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """Return what is kept under the key (now the latest used), or None."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
            return kept

    def put(self, key: K, value: V, *, replace: bool = True) -> V:
        """Keep a value under the key, letting go of the oldest beyond `size`; return what is
        kept (with `replace` False, a value already kept there stays, and is returned)."""
        with self._lock:
            if replace or key not in self._kept:
                self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return self._kept[key]

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """Return what is kept under the key, or what `make` works out for it, kept.

        `make` must depend on nothing but the key. It runs outside the lock: two threads
        may both work it out, and both get the one kept first.
        """
        with self._lock:
            if key in self._kept:  # a None worked out is kept too
                self._kept.move_to_end(key)
                return self._kept[key]
        return self.put(key, make(), replace=False)
