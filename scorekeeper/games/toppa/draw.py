"""Who deals first in Toppa and Baka (RULES 4.7, R12): each player draws cards, and the
highest total of their months deals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.games.toppa.deck import DECK
from scorekeeper.messages import N_
from scorekeeper.rules.common import CardClaims, Reader, draw_of


def draw_value(card_id: str) -> int:
    """January to September count their month number; October to December count 0."""
    m = CARD_BY_ID[card_id].month
    return m if m <= 9 else 0


@dataclass(frozen=True, slots=True)
class DrawResult:
    totals: tuple[int, ...]
    dealer: int | None
    """The first dealer's position, or None when the top totals tie (R12: draw again)."""
    redraw: tuple[int, ...] = ()


def first_dealer(draws: Sequence[Sequence[str]], names: Sequence[str] = ()) -> DrawResult:
    """Who deals first after each player drew the same number of cards (RULES 4.7, R12);
    a card drawn twice is said by the players' ``names`` when given."""
    r = Reader()
    if len(draws) < 2:
        r.add("draws", N_("At least two players draw"))
    sizes = {len(d) for d in draws}
    if len(sizes) > 1:
        r.add("draws", N_("Every player draws the same number of cards"))
    if 0 in sizes:
        r.add("draws", N_("Every player draws at least one card"))
    ledger = CardClaims(r)
    for i, d in enumerate(draws):
        ids = r.card_ids(list(d), f"draws.{i}", DECK)
        for c in ids:
            ledger.claim(c, f"draws.{i}", draw_of(names, i))
    r.raise_if_any()
    totals = tuple(sum(draw_value(c) for c in d) for d in draws)
    top = max(totals)
    leaders = tuple(i for i, t in enumerate(totals) if t == top)
    if len(leaders) > 1:
        return DrawResult(totals, None, leaders)
    return DrawResult(totals, leaders[0])
