"""Otoroku: Kingo-like hands of 2-5 cards towards 15 (16 for the last player). RULES.md 5.

Cards may be entered as hanafuda ids or, for a 40-card kabufuda deck, as values 1-10:
only the dealer's Birds teyaku needs the real cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.cards import (
    CARD_BY_ID,
    unknown_card_message,
)
from scorekeeper.exact import amount_str
from scorekeeper.games.otoroku.deck import DECK, GAME, MAX_PLAYERS, MIN_PLAYERS, TITLE, left_out
from scorekeeper.games.otoroku.draw import SeatDraw, seat_draw
from scorekeeper.games.otoroku.hands import (
    BUTA,
    FIFTEEN,
    ROLE_NAMES,
    TEYAKU_NAMES,
    TEYAKU_STRENGTH,
    Hand,
    HandCard,
    evaluate_hand,
    find_teyaku,
    hand_label,
    limit_for,
    roles,
    turn_order_from_right,
)
from scorekeeper.games.otoroku.notes import explain_notes
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import (
    Body,
    Bound,
    CardClaims,
    InvalidInput,
    Option,
    Outcome,
    Reader,
    shown,
    split_evenly,
)

TERA_ZEN = Option(
    "tera_zen_percent",
    "int",
    0,
    N_("House fee (tera-zen) %"),
    minimum=0,
    maximum=100,
    what=N_("a house fee in whole percent"),
    checker=True,
)
RULES = (TERA_ZEN,)
METHOD = Option(
    "method",
    "choice",
    "everyone",
    N_("Payout"),
    choices=(
        ("everyone", N_("Everyone against everyone")),
        ("banker", N_("Dealer against bettors")),
    ),
    checker=True,
)
WAGER = Option(
    "wager",
    "int",
    10,
    N_("Wager"),
    hint=N_("per round"),
    minimum=1,
    maximum=1_000_000,
    what=N_("a wager in whole units"),
)
#: The table's settings for Otoroku (a round may give its own wager).
SETTINGS = (
    METHOD,
    WAGER,
    Option(
        "length",
        "choice",
        "12",
        N_("Game length"),
        choices=(
            ("12", N_("12 rounds")),
            ("6", N_("6 rounds")),
            ("3", N_("3 rounds")),
            ("stones", N_("Until all but one are out of stones")),
        ),
    ),
    Option(
        "stones",
        "int",
        100,
        N_("Starting stones each"),
        minimum=1,
        maximum=1_000_000,
        what=N_("a starting stock of stones"),
    ),
)
#: A round's own wager, and a bettor's own (banker method), within the table's bounds.
ROUND_WAGER = WAGER.bound()
PLAYER_WAGER = WAGER.bound("players.<i>.wager")
CARD_VALUE = Bound("players.<i>.cards", 1, 10, N_("a card value"))
BOUNDS = (ROUND_WAGER, PLAYER_WAGER, CARD_VALUE)
#: What a round's body may hold, and each of its players.
KEYS = frozenset({"method", "dealer", "wager", "rules", "players"})
PLAYER_KEYS = frozenset({"name", "cards", "wager"})


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


# -- input -------------------------------------------------------------------------------

# The mistakes the round form's bar also shows before Save, in the same words (the bar's are
# these with placeholders such as "{n}" for their values: ``Otoroku.bar_messages``).


def hand_size(n: object) -> Msg:
    """A hand of fewer than 2 or more than 5 cards (RULES 5.1)."""
    return N_(
        "A hand holds 2 to 5 cards (one dealt, at least one drawn, at most 5), not %(n)s", n=n
    )


def past_the_bust(name: object, total: object, top: object, without: object, limit: object) -> Msg:
    """A bust hand that went on past the card that busted it (R13)."""
    return N_(
        "%(name)s's cards add up to %(total)s, but without the highest card "
        "(%(top)s) they already make %(without)s, over the limit of %(limit)s: "
        "a player stops at the card that busts them, so this hand cannot happen",
        name=name,
        total=total,
        top=top,
        without=without,
        limit=limit,
    )


def month_too_often(month: object, k: object) -> Msg:
    """More than 4 cards of a month among the hands."""
    return N_(
        "Month %(month)s appears %(k)s times, but the deck has only 4 cards of a month",
        month=month,
        k=k,
    )


def parse(data: Body) -> Input:
    r = Reader()
    method = r.choice_option(data, METHOD, "method")
    top_wager = data.get("wager")
    wager = 1
    if top_wager is not None or method == "everyone":
        wager = r.within(data, "wager", ROUND_WAGER) or 1
    fee = _read_rules(r, r.mapping(data, "rules", "rules"))
    raw_players = r.players(data, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    n = len(raw_players)
    dealer = r.position(data, "dealer", "dealer", n) or 0
    role_of = roles(n, dealer) if n else ()
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)

    ledger = CardClaims(r)
    month_count: Counter[int] = Counter()
    past_four: dict[int, int] = {}  # a month -> the player whose cards take it past 4
    players: list[PlayerInput] = []
    for i, p in enumerate(raw_players):
        path = f"players.{i}.cards"
        raw = r.items(p, "cards", path, what=N_("a list of 2 to 5 cards"))
        cards = _read_cards(r, raw or [], path, ledger, names[i], month_count)
        if raw is not None:
            _check_hand(r, raw, cards, path, role_of[i] if role_of else None, names[i])
        pw = _read_wager(r, p, i, method, wager)
        players.append(PlayerInput(names[i], tuple(cards), pw))
        for month, k in month_count.items():
            if k > 4:
                past_four.setdefault(month, i)
    for month, k in sorted(month_count.items()):
        if k > 4:
            r.add(f"players.{past_four[month]}.cards", month_too_often(month, k))
    if method == "banker" and top_wager is None:
        _check_bettors_wager(r, players, dealer)
    r.raise_if_any()
    return Input(tuple(players), method, dealer, wager, fee)


def _read_rules(r: Reader, rules: Body) -> int:
    """The house fee (tera-zen), the one house rule of Otoroku."""
    for key in rules:
        if key != "tera_zen_percent":
            r.add(
                f"rules.{key}",
                N_("'%(key)s' is not a house rule of Otoroku (known: tera_zen_percent)", key=key),
            )
    return r.whole_option(rules, TERA_ZEN, "rules.tera_zen_percent") or 0


def _read_cards(
    r: Reader,
    raw: Sequence[object],
    path: str,
    ledger: CardClaims,
    name: str,
    month_count: Counter[int],
) -> list[HandCard]:
    """A hand's cards, each a card id or a value from 1 to 10, counted by month."""
    cards: list[HandCard] = []
    for item in raw:
        if isinstance(item, bool):
            r.add(
                path,
                N_(
                    "%(value)s is not a card: give a card id or a value from 1 to 10",
                    value=repr(item),
                ),
            )
        elif isinstance(item, int):
            if CARD_VALUE.minimum <= item <= CARD_VALUE.maximum:
                cards.append(HandCard(item))
                month_count[item] += 1
            else:
                r.add(path, not_a_value(item))
        elif isinstance(item, str) and item in DECK:
            if ledger.claim(item, path, N_("%(name)s's hand", name=name)):
                cards.append(HandCard(CARD_BY_ID[item].month, item))
                month_count[CARD_BY_ID[item].month] += 1
        else:
            r.add(path, unknown_card_message(item, left_out))
    return cards


