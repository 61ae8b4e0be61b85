"""The one bounded cache (``scorekeeper.caches``): every in-process cache keeps at most its
size, dropping the oldest entry first."""

from __future__ import annotations

import pytest

from scorekeeper.caches import BoundedCache


def test_a_full_cache_drops_its_oldest_entry_for_a_new_one():
    cache: BoundedCache[str, int] = BoundedCache(3)
    for k, key in enumerate("abcde"):
        cache[key] = k
    assert list(cache.items()) == [("c", 2), ("d", 3), ("e", 4)]


def test_storing_a_known_key_again_drops_nothing():
    cache: BoundedCache[str, int | None] = BoundedCache(2)
    cache["a"], cache["b"] = 1, None
    cache["a"] = 5
    assert dict(cache) == {"a": 5, "b": None}
    assert "b" in cache and cache.get("b", 0) is None  # None is a value like any other


def test_a_cache_keeps_at_least_one_entry():
    with pytest.raises(ValueError):
        BoundedCache(0)


def test_kept_makes_a_value_once_and_keeps_none_too():
    cache: BoundedCache[str, int | None] = BoundedCache(2)
    made = []

    def make() -> int | None:
        made.append(1)
        return None

    assert cache.kept("a", make) is None and cache.kept("a", make) is None
    assert made == [1]  # None is kept like any value: made once
    cache.kept("b", lambda: 2)
    cache.kept("c", lambda: 3)
    assert cache.kept("a", lambda: 4) == 4  # the oldest was dropped for "c"
