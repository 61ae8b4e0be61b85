"""Reading a posted round form into the JSON-shaped entry the API takes (pure: no Flask).

A form arrives as a multi-dict (``get`` and ``getlist``); the games read their own fields
with these helpers, so the page and the API share one validation path (the rules engine).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from scorekeeper.cards import CARD_BY_ID, SUITS
from scorekeeper.messages import N_
from scorekeeper.rules import Violation
from scorekeeper.rules.common import MAX_ROUND_NUMBER


class FormData(Protocol):
    """What a posted form offers (werkzeug's MultiDict has both)."""

    def get(self, key: str) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...

    def __contains__(self, key: object) -> bool: ...


class ChaffPool:
    """Hands out the interchangeable chaff ids of one set of places (piles, or hands)."""

    def __init__(self, deck: Iterable[str]) -> None:
        self.free: dict[str, list[str]] = {}
        for cid in sorted(deck):
            group = CARD_BY_ID[cid].chaff_group
            if group:
                self.free.setdefault(group, []).append(cid)

    def take(self, suit_id: str, count: int) -> list[str] | None:
        pool = self.free.get(f"{suit_id}-chaff", [])
        if count > len(pool):
            return None
        taken, self.free[f"{suit_id}-chaff"] = pool[:count], pool[count:]
        return taken


def read_cards(
    form: FormData,
    prefix: str,
    pool: ChaffPool,
    path: str,
    errors: list[Violation],
) -> list[str]:
    """The cards ticked under ``prefix`` plus its chaff counts (``prefix_chaff_<suit>``)."""
    cards = [c for c in form.getlist(prefix) if c]
    for s in SUITS:
        raw = (form.get(f"{prefix}_chaff_{s.id}") or "").strip()
        if not raw or raw == "0":
            continue
        try:
            count = int(raw)
        except ValueError:
            errors.append(
                Violation(
                    path,
                    N_("%(suit)s chaff: %(value)s is not a count", suit=s.english, value=repr(raw)),
                )
            )
            continue
        if count < 0:
            errors.append(
                Violation(path, N_("%(suit)s chaff: a count cannot be negative", suit=s.english))
            )
            continue
        ids = pool.take(s.id, count)
        if ids is None:
            available = len(pool.free.get(f"{s.id}-chaff", []))
            errors.append(
                Violation(
                    path,
                    N_(
                        "%(suit)s chaff: %(count)s entered, but only %(available)s are left "
                        "in the deck for this entry",
                        suit=s.english,
                        count=count,
                        available=available,
                    ),
                )
            )
        else:
            cards += ids
    return cards


def round_number(raw: str | None) -> int | None:
    """A round number from a hidden field (the stale-view guard), or None if it is not one."""
    text = (raw or "").strip()
    if text.isascii() and text.isdigit() and 1 <= len(text) <= 10:
        number = int(text)
        return number if 1 <= number <= MAX_ROUND_NUMBER else None
    return None


def form_int(form: FormData, key: str) -> int | str | None:
    """A whole number typed in a field; the text itself when it is not one, None when empty."""
    raw = (form.get(key) or "").strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return raw
