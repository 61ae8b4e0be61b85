"""The one speed trick outside the games' replay shortcuts: Python's cycle collector paused
while a long replay or an import runs.

Each builds and keeps ten thousand small dicts and states (none of them in a cycle: reference
counting frees them), and each collection it would trigger walks all of them again. Issue 40
measured it (processor time in-process, with it against without): on tables of 300 rounds it
buys nothing (0.96-1.04x), on tables of 10,000 rounds 1.3x deleting round 1 of Baka (1,593
against 2,088 ms) and 1.6x correcting round 1 of the carried-pot Tokan table (1,342 against
2,118 ms): it stays for the 10,000-round figure (a write under 1 s).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


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
