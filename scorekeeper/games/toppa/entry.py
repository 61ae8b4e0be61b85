"""Reading a Toppa or Baka round's entry (RULES 4.2): the house rules, the dealer, Baka's
round of the game, each player's captured pile and exposed hand, and the mistakes a table
makes entering them (a card in two piles, an odd month, a misdeal, a missing card)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.cards import CARD_BY_ID, SUITS, in_deck_order, names_of
from scorekeeper.games.toppa.deck import DECK
from scorekeeper.games.toppa.house_rules import Rules, parse_rules
from scorekeeper.games.toppa.variant import ROUND, Variant
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body, CardClaims, Reader

#: What a round's body may hold, and each of its players (Toppa ignores ``round``).
KEYS = frozenset({"dealer", "round", "rules", "players"})
PLAYER_KEYS = frozenset({"name", "captured", "hand"})


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    pile: tuple[str, ...] | None
    """The captured pile (the API's ``captured``); ``None`` means 'the rest of the deck'."""
    hand: tuple[str, ...] = ()
    """The exposed hand (teyaku claims); empty when nothing was exposed."""


@dataclass(frozen=True, slots=True)
class Input:
    variant: Variant
    players: tuple[PlayerInput, ...]
    dealer: int = 0
    round: int = 1
    rules: Rules = field(default_factory=Rules)


# What a round's entry is made of, for its messages.
_CAPTURED_LIST = N_("a list of captured cards")
_HAND_LIST = N_("a list of exposed hand cards")


def _pile_of(name: str) -> Msg:
    return N_("%(name)s's pile", name=name)


def _hand_of(name: str) -> Msg:
    return N_("%(name)s's hand", name=name)


@dataclass(slots=True)
class _Entered:
    """The piles and hands of a round's players as read so far."""

    piles: list[list[str] | None] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    left_out: list[int] = field(default_factory=list)
    """The players whose pile is left out (the rest of the deck)."""
    months: dict[int, list[str]] = field(default_factory=dict)
    """Each entered pile's cards as entered, for its months."""


def parse(data: Body, variant: Variant) -> Input:
    """Read a JSON-shaped body for one game of the family; raises InvalidInput."""
    r = Reader()
    n = variant.players
    rules = parse_rules(r, r.mapping(data, "rules", "rules"))
    dealer = r.position(data, "dealer", "dealer", n)
    round_no = 1
    if variant.rounds is not None:
        round_no = r.within(data, "round", ROUND, default=1) or 1

    raw_players = r.players(data, n, n, variant.title)
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)
    entered = _read_players(r, raw_players, names, variant)
    _check_left_out(r, entered.left_out, names)
    for i, pile in enumerate(entered.piles):
        if pile is not None:
            _check_months(r, entered.months.get(i, pile), f"players.{i}.captured")
    if not entered.left_out and len(raw_players) == n:
        _check_whole_deck(r, entered.piles)
    r.raise_if_any()

    players = tuple(
        PlayerInput(names[i], None if pile is None else tuple(pile), tuple(hand))
        for i, (pile, hand) in enumerate(zip(entered.piles, entered.hands, strict=True))
    )
    return Input(variant=variant, players=players, dealer=dealer or 0, round=round_no, rules=rules)


def _read_players(
    r: Reader, raw_players: Sequence[Body], names: Sequence[str], variant: Variant
) -> _Entered:
    """Each player's pile and hand, a card claimed twice reported once where it repeats."""
    out = _Entered()
    pile_ledger, hand_ledger = CardClaims(r), CardClaims(r)
    for i, p in enumerate(raw_players):
        out.piles.append(_read_pile(r, p, i, names[i], pile_ledger, out))
        out.hands.append(_read_hand(r, p, i, names[i], hand_ledger, variant))
    return out


def _read_pile(
    r: Reader, p: Body, i: int, name: str, ledger: CardClaims, out: _Entered
) -> list[str] | None:
    path = f"players.{i}.captured"
    raw = r.items(p, "captured", path, required=False, what=_CAPTURED_LIST)
    if raw is None and "captured" in p and p["captured"] is not None:
        return []
    if raw is None:
        out.left_out.append(i)
        return None
    ids = r.card_ids(raw, path, DECK)
    # A pile's months are counted as entered: a card entered in two piles is one
    # mistake, reported once, not also an odd month in the pile it was taken from.
    out.months[i] = ids
    place = _pile_of(name)
    return [c for c in ids if ledger.claim(c, path, place)]


def _read_hand(
    r: Reader, p: Body, i: int, name: str, ledger: CardClaims, variant: Variant
) -> list[str]:
    path = f"players.{i}.hand"
    raw = r.items(p, "hand", path, required=False, what=_HAND_LIST)
    ids = r.card_ids(raw, path, DECK)
    place = _hand_of(name)
    hand = [c for c in ids if ledger.claim(c, path, place)]
    _check_hand(r, hand, raw, path, name, variant)
    return hand


def _check_left_out(r: Reader, left_out: Sequence[int], names: Sequence[str]) -> None:
    for i in left_out[1:]:
        r.add(
            f"players.{i}.captured",
            N_(
                "Only one pile may be left out (it is the rest of the deck, %(first)s's); "
                "enter %(name)s's captured cards",
                first=names[left_out[0]],
                name=names[i],
            ),
        )


def _check_whole_deck(r: Reader, piles: Sequence[list[str] | None]) -> None:
    """All 48 cards are in some pile when no pile is left out."""
    held = {c for pile in piles if pile is not None for c in pile}
    missing = in_deck_order(DECK - held)
    if missing:
        r.add(
            "players",
            N_(
                "All 48 cards are captured by the end of a round, but %(n)s are in no "
                "pile: %(cards)s. Add them, or leave one pile out to give it the rest",
                n=len(missing),
                cards=names_of(missing),
            ),
        )


def odd_month(suit: object, k: object, one: bool) -> Msg:
    """The mistake of a pile with an odd count of a month (R: RULES 4.2), in the words the
    round form's bar shows before Save: ``one`` for the singular ("1 card")."""
    if one:
        return N_(
            "%(suit)s: %(k)s card entered; a pile always holds 0, 2 or 4 cards of a "
            "month (cards are captured in pairs)",
            suit=suit,
            k=k,
        )
    return N_(
        "%(suit)s: %(k)s cards entered; a pile always holds 0, 2 or 4 cards of a "
        "month (cards are captured in pairs)",
        suit=suit,
        k=k,
    )


def misdeal(name: object, suit: object) -> Msg:
    """The mistake of an exposed hand holding a whole month (RULES 4.2: a misdeal)."""
    return N_(
        "Misdeal: %(name)s's hand holds all four %(suit)s cards; "
        "the cards must be dealt again and this round cannot be scored",
        name=name,
        suit=suit,
    )


def _check_months(r: Reader, pile: Sequence[str], path: str) -> None:
    counts = Counter(CARD_BY_ID[c].suit.id for c in pile)
    for suit in SUITS:
        k = counts.get(suit.id, 0)
        if k % 2:
            r.add(path, odd_month(suit.english, k, k == 1))


def _check_hand(
    r: Reader, hand: list[str], raw: list[object] | None, path: str, name: str, variant: Variant
) -> None:
    size = variant.hand_size
    if raw is not None and len(raw) > size:
        r.add(
            path,
            N_(
                "A %(game)s hand holds %(size)s cards; %(n)s were entered",
                game=variant.title,
                size=size,
                n=len(raw),
            ),
        )
    counts = Counter(CARD_BY_ID[c].suit for c in hand)
    for suit, k in counts.items():
        if k == 4:
            r.add(path, misdeal(name, suit.english))
