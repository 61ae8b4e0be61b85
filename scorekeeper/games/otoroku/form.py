"""Otoroku's round form: a hand's card values as entered."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.cards import CARD_BY_ID


def hand_values(cards: Sequence[object] | None) -> list[int]:
    """An Otoroku hand's card values as entered: values as given, cards by their month."""
    out = []
    for c in cards or ():
        if isinstance(c, int) and not isinstance(c, bool):
            out.append(c)
        elif isinstance(c, str) and c in CARD_BY_ID:
            out.append(CARD_BY_ID[c].month)
    return out
