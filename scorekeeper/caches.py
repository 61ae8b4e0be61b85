"""The one bounded cache every in-process cache uses (where ``functools.lru_cache`` does not
fit: the key is not simply the function's arguments, or the value may be ``None``), and the
pause of the cycle collector that the long replays and imports run under."""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Keep Python's cycle collector out of a replay or an import: each builds and keeps
    ten thousand small dicts and states (none of them in a cycle: reference counting frees
    them), and each collection it would trigger walks all of them again."""
    global _REPLAYING, _GC_WAS_ON
    with _GC_LOCK:  # replays in several threads: the last one out turns it back on
        if _REPLAYING == 0:
            _GC_WAS_ON = gc.isenabled()
            gc.disable()
        _REPLAYING += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _REPLAYING -= 1
            if _REPLAYING == 0 and _GC_WAS_ON:
                gc.enable()


_GC_LOCK = threading.Lock()
_REPLAYING = 0
"""Replays running now (``no_cycle_collection``)."""
_GC_WAS_ON = True
