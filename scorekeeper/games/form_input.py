"""Reading a posted round form into the JSON-shaped entry the API takes (pure: no Flask).

A form arrives as a multi-dict (``get`` and ``getlist``); the games read their own fields
with these helpers, so the page and the API share one validation path (the rules engine).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from scorekeeper.cards import CARD_BY_ID, SUITS, Suit
from scorekeeper.jsonio import JSONValue
from scorekeeper.messages import N_, Msg
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import MAX_ROUND_NUMBER


class FormData(Protocol):
    """What a posted form offers (werkzeug's MultiDict has both)."""

    def get(self, key: str) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...

    def __contains__(self, key: object) -> bool: ...


CHAFF_GROUPS = frozenset(c.chaff_group for c in CARD_BY_ID.values() if c.chaff_group)


class ChaffPool:
    """Hands out the interchangeable chaff ids of one set of places (piles, or hands)."""

    def __init__(self, deck: Iterable[str]) -> None:
        self.free: dict[str, list[str]] = {}
        for cid in sorted(deck):
            group = CARD_BY_ID[cid].chaff_group
            if group:
                self.free.setdefault(group, []).append(cid)

    def take(self, suit_id: str, count: int, prefer: Iterable[str] = ()) -> list[str] | None:
        """``count`` plain cards of a month: the ones named in ``prefer`` while they are free
        (the card grid posts the very plain card tapped), then the first free others."""
        pool = self.free.get(f"{suit_id}-chaff", [])
        if count > len(pool):
            return None
        wanted = [c for c in dict.fromkeys(prefer) if c in pool][:count]
        rest = [c for c in pool if c not in wanted]
        taken = wanted + rest[: count - len(wanted)]
        self.free[f"{suit_id}-chaff"] = [c for c in pool if c not in taken]
        return taken


def _ticked(form: FormData, prefix: str) -> tuple[list[str], dict[str, int], dict[str, list[str]]]:
    """The cards ticked or chosen under ``prefix``, in the order given (a plain card stands
    for its month for now), with how many plain cards of each suit and which ones."""
    chosen: list[str] = []
    counts: dict[str, int] = {}
    named: dict[str, list[str]] = {}
    for c in form.getlist(prefix):
        card = CARD_BY_ID.get(c)
        if card is not None and card.chaff_group:
            counts[card.suit.id] = counts.get(card.suit.id, 0) + 1
            named.setdefault(card.suit.id, []).append(c)
            chosen.append(card.chaff_group)
        elif c:
            chosen.append(c)
    return chosen, counts, named


def _typed_count(raw: str, suit: Suit, path: str, errors: list[Violation]) -> int | None:
    """A suit's typed count of plain cards (0 when none); None, with the reason in
    ``errors``, when it is not a count."""
    if not raw or raw == "0":
        return 0
    try:
        typed = int(raw)
    except ValueError:
        errors.append(
            Violation(
                path,
                N_(
                    "%(suit)s plain cards: %(value)s is not a count",
                    suit=suit.english,
                    value=repr(raw),
                ),
            )
        )
        return None
    if typed < 0:
        errors.append(
            Violation(
                path,
                N_("%(suit)s plain cards: a count cannot be negative", suit=suit.english),
            )
        )
        return None
    return typed


def _too_few_left(suit: Suit, count: int, available: int) -> Msg:
    """More plain cards of a suit entered than the deck has left for this entry."""
    if available == 1:
        return N_(
            "%(suit)s plain cards: %(count)s entered, but only %(available)s is "
            "left in the deck for this entry",
            suit=suit.english,
            count=count,
            available=available,
        )
    return N_(
        "%(suit)s plain cards: %(count)s entered, but only %(available)s are "
        "left in the deck for this entry",
        suit=suit.english,
        count=count,
        available=available,
    )


def read_cards(
    form: FormData,
    prefix: str,
    pool: ChaffPool,
    path: str,
    errors: list[Violation],
) -> list[str]:
    """The cards ticked or chosen under ``prefix`` plus its plain-card counts
    (``prefix_chaff_<suit>``). Plain cards of a month are interchangeable: one chosen by id
    (a select offers them so) counts as one of that month, handed out by ``pool``, so two
    places choosing "Pine plain card" get the two different pine plain cards."""
    chosen, counts, named = _ticked(form, prefix)
    chaff: dict[str, list[str]] = {}
    for s in SUITS:
        raw = (form.get(f"{prefix}_chaff_{s.id}") or "").strip()
        typed = _typed_count(raw, s, path, errors)
        if typed is None:
            continue
        count = counts.get(s.id, 0) + typed
        if not count:
            continue
        ids = pool.take(s.id, count, named.get(s.id, ()))
        if ids is None:
            available = len(pool.free.get(f"{s.id}-chaff", []))
            errors.append(Violation(path, _too_few_left(s, count, available)))
        else:
            chaff[f"{s.id}-chaff"] = ids
    cards = []
    for c in chosen:
        if c in chaff:
            if chaff[c]:
                cards.append(chaff[c].pop(0))
        elif c not in CHAFF_GROUPS:
            cards.append(c)
    return cards + [c for ids in chaff.values() for c in ids]


def round_number(raw: str | None) -> int | None:
    """A round number from a hidden field (the stale-view guard), or None if it is not one."""
    text = (raw or "").strip()
    if text.isascii() and text.isdigit() and 1 <= len(text) <= 10:
        number = int(text)
        return number if 1 <= number <= MAX_ROUND_NUMBER else None
    return None


def json_list(items: Iterable[JSONValue]) -> list[JSONValue]:
    """``items`` as a list an entry holds (a list of card ids is a list of JSON values)."""
    return list(items)


def form_int(form: FormData, key: str) -> int | str | None:
    """A whole number typed in a field; the text itself when it is not one, None when empty."""
    raw = (form.get(key) or "").strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return raw


def with_the_rules(problems: list[Violation], check: Callable[[], object]) -> list[Violation]:
    """A form's own problems and what the rules (``check``, raising InvalidInput) find in the
    rest of it, so that every mistake is said at once, not one more after each Save.

    What the rules say of a field the form has refused already (or of a field under it: a
    player the form found empty) is left out: it would be the same mistake seen again, or a
    consequence of it (a value the form could not read is missing from the entry)."""
    try:
        check()
    except InvalidInput as exc:
        said = [v.field for v in problems]
        return problems + [
            v
            for v in exc.violations
            if not any(v.field == f or v.field.startswith(f + ".") for f in said)
        ]
    return problems
