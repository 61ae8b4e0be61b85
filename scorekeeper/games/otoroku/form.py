"""Otoroku's round form: a hand's card values as entered."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.games.otoroku.hands import HandCard, evaluate_hand, roles
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body


def hand_values(cards: Sequence[object] | None) -> list[int]:
    """An Otoroku hand's card values as entered: values as given, cards by their month."""
    out = []
    for c in cards or ():
        if isinstance(c, int) and not isinstance(c, bool):
            out.append(c)
        elif isinstance(c, str) and c in CARD_BY_ID:
            out.append(CARD_BY_ID[c].month)
    return out


# -- the bar's lines, as the server words them (issue 39) -----------------------------------

HandLabel = Callable[[Body], str]


def hand_words(values: Sequence[int], label: str | None) -> list[Msg | str]:
    """A hand's line: its values, and what they make as the result says it ("1 + 9 = 14.5",
    "2 + 9 + 5 = buta (16)"); the values alone when nothing can be said of them yet."""
    shown = " + ".join(str(v) for v in values)
    if label is None or not values:
        return [shown] if values else []
    return [N_("%(values)s = %(hand)s", values=shown, hand=label)]


def scored_lines(players: Sequence[object], hand_label: HandLabel) -> list[list[Msg | str]]:
    """Each hand as a scored round's result values it."""
    return [
        hand_words(hand_values(p.get("cards")), hand_label(p)) if isinstance(p, Mapping) else []
        for p in players
    ]


def entered_lines(players: Sequence[object], dealer: object) -> list[list[Msg | str]]:
    """Each hand as far as it is entered, valued as the result will value it (its teyaku or
    buta named) when its every value is a card's."""
    n = len(players)
    role_of = roles(n, dealer) if isinstance(dealer, int) and 0 <= dealer < n else None
    lines = []
    for i, p in enumerate(players):
        cards = _hand(p.get("cards") if isinstance(p, Mapping) else None)
        label = None
        if cards is not None and role_of is not None:
            label = evaluate_hand(cards, role_of[i]).label
        raw = p.get("cards") if isinstance(p, Mapping) else None
        lines.append(hand_words(hand_values(raw if isinstance(raw, list) else None), label))
    return lines


def _hand(cards: object) -> list[HandCard] | None:
    """An entered hand as the engine reads it; None when a value is no card's."""
    if not isinstance(cards, list):
        return None
    out = []
    for c in cards:
        if isinstance(c, str) and c in CARD_BY_ID:
            out.append(HandCard(CARD_BY_ID[c].month, c))
        elif isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 10:
            out.append(HandCard(c))
        else:
            return None
    return out
