"""Otoroku: Kingo-like hands of 2-5 cards towards 15 (16 for the last player). RULES.md 5.

Cards may be entered as hanafuda ids or, for a 40-card kabufuda deck, as values 1-10:
only the dealer's Birds teyaku needs the real cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.cards import (
    CARD_BY_ID,
    OTOROKU_DECK,
    TYPE_RANK,
    Card,
    CardType,
    capitalised,
    unknown_card_message,
)
from scorekeeper.exact import amount_str
from scorekeeper.rules.common import (
    Bound,
    CardClaims,
    InvalidInput,
    Note,
    Option,
    Outcome,
    Reader,
    shown,
    split_evenly,
)

GAME = "otoroku"
TITLE = "Otoroku"
MIN_PLAYERS, MAX_PLAYERS = 2, 7


def left_out(card: Card) -> str:
    """Why a card is not in Otoroku's deck (RULES 1)."""
    return (
        f"{capitalised(card.name)} is not used in Otoroku: its deck is months 1-10, "
        f"so {card.suit.english} (month {card.month}) is removed"
    )


TERA_ZEN = Option(
    "tera_zen_percent",
    "int",
    0,
    "House fee (tera-zen) %",
    minimum=0,
    maximum=100,
    what="a house fee in whole percent",
    checker=True,
)
RULES = (TERA_ZEN,)
METHOD = Option(
    "method",
    "choice",
    "everyone",
    "Payout",
    choices=(("everyone", "Everyone against everyone"), ("banker", "Dealer against bettors")),
    checker=True,
)
WAGER = Option(
    "wager",
    "int",
    10,
    "Wager",
    hint="per round",
    minimum=1,
    maximum=1_000_000,
    what="a wager in whole units",
)
#: The table's settings for Otoroku (a round may give its own wager).
SETTINGS = (
    METHOD,
    WAGER,
    Option(
        "length",
        "choice",
        "12",
        "Game length",
        choices=(
            ("12", "12 rounds"),
            ("6", "6 rounds"),
            ("3", "3 rounds"),
            ("stones", "Until all but one are out of stones"),
        ),
    ),
    Option(
        "stones",
        "int",
        100,
        "Starting stones each",
        minimum=1,
        maximum=1_000_000,
        what="a starting stock of stones",
    ),
)
#: A round's own wager, and a bettor's own (banker method), within the table's bounds.
ROUND_WAGER = WAGER.bound()
PLAYER_WAGER = WAGER.bound("players.<i>.wager")
CARD_VALUE = Bound("players.<i>.cards", 1, 10, "a card value")
BOUNDS = (ROUND_WAGER, PLAYER_WAGER, CARD_VALUE)
#: What a round's body may hold, and each of its players.
KEYS = frozenset({"method", "dealer", "wager", "rules", "players"})
PLAYER_KEYS = frozenset({"name", "cards", "wager"})

