"""Toppa (2 players, par 120) and Baka (3 players, par 80): RULES.md section 4.

Both games score a captured pile (dekiyaku) and an exposed hand (teyaku). Toppa settles
the yaku difference by an exchange of captured cards (4.5); Baka settles Low Man Out,
yaku against the average (or pairwise) and card points arithmetically (4.6), in thirds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache, reduce
from itertools import product
from operator import xor

from scorekeeper.cards import (
    ALL_IDS,
    CARD_BY_ID,
    IDS_OF_TYPE,
    POINTS,
    SUITS,
    CardType,
    in_deck_order,
    names_of,
)
from scorekeeper.exact import amount_str, display
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg, message_json
from scorekeeper.rules.common import (
    Body,
    Bound,
    CardClaims,
    InvalidInput,
    Note,
    Option,
    Outcome,
    Reader,
)

PAR = {"toppa": 120, "baka": 80}
TITLES = {"toppa": N_("Toppa"), "baka": N_("Baka")}
#: Both are played with the full 48-card deck (RULES 1).
DECK: frozenset[str] = ALL_IDS
_DECK_IN_ORDER: tuple[str, ...] = tuple(in_deck_order(DECK))
PLAYERS = {"toppa": 2, "baka": 3}
HAND_SIZE = {"toppa": 10, "baka": 7}
CHAFF_THRESHOLD = {"toppa": 12, "baka": 10}
LOW_MAN_OUT_LIMIT = 25
LOW_MAN_OUT_PAYMENT = 40
BAKA_ROUNDS = 3

BRIGHTS = ("pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix")
DRY_BRIGHTS = ("pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix")
RAIN_MAN = "willow-rainman"
BOAR_DEER_BUTTERFLY = ("bushclover-boar", "maple-deer", "peony-butterflies")
POETRY = ("pine-ribbon", "plum-ribbon", "cherry-ribbon")
BLUE = ("peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon")
ROWS = {"wisteria-row": "wisteria", "iris-row": "iris", "bush-clover-row": "bushclover"}
PLAIN_CHAFF = IDS_OF_TYPE[CardType.CHAFF] - {"willow-lightning"}
ROW_CARDS = {
    yaku_id: tuple(c.id for c in CARD_BY_ID.values() if c.suit.id == suit)
    for yaku_id, suit in ROWS.items()
}
WILLOW = ("willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning")
WILLOW_NON_RIBBON = ("willow-rainman", "willow-swallow", "willow-lightning")
# The same as sets, for ``dekiyaku``'s subset tests (it runs for every pile of every round).
_DRY_BRIGHTS = frozenset(DRY_BRIGHTS)
_BOAR_DEER_BUTTERFLY = frozenset(BOAR_DEER_BUTTERFLY)
_POETRY, _BLUE = frozenset(POETRY), frozenset(BLUE)
_ROW_SETS = tuple((yaku_id, row, frozenset(row)) for yaku_id, row in ROW_CARDS.items())
_RIBBONS = IDS_OF_TYPE[CardType.RIBBON]

#: Each yaku's name (a message: the Japanese catalogue gives the kanji and reading players
#: use) and its Japanese name in romaji and kanji, shown beside the name in other languages.
YAKU_NAMES: dict[str, tuple[Msg, str]] = {
    "five-brights": (N_("Five Brights"), "gokō 五光"),
    "four-brights": (N_("Four Brights"), "honshi 本四"),
    "rainy-four-brights": (N_("Rainy Four Brights"), "ameshikō 雨四光"),
    "boar-deer-butterfly": (N_("Boar-Deer-Butterfly"), "inoshikachō 猪鹿蝶"),
    "poetry-ribbons": (N_("Poetry Ribbons"), "sugawara 菅原"),
    "blue-ribbons": (N_("Blue Ribbons"), "aotan 青短"),
    "real-seven-ribbons": (N_("Real Seven Ribbons"), "shōnana しょう七"),
    "seven-ribbons": (N_("Seven Ribbons"), "tan 短"),
    "chaff": (N_("Chaff"), "kara カラ"),
    "wisteria-row": (N_("Wisteria Row"), "fuji ふじ"),
    "iris-row": (N_("Iris Row"), "kanko かんこ"),
    "bush-clover-row": (N_("Bush Clover Row"), "inu いぬ"),
    "triplet": (N_("Triplet"), "sanbonzarashi 三本ざらし"),
    "one-ribbon": (N_("One Ribbon"), "tan'ichi 短一"),
    "one-animal": (N_("One Animal"), "toichi 十一"),
    "one-bright": (N_("One Bright"), "pikaichi 光一"),
    "empty-hand": (N_("Empty Hand"), "sō gara 総ガラ"),
}

#: House rules of RULES 4.4 and 4.6, defaults as listed there. Baka reads all five; Toppa
#: the first three (the others are accepted in a Toppa body and have no effect).
RULE_OPTIONS: tuple[Option, ...] = (
    Option(
        "yaku_values",
        "choice",
        "high",
        N_("Yaku values"),
        choices=(("high", N_("High (five brights 60)")), ("low", N_("Low (five brights 40)"))),
        checker=True,
    ),
    Option("boar_deer_butterfly", "bool", True, N_("Boar-Deer-Butterfly counts"), checker=True),
    Option("willow_as_chaff", "bool", False, N_("Willow cards also count as chaff"), checker=True),
    Option(
        "yaku_settlement",
        "choice",
        "average",
        N_("Yaku settlement"),
        choices=(
            ("average", N_("Against the average (thirds)")),
            ("pairwise", N_("Pairwise (Hachi-hachi)")),
        ),
        checker=True,
    ),
    Option(
        "low_man_out_forfeits_cards",
        "bool",
        False,
        N_("Low Man Out forfeits everybody's card points"),
        checker=True,
    ),
)
TOPPA_RULES = RULE_OPTIONS[:3]
BAKA_RULES = RULE_OPTIONS
#: Baka's round of the game (a table works it out; the dispute checker asks).
ROUND = Bound("round", 1, BAKA_ROUNDS, N_("the round of the game (1, 2 or 3)"))
BAKA_BOUNDS = (ROUND,)
#: What a round's body may hold, and each of its players (Toppa ignores ``round``).
KEYS = frozenset({"dealer", "round", "rules", "players"})
PLAYER_KEYS = frozenset({"name", "captured", "hand"})


@dataclass(frozen=True, slots=True)
class Rules:
    """House rules of RULES 4.4 and 4.6 (see ``RULE_OPTIONS`` for their defaults)."""

    yaku_values: str = "high"
    boar_deer_butterfly: bool = True
    willow_as_chaff: bool = False
    yaku_settlement: str = "average"
    low_man_out_forfeits_cards: bool = False


RULE_NAMES = frozenset(o.key for o in RULE_OPTIONS)


_RULES_READ: dict[tuple[tuple[str, object], ...], Rules] = {}
"""House rules already read without a mistake, by their settings: a table's every round
carries the same ones (an import of 10,000 rounds would read them 10,000 times)."""


def parse_rules(r: Reader, raw: Body, path: str = "rules") -> Rules:
    key = _rules_key(raw)
    known = _RULES_READ.get(key) if key is not None else None
    if known is not None:
        return known
    before = len(r.violations)
    rules = _read_rules(r, raw, path)
    if key is not None and len(r.violations) == before and len(_RULES_READ) < 256:
        _RULES_READ[key] = rules
    return rules


def _rules_key(raw: Body) -> tuple[tuple[str, object], ...] | None:
    """``raw``'s settings as a key, or None when a value is not plain text or a boolean."""
    items = tuple(sorted(raw.items()))
    if all(type(v) is str or type(v) is bool for _, v in items):
        return items
    return None


