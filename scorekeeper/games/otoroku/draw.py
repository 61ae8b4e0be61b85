"""Otoroku's seats (RULES 5.7, R17): each player draws one card; the lowest month deals, and a
tie of plain cards of one month draws again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.cards import CARD_BY_ID, CardType
from scorekeeper.games.otoroku.deck import DECK, MAX_PLAYERS, MIN_PLAYERS, left_out
from scorekeeper.messages import N_
from scorekeeper.rules.common import CardClaims, Reader, draw_of

#: Higher rank first, for the seat draw (RULES 5.7).
TYPE_RANK: dict[CardType, int] = {
    CardType.BRIGHT: 3,
    CardType.ANIMAL: 2,
    CardType.RIBBON: 1,
    CardType.CHAFF: 0,
}


@dataclass(frozen=True, slots=True)
class SeatDraw:
    order: tuple[int, ...] | None
    """Player indices in turn order, dealer first and the last player last; None on R17."""
    redraw: tuple[tuple[int, ...], ...] = ()


def seat_draw(draws: Sequence[str], names: Sequence[str] = ()) -> SeatDraw:
    """Dealer and seats from one card drawn by each player (RULES 5.7, R17); a card drawn
    twice is said by the players' ``names`` when given."""
    r = Reader()
    if not MIN_PLAYERS <= len(draws) <= MAX_PLAYERS:
        r.add("draws", N_("Otoroku seats 2 to 7 players, not %(n)s", n=len(draws)))
    ids = r.card_ids(list(draws), "draws", DECK, left_out)
    ledger = CardClaims(r)
    for i, card_id in enumerate(ids):
        ledger.claim(card_id, "draws", draw_of(names, i))
    r.raise_if_any()

    def key(i: int) -> tuple[int, int]:
        c = CARD_BY_ID[draws[i]]
        return (c.month, -TYPE_RANK[c.type])

    order = sorted(range(len(draws)), key=key)
    groups: dict[int, list[int]] = {}
    for i in order:
        c = CARD_BY_ID[draws[i]]
        if c.type is CardType.CHAFF:
            groups.setdefault(c.month, []).append(i)
    redraw = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    if redraw:
        return SeatDraw(None, redraw)
    return SeatDraw(tuple(order))