TEYAKU_NAMES: dict[str, str] = {
    "undefeatable": "Undefeatable (makezu 負けず)",
    "otoroku": "Otoroku (おとろく)",
    "birds": "Birds (toritori とりとり)",
    "five-low": "Five Low (goshita gomai 五下五枚)",
    "fourteen-and-a-half": "14.5",
    "fourteen": "14",
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


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    cards: tuple[HandCard, ...]
    wager: int | None = None


@dataclass(frozen=True, slots=True)
class Input:
    players: tuple[PlayerInput, ...]
    method: str = "everyone"
    dealer: int = 0
    wager: int = 1
    tera_zen_percent: int = 0


def roles(n: int, dealer: int) -> tuple[str, ...]:
    """Each position's role: the dealer, the last player (dealer's left), or a bettor."""
    last = (dealer - 1) % n
    return tuple("dealer" if i == dealer else ("last" if i == last else "bettor") for i in range(n))


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
        if self.buta:
            return f"buta ({self.total})"
        if self.teyaku:
            return TEYAKU_NAMES[self.teyaku]
        return str(self.total)


def evaluate_hand(cards: Sequence[HandCard], role: str) -> Hand:
    total = sum(c.month for c in cards)
    tey = find_teyaku(cards, role)
    if tey is not None:
        return Hand(total, tey, False, TEYAKU_STRENGTH[tey])
    if total > limit_for(role):
        return Hand(total, None, True, BUTA)
    return Hand(total, None, False, 10 * total)


# -- input -------------------------------------------------------------------------------


def parse(data: Mapping[str, Any]) -> Input:
    r = Reader()
    method = r.option(data, METHOD, "method")
    top_wager = data.get("wager")
    wager = 1
    if top_wager is not None or method == "everyone":
        wager = r.within(data, "wager", ROUND_WAGER) or 1
    rules = r.mapping(data, "rules", "rules")
    for key in rules:
        if key != "tera_zen_percent":
            r.add(
                f"rules.{key}", f"'{key}' is not a house rule of Otoroku (known: tera_zen_percent)"
            )
    fee = r.option(rules, TERA_ZEN, "rules.tera_zen_percent") or 0
    raw_players = r.players(data, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    n = len(raw_players)
    dealer = (
        r.integer(
            data,
            "dealer",
            "dealer",
            default=0,
            minimum=0,
            maximum=max(n - 1, 0),
            what="a player position",
        )
        or 0
    )
    role_of = roles(n, dealer) if n else ()
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)

    ledger = CardClaims(r)
    month_count: Counter[int] = Counter()
    players: list[PlayerInput] = []
    for i, p in enumerate(raw_players):
        path = f"players.{i}.cards"
        raw = r.items(p, "cards", path, what="a list of 2 to 5 cards")
        cards: list[HandCard] = []
        for item in raw or []:
            if isinstance(item, bool):
                r.add(path, f"{item!r} is not a card: give a card id or a value from 1 to 10")
            elif isinstance(item, int):
                if CARD_VALUE.minimum <= item <= CARD_VALUE.maximum:
                    cards.append(HandCard(item))
                    month_count[item] += 1
                else:
                    r.add(
                        path,
                        f"{shown(item)} is not a card value: Otoroku cards are worth "
                        f"{CARD_VALUE.minimum} to {CARD_VALUE.maximum}",
                    )
            elif isinstance(item, str) and item in OTOROKU_DECK:
                if ledger.claim(item, path, f"{names[i]}'s hand"):
                    cards.append(HandCard(CARD_BY_ID[item].month, item))
                    month_count[CARD_BY_ID[item].month] += 1
            else:
                r.add(path, unknown_card_message(item, left_out))
        if raw is not None and not 2 <= len(raw) <= 5:
            r.add(
                path,
                f"A hand holds 2 to 5 cards (one dealt, at least one drawn, at most 5), "
                f"not {len(raw)}",
            )
        elif raw is not None and len(cards) == len(raw) and role_of:
            role = role_of[i]
            lim = limit_for(role)
            hand = evaluate_hand(cards, role)
            top = max(c.month for c in cards)
            if hand.buta and hand.total - top > lim:
                r.add(
                    path,
                    f"{names[i]}'s cards add up to {hand.total}, but without the highest card "
                    f"({top}) they already make {hand.total - top}, over the limit of {lim}: "
                    "a player stops at the card that busts them, so this hand cannot happen",
                )
        pw: int | None = None
        if "wager" in p and p["wager"] is not None:
            pw = r.within(p, "wager", PLAYER_WAGER, i=i)
            if pw is not None and method == "everyone" and pw != wager:
                r.add(
                    f"players.{i}.wager",
                    "Per-player wagers belong to the banker method; with 'everyone' all "
                    "players put the same wager in the pot",
                )
        players.append(PlayerInput(names[i], tuple(cards), pw))
    for month, k in sorted(month_count.items()):
        if k > 4:
            r.add(
                "players",
                f"Month {month} appears {k} times, but the deck has only 4 cards of a month",
            )
    if method == "banker" and top_wager is None:
        without = [p.name for i, p in enumerate(players) if i != dealer and p.wager is None]
        if without:
            r.add(
                "wager",
                f"A wager is required here (or one for each bettor: {', '.join(without)} has none)",
            )
    r.raise_if_any()
    return Input(tuple(players), method, dealer, wager, fee)


# -- settlement --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    role: str
    cards: tuple[HandCard, ...]
    hand: Hand
    delta: Fraction
    wager: int
    outcome: str | None = None
    """Banker method: 'win', 'lose' or 'tie' against the dealer (None for the dealer)."""
    fee: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "role": self.role,
            "cards": [c.to_json() for c in self.cards],
            "total": self.hand.total,
            "teyaku": self.hand.teyaku,
            "buta": self.hand.buta,
            "strength": self.hand.strength,
            "hand": self.hand.label,
            "wager": self.wager,
            "outcome": self.outcome,
            "fee": self.fee,
            "delta": amount_str(self.delta),
        }


