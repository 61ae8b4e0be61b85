"""Otoroku: Kingo-like hands of 2-5 cards towards 15 (16 for the last player). RULES.md 5.

Cards may be entered as hanafuda ids or, for a 40-card kabufuda deck, as values 1-10:
only the dealer's Birds teyaku needs the real cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.cards import (
    CARD_BY_ID,
    CARDS,
    TYPE_RANK,
    Card,
    CardType,
    unknown_card_message,
)
from scorekeeper.exact import amount_str
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import (
    Body,
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
TITLE = N_("Otoroku")
#: The 40-card deck: January to October (RULES 1).
DECK: frozenset[str] = frozenset(c.id for c in CARDS if c.month <= 10)
MIN_PLAYERS, MAX_PLAYERS = 2, 7


def left_out(card: Card) -> str:
    """Why a card is not in Otoroku's deck (RULES 1)."""
    return N_(
        "%(card)s is not used in Otoroku: its deck is months 1-10, "
        "so %(suit)s (month %(month)s) is removed",
        card=card.name,
        suit=card.suit.english,
        month=card.month,
    ).capitalized()


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


def parse(data: Body) -> Input:  # noqa: C901  (split by engines in issue 32)
    r = Reader()
    method = r.choice_option(data, METHOD, "method")
    top_wager = data.get("wager")
    wager = 1
    if top_wager is not None or method == "everyone":
        wager = r.within(data, "wager", ROUND_WAGER) or 1
    rules = r.mapping(data, "rules", "rules")
    for key in rules:
        if key != "tera_zen_percent":
            r.add(
                f"rules.{key}",
                N_("'%(key)s' is not a house rule of Otoroku (known: tera_zen_percent)", key=key),
            )
    fee = r.whole_option(rules, TERA_ZEN, "rules.tera_zen_percent") or 0
    raw_players = r.players(data, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    n = len(raw_players)
    dealer = r.position(data, "dealer", "dealer", n) or 0
    role_of = roles(n, dealer) if n else ()
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)

    ledger = CardClaims(r)
    month_count: Counter[int] = Counter()
    players: list[PlayerInput] = []
    for i, p in enumerate(raw_players):
        path = f"players.{i}.cards"
        raw = r.items(p, "cards", path, what=N_("a list of 2 to 5 cards"))
        cards: list[HandCard] = []
        for item in raw or []:
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
                    r.add(
                        path,
                        N_(
                            "%(value)s is not a card value: Otoroku cards are worth "
                            "%(minimum)s to %(maximum)s",
                            value=shown(item),
                            minimum=CARD_VALUE.minimum,
                            maximum=CARD_VALUE.maximum,
                        ),
                    )
            elif isinstance(item, str) and item in DECK:
                if ledger.claim(item, path, N_("%(name)s's hand", name=names[i])):
                    cards.append(HandCard(CARD_BY_ID[item].month, item))
                    month_count[CARD_BY_ID[item].month] += 1
            else:
                r.add(path, unknown_card_message(item, left_out))
        refused = raw is not None and len(cards) < len(raw)
        if raw is not None and not 2 <= len(raw) <= 5 and not (refused and len(raw) < 2):
            # (A single card that is no card is one mistake, said once, not also "too few".)
            r.add(path, hand_size(len(raw)))
        elif raw is not None and len(cards) == len(raw) and role_of:
            role = role_of[i]
            lim = limit_for(role)
            hand = evaluate_hand(cards, role)
            top = max(c.month for c in cards)
            if hand.buta and hand.total - top > lim:
                r.add(path, past_the_bust(names[i], hand.total, top, hand.total - top, lim))
        pw: int | None = None
        if "wager" in p and p["wager"] is not None:
            pw = r.within(p, "wager", PLAYER_WAGER, i=i)
            if pw is not None and method == "everyone" and pw != wager:
                r.add(
                    f"players.{i}.wager",
                    N_(
                        "Per-player wagers belong to the banker method; with 'everyone' all "
                        "players put the same wager in the pot"
                    ),
                )
        players.append(PlayerInput(names[i], tuple(cards), pw))
    for month, k in sorted(month_count.items()):
        if k > 4:
            r.add("players", month_too_often(month, k))
    if method == "banker" and top_wager is None:
        without = [p.name for i, p in enumerate(players) if i != dealer and p.wager is None]
        if without:
            r.add(
                "wager",
                N_(
                    "A wager is required here (or one for each bettor: %(names)s has none)",
                    names=", ".join(without),
                ),
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

    def to_dict(self) -> JSONObject:
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


def evaluate(data: Body) -> Result:
    """Parse and score a body (``InvalidInput`` with every problem found)."""
    return score(parse(data))


def score(inp: Input) -> Result:
    n = len(inp.players)
    role_of = roles(n, inp.dealer)
    hands = [evaluate_hand(p.cards, role_of[i]) for i, p in enumerate(inp.players)]
    names = [p.name for p in inp.players]
    notes: list[Note] = []
    for i, h in enumerate(hands):
        if h.teyaku:
            notes.append(
                Note(
                    N_(
                        "%(name)s (%(role)s) claims %(teyaku)s.",
                        name=names[i],
                        role=ROLE_NAMES[role_of[i]],
                        teyaku=TEYAKU_NAMES[h.teyaku],
                    )
                )
            )
        elif h.buta:
            notes.append(
                Note(
                    N_(
                        "%(name)s is buta: %(total)s is over the limit of %(limit)s.",
                        name=names[i],
                        total=h.total,
                        limit=limit_for(role_of[i]),
                    )
                )
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
                N_(
                    "Every hand is buta: the round is void, no money moves and the same "
                    "dealer deals again."
                )
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
                N_(
                    "%(name)s has the strongest hand and takes the pot of %(pot)s; "
                    "%(name)s deals next.",
                    name=names[tied[0]],
                    pot=pot,
                )
            )
        )
    else:
        notes.append(
            Note(
                N_(
                    "%(who)s tie and split the pot of %(pot)s; odd units go one each from the "
                    "dealer's right (the dealer counts last), and "
                    "%(name)s, nearest the dealer's right, deals next.",
                    who=[names[i] for i in tied],
                    pot=pot,
                    name=names[tied[0]],
                ),
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


def _banker(  # noqa: C901  (split by engines in issue 32)
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
        name = names[i]
        mine, theirs = h.label, dealer_hand.label
        why: Msg
        if h.buta and dealer_hand.buta:
            outcome = "lose"
            why = N_(
                "%(name)s is buta and loses the wager to the dealer "
                "(even though the dealer is buta too)",
                name=name,
            )
        elif h.buta:
            outcome, why = (
                "lose",
                N_("%(name)s is buta and loses the wager to the dealer", name=name),
            )
        elif dealer_hand.buta:
            outcome, why = "win", N_("%(name)s wins: the dealer is buta", name=name)
        elif h.strength > dealer_hand.strength:
            outcome = "win"
            why = N_(
                "%(name)s beats the dealer's %(theirs)s with %(mine)s",
                name=name,
                theirs=theirs,
                mine=mine,
            )
        elif h.strength < dealer_hand.strength:
            outcome = "lose"
            why = N_(
                "%(name)s loses: %(mine)s against the dealer's %(theirs)s",
                name=name,
                mine=mine,
                theirs=theirs,
            )
        elif h.strength >= FIFTEEN:
            outcome = "tie"
            why = N_(
                "%(name)s ties the dealer at %(mine)s (15 or more): wager back",
                name=name,
                mine=mine,
            )
        else:
            outcome = "lose"
            why = N_(
                "%(name)s ties the dealer at %(mine)s, under 15: the dealer wins",
                name=name,
                mine=mine,
            )
        outcomes[i] = outcome
        ruling = "R16" if outcome == "tie" and h.teyaku else None
        if outcome == "win":
            fee = w * inp.tera_zen_percent // 100
            fees[i] = fee
            deltas[i] += w - fee
            deltas[d] -= w
            house += fee
            if fee:
                text = N_(
                    "%(why)s: paid %(wager)s less the house fee of %(fee)s "
                    "(%(percent)s%%, rounded down).",
                    why=why,
                    wager=w,
                    fee=fee,
                    percent=inp.tera_zen_percent,
                )
            else:
                text = N_("%(why)s: paid %(wager)s.", why=why, wager=w)
            notes.append(Note(text, ruling))
        elif outcome == "lose":
            deltas[i] -= w
            deltas[d] += w
            notes.append(Note(N_("%(why)s: pays %(wager)s.", why=why, wager=w)))
        else:
            notes.append(Note(N_("%(why)s.", why=why), ruling))
    notes.append(Note(N_("The dealer, %(name)s, keeps the deal.", name=names[d])))
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
        r.add("draws", N_("Otoroku seats 2 to 7 players, not %(n)s", n=len(draws)))
    ids = r.card_ids(list(draws), "draws", DECK, left_out)
    ledger = CardClaims(r)
    for i, card_id in enumerate(ids):
        ledger.claim(card_id, "draws", N_("player %(n)s's draw", n=i + 1))
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
    "evaluate",
    "parse",
    "score",
    "seat_draw",
]
