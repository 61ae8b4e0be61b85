"""An Otoroku hand (RULES 5.3): its value towards 15 (16 for the last player), its teyaku,
and whether it went bust (buta)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.messages import N_, Msg

TEYAKU_NAMES: dict[str, Msg] = {
    "undefeatable": N_("Undefeatable (makezu 負けず)"),
    "otoroku": N_("Otoroku (おとろく)"),
    "birds": N_("Birds (toritori とりとり)"),
    "five-low": N_("Five Low (goshita gomai 五下五枚)"),
    "fourteen-and-a-half": N_("14.5"),
    "fourteen": N_("14"),
}
#: Each role in words.
ROLE_NAMES: dict[str, Msg] = {
    "dealer": N_("dealer"),
    "last": N_("last"),
    "bettor": N_("bettor"),
}

#: Strength of each teyaku on the scale where a plain hand of value v is worth 10 v.
TEYAKU_STRENGTH: dict[str, int] = {
    "undefeatable": 200,
    "otoroku": 190,
    "birds": 180,
    "five-low": 170,
    "fourteen-and-a-half": 145,
    "fourteen": 140,
}
BUTA = -1
FIFTEEN = 150


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card as entered: its month, and its hanafuda id when the player gave one."""

    month: int
    id: str | None = None

    def to_json(self) -> str | int:
        return self.id if self.id is not None else self.month


def roles(n: int, dealer: int) -> tuple[str, ...]:
    """Each position's role: the dealer, the last player (dealer's left), or a bettor."""
    last = (dealer - 1) % n
    return tuple("dealer" if i == dealer else ("last" if i == last else "bettor") for i in range(n))


def turn_order_from_right(n: int, dealer: int) -> list[int]:
    """Positions from the dealer's right round to the dealer, who counts last."""
    return [(dealer + k) % n for k in range(1, n + 1)]


def limit_for(role: str) -> int:
    return 16 if role == "last" else 15


def find_teyaku(cards: Sequence[HandCard], role: str) -> str | None:
    """The teyaku this player may claim with this hand, if any (RULES 5.3)."""
    months = sorted(c.month for c in cards)
    total = sum(months)
    if len(cards) == 2:
        pair = (months[0], months[1])
        if pair == (6, 9) and role != "dealer":
            return "undefeatable"
        if pair in {(6, 10), (7, 9)} and role == "last":
            return "otoroku"
        ids = {c.id for c in cards}
        if ids == {"pine-crane", "wisteria-cuckoo"} and role == "dealer":
            return "birds"
        if pair == (1, 9):
            return "fourteen-and-a-half"
        if pair in {(1, 5), (1, 10)}:
            return "fourteen"
    if len(cards) == 5 and all(m <= 5 for m in months) and total <= limit_for(role):
        return "five-low"
    return None


@dataclass(frozen=True, slots=True)
class Hand:
    total: int
    teyaku: str | None
    buta: bool
    strength: int

    @property
    def label(self) -> str:
        return hand_label(self.total, self.teyaku, self.buta)


def hand_label(total: int, teyaku: str | None, buta: bool) -> str:
    """A hand in words: its teyaku, its value, or buta with its value."""
    if buta:
        return N_("buta (%(total)s)", total=total)
    if teyaku:
        return TEYAKU_NAMES[teyaku]
    return str(total)


def evaluate_hand(cards: Sequence[HandCard], role: str) -> Hand:
    total = sum(c.month for c in cards)
    tey = find_teyaku(cards, role)
    if tey is not None:
        return Hand(total, tey, False, TEYAKU_STRENGTH[tey])
    if total > limit_for(role):
        return Hand(total, None, True, BUTA)
    return Hand(total, None, False, 10 * total)