def _read_rules(r: Reader, raw: Body, path: str) -> Rules:
    for key in raw:
        if key not in RULE_NAMES:
            known = ", ".join(sorted(RULE_NAMES))
            r.add(
                f"{path}.{key}",
                N_(
                    "'%(key)s' is not a house rule of Toppa or Baka (known: %(known)s)",
                    key=key,
                    known=known,
                ),
            )
    options = {o.key: o for o in RULE_OPTIONS}

    def choice(key: str) -> str:
        return r.choice_option(raw, options[key], f"{path}.{key}")

    def flag(key: str) -> bool:
        return r.boolean(raw, key, f"{path}.{key}", bool(options[key].default))

    return Rules(
        yaku_values=choice("yaku_values"),
        boar_deer_butterfly=flag("boar_deer_butterfly"),
        willow_as_chaff=flag("willow_as_chaff"),
        yaku_settlement=choice("yaku_settlement"),
        low_man_out_forfeits_cards=flag("low_man_out_forfeits_cards"),
    )


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    captured: tuple[str, ...] | None
    """The captured pile; ``None`` means 'the rest of the deck'."""
    hand: tuple[str, ...] = ()
    """The exposed hand (teyaku claims); empty when nothing was exposed."""


@dataclass(frozen=True, slots=True)
class Input:
    game: str
    players: tuple[PlayerInput, ...]
    dealer: int = 0
    round: int = 1
    rules: Rules = field(default_factory=Rules)


