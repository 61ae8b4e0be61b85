"""The one bounded cache every in-process cache uses (where ``functools.lru_cache`` does not
fit: the key is not simply the function's arguments, or the value may be ``None``)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(OrderedDict[K, V]):
    """A dict that keeps at most ``size`` entries: storing a new key when it is full drops
    the oldest one first. Reading is a plain dict's (``get``, ``in``, ``[]``), so a hot path
    pays nothing for the bound; only a store checks it."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a cache keeps at least one entry")
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        if key not in self:
            while len(self) >= self.size:
                self.popitem(last=False)
        super().__setitem__(key, value)
