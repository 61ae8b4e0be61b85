"""The one bounded cache every in-process cache uses (where ``functools.lru_cache`` does not
fit: the key is not simply the function's arguments, or the value may be ``None``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar, cast

K = TypeVar("K")
V = TypeVar("V")
_MISSING = object()


class BoundedCache(OrderedDict[K, V]):
    """A dict that keeps at most ``size`` entries: storing a new key when it is full drops
    the oldest one first. Reading is a plain dict's (``get``, ``in``, ``[]``), so a hot path
    pays nothing for the bound; only a store checks it."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache keeps at least one entry")
        super().__init__()
        self.size = size
        self._storing = threading.Lock()

    def __setitem__(self, key: K, value: V) -> None:
        if key not in self:
            while len(self) >= self.size:
                self.popitem(last=False)
        super().__setitem__(key, value)

    def kept(self, key: K, make: Callable[[], V]) -> V:
        """What is kept under ``key``, else ``make()``'s answer, kept. Two threads asking at
        once may both make it; the answer is the same, and one of them is kept."""
        found = self.get(key, _MISSING)  # one read: another thread may drop it meanwhile
        if found is not _MISSING:
            return cast(V, found)
        value = make()
        with self._storing:
            self[key] = value
        return value
