"""The seat order of a table being opened (templates/_seats.html): the players as the form
lists them, moved up or down by its buttons when the page has no script."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules.common import name_key


def seat_order(seats: Sequence[str], picked: Sequence[str], fresh: Sequence[str]) -> list[str]:
    """The players in the order they sit: as the form's seat list gives them (the order the
    members were ticked in, moved up and down), then any other member ticked, then the new
    names typed. A name in the list that is no longer ticked or typed is left out."""
    rest = [*picked, *fresh]  # a name given twice stays twice: the table's check says so
    out: list[str] = []
    for name in seats:
        key = name_key(name.strip())
        at = next((i for i, n in enumerate(rest) if name_key(n) == key), None)
        if at is not None:
            out.append(rest.pop(at))
    return out + rest


def moved(seats: list[str], move: str) -> list[str]:
    """The seat order after one of its buttons: ``up:2`` moves the third player one seat
    up, ``down:0`` the first one down; anything else leaves it as it is."""
    way, _, at = move.partition(":")
    if not (at.isascii() and at.isdigit() and len(at) <= 3) or way not in ("up", "down"):
        return seats
    i = int(at)
    j = i - 1 if way == "up" else i + 1
    if not (0 <= i < len(seats) and 0 <= j < len(seats)):
        return seats
    out = list(seats)
    out[i], out[j] = out[j], out[i]
    return out