@dataclass(frozen=True, slots=True)
class Yaku:
    id: str
    points: int
    cards: tuple[str, ...]
    detail: str = ""
    ruling: str | None = None

    @property
    def name(self) -> Msg:
        return YAKU_NAMES[self.id][0]

    @property
    def japanese(self) -> str:
        return YAKU_NAMES[self.id][1]

    def to_dict(self) -> JSONObject:
        out: JSONObject = {
            "id": self.id,
            "name": str(self.name),
            "japanese": self.japanese,
            "points": self.points,
            "cards": list(self.cards),
            "detail": str(self.detail),
            "ruling": self.ruling,
        }
        msg = message_json(self.detail)
        if msg is not None:
            out["detail_msg"] = msg  # what a page translates
        return out


# -- yaku --------------------------------------------------------------------------------


# The yaku whose cards and points never vary, built once: a frozen Yaku is shared safely, and
# ``dekiyaku`` runs for every pile of every round (by low or high yaku values where they differ).
_FIVE_BRIGHTS = {low: Yaku("five-brights", 40 if low else 60, BRIGHTS) for low in (False, True)}
_FOUR_BRIGHTS = {low: Yaku("four-brights", 30 if low else 40, DRY_BRIGHTS) for low in (False, True)}
_BOAR_DEER_BUTTERFLY_YAKU = Yaku("boar-deer-butterfly", 20, BOAR_DEER_BUTTERFLY)
_POETRY_YAKU = Yaku("poetry-ribbons", 20, POETRY)
_BLUE_YAKU = Yaku("blue-ribbons", 20, BLUE)
_ROW_YAKU = tuple((Yaku(yaku_id, 20, row), row_set) for yaku_id, row, row_set in _ROW_SETS)


def card_points(pile: Iterable[str]) -> int:
    return sum(map(POINTS.__getitem__, pile))


def _count_desc(n: int, threshold: int, willow: bool) -> Msg:
    extra = n - threshold
    if willow:
        if extra <= 0:
            return N_("%(n)s chaff (willow cards counted as chaff)", n=n)
        return N_(
            "%(n)s chaff (willow cards counted as chaff): 20 + 10 × %(extra)s beyond %(threshold)s",
            n=n,
            extra=extra,
            threshold=threshold,
        )
    if extra <= 0:
        return N_("%(n)s chaff", n=n)
    return N_(
        "%(n)s chaff: 20 + 10 × %(extra)s beyond %(threshold)s",
        n=n,
        extra=extra,
        threshold=threshold,
    )


def dekiyaku(  # noqa: C901  (split by engines in issue 32)
    pile: Iterable[str], game: str, rules: Rules = Rules(), explain: bool = True
) -> tuple[Yaku, ...]:
    """Every dekiyaku of a captured pile (RULES 4.4, R6, R7); without ``explain`` the
    counted yaku leave out the sentence detailing their count (their points are the same)."""
    held = frozenset(pile)
    low = rules.yaku_values == "low"
    found: list[Yaku] = []

    # Only the best bright yaku counts.
    brights = [c for c in BRIGHTS if c in held]
    if len(brights) == 5:
        found.append(_FIVE_BRIGHTS[low])
    elif held >= _DRY_BRIGHTS:
        found.append(_FOUR_BRIGHTS[low])
    elif RAIN_MAN in held and len(brights) == 4:
        found.append(Yaku("rainy-four-brights", 20, tuple(brights)))

    if rules.boar_deer_butterfly and held >= _BOAR_DEER_BUTTERFLY:
        found.append(_BOAR_DEER_BUTTERFLY_YAKU)
    if held >= _POETRY:
        found.append(_POETRY_YAKU)
    if held >= _BLUE:
        found.append(_BLUE_YAKU)

    # R6: R ribbons (the willow ribbon is one), W other willow cards held.
    ribbons = in_deck_order(held & _RIBBONS)
    willows = [c for c in WILLOW_NON_RIBBON if c in held]  # in deck order already
    r_count, w_count = len(ribbons), len(willows)
    if r_count >= 7:
        base = 30 if low else 40
        extra = r_count + w_count - 7
        found.append(
            Yaku(
                "real-seven-ribbons",
                base + 10 * extra,
                tuple(ribbons + willows),
                N_(
                    "%(r)s ribbons + %(w)s other willow: %(base)s + 10 × %(extra)s",
                    r=r_count,
                    w=w_count,
                    base=base,
                    extra=extra,
                )
                if explain
                else "",
                "R6",
            )
        )
    elif r_count + w_count >= 7:
        extra = r_count + w_count - 7
        found.append(
            Yaku(
                "seven-ribbons",
                20 + 10 * extra,
                tuple(ribbons + willows),
                N_(
                    "%(r)s ribbons + %(w)s other willow, fewer than 7 ribbons: 20 + 10 × %(extra)s",
                    r=r_count,
                    w=w_count,
                    extra=extra,
                )
                if explain
                else "",
                "R6",
            )
        )

    # R7: chaff other than the lightning; with willow_as_chaff every willow card too.
    chaff = list(held & PLAIN_CHAFF)
    if rules.willow_as_chaff:
        chaff += [c for c in WILLOW if c in held]
    threshold = CHAFF_THRESHOLD[game]
    if len(chaff) >= threshold:
        found.append(
            Yaku(
                "chaff",
                20 + 10 * (len(chaff) - threshold),
                tuple(in_deck_order(chaff)),
                _count_desc(len(chaff), threshold, rules.willow_as_chaff) if explain else "",
                "R7",
            )
        )

    for row_yaku, row_set in _ROW_YAKU:
        if row_set <= held:
            found.append(row_yaku)
    return tuple(found)


