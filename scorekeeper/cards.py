"""The 48 hanafuda cards, their canonical ids, and the numbers each game reads off them.

Pure data: no Flask, no database. RULES.md section 1 is the reference for every id and number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.messages import N_, Msg, as_json, listed


class CardType(StrEnum):
    """The four kinds of hanafuda card, strongest first."""

    BRIGHT = "bright"
    """A bright (hikari): crane, curtain, moon, rain man, phoenix."""
    ANIMAL = "animal"
    """An animal or object card (tane)."""
    RIBBON = "ribbon"
    """A ribbon card (tanzaku)."""
    CHAFF = "chaff"
    """A plain card (kasu); the willow lightning is one too."""


class Ribbon(StrEnum):
    """The colour of a ribbon card."""

    POETRY = "poetry"
    """Red ribbon with writing (pine, plum, cherry)."""
    PLAIN = "plain"
    """Red ribbon with no writing (wisteria, iris, bush clover, willow)."""
    BLUE = "blue"
    """Blue ribbon (peony, chrysanthemum, maple)."""


#: The types and ribbon colours in words, for the card tiles.
TYPE_NAMES: dict[CardType, Msg] = {
    CardType.BRIGHT: N_("bright"),
    CardType.ANIMAL: N_("animal"),
    CardType.RIBBON: N_("ribbon"),
    CardType.CHAFF: N_("chaff"),
}
RIBBON_NAMES: dict[Ribbon, Msg] = {
    Ribbon.POETRY: N_("ribbon · poetry"),
    Ribbon.PLAIN: N_("ribbon · plain"),
    Ribbon.BLUE: N_("ribbon · blue"),
}


@dataclass(frozen=True, slots=True)
class Suit:
    """One month of the deck."""

    id: str
    month: int
    english: str
    kanji: str
    romaji: str
    nagoya: int


SUITS: tuple[Suit, ...] = (
    Suit("pine", 1, N_("Pine"), "松", "matsu", 1),
    Suit("plum", 2, N_("Plum Blossom"), "梅", "ume", 12),
    Suit("cherry", 3, N_("Cherry Blossom"), "桜", "sakura", 3),
    Suit("wisteria", 4, N_("Wisteria"), "藤", "fuji", 4),
    Suit("iris", 5, N_("Iris"), "菖蒲", "ayame", 5),
    Suit("peony", 6, N_("Peony"), "牡丹", "botan", 11),
    Suit("bushclover", 7, N_("Bush Clover"), "萩", "hagi", 7),
    Suit("susuki", 8, N_("Susuki Grass"), "芒", "susuki", 8),
    Suit("chrysanthemum", 9, N_("Chrysanthemum"), "菊", "kiku", 9),
    Suit("maple", 10, N_("Maple"), "紅葉", "momiji", 10),
    Suit("willow", 11, N_("Willow"), "柳", "yanagi", 2),
    Suit("paulownia", 12, N_("Paulownia"), "桐", "kiri", 6),
)
SUIT_BY_ID: dict[str, Suit] = {s.id: s for s in SUITS}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card."""

    id: str
    suit: Suit
    type: CardType
    english: str
    kanji: str
    romaji: str
    ribbon: Ribbon | None = None

    @property
    def month(self) -> int:
        """Month number in the standard order (pine 1 .. paulownia 12)."""
        return self.suit.month

    @property
    def nagoya(self) -> int:
        """Value in the Nagoya suit order used by Tokotoko."""
        return self.suit.nagoya

    @property
    def is_chaff(self) -> bool:
        return self.type is CardType.CHAFF

    @property
    def chaff_group(self) -> str | None:
        """The id shared by interchangeable plain cards of one suit (e.g. ``pine-chaff``)."""
        if self.is_chaff and "-chaff-" in self.id:
            return self.id.rsplit("-", 1)[0]
        return None

    @property
    def label(self) -> str:
        """The card's name for a player, e.g. 'Pine: Crane' (a message a page translates)."""
        if self.chaff_group:
            n = int(self.id.rsplit("-", 1)[1])
            return N_("%(suit)s: Chaff %(n)s", suit=self.suit.english, n=n)
        return N_("%(suit)s: %(card)s", suit=self.suit.english, card=self.english)

    @property
    def type_name(self) -> str:
        """The card's type in words ("bright"), with a ribbon's colour ("ribbon · poetry")."""
        if self.ribbon is not None:
            return RIBBON_NAMES[self.ribbon]
        return TYPE_NAMES[self.type]

    @property
    def name(self) -> str:
        """The card as a sentence names it, without its id: 'the Crane', 'the Pine Poetry
        Ribbon' (three months have one), 'Pine plain card 1' (a message a page translates)."""
        if self.chaff_group:
            n = int(self.id.rsplit("-", 1)[1])
            return N_("%(suit)s plain card %(n)s", suit=self.suit.english, n=n)
        if self.type is CardType.RIBBON:
            return N_("the %(suit)s %(card)s", suit=self.suit.english, card=self.english)
        return N_("the %(card)s", card=self.english)


