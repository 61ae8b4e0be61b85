"""Shared test helpers: decks and piles written out as players would enter them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from scorekeeper.cards import CARDS

if TYPE_CHECKING:
    from scorekeeper.kinds import EntryKind
    from scorekeeper.round_data import Entry
    from scorekeeper.state import PriorScore, State, Step, TableSpec

SUIT_IDS = [
    "pine",
    "plum",
    "cherry",
    "wisteria",
    "iris",
    "peony",
    "bushclover",
    "susuki",
    "chrysanthemum",
    "maple",
    "willow",
    "paulownia",
]


def suit(*suits: str) -> list[str]:
    """All four cards of each named suit."""
    return [c.id for c in CARDS if c.suit.id in suits]


def rest_of_deck(*piles: list[str]) -> list[str]:
    taken = {c for p in piles for c in p}
    return [c.id for c in CARDS if c.id not in taken]


def fr(text: str) -> Fraction:
    return Fraction(text)


# RULES 8: A's pile in the Toppa and Baka worked examples.
EXAMPLE_A = [
    "pine-crane",
    "pine-ribbon",
    "plum-ribbon",
    "plum-chaff-1",
    "cherry-curtain",
    "cherry-ribbon",
    "susuki-moon",
    "susuki-chaff-1",
    "willow-rainman",
    "willow-lightning",
    "paulownia-phoenix",
    "paulownia-chaff-1",
]
EXAMPLE_BAKA_B = [
    "iris-bridge",
    "iris-ribbon",
    "iris-chaff-1",
    "iris-chaff-2",
    "maple-chaff-1",
    "maple-chaff-2",
]

# Ten chaff cards of ten different months: an empty hand in Toppa (RULES 4.3).
TEN_CHAFF = [
    "pine-chaff-1",
    "plum-chaff-1",
    "cherry-chaff-1",
    "wisteria-chaff-1",
    "iris-chaff-1",
    "peony-chaff-1",
    "bushclover-chaff-1",
    "susuki-chaff-1",
    "chrysanthemum-chaff-1",
    "maple-chaff-1",
]


def score_in_order(
    spec: TableSpec,
    entries: Sequence[tuple[EntryKind, Entry]],
    start: State | None = None,
    first_number: int = 1,
    earlier: Sequence[PriorScore | None] = (),
) -> list[Step]:
    """Score ``entries`` (kind, entry) in order from ``start`` (the table's beginning by
    default) through the ledger's one replay loop, the ``k``-th reusing ``earlier[k]`` (how
    it scored last time) when given: a whole table replayed, to check a write against."""
    from scorekeeper.ledger import Replayed, State, replaying

    items = (
        Replayed(kind, data, earlier[k] if k < len(earlier) else None)
        for k, (kind, data) in enumerate(entries)
    )
    return list(replaying(spec, start or State.initial(spec), items, first_number, first_number))