def teyaku(hand: Sequence[str], game: str) -> tuple[Yaku, ...]:
    """Every teyaku of an exposed hand (RULES 4.3, R3, R4, R5)."""
    if not hand:
        return ()
    found: list[Yaku] = []
    by_month: dict[int, list[str]] = {}
    for c in in_deck_order(hand):
        by_month.setdefault(CARD_BY_ID[c].month, []).append(c)
    for cards in by_month.values():
        if len(cards) == 3:
            found.append(Yaku("triplet", 20, tuple(cards), N_("three cards of one month"), "R3"))

    size = HAND_SIZE[game]
    if len(hand) == size:
        kinds = Counter(CARD_BY_ID[c].type for c in hand)
        chaff = kinds[CardType.CHAFF]
        ordered = tuple(in_deck_order(hand))
        ruling = "R4" if game == "baka" else None
        if chaff == size:
            found.append(
                Yaku("empty-hand", 30, ordered, N_("all %(n)s cards chaff", n=size), ruling)
            )
        elif chaff == size - 1:
            for kind, yaku_id, detail in (
                (CardType.RIBBON, "one-ribbon", N_("one ribbon, %(n)s chaff", n=size - 1)),
                (CardType.ANIMAL, "one-animal", N_("one animal, %(n)s chaff", n=size - 1)),
                (CardType.BRIGHT, "one-bright", N_("one bright, %(n)s chaff", n=size - 1)),
            ):
                if kinds[kind] == 1:
                    found.append(Yaku(yaku_id, 20, ordered, detail, ruling))
    return tuple(found)


def exchange_suggestion(pile: Iterable[str], owed: int) -> tuple[str, ...] | None:
    """Cards of ``pile`` worth exactly ``owed`` points, as few as possible; None if none."""
    by_points: dict[int, list[str]] = {20: [], 10: [], 5: []}
    for c in in_deck_order(pile):
        pts = CARD_BY_ID[c].points
        if pts:
            by_points[pts].append(c)
    if owed == 0:
        return ()
    best: tuple[int, int, int] | None = None
    for a, b in product(range(len(by_points[20]) + 1), range(len(by_points[10]) + 1)):
        rest = owed - 20 * a - 10 * b
        if rest < 0 or rest % 5:
            continue
        fives = rest // 5
        if fives > len(by_points[5]):
            continue
        if best is None or a + b + fives < sum(best):
            best = (a, b, fives)
    if best is None:
        return None
    a, b, fives = best
    return tuple(by_points[20][:a] + by_points[10][:b] + by_points[5][:fives])


# -- input -------------------------------------------------------------------------------


# What a round's entry is made of, for its messages: built once, not for every round read.
_CAPTURED_LIST = N_("a list of captured cards")
_HAND_LIST = N_("a list of exposed hand cards")


@lru_cache(maxsize=256)
def _pile_of(name: str) -> Msg:
    return N_("%(name)s's pile", name=name)


@lru_cache(maxsize=256)
def _hand_of(name: str) -> Msg:
    return N_("%(name)s's hand", name=name)