@dataclass(frozen=True, slots=True)
class Result:
    method: str
    dealer: int
    players: tuple[PlayerResult, ...]
    void: bool
    winners: tuple[str, ...]
    next_dealer: int
    house: Fraction
    notes: tuple[Note, ...]

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def outcome(self) -> Outcome:
        return Outcome(next_dealer=self.next_dealer, house=self.house, void=self.void)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "method": self.method,
            "dealer": self.dealer,
            "players": [p.to_dict() for p in self.players],
            "void": self.void,
            "winners": list(self.winners),
            "next_dealer": self.next_dealer,
            "house": amount_str(self.house),
            "notes": [n.to_dict() for n in self.notes],
        }


def turn_order_from_right(n: int, dealer: int) -> list[int]:
    """Positions from the dealer's right round to the dealer, who counts last."""
    return [(dealer + k) % n for k in range(1, n + 1)]


def score(inp: Input) -> Result:
    n = len(inp.players)
    role_of = roles(n, inp.dealer)
    hands = [evaluate_hand(p.cards, role_of[i]) for i, p in enumerate(inp.players)]
    names = [p.name for p in inp.players]
    notes: list[Note] = []
    for i, h in enumerate(hands):
        if h.teyaku:
            notes.append(Note(f"{names[i]} ({role_of[i]}) claims {TEYAKU_NAMES[h.teyaku]}."))
        elif h.buta:
            notes.append(
                Note(f"{names[i]} is buta: {h.total} is over the limit of {limit_for(role_of[i])}.")
            )

    def result(
        deltas: list[Fraction],
        winners: list[int],
        next_dealer: int,
        void: bool,
        house: Fraction,
        outcomes: list[str | None],
        fees: list[int],
        wagers: list[int],
    ) -> Result:
        return Result(
            method=inp.method,
            dealer=inp.dealer,
            players=tuple(
                PlayerResult(
                    names[i],
                    role_of[i],
                    inp.players[i].cards,
                    hands[i],
                    deltas[i],
                    wagers[i],
                    outcomes[i],
                    fees[i],
                )
                for i in range(n)
            ),
            void=void,
            winners=tuple(names[i] for i in winners),
            next_dealer=next_dealer,
            house=house,
            notes=tuple(notes),
        )

    zero = [Fraction(0)] * n
    if inp.method == "everyone":
        wagers = [inp.wager] * n
    else:
        wagers = [
            0 if i == inp.dealer else (p.wager or inp.wager) for i, p in enumerate(inp.players)
        ]
    if all(h.buta for h in hands):
        notes.append(
            Note(
                "Every hand is buta: the round is void, no money moves and the same "
                "dealer deals again."
            )
        )
        return result(zero, [], inp.dealer, True, Fraction(0), [None] * n, [0] * n, wagers)

    if inp.method == "everyone":
        return _everyone(inp, hands, names, notes, result, wagers)
    return _banker(inp, hands, names, notes, result, wagers)


