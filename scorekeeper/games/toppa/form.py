"""The pile form of Toppa and Baka: each pile's count and card points in the bar, and the
pile that is "the rest of the deck"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.games.toppa.deck import POINTS


@dataclass(frozen=True, slots=True)
class Tally:
    """What the entry page's bar shows of a pile or hand: its cards and their points."""

    count: int
    points: int


def tally(cards: Sequence[object] | None) -> Tally:
    """The count and the Toppa points of a list of card ids (anything else is skipped)."""
    ids = [c for c in cards or () if isinstance(c, str) and c in POINTS]
    return Tally(len(ids), sum(POINTS[c] for c in ids))


def rest_index(players: Sequence[object], n: int) -> int:
    """Whose pile is "the rest of the deck" on a pile form: the first entered player with
    no captured pile, else the last player."""
    for i, p in enumerate(players[:n]):
        if isinstance(p, Mapping) and "captured" not in p:
            return i
    return n - 1


def pile_tallies(players: Sequence[object], n: int, deck: frozenset[str]) -> list[Tally]:
    """Each pile's tally on a pile form; the rest of the deck's is what the others leave."""
    rest = rest_index(players, n)
    piles = [
        tally(p.get("captured")) if i != rest and isinstance(p, Mapping) else Tally(0, 0)
        for i, p in enumerate(list(players[:n]) + [{}] * (n - len(players)))
    ]
    whole = tally(sorted(deck))
    piles[rest] = Tally(
        whole.count - sum(t.count for t in piles), whole.points - sum(t.points for t in piles)
    )
    return piles