def parse(data: Body, game: str) -> Input:  # noqa: C901  (split by engines in issue 32)
    """Read a JSON-shaped body for ``game`` ('toppa' or 'baka'); raises InvalidInput."""
    r = Reader()
    n = PLAYERS[game]
    title = TITLES[game]
    rules = parse_rules(r, r.mapping(data, "rules", "rules"))
    dealer = r.position(data, "dealer", "dealer", n)
    round_no = 1
    if game == "baka":
        round_no = r.within(data, "round", ROUND, default=1) or 1

    raw_players = r.players(data, n, n, title)
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)

    piles: list[list[str] | None] = []
    hands: list[list[str]] = []
    pile_ledger = CardClaims(r)
    hand_ledger = CardClaims(r)
    left_out: list[int] = []
    entered: dict[int, list[str]] = {}
    for i, p in enumerate(raw_players):
        name = names[i]
        path = f"players.{i}.captured"
        raw = r.items(p, "captured", path, required=False, what=_CAPTURED_LIST)
        if raw is None and "captured" in p and p["captured"] is not None:
            piles.append([])
        elif raw is None:
            left_out.append(i)
            piles.append(None)
        else:
            ids = r.card_ids(raw, path, DECK)
            # A pile's months are counted as entered: a card entered in two piles is one
            # mistake, reported once, not also an odd month in the pile it was taken from.
            entered[i] = ids
            place = _pile_of(name)
            piles.append([c for c in ids if pile_ledger.claim(c, path, place)])

        hpath = f"players.{i}.hand"
        hraw = r.items(p, "hand", hpath, required=False, what=_HAND_LIST)
        hids = r.card_ids(hraw, hpath, DECK)
        place = _hand_of(name)
        hand = [c for c in hids if hand_ledger.claim(c, hpath, place)]
        hands.append(hand)
        _check_hand(r, hand, hraw, hpath, name, game)

    if len(left_out) > 1:
        for i in left_out[1:]:
            first = names[left_out[0]]
            r.add(
                f"players.{i}.captured",
                N_(
                    "Only one pile may be left out (it is the rest of the deck, %(first)s's); "
                    "enter %(name)s's captured cards",
                    first=first,
                    name=names[i],
                ),
            )
    for i, pile in enumerate(piles):
        if pile is not None:
            _check_months(r, entered.get(i, pile), f"players.{i}.captured")
    if not left_out and len(raw_players) == n and all(p is not None for p in piles):
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
    r.raise_if_any()

    players = tuple(
        PlayerInput(names[i], None if piles[i] is None else tuple(piles[i] or ()), tuple(hands[i]))
        for i in range(n)
    )
    return Input(game=game, players=players, dealer=dealer or 0, round=round_no, rules=rules)


_MONTH_BIT = {c: 1 << CARD_BY_ID[c].month for c in DECK}
"""Each card's month as a bit: a pile's bits XORed together are 0 when every month it holds
has an even count (the usual pile, checked without counting)."""


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
    if not reduce(xor, map(_MONTH_BIT.__getitem__, pile), 0):
        return
    counts = Counter(CARD_BY_ID[c].suit.id for c in pile)
    for suit in SUITS:
        k = counts.get(suit.id, 0)
        if k % 2:
            r.add(path, odd_month(suit.english, k, k == 1))


def _check_hand(
    r: Reader, hand: list[str], raw: list[object] | None, path: str, name: str, game: str
) -> None:
    size = HAND_SIZE[game]
    if raw is not None and len(raw) > size:
        r.add(
            path,
            N_(
                "A %(game)s hand holds %(size)s cards; %(n)s were entered",
                game=TITLES[game],
                size=size,
                n=len(raw),
            ),
        )
    if len(hand) < 4:
        return  # no four cards of a month (most hands are not exposed at all)
    counts = Counter(CARD_BY_ID[c].suit for c in hand)
    for suit, k in counts.items():
        if k == 4:
            r.add(path, misdeal(name, suit.english))


# -- settlement --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    captured: tuple[str, ...]
    card_points: int
    teyaku: tuple[Yaku, ...]
    dekiyaku: tuple[Yaku, ...]
    delta: Fraction
    low_man_out: bool = False
    parts: tuple[tuple[str, Fraction], ...] = ()
    """The settlement steps that make up ``delta`` (label, amount)."""

    @property
    def yaku_total(self) -> int:
        return sum(y.points for y in self.teyaku) + sum(y.points for y in self.dekiyaku)

    def to_dict(self, game: str) -> JSONObject:
        out: JSONObject = {
            "name": self.name,
            "captured": list(self.captured),
            "card_points": self.card_points,
            "teyaku": [y.to_dict() for y in self.teyaku],
            "dekiyaku": [y.to_dict() for y in self.dekiyaku],
            "yaku_total": self.yaku_total,
            "delta": amount_str(self.delta),
            "delta_display": display(self.delta, signed=True),
            "parts": [{"step": k, "amount": amount_str(v)} for k, v in self.parts],
        }
        if game == "baka":
            out["low_man_out"] = self.low_man_out
        return out