def _special(
    suit: str,
    name: str,
    ctype: CardType,
    english: str,
    kanji: str,
    romaji: str,
    ribbon: Ribbon | None = None,
) -> Card:
    s = SUIT_BY_ID[suit]
    return Card(f"{suit}-{name}", s, ctype, english, kanji, romaji, ribbon)


def _chaff(suit: str, n: int) -> Card:
    s = SUIT_BY_ID[suit]
    return Card(
        f"{suit}-chaff-{n}",
        s,
        CardType.CHAFF,
        N_("Chaff %(n)s", n=n),
        f"{s.kanji}のカス",
        f"{s.romaji} no kasu",
    )


B, A, R = CardType.BRIGHT, CardType.ANIMAL, CardType.RIBBON

CARDS: tuple[Card, ...] = (
    _special("pine", "crane", B, N_("Crane"), "松に鶴", "matsu ni tsuru"),
    _special(
        "pine", "ribbon", R, N_("Poetry Ribbon"), "松に赤短", "matsu ni akatan", Ribbon.POETRY
    ),
    _chaff("pine", 1),
    _chaff("pine", 2),
    _special("plum", "warbler", A, N_("Bush Warbler"), "梅に鶯", "ume ni uguisu"),
    _special("plum", "ribbon", R, N_("Poetry Ribbon"), "梅に赤短", "ume ni akatan", Ribbon.POETRY),
    _chaff("plum", 1),
    _chaff("plum", 2),
    _special("cherry", "curtain", B, N_("Curtain"), "桜に幕", "sakura ni maku"),
    _special(
        "cherry", "ribbon", R, N_("Poetry Ribbon"), "桜に赤短", "sakura ni akatan", Ribbon.POETRY
    ),
    _chaff("cherry", 1),
    _chaff("cherry", 2),
    _special("wisteria", "cuckoo", A, N_("Cuckoo"), "藤に不如帰", "fuji ni hototogisu"),
    _special(
        "wisteria", "ribbon", R, N_("Red Ribbon"), "藤に短冊", "fuji ni tanzaku", Ribbon.PLAIN
    ),
    _chaff("wisteria", 1),
    _chaff("wisteria", 2),
    _special("iris", "bridge", A, N_("Eight-plank Bridge"), "菖蒲に八橋", "ayame ni yatsuhashi"),
    _special("iris", "ribbon", R, N_("Red Ribbon"), "菖蒲に短冊", "ayame ni tanzaku", Ribbon.PLAIN),
    _chaff("iris", 1),
    _chaff("iris", 2),
    _special("peony", "butterflies", A, N_("Butterflies"), "牡丹に蝶", "botan ni chō"),
    _special("peony", "ribbon", R, N_("Blue Ribbon"), "牡丹に青短", "botan ni aotan", Ribbon.BLUE),
    _chaff("peony", 1),
    _chaff("peony", 2),
    _special("bushclover", "boar", A, N_("Boar"), "萩に猪", "hagi ni inoshishi"),
    _special(
        "bushclover", "ribbon", R, N_("Red Ribbon"), "萩に短冊", "hagi ni tanzaku", Ribbon.PLAIN
    ),
    _chaff("bushclover", 1),
    _chaff("bushclover", 2),
    _special("susuki", "moon", B, N_("Full Moon"), "芒に月", "susuki ni tsuki"),
    _special("susuki", "geese", A, N_("Geese"), "芒に雁", "susuki ni kari"),
    _chaff("susuki", 1),
    _chaff("susuki", 2),
    _special("chrysanthemum", "cup", A, N_("Sake Cup"), "菊に盃", "kiku ni sakazuki"),
    _special(
        "chrysanthemum", "ribbon", R, N_("Blue Ribbon"), "菊に青短", "kiku ni aotan", Ribbon.BLUE
    ),
    _chaff("chrysanthemum", 1),
    _chaff("chrysanthemum", 2),
    _special("maple", "deer", A, N_("Deer"), "紅葉に鹿", "momiji ni shika"),
    _special("maple", "ribbon", R, N_("Blue Ribbon"), "紅葉に青短", "momiji ni aotan", Ribbon.BLUE),
    _chaff("maple", 1),
    _chaff("maple", 2),
    _special("willow", "rainman", B, N_("Rain Man"), "柳に小野道風", "yanagi ni Ono no Michikaze"),
    _special("willow", "swallow", A, N_("Swallow"), "柳に燕", "yanagi ni tsubame"),
    _special(
        "willow", "ribbon", R, N_("Red Ribbon"), "柳に短冊", "yanagi ni tanzaku", Ribbon.PLAIN
    ),
    _special(
        "willow", "lightning", CardType.CHAFF, N_("Lightning"), "柳に雷", "yanagi ni kaminari"
    ),
    _special("paulownia", "phoenix", B, N_("Phoenix"), "桐に鳳凰", "kiri ni hōō"),
    _chaff("paulownia", 1),
    _chaff("paulownia", 2),
    _chaff("paulownia", 3),
)

CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
ALL_IDS: frozenset[str] = frozenset(CARD_BY_ID)

#: A game's deck is all or part of these (each game's rules module says which: RULES 1).

DECK_ORDER: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
#: The ids of each type (lookups on the hot path).
IDS_OF_TYPE: dict[CardType, frozenset[str]] = {
    t: frozenset(c.id for c in CARDS if c.type is t) for t in CardType
}


def names_of(ids: Iterable[str]) -> str:
    """Cards named in a sentence, in deck order: 'the Crane, the Curtain and Pine plain card
    1' (a page lists them as its language does)."""
    return listed([CARD_BY_ID[c].name for c in in_deck_order(ids)])


def capitalised(text: str) -> str:
    """A sentence's first letter made a capital ('the Crane ...' -> 'The Crane ...'); a
    message stays one."""
    if isinstance(text, Msg):
        return text.capitalized()
    return text[:1].upper() + text[1:]


def in_deck_order(ids: Iterable[str]) -> list[str]:
    """The ids sorted as the deck is laid out (by month, then as listed in RULES 1)."""
    return sorted(ids, key=DECK_ORDER.__getitem__)


def unknown_card_message(value: object, left_out: Callable[[Card], str] | None = None) -> str:
    """A sentence explaining why ``value`` is not a card of a game's deck.

    ``left_out`` says, for a real card the game's deck does not hold, why it was removed.
    """
    if not isinstance(value, str):
        return N_(
            "%(value)s is not a card id: card ids are text such as 'pine-crane'",
            value=_brief(value),
        )
    if value not in CARD_BY_ID:
        near = value.strip().lower().replace(" ", "-").replace("_", "-")
        if near in CARD_BY_ID:
            return N_(
                "%(value)s is not a card id; did you mean '%(near)s'?",
                value=_brief(value),
                near=near,
            )
        return N_(
            "%(value)s is not a card id (ids look like 'pine-crane' or 'maple-chaff-2')",
            value=_brief(value),
        )
    if left_out is not None:
        return left_out(CARD_BY_ID[value])
    return N_("%(card)s is not in the deck", card=CARD_BY_ID[value].name).capitalized()


def _brief(value: object) -> str:
    """A value as a message repeats it: a long one cut short (a hostile body's 4,000 characters
    are not echoed back)."""
    text = as_json(value)
    return text if len(text) <= 42 else f"{text[:30]}… ({len(text):,} characters)"
