"""What every game shares: violations, notes, and reading a JSON-shaped body.

A body arrives as plain Python data (from JSON or from a web form). ``Reader`` reads it
field by field and collects every problem instead of stopping at the first, so a player
sees all their mistakes at once.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Protocol, TypeAlias

from scorekeeper.cards import CARD_BY_ID, Card, unknown_card_message
from scorekeeper.exact import amount_str, parse_amount, read_stored_amount
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg, as_json, message_json, reason

Body: TypeAlias = Mapping[str, object]
"""A JSON-shaped body as a client or a table gives it, before it is checked: the ``Reader``
looks at each value's type itself, and says what is wrong with it."""
OptionValue: TypeAlias = str | bool | int
"""A house rule's or a setting's value: a choice, a switch or a whole number."""

MAX_NAME_LENGTH: Final = 40
"""A player's or a table's name, in characters (after cleaning)."""
MAX_POINT_VALUE: Final = 1_000_000
"""Money per point: at most this much, written as a whole number or a fraction whose
numerator and denominator are at most this too."""
MAX_ROUND_NUMBER: Final = 2**31 - 1
"""The largest round number anything reads (a URL, ``expected_number``): every database's
INTEGER holds it. A larger one in a URL is simply a round the table does not have (404)."""
SUBMISSION_ID_LENGTH: Final = 64
"""A ``submission_id`` is 1 to this many ASCII letters, digits, ``-`` and ``_`` (API.md)."""
WHOLE_NUMBER: Final = N_("a whole number")
PLAYER_POSITION: Final = N_("a player position")


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem with an input: the field path (e.g. ``players.1.captured``) and why."""

    field: str
    message: str
    """In English; a ``Msg`` (``scorekeeper.messages``) that a page translates."""

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": str(self.message)}


class InvalidInput(ValueError):
    """An input that cannot be scored; carries every violation found."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        super().__init__("; ".join(f"{v.field}: {v.message}" for v in self.violations))


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule or table setting, declared once with its default and bounds.

    The engine reads it from a body, the table's checks and forms read the same declaration,
    and the table of house rules in its game folder's README.md is written from it.
    """

    key: str
    kind: str
    """'choice', 'bool' or 'int'."""
    default: str | bool | int
    label: str
    hint: str = ""
    """What the amount is per, when it is one ("per round")."""
    choices: tuple[tuple[str, str], ...] = ()
    """For 'choice': each value with the words a player reads."""
    minimum: int | None = None
    maximum: int | None = None
    what: str = WHOLE_NUMBER
    """For 'int': what the number is, for messages ("a stake in whole coins")."""
    checker: bool = False
    """Whether the dispute checker asks for it (otherwise it takes the default)."""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)

    def bound(self, field: str | None = None) -> Bound:
        """This whole-number option's limits, for a round's own value of it (at ``field``)."""
        assert self.kind == "int" and self.minimum is not None and self.maximum is not None
        return Bound(field or self.key, self.minimum, self.maximum, self.what)


@dataclass(frozen=True, slots=True)
class Bound:
    """A whole number a round's body carries, with its limits: declared once with its game.

    The engine reads the number with these limits, the forms take their ``min`` and ``max``
    from them, and the table of bounds in docs/api.md is written from the declarations.
    """

    field: str
    """Where it sits in a body, ``<i>`` standing for a player's position (``players.<i>.dice``)."""
    minimum: int
    maximum: int
    what: str
    """What the number is, for messages ("a stake in whole units")."""

    def path(self, i: int | None = None) -> str:
        return self.field if i is None else self.field.replace("<i>", str(i))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round moves its table on, as typed fields (what a table's ledger reads)."""

    next_dealer: int | None = None
    """Position (among the round's players) of who deals next; None: the game has no dealer."""
    pot_after: Fraction | None = None
    """The common pot after the round; None: the game has no pot."""
    house: Fraction = Fraction(0)
    """What the house (tera-zen) took this round."""
    void: bool = False
    """The round does not count towards the game's length (Otoroku: every hand buta)."""
    game_over: bool = False
    """The round was the last of its game by the rules themselves (Baka's third round)."""
    pot_short: bool | None = None
    """Whether the pot ran short (Tokan: somebody took back less than their stake); None
    where the game has no pot or the round was stored before this was kept. A round that did
    not run short scores the same with any larger pot, only leaving more in it."""

    def to_json(self) -> JSONObject:
        # Only what differs from the defaults (``from_json`` reads them back): every stored
        # round keeps its outcome.
        data: JSONObject = {}
        if self.next_dealer is not None:
            data["next_dealer"] = self.next_dealer
        if self.pot_after is not None:
            data["pot_after"] = amount_str(self.pot_after)
        if self.house:
            data["house"] = amount_str(self.house)
        if self.void:
            data["void"] = True
        if self.game_over:
            data["game_over"] = True
        if self.pot_short is not None:
            data["pot_short"] = self.pot_short
        return data

    @classmethod
    def from_json(cls, data: Body) -> Outcome:
        pot = data.get("pot_after")
        next_dealer = data.get("next_dealer")
        return cls(
            next_dealer=None if next_dealer is None else int(str(next_dealer)),
            pot_after=None if pot is None else read_stored_amount(pot),
            house=read_stored_amount(data.get("house", "0")),
            void=bool(data.get("void")),
            game_over=bool(data.get("game_over")),
            pot_short=None if data.get("pot_short") is None else bool(data["pot_short"]),
        )


class RoundResult(Protocol):
    """What every game's result offers: each player's change, the outcome, the API's dict.

    An engine's ``evaluate`` makes the numbers only (the changes, the outcome and the game's
    own figures). Why the round scored so (the result's ``notes``) is made by the engine's
    own ``explain_notes`` from those numbers, when ``to_dict`` is asked for: where a result
    is shown or stored for showing, never for a round whose changes alone are read (a
    replay, an import)."""

    @property
    def deltas(self) -> tuple[Fraction, ...]: ...

    @property
    def outcome(self) -> Outcome: ...

    def to_dict(self) -> JSONObject:
        """The result as the API shows it, its ``notes`` made now (``explain_notes``)."""
        ...


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a result's explanation, with the ruling (R1..R21) behind it if any."""

    text: str
    ruling: str | None = None

    def to_dict(self) -> JSONObject:
        out: JSONObject = {"text": str(self.text), "ruling": self.ruling}
        msg = message_json(self.text)
        if msg is not None:
            out["msg"] = msg  # what a page translates (scorekeeper.i18n.note_text)
        return out


_PLAYERS_LIST = N_("a list of players")
"""What a body's ``players`` must be, for its messages."""


class Reader:
    """Reads a JSON-shaped body, collecting violations rather than raising at the first."""

    def __init__(self) -> None:
        self.violations: list[Violation] = []

    def add(self, field: str, message: str) -> None:
        self.violations.append(Violation(field, message))

    def raise_if_any(self) -> None:
        if self.violations:
            raise InvalidInput(self.violations)

    # -- scalars -----------------------------------------------------------------------

    def integer(
        self,
        data: Body,
        key: str,
        path: str,
        *,
        default: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
        what: str = WHOLE_NUMBER,
    ) -> int | None:
        value = data.get(key)
        if value is None:
            if default is None:
                self.add(path, N_("%(what)s is required here", what=what).capitalized())
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, N_("%(value)s is not %(what)s", value=shown(value), what=what))
            return default
        if minimum is not None and value < minimum:
            self.add(
                path,
                N_(
                    "%(value)s is too small: it must be at least %(minimum)s",
                    value=shown(value),
                    minimum=minimum,
                ),
            )
            return default
        if maximum is not None and value > maximum:
            self.add(
                path,
                N_(
                    "%(value)s is too large: it must be at most %(maximum)s",
                    value=shown(value),
                    maximum=maximum,
                ),
            )
            return default
        return value

    def position(self, data: Body, key: str, path: str, n: int) -> int | None:
        """A player's position among ``n`` (``dealer``, ``first_dealer``), counted from 0 as
        the API counts them, and its message says so; 0 when it is left out."""
        value = data.get(key)
        if type(value) is int and n > 0 and not 0 <= value < n:
            self.add(
                path,
                N_(
                    "%(value)s is not a position here: positions count from 0, so with "
                    "%(n)s players %(key)s is 0 to %(last)s",
                    value=shown(value),
                    n=n,
                    key=key,
                    last=n - 1,
                ),
            )
            return 0
        return self.integer(
            data, key, path, default=0, minimum=0, maximum=max(n - 1, 0), what=PLAYER_POSITION
        )

    def within(
        self,
        data: Body,
        key: str,
        bound: Bound,
        *,
        i: int | None = None,
        default: int | None = None,
    ) -> int | None:
        """The whole number at ``key``, within its declared ``bound`` (player ``i``'s)."""
        return self.integer(
            data,
            key,
            bound.path(i),
            default=default,
            minimum=bound.minimum,
            maximum=bound.maximum,
            what=bound.what,
        )

    def amount(self, data: Body, key: str, path: str, *, default: Fraction) -> Fraction:
        value = data.get(key)
        if value is None:
            return default
        try:
            return parse_amount(value)
        except ValueError as exc:
            self.add(path, reason(exc))
            return default

    def choice(
        self,
        data: Body,
        key: str,
        path: str,
        options: Sequence[str],
        default: str,
    ) -> str:
        value = data.get(key)
        if value is None:
            return default
        if not isinstance(value, str) or value not in options:
            listed = ", ".join(f"'{o}'" for o in options)
            self.add(
                path, N_("%(value)s is not one of %(listed)s", value=shown(value), listed=listed)
            )
            return default
        return value

    def boolean(self, data: Body, key: str, path: str, default: bool) -> bool:
        value = data.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.add(path, N_("%(value)s is not true or false", value=shown(value)))
            return default
        return value

    def name(self, data: Body, path: str, index: int, *, required: bool = False) -> str:
        """A player's (or a table's) name, cleaned; ``P<index + 1>`` when it is left out
        (refused instead when ``required``: a change of a name, a player added)."""
        value = data.get("name")
        if value is None and not required:
            return f"P{index + 1}"
        if not isinstance(value, str):
            self.add(path, not_text(value))
            return f"P{index + 1}"
        cleaned = clean_name(value)
        if not cleaned:
            self.add(path, N_("A name cannot be empty"))
            return f"P{index + 1}"
        if len(cleaned) > MAX_NAME_LENGTH:
            self.add(path, N_("A name is at most %(n)s characters", n=MAX_NAME_LENGTH))
            return cleaned[:MAX_NAME_LENGTH]
        return cleaned

    def player_name(self, data: Body, path: str, index: int) -> str:
        """A player's (or club member's) name, as ``name`` reads it when required, and none
        of the words a settle-up names the pot and the house by (``PARTY_WORDS``)."""
        name = self.name(data, path, index, required=True)
        if name_key(name) in _PARTY_KEYS:
            self.add(
                path,
                N_(
                    "A settle-up calls the pot or the house %(name)s: choose another name",
                    name=name,
                ),
            )
        return name

    def option(self, data: Body, option: Option, path: str) -> OptionValue | None:
        """The value of ``option`` in ``data`` (its default when absent; None when it is
        bad, which is said)."""
        if option.kind == "bool":
            return self.boolean(data, option.key, path, bool(option.default))
        if option.kind == "choice":
            return self.choice_option(data, option, path)
        return self.whole_option(data, option, path)

    def choice_option(self, data: Body, option: Option, path: str) -> str:
        """A choice among ``option``'s values (its default when absent or bad)."""
        value = data.get(option.key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # e.g. an Otoroku length of 12 given as a number
        return self.choice(
            {option.key: value}, option.key, path, option.values, str(option.default)
        )

    def whole_option(self, data: Body, option: Option, path: str) -> int | None:
        """A whole-number ``option`` within its bounds (its default when absent)."""
        return self.integer(
            data,
            option.key,
            path,
            default=int(option.default),
            minimum=option.minimum,
            maximum=option.maximum,
            what=option.what,
        )

    # -- containers --------------------------------------------------------------------

    def mapping(self, data: Body, key: str, path: str) -> Body:
        value = data.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.add(path, N_("This must be an object of named settings"))
            return {}
        return value

    def items(
        self,
        data: Body,
        key: str,
        path: str,
        *,
        required: bool = True,
        what: str = N_("a list"),
    ) -> list[object] | None:
        value = data.get(key)
        if value is None:
            if required:
                self.add(path, N_("%(what)s is required here", what=what).capitalized())
            return None
        if not isinstance(value, list):
            self.add(path, N_("This must be %(what)s", what=what))
            return None
        return value

    def players(self, data: Body, minimum: int, maximum: int, game: str) -> list[Body]:
        """The ``players`` list, each entry an object; checks the count."""
        raw = self.items(data, "players", "players", what=_PLAYERS_LIST)
        if raw is None:
            return []
        self.player_count(len(raw), minimum, maximum, game)
        out: list[Body] = []
        for i, p in enumerate(raw):
            if not isinstance(p, Mapping):
                self.add(f"players.{i}", N_('Each player must be an object such as {"name": "A"}'))
                out.append({})
            else:
                out.append(p)
        return out

    def player_count(self, n: int, minimum: int, maximum: int, game: str) -> None:
        if minimum <= n <= maximum:
            return
        if minimum == maximum:
            message = N_(
                "%(game)s is played by exactly %(minimum)s players, not %(n)s",
                game=game,
                minimum=minimum,
                n=n,
            )
        else:
            message = N_(
                "%(game)s is played by %(minimum)s to %(maximum)s players, not %(n)s",
                game=game,
                minimum=minimum,
                maximum=maximum,
                n=n,
            )
        self.add("players", message)

    def unique_names(self, names: Sequence[str], suffix: str = ".name") -> None:
        """Reports each name used already (case aside) at ``players.<i><suffix>``."""
        seen: dict[str, int] = {}
        for i, n in enumerate(names):
            key = name_key(n)
            if key in seen:
                self.add(
                    f"players.{i}{suffix}",
                    N_(
                        "The name '%(name)s' is already used by player %(other)s; "
                        "each player needs a different name",
                        name=n,
                        other=seen[key] + 1,
                    ),
                )
            else:
                seen[key] = i

    def card_ids(
        self,
        value: list[object] | None,
        path: str,
        deck: frozenset[str],
        left_out: Callable[[Card], str] | None = None,
    ) -> list[str]:
        """Card ids from a list, reporting unknown ones and ones outside this game's deck."""
        if value is None:
            return []
        out: list[str] = []
        for item in value:
            if isinstance(item, str) and item in deck:
                out.append(item)
            else:
                self.add(path, unknown_card_message(item, left_out))
        return out


class CardClaims:
    """Tracks where each card was entered, to report a card entered twice."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.where: dict[str, str] = {}

    def claim(self, card_id: str, path: str, place: str) -> bool:
        """Record ``card_id`` at ``place``; report and return False if it was seen already."""
        if card_id in self.where:
            earlier = self.where[card_id]
            name = CARD_BY_ID[card_id].name
            if earlier == place:
                self.reader.add(
                    path,
                    N_(
                        "%(card)s is entered twice in %(place)s", card=name, place=place
                    ).capitalized(),
                )
            else:
                self.reader.add(
                    path,
                    N_(
                        "%(card)s is entered twice: in %(earlier)s and %(place)s",
                        card=name,
                        earlier=earlier,
                        place=place,
                    ).capitalized(),
                )
            return False
        self.where[card_id] = place
        return True


def kind_of(value: object) -> Msg:
    """What sort of JSON value ``value`` is, in words ("a number", "true or false")."""
    if value is None:
        return N_("null (nothing)")
    if isinstance(value, bool):
        return N_("true or false")
    if isinstance(value, int | float):
        return N_("a number")
    if isinstance(value, str):
        return N_("text")
    if isinstance(value, list | tuple):
        return N_("a list")
    if isinstance(value, Mapping):
        return N_("an object")
    return N_("something else")


def not_text(value: object) -> Msg:
    """Why ``value`` is no name: a name is text (said in words, not as a Python value)."""
    return N_("A name must be text, not %(kind)s", kind=kind_of(value))


def shown(value: object) -> str:
    """A value as a message quotes it, as JSON writes it (``true``, ``null``, not Python's
    ``True``, ``None``): a number of many digits, or a long text, shortened."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 13_000:
            return N_("a number of thousands of digits")
        text = str(value)
        digits = len(text.lstrip("-"))
        if digits <= 20:
            return text
        return N_("%(start)s… (a number of %(n)s digits)", start=text[:12], n=digits)
    text = as_json(value)
    if len(text) <= 60:
        return text
    if isinstance(value, str):  # the text's own characters, not its quotes and escapes
        return N_("%(start)s… (%(n)s characters)", start=text[:40], n=len(value))
    return N_("%(start)s… (%(n)s characters)", start=text[:40], n=len(text))


def clean_name(value: str) -> str:
    """A name with control and bidi-override characters removed, spaces collapsed and its
    accents composed (NFC: "José" typed as e and a combining accent is the "José" typed
    with é, so that two players cannot look the same and differ). The invisible format
    characters a script or an emoji needs stay where they do their work: a zero-width
    (non-)joiner between two characters (Persian "می‌را", a family emoji), a tag after one
    (a flag's)."""
    kept = "".join(
        " " if unicodedata.category(ch) == "Cc" else ch
        for ch in value
        if unicodedata.category(ch) not in {"Cs", "Co", "Cn"}
        and (unicodedata.category(ch) != "Cf" or ch in _JOINING)
    )
    out: list[str] = []
    for ch in f"{' '.join(kept.split())} ":
        if ch in _JOINING and (not out or out[-1] == " " or out[-1] in _JOINERS):
            continue  # nothing before it to join or to tag
        if ch == " " and out and out[-1] in _JOINERS:
            out.pop()  # nothing after it to join
        out.append(ch)
    return unicodedata.normalize("NFC", " ".join("".join(out).split()))


PARTY_WORDS = ("the pot", "the house", "ポット", "胴元")
"""What a settle-up names the pot and the house, in English and Japanese (``tables.changes``'s
``POT`` and ``HOUSE``): no player may be called so, or a payment "to the pot" could be theirs."""


_JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters a name may keep (``clean_name``)."""
_JOINING = _JOINERS | frozenset(map(chr, range(0xE0020, 0xE0080)))
"""The joiners and the tag characters (a flag's subdivision, as in the Scottish flag)."""
_UNSEEN = dict.fromkeys(map(ord, _JOINING))


def name_key(name: str) -> str:
    """A name as names are compared, case, the way its accents were typed and its invisible
    joiners aside (Unicode's canonical caseless match: "José", "JOSÉ" and "Jose" with a
    combining accent are one; so are "Aki" and "Aki" with a zero-width joiner inside)."""
    if name.isascii():  # most names, and every step of a long replay asks: the same key
        return name.casefold()
    seen = name.translate(_UNSEEN)
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", seen).casefold())


def draw_of(names: Sequence[str], i: int) -> Msg:
    """Where a card drawn for the first dealer or the seats is, in a message: the player's
    draw, by name when the draw names its players."""
    if i < len(names):
        return N_("%(name)s's draw", name=names[i])
    return N_("player %(n)s's draw", n=i + 1)


def split_evenly(total: int, shares: int) -> list[int]:
    """``total`` split into ``shares`` whole parts; the first ``total % shares`` get one more."""
    base, extra = divmod(total, shares)
    return [base + (1 if i < extra else 0) for i in range(shares)]


_PARTY_KEYS = frozenset(name_key(word) for word in PARTY_WORDS)