@dataclass(frozen=True, slots=True)
class Result:
    game: str
    players: tuple[PlayerResult, ...]
    winner: str | None
    next_dealer: int
    dealer: int
    round: int
    settlement: str | None = None
    exchange: tuple[str, ...] | None = None
    """Toppa: cards the lower player could hand over, when an exact set exists."""
    notes: tuple[Note, ...] = ()

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def game_over(self) -> bool:
        return self.game == "baka" and self.round == BAKA_ROUNDS

    @property
    def outcome(self) -> Outcome:
        return Outcome(next_dealer=self.next_dealer, game_over=self.game_over)

    def to_dict(self) -> JSONObject:
        out: JSONObject = {
            "game": self.game,
            "players": [p.to_dict(self.game) for p in self.players],
            "winner": self.winner,
            "dealer": self.dealer,
            "next_dealer": self.next_dealer,
            "notes": [n.to_dict() for n in self.notes],
        }
        if self.game == "toppa":
            out["settlement"] = self.settlement
            out["exchange_cards"] = list(self.exchange) if self.exchange is not None else None
        else:
            out["round"] = self.round
            out["game_over"] = self.game_over
        return out


def resolve_piles(inp: Input) -> tuple[tuple[str, ...], ...]:
    """Each player's pile, the left-out one being the rest of the deck."""
    entered = {c for p in inp.players if p.captured is not None for c in p.captured}
    rest = tuple(c for c in _DECK_IN_ORDER if c not in entered)
    return tuple(
        tuple(in_deck_order(p.captured)) if p.captured is not None else rest for p in inp.players
    )


def score(inp: Input, explain: bool = True) -> Result:
    """A round's result. Without ``explain`` only its payments and what comes next are
    worked out (``deltas``, ``outcome``): no notes, no yaku details, no exchange cards. An
    import or a long replay scores ten thousand rounds whose explanations nobody reads."""
    piles = resolve_piles(inp)
    points = [card_points(p) for p in piles]
    tey = [teyaku(p.hand, inp.game) for p in inp.players]
    dek = [dekiyaku(pile, inp.game, inp.rules, explain) for pile in piles]
    yaku = [
        sum(y.points for y in t) + sum(y.points for y in d) for t, d in zip(tey, dek, strict=True)
    ]
    if inp.game == "toppa":
        return _settle_toppa(inp, piles, points, tey, dek, yaku, explain)
    return _settle_baka(inp, piles, points, tey, dek, yaku, explain)


def _settle_toppa(
    inp: Input,
    piles: Sequence[tuple[str, ...]],
    points: Sequence[int],
    tey: Sequence[tuple[Yaku, ...]],
    dek: Sequence[tuple[Yaku, ...]],
    yaku: Sequence[int],
    explain: bool = True,
) -> Result:
    par = PAR["toppa"]
    names = [p.name for p in inp.players]
    h = 0 if yaku[0] >= yaku[1] else 1  # the higher yaku score (either, when equal)
    lo = 1 - h
    d = yaku[h] - yaku[lo]
    if d == 0:
        settlement = "none"
        scores = [points[0] - par, points[1] - par]
    elif points[lo] >= d:
        settlement = "exchange"
        scores = [0, 0]
        scores[h] = points[h] + d - par
        scores[lo] = -scores[h]
    else:
        settlement = "short"
        scores = [0, 0]
        scores[lo] = points[lo] - yaku[h] - par
        scores[h] = -scores[lo]
    w = 0 if scores[0] > 0 else 1  # the winner, unless a score of exactly 0
    winner = None if scores[0] == 0 else names[w]
    next_dealer = inp.dealer if scores[0] == 0 else w
    exchange: tuple[str, ...] | None = None
    notes: tuple[Note, ...] = ()
    if explain:
        if settlement == "exchange":
            exchange = exchange_suggestion(piles[lo], d)
        notes = _toppa_notes(inp, points, yaku, h, settlement, scores, exchange)
    deltas = (Fraction(scores[0]), Fraction(scores[1]))
    results = tuple(
        PlayerResult(
            name=names[i],
            captured=piles[i],
            card_points=points[i],
            teyaku=tey[i],
            dekiyaku=dek[i],
            delta=deltas[i],
            parts=(("score", deltas[i]),),
        )
        for i in range(2)
    )
    return Result(
        game="toppa",
        players=results,
        winner=winner,
        next_dealer=next_dealer,
        dealer=inp.dealer,
        round=inp.round,
        settlement=settlement,
        exchange=exchange,
        notes=notes,
    )


