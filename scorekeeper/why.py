"""What every game's "why" line is made of, and yaku cards grouped for a tile each.

The round page puts one line under each player's change, on the first screen after Save,
saying why the round came out as it did. Each game writes its own (its folder's ``why.py``,
called by its ``Game.explain``) from the stored result, with the helpers here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.cards import CARD_BY_ID, Card
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import display
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body

ResultJSON = Body
"""A result as the API shows it and a round keeps it (``round_data.Result``), read loosely:
an old or odd one may lack a key, which ``explained`` turns into no line."""


def explained(line: Callable[[ResultJSON], Msg]) -> Callable[[ResultJSON], Msg | None]:
    """``line`` that answers None, rather than fail, for a result that is no round (a game's
    end) or that it cannot read (an old or odd result: the detail on the page still explains
    it)."""

    def safe(result: ResultJSON) -> Msg | None:
        if result.get("end") or not result.get("players"):
            return None
        try:
            return line(result)
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, StopIteration):
            return None

    return safe


def num(value: object) -> int:
    """A whole number a stored result holds (a TypeError or ValueError when it holds none:
    ``explained`` then leaves the line out)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"not a whole number: {value!r}")
    return int(value)


def objects(value: object) -> list[Body]:
    """The objects of a list a stored result holds (its players, their yaku)."""
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise TypeError(f"not a list of objects: {value!r}")
    return list(value)


def strings(value: object) -> list[str]:
    """The words of a list a stored result holds (card ids, names)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"not a list of words: {value!r}")
    return list(value)


def delta(player: Body) -> Fraction:
    return read_stored_amount(player.get("delta", "0"))


def unsigned(value: Fraction | int) -> str:
    """An amount without its sign ("93⅓")."""
    return display(abs(Fraction(value)))


def semicolons(words: Sequence[Msg]) -> Msg:
    """Clauses joined by "; " (each translated on its own)."""
    out = words[0]
    for w in words[1:]:
        out = N_("%(first)s; %(then)s", first=out, then=w)
    return out


@dataclass(frozen=True, slots=True)
class CardTile:
    """One tile of a yaku's cards: a card, or ``count`` interchangeable plain cards."""

    card: Card
    count: int
    label: str


def card_tiles(ids: Sequence[str]) -> list[CardTile]:
    """A yaku's cards as tiles: the special cards one each, every plain (chaff) card of the
    numbered kind together in one tile with a count ("Chaff × 21"), after the others."""
    cards = [CARD_BY_ID[c] for c in ids if c in CARD_BY_ID]
    plain = [c for c in cards if c.chaff_group]
    tiles = [CardTile(c, 1, c.label) for c in cards if not c.chaff_group]
    if len(plain) == 1:
        tiles.append(CardTile(plain[0], 1, plain[0].label))
    elif plain:
        suits = {c.suit.id for c in plain}
        label = (
            N_("%(suit)s: Chaff × %(n)s", suit=plain[0].suit.english, n=len(plain))
            if len(suits) == 1
            else N_("Chaff × %(n)s", n=len(plain))
        )
        tiles.append(CardTile(plain[0], len(plain), label))
    return tiles
