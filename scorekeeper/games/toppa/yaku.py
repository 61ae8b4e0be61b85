"""The yaku of Toppa and Baka: dekiyaku of a captured pile (RULES 4.4, R6, R7) and teyaku of
an exposed hand (RULES 4.3, R3, R4, R5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.cards import CARD_BY_ID, IDS_OF_TYPE, CardType, in_deck_order
from scorekeeper.games.toppa.house_rules import DEFAULT_RULES, Rules
from scorekeeper.games.toppa.variant import Variant
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg, message_json

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


# The yaku whose cards and points never vary (by low or high yaku values where they differ): a
# frozen Yaku is shared safely.
_FIVE_BRIGHTS = {low: Yaku("five-brights", 40 if low else 60, BRIGHTS) for low in (False, True)}
_FOUR_BRIGHTS = {low: Yaku("four-brights", 30 if low else 40, DRY_BRIGHTS) for low in (False, True)}
_BOAR_DEER_BUTTERFLY_YAKU = Yaku("boar-deer-butterfly", 20, BOAR_DEER_BUTTERFLY)
_POETRY_YAKU = Yaku("poetry-ribbons", 20, POETRY)
_BLUE_YAKU = Yaku("blue-ribbons", 20, BLUE)
_ROW_YAKU = tuple((Yaku(yaku_id, 20, row), row_set) for yaku_id, row, row_set in _ROW_SETS)


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


def dekiyaku(
    pile: Iterable[str], variant: Variant, rules: Rules = DEFAULT_RULES
) -> tuple[Yaku, ...]:
    """Every dekiyaku of a captured pile (RULES 4.4, R6, R7)."""
    held = frozenset(pile)
    found = _bright_yaku(held, rules)
    found += _set_yaku(held, rules)
    ribbons = _ribbon_yaku(held, rules)
    if ribbons is not None:
        found.append(ribbons)
    chaff = _chaff_yaku(held, variant.chaff_threshold, rules)
    if chaff is not None:
        found.append(chaff)
    found += [row_yaku for row_yaku, row_set in _ROW_YAKU if row_set <= held]
    return tuple(found)


def _bright_yaku(held: frozenset[str], rules: Rules) -> list[Yaku]:
    """The best bright yaku of a pile (only the best counts), if any."""
    low = rules.yaku_values == "low"
    brights = [c for c in BRIGHTS if c in held]
    if len(brights) == 5:
        return [_FIVE_BRIGHTS[low]]
    if held >= _DRY_BRIGHTS:
        return [_FOUR_BRIGHTS[low]]
    if RAIN_MAN in held and len(brights) == 4:
        return [Yaku("rainy-four-brights", 20, tuple(brights))]
    return []


def _set_yaku(held: frozenset[str], rules: Rules) -> list[Yaku]:
    """Boar-Deer-Butterfly (a house rule says whether it counts) and the ribbon sets."""
    found: list[Yaku] = []
    if rules.boar_deer_butterfly and held >= _BOAR_DEER_BUTTERFLY:
        found.append(_BOAR_DEER_BUTTERFLY_YAKU)
    if held >= _POETRY:
        found.append(_POETRY_YAKU)
    if held >= _BLUE:
        found.append(_BLUE_YAKU)
    return found


def _ribbon_yaku(held: frozenset[str], rules: Rules) -> Yaku | None:
    """R6: R ribbons (the willow ribbon is one), W other willow cards held."""
    ribbons = in_deck_order(held & _RIBBONS)
    willows = [c for c in WILLOW_NON_RIBBON if c in held]  # in deck order already
    r_count, w_count = len(ribbons), len(willows)
    extra = r_count + w_count - 7
    if extra < 0:
        return None
    cards = tuple(ribbons + willows)
    if r_count < 7:
        detail = _seven_ribbons_desc(r_count, w_count, extra)
        return Yaku("seven-ribbons", 20 + 10 * extra, cards, detail, "R6")
    base = 30 if rules.yaku_values == "low" else 40
    detail = N_(
        "%(r)s ribbons + %(w)s other willow: %(base)s + 10 × %(extra)s",
        r=r_count,
        w=w_count,
        base=base,
        extra=extra,
    )
    return Yaku("real-seven-ribbons", base + 10 * extra, cards, detail, "R6")


def _seven_ribbons_desc(r_count: int, w_count: int, extra: int) -> Msg:
    return N_(
        "%(r)s ribbons + %(w)s other willow, fewer than 7 ribbons: 20 + 10 × %(extra)s",
        r=r_count,
        w=w_count,
        extra=extra,
    )


def _chaff_yaku(held: frozenset[str], threshold: int, rules: Rules) -> Yaku | None:
    """R7: chaff other than the lightning; with willow_as_chaff every willow card too."""
    chaff = list(held & PLAIN_CHAFF)
    if rules.willow_as_chaff:
        chaff += [c for c in WILLOW if c in held]
    if len(chaff) < threshold:
        return None
    return Yaku(
        "chaff",
        20 + 10 * (len(chaff) - threshold),
        tuple(in_deck_order(chaff)),
        _count_desc(len(chaff), threshold, rules.willow_as_chaff),
        "R7",
    )


def teyaku(hand: Sequence[str], variant: Variant) -> tuple[Yaku, ...]:
    """Every teyaku of an exposed hand (RULES 4.3, R3, R4, R5)."""
    if not hand:
        return ()
    by_month: dict[int, list[str]] = {}
    for c in in_deck_order(hand):
        by_month.setdefault(CARD_BY_ID[c].month, []).append(c)
    found = [
        Yaku("triplet", 20, tuple(cards), N_("three cards of one month"), "R3")
        for cards in by_month.values()
        if len(cards) == 3
    ]
    if len(hand) == variant.hand_size:
        found += _whole_hand_yaku(hand, variant)
    return tuple(found)


def _whole_hand_yaku(hand: Sequence[str], variant: Variant) -> list[Yaku]:
    """The teyaku of a hand of all its cards: chaff but for at most one card (R4, R5)."""
    size = variant.hand_size
    kinds = Counter(CARD_BY_ID[c].type for c in hand)
    chaff = kinds[CardType.CHAFF]
    ordered = tuple(in_deck_order(hand))
    ruling = variant.hand_ruling
    if chaff == size:
        return [Yaku("empty-hand", 30, ordered, N_("all %(n)s cards chaff", n=size), ruling)]
    if chaff != size - 1:
        return []
    return [
        Yaku(yaku_id, 20, ordered, detail, ruling)
        for kind, yaku_id, detail in (
            (CardType.RIBBON, "one-ribbon", N_("one ribbon, %(n)s chaff", n=size - 1)),
            (CardType.ANIMAL, "one-animal", N_("one animal, %(n)s chaff", n=size - 1)),
            (CardType.BRIGHT, "one-bright", N_("one bright, %(n)s chaff", n=size - 1)),
        )
        if kinds[kind] == 1
    ]