def _toppa_notes(
    inp: Input,
    points: Sequence[int],
    yaku: Sequence[int],
    h: int,
    settlement: str,
    scores: Sequence[int],
    exchange: tuple[str, ...] | None,
) -> tuple[Note, ...]:
    """Why a Toppa round scored as it did (``_settle_toppa``; ``h`` the player with the
    higher yaku score)."""
    par = PAR["toppa"]
    names = [p.name for p in inp.players]
    notes: list[Note] = []
    lo = 1 - h
    d = yaku[h] - yaku[lo]
    if settlement == "none":
        notes.append(
            Note(
                N_(
                    "Equal yaku scores (%(yaku)s): no cards change hands; "
                    "each scores card points minus %(par)s.",
                    yaku=yaku[0],
                    par=par,
                )
            )
        )
    elif settlement == "exchange":
        notes.append(
            Note(
                N_(
                    "%(high)s's yaku score is higher by %(d)s: %(low)s hands over cards worth "
                    "%(d)s, so %(high)s scores %(points)s + %(d)s - %(par)s = %(score)s.",
                    high=names[h],
                    low=names[lo],
                    d=d,
                    points=points[h],
                    par=par,
                    score=scores[h],
                )
            )
        )
        if exchange:
            notes.append(
                Note(
                    N_(
                        "Cards that make exactly %(d)s: %(cards)s.",
                        d=d,
                        cards=[CARD_BY_ID[c].label for c in exchange],
                    )
                )
            )
    else:
        notes.append(
            Note(
                N_(
                    "%(low)s holds only %(points)s card points, less than the %(d)s owed: the "
                    "exchange cannot be done, so %(low)s scores %(points)s - %(yaku)s "
                    "(all of %(high)s's yaku) - %(par)s = %(score)s.",
                    low=names[lo],
                    high=names[h],
                    points=points[lo],
                    d=d,
                    yaku=yaku[h],
                    par=par,
                    score=scores[lo],
                )
            )
        )
    if scores[0] == 0:
        notes.append(
            Note(N_("A score of exactly 0: nobody pays and the dealer keeps the deal."), "R8")
        )
    else:
        w = 0 if scores[0] > 0 else 1
        notes.append(
            Note(
                N_(
                    "%(loser)s pays %(winner)s %(score)s; %(winner)s deals next.",
                    loser=names[1 - w],
                    winner=names[w],
                    score=scores[w],
                )
            )
        )
    return tuple(notes)


def _settle_baka(
    inp: Input,
    piles: Sequence[tuple[str, ...]],
    points: Sequence[int],
    tey: Sequence[tuple[Yaku, ...]],
    dek: Sequence[tuple[Yaku, ...]],
    yaku: Sequence[int],
    explain: bool = True,
) -> Result:
    par = PAR["baka"]
    rules = inp.rules
    names = [p.name for p in inp.players]
    n = 3

    low = [points[i] <= LOW_MAN_OUT_LIMIT for i in range(n)]
    lmo = [Fraction(0)] * n
    for j in range(n):
        if low[j]:
            for k in range(n):
                if k != j:
                    lmo[j] += LOW_MAN_OUT_PAYMENT
                    lmo[k] -= LOW_MAN_OUT_PAYMENT

    total_yaku = sum(yaku)
    if rules.yaku_settlement == "pairwise":
        yk = [Fraction(n * yaku[i] - total_yaku) for i in range(n)]
    else:
        avg = Fraction(total_yaku, n)
        yk = [Fraction(yaku[i]) - avg for i in range(n)]

    forfeit = rules.low_man_out_forfeits_cards and any(low)
    cp = [Fraction(0)] * n if forfeit else [Fraction(points[i] - par) for i in range(n)]

    deltas = [lmo[i] + yk[i] + cp[i] for i in range(n)]
    results = tuple(
        PlayerResult(
            name=names[i],
            captured=piles[i],
            card_points=points[i],
            teyaku=tey[i],
            dekiyaku=dek[i],
            delta=deltas[i],
            low_man_out=low[i],
            parts=(("low_man_out", lmo[i]), ("yaku", yk[i]), ("cards", cp[i])),
        )
        for i in range(n)
    )
    best = max(deltas)
    winner = names[deltas.index(best)] if deltas.count(best) == 1 and best > 0 else None
    next_dealer = (inp.dealer + 1) % n
    return Result(
        game="baka",
        players=results,
        winner=winner,
        next_dealer=next_dealer,
        dealer=inp.dealer,
        round=inp.round,
        notes=_baka_notes(inp, points, yaku, low, forfeit, next_dealer) if explain else (),
    )