def _everyone(
    inp: Input,
    hands: list[Hand],
    names: list[str],
    notes: list[Note],
    result: Callable[..., Result],
    wagers: list[int],
) -> Result:
    n = len(hands)
    pot = inp.wager * n
    best = max(h.strength for h in hands)
    order = turn_order_from_right(n, inp.dealer)
    tied = [i for i in order if hands[i].strength == best]
    shares = split_evenly(pot, len(tied))
    deltas = [Fraction(-inp.wager)] * n
    for i, s in zip(tied, shares, strict=True):
        deltas[i] = Fraction(s - inp.wager)
    if len(tied) == 1:
        notes.append(
            Note(
                f"{names[tied[0]]} has the strongest hand and takes the pot of {pot}; "
                f"{names[tied[0]]} deals next."
            )
        )
    else:
        who = ", ".join(names[i] for i in tied)
        notes.append(
            Note(
                f"{who} tie and split the pot of {pot}; odd units go one each from the "
                "dealer's right (the dealer counts last), and "
                f"{names[tied[0]]}, nearest the dealer's right, deals next.",
                "R15",
            )
        )
    return result(
        deltas,
        sorted(tied),
        tied[0],
        False,
        Fraction(0),
        [None] * n,
        [0] * n,
        wagers,
    )


def _banker(
    inp: Input,
    hands: list[Hand],
    names: list[str],
    notes: list[Note],
    result: Callable[..., Result],
    wagers: list[int],
) -> Result:
    n = len(hands)
    d = inp.dealer
    dealer_hand = hands[d]
    deltas = [Fraction(0)] * n
    outcomes: list[str | None] = [None] * n
    fees = [0] * n
    house = Fraction(0)
    for i in turn_order_from_right(n, d):
        if i == d:
            continue
        w = wagers[i]
        h = hands[i]
        if h.buta:
            outcome, why = "lose", "is buta and loses the wager to the dealer"
            if dealer_hand.buta:
                why += " (even though the dealer is buta too)"
        elif dealer_hand.buta:
            outcome, why = "win", "wins: the dealer is buta"
        elif h.strength > dealer_hand.strength:
            outcome, why = "win", f"beats the dealer's {dealer_hand.label} with {h.label}"
        elif h.strength < dealer_hand.strength:
            outcome, why = "lose", f"loses: {h.label} against the dealer's {dealer_hand.label}"
        elif h.strength >= FIFTEEN:
            outcome, why = "tie", f"ties the dealer at {h.label} (15 or more): wager back"
        else:
            outcome, why = "lose", f"ties the dealer at {h.label}, under 15: the dealer wins"
        outcomes[i] = outcome
        ruling = "R16" if outcome == "tie" and h.teyaku else None
        if outcome == "win":
            fee = w * inp.tera_zen_percent // 100
            fees[i] = fee
            deltas[i] += w - fee
            deltas[d] -= w
            house += fee
            text = f"{names[i]} {why}: paid {w}"
            if fee:
                text += f" less the house fee of {fee} ({inp.tera_zen_percent}%, rounded down)"
            notes.append(Note(text + ".", ruling))
        elif outcome == "lose":
            deltas[i] -= w
            deltas[d] += w
            notes.append(Note(f"{names[i]} {why}: pays {w}."))
        else:
            notes.append(Note(f"{names[i]} {why}.", ruling))
    notes.append(Note(f"The dealer, {names[d]}, keeps the deal."))
    winners = [i for i in range(n) if deltas[i] > 0]
    return result(deltas, winners, d, False, house, outcomes, fees, wagers)


# -- seats (RULES 5.7) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatDraw:
    order: tuple[int, ...] | None
    """Player indices in turn order, dealer first and the last player last; None on R17."""
    redraw: tuple[tuple[int, ...], ...] = ()


def seat_draw(draws: Sequence[str]) -> SeatDraw:
    """Dealer and seats from one card drawn by each player (RULES 5.7, R17)."""
    r = Reader()
    if not MIN_PLAYERS <= len(draws) <= MAX_PLAYERS:
        r.add("draws", f"Otoroku seats 2 to 7 players, not {len(draws)}")
    ids = r.card_ids(list(draws), "draws", OTOROKU_DECK, left_out)
    ledger = CardClaims(r)
    for i, card_id in enumerate(ids):
        ledger.claim(card_id, "draws", f"player {i + 1}'s draw")
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


__all__ = [
    "Input",
    "InvalidInput",
    "PlayerInput",
    "Result",
    "parse",
    "score",
    "seat_draw",
]