def not_a_value(item: int) -> Msg:
    return N_(
        "%(value)s is not a card value: Otoroku cards are worth %(minimum)s to %(maximum)s",
        value=shown(item),
        minimum=CARD_VALUE.minimum,
        maximum=CARD_VALUE.maximum,
    )


def _check_hand(
    r: Reader,
    raw: Sequence[object],
    cards: Sequence[HandCard],
    path: str,
    role: str | None,
    name: str,
) -> None:
    """A hand holds 2 to 5 cards, and a buta hand was not drawn past the bust."""
    refused = len(cards) < len(raw)
    if not 2 <= len(raw) <= 5 and not (refused and len(raw) < 2):
        # (A single card that is no card is one mistake, said once, not also "too few".)
        r.add(path, hand_size(len(raw)))
    elif len(cards) == len(raw) and role is not None:
        lim = limit_for(role)
        hand = evaluate_hand(cards, role)
        top = max(c.month for c in cards)
        if hand.buta and hand.total - top > lim:
            r.add(path, past_the_bust(name, hand.total, top, hand.total - top, lim))


def _read_wager(r: Reader, p: Body, i: int, method: str, wager: int) -> int | None:
    """A player's own wager (the banker method), if given."""
    if "wager" not in p or p["wager"] is None:
        return None
    pw = r.within(p, "wager", PLAYER_WAGER, i=i)
    if pw is not None and method == "everyone" and pw != wager:
        r.add(
            f"players.{i}.wager",
            N_(
                "Per-player wagers belong to the banker method; with 'everyone' all "
                "players put the same wager in the pot"
            ),
        )
    return pw