def _baka_notes(
    inp: Input,
    points: Sequence[int],
    yaku: Sequence[int],
    low: Sequence[bool],
    forfeit: bool,
    next_dealer: int,
) -> tuple[Note, ...]:
    """Why a Baka round scored as it did (``_settle_baka``)."""
    par = PAR["baka"]
    names = [p.name for p in inp.players]
    notes: list[Note] = []
    for j in range(3):
        if low[j]:
            notes.append(
                Note(
                    N_(
                        "Low Man Out: %(name)s has %(points)s card points (25 or less) and is paid "
                        "%(payment)s by each of the other two.",
                        name=names[j],
                        points=points[j],
                        payment=LOW_MAN_OUT_PAYMENT,
                    ),
                    "R9" if sum(low) > 1 else None,
                )
            )
    if sum(low) > 1:
        notes.append(
            Note(
                N_(
                    "Two players are Low Man Out: each is paid independently, so their "
                    "40s to each other cancel."
                ),
                "R9",
            )
        )
    if inp.rules.yaku_settlement == "pairwise":
        notes.append(
            Note(
                N_(
                    "Yaku settle pairwise: each player is paid their yaku score by each "
                    "opponent (2Y - the other two)."
                )
            )
        )
    else:
        total_yaku = sum(yaku)
        notes.append(
            Note(
                N_(
                    "Yaku settle against the average %(average)s (= %(total)s / 3), kept exact "
                    "in thirds.",
                    average=display(Fraction(total_yaku, 3)),
                    total=total_yaku,
                ),
                "R10",
            )
        )
    if forfeit:
        notes.append(
            Note(N_("House rule: Low Man Out forfeits everybody's card points this round."))
        )
    else:
        notes.append(
            Note(
                N_(
                    "Card points settle against par %(par)s, arithmetically (no exchange in Baka).",
                    par=par,
                ),
                "R11",
            )
        )
    if inp.round < BAKA_ROUNDS:
        notes.append(
            Note(
                N_(
                    "Dealers rotate whatever the result: %(name)s deals round %(round)s.",
                    name=names[next_dealer],
                    round=inp.round + 1,
                )
            )
        )
    else:
        notes.append(Note(N_("That was round 3: the game is over.")))
    return tuple(notes)


def baka_seat_outcome(earlier: Outcome, dealer: object, round_no: object) -> Outcome | None:
    """How a Baka round that scored ``earlier`` scores when only its dealer or its round of
    the game differ, without scoring it again; None when that cannot be said.

    Baka's payments read neither (``_settle_baka``: Low Man Out, yaku and card points are the
    players' own): the dealer only names who deals next, whatever the result (dealers
    rotate), and the third round ends the game. A correction early in a long Baka table
    shifts every later round's dealer and round of the game, and nothing else.
    """
    if (
        not isinstance(dealer, int)
        or not isinstance(round_no, int)
        or isinstance(dealer, bool)
        or isinstance(round_no, bool)
        or not 0 <= dealer < 3
        or not ROUND.minimum <= round_no <= ROUND.maximum
        or earlier.pot_after is not None
        or earlier.house
        or earlier.void
    ):
        return None
    return Outcome(next_dealer=(dealer + 1) % 3, game_over=round_no == BAKA_ROUNDS)


# -- first dealer (RULES 4.7) -----------------------------------------------------------


def draw_value(card_id: str) -> int:
    """January to September count their month number; October to December count 0."""
    m = CARD_BY_ID[card_id].month
    return m if m <= 9 else 0


@dataclass(frozen=True, slots=True)
class DrawResult:
    totals: tuple[int, ...]
    dealer: int | None
    """The first dealer's position, or None when the top totals tie (R12: draw again)."""
    redraw: tuple[int, ...] = ()


def first_dealer(draws: Sequence[Sequence[str]]) -> DrawResult:
    """Who deals first after each player drew the same number of cards (RULES 4.7, R12)."""
    r = Reader()
    if len(draws) < 2:
        r.add("draws", N_("At least two players draw"))
    sizes = {len(d) for d in draws}
    if len(sizes) > 1:
        r.add("draws", N_("Every player draws the same number of cards"))
    if 0 in sizes:
        r.add("draws", N_("Every player draws at least one card"))
    ledger = CardClaims(r)
    for i, d in enumerate(draws):
        ids = r.card_ids(list(d), f"draws.{i}", DECK)
        for c in ids:
            ledger.claim(c, f"draws.{i}", N_("player %(n)s's draw", n=i + 1))
    r.raise_if_any()
    totals = tuple(sum(draw_value(c) for c in d) for d in draws)
    top = max(totals)
    leaders = tuple(i for i, t in enumerate(totals) if t == top)
    if len(leaders) > 1:
        return DrawResult(totals, None, leaders)
    return DrawResult(totals, leaders[0])


__all__ = [
    "Input",
    "InvalidInput",
    "PlayerInput",
    "Result",
    "Rules",
    "dekiyaku",
    "first_dealer",
    "parse",
    "score",
    "teyaku",
]