def _check_bettors_wager(r: Reader, players: Sequence[PlayerInput], dealer: int) -> None:
    """The banker method needs a wager: the round's, or one for each bettor."""
    without = [p.name for i, p in enumerate(players) if i != dealer and p.wager is None]
    if without:
        r.add(
            "wager",
            N_(
                "A wager is required here (or one for each bettor: %(names)s has none)",
                names=", ".join(without),
            ),
        )


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

    def to_dict(self) -> JSONObject:
        return {
            "name": self.name,
            "role": self.role,
            "cards": [c.to_json() for c in self.cards],
            "total": self.hand.total,
            "teyaku": self.hand.teyaku,
            "buta": self.hand.buta,
            "strength": self.hand.strength,
            "hand": str(self.hand.label),
            "wager": self.wager,
            "outcome": self.outcome,
            "fee": self.fee,
            "delta": amount_str(self.delta),
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    method: str
    dealer: int
    players: tuple[PlayerResult, ...]
    void: bool
    winners: tuple[str, ...]
    next_dealer: int
    house: Fraction
    tera_zen_percent: int
    """The house fee it was scored with (which the notes name)."""

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def outcome(self) -> Outcome:
        return Outcome(next_dealer=self.next_dealer, house=self.house, void=self.void)

    def to_dict(self) -> JSONObject:
        """The result as the API shows it, the notes saying why made now (``explain_notes``)."""
        return {
            "game": GAME,
            "method": self.method,
            "dealer": self.dealer,
            "players": [p.to_dict() for p in self.players],
            "void": self.void,
            "winners": list(self.winners),
            "next_dealer": self.next_dealer,
            "house": amount_str(self.house),
            "notes": [n.to_dict() for n in explain_notes(self)],
        }


def evaluate(data: Body) -> RoundResult:
    """Parse and score a body (``InvalidInput`` with every problem found)."""
    return score(parse(data))


@dataclass(frozen=True, slots=True)
class _Paid:
    """What a round's payout decided: each player's change, outcome against the dealer and
    house fee; the winners, the next dealer and the house's take."""

    deltas: list[Fraction]
    winners: list[int]
    next_dealer: int
    house: Fraction = Fraction(0)
    outcomes: list[str | None] | None = None
    fees: list[int] | None = None


def score(inp: Input) -> RoundResult:
    n = len(inp.players)
    role_of = roles(n, inp.dealer)
    hands = [evaluate_hand(p.cards, role_of[i]) for i, p in enumerate(inp.players)]
    if inp.method == "everyone":
        wagers = [inp.wager] * n
    else:
        wagers = [
            0 if i == inp.dealer else (p.wager or inp.wager) for i, p in enumerate(inp.players)
        ]
    void = all(h.buta for h in hands)
    if void:
        paid = _Paid([Fraction(0)] * n, [], inp.dealer)
    elif inp.method == "everyone":
        paid = _everyone(inp, hands)
    else:
        paid = _banker(inp, hands, wagers)
    outcomes = paid.outcomes or [None] * n
    fees = paid.fees or [0] * n
    return RoundResult(
        method=inp.method,
        dealer=inp.dealer,
        players=tuple(
            PlayerResult(
                p.name,
                role_of[i],
                p.cards,
                hands[i],
                paid.deltas[i],
                wagers[i],
                outcomes[i],
                fees[i],
            )
            for i, p in enumerate(inp.players)
        ),
        void=void,
        winners=tuple(inp.players[i].name for i in paid.winners),
        next_dealer=paid.next_dealer,
        house=paid.house,
        tera_zen_percent=inp.tera_zen_percent,
    )


def _everyone(inp: Input, hands: list[Hand]) -> _Paid:
    """Everyone against everyone (RULES 5.4): the strongest hand takes the pot; tied winners
    split it, odd units from the dealer's right, the nearest of them dealing next (R15)."""
    n = len(hands)
    best = max(h.strength for h in hands)
    tied = [i for i in turn_order_from_right(n, inp.dealer) if hands[i].strength == best]
    shares = split_evenly(inp.wager * n, len(tied))
    deltas = [Fraction(-inp.wager)] * n
    for i, s in zip(tied, shares, strict=True):
        deltas[i] = Fraction(s - inp.wager)
    return _Paid(deltas, sorted(tied), tied[0])


def _banker(inp: Input, hands: list[Hand], wagers: list[int]) -> _Paid:
    """The dealer against each bettor (RULES 5.5), less the house fee on a bettor's win."""
    n = len(hands)
    d = inp.dealer
    deltas = [Fraction(0)] * n
    outcomes: list[str | None] = [None] * n
    fees = [0] * n
    house = Fraction(0)
    for i in turn_order_from_right(n, d):
        if i == d:
            continue
        w = wagers[i]
        outcome = _against_dealer(hands[i], hands[d])
        outcomes[i] = outcome
        if outcome == "win":
            fee = w * inp.tera_zen_percent // 100
            fees[i] = fee
            deltas[i] += w - fee
            deltas[d] -= w
            house += fee
        elif outcome == "lose":
            deltas[i] -= w
            deltas[d] += w
    winners = [i for i in range(n) if deltas[i] > 0]
    return _Paid(deltas, winners, d, house, outcomes, fees)


def _against_dealer(h: Hand, dealer_hand: Hand) -> str:
    """A bettor's hand against the dealer's (RULES 5.5, R16): 'win', 'lose' or 'tie'."""
    if h.buta:
        return "lose"  # even when the dealer is buta too
    if dealer_hand.buta or h.strength > dealer_hand.strength:
        return "win"
    if h.strength < dealer_hand.strength:
        return "lose"
    return "tie" if h.strength >= FIFTEEN else "lose"


__all__ = [
    "BUTA",
    "DECK",
    "FIFTEEN",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROLE_NAMES",
    "TEYAKU_NAMES",
    "TEYAKU_STRENGTH",
    "TITLE",
    "Hand",
    "HandCard",
    "Input",
    "InvalidInput",
    "PlayerInput",
    "RoundResult",
    "SeatDraw",
    "evaluate",
    "evaluate_hand",
    "explain_notes",
    "find_teyaku",
    "hand_label",
    "left_out",
    "limit_for",
    "not_a_value",
    "parse",
    "roles",
    "score",
    "seat_draw",
]
