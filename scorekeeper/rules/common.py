"""What every game shares: violations, notes, and reading a JSON-shaped body.

A body arrives as plain Python data (from JSON or from a web form). ``Reader`` reads it
field by field and collects every problem instead of stopping at the first, so a player
sees all their mistakes at once.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from scorekeeper.cards import CARD_BY_ID, Card, unknown_card_message
from scorekeeper.exact import parse_amount

MAX_NAME_LENGTH: Final = 40


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem with an input: the field path (e.g. ``players.1.captured``) and why."""

    field: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


class InvalidInput(ValueError):
    """An input that cannot be scored; carries every violation found."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        super().__init__("; ".join(f"{v.field}: {v.message}" for v in self.violations))


@dataclass(frozen=True, slots=True)
class Note:
    """One line of a result's explanation, with the ruling (R1..R21) behind it if any."""

    text: str
    ruling: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {"text": self.text, "ruling": self.ruling}


def player_label(name: str, index: int) -> str:
    return name or f"player {index + 1}"


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
        data: Mapping[str, Any],
        key: str,
        path: str,
        *,
        default: int | None = None,
        minimum: int | None = None,
        maximum: int | None = None,
        what: str = "a whole number",
    ) -> int | None:
        value = data.get(key)
        if value is None:
            if default is None:
                self.add(path, f"{what[0].upper()}{what[1:]} is required here")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, f"{value!r} is not {what}")
            return default
        if minimum is not None and value < minimum:
            self.add(path, f"{value} is too small: it must be at least {minimum}")
            return default
        if maximum is not None and value > maximum:
            self.add(path, f"{value} is too large: it must be at most {maximum}")
            return default
        return value

    def amount(
        self, data: Mapping[str, Any], key: str, path: str, *, default: Fraction
    ) -> Fraction:
        value = data.get(key)
        if value is None:
            return default
        try:
            return parse_amount(value)
        except ValueError as exc:
            self.add(path, str(exc))
            return default

    def choice(
        self,
        data: Mapping[str, Any],
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
            self.add(path, f"{value!r} is not one of {listed}")
            return default
        return value

    def boolean(self, data: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
        value = data.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.add(path, f"{value!r} is not true or false")
            return default
        return value

    def name(self, data: Mapping[str, Any], path: str, index: int) -> str:
        value = data.get("name")
        if value is None:
            return f"P{index + 1}"
        if not isinstance(value, str):
            self.add(path, f"{value!r} is not a name: a name is text")
            return f"P{index + 1}"
        cleaned = clean_name(value)
        if not cleaned:
            self.add(path, "A name cannot be empty")
            return f"P{index + 1}"
        if len(cleaned) > MAX_NAME_LENGTH:
            self.add(path, f"A name is at most {MAX_NAME_LENGTH} characters")
            return cleaned[:MAX_NAME_LENGTH]
        return cleaned

    # -- containers --------------------------------------------------------------------

    def mapping(self, data: Mapping[str, Any], key: str, path: str) -> Mapping[str, Any]:
        value = data.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.add(path, "This must be an object of named settings")
            return {}
        return value

    def items(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        *,
        required: bool = True,
        what: str = "a list",
    ) -> list[Any] | None:
        value = data.get(key)
        if value is None:
            if required:
                self.add(path, f"{what[0].upper()}{what[1:]} is required here")
            return None
        if not isinstance(value, list):
            self.add(path, f"This must be {what}")
            return None
        return value

    def players(
        self, data: Mapping[str, Any], minimum: int, maximum: int, game: str
    ) -> list[Mapping[str, Any]]:
        """The ``players`` list, each entry an object; checks the count and unique names."""
        raw = self.items(data, "players", "players", what="a list of players")
        if raw is None:
            return []
        if not minimum <= len(raw) <= maximum:
            if minimum == maximum:
                self.add(
                    "players", f"{game} is played by exactly {minimum} players, not {len(raw)}"
                )
            else:
                self.add(
                    "players",
                    f"{game} is played by {minimum} to {maximum} players, not {len(raw)}",
                )
        out: list[Mapping[str, Any]] = []
        for i, p in enumerate(raw):
            if not isinstance(p, Mapping):
                self.add(f"players.{i}", 'Each player must be an object such as {"name": "A"}')
                out.append({})
            else:
                out.append(p)
        return out

    def unique_names(self, names: Sequence[str]) -> None:
        seen: dict[str, int] = {}
        for i, n in enumerate(names):
            key = n.casefold()
            if key in seen:
                self.add(
                    f"players.{i}.name",
                    f"The name '{n}' is already used by player {seen[key] + 1}; "
                    "each player needs a different name",
                )
            else:
                seen[key] = i

    def card_ids(
        self, value: list[Any] | None, path: str, deck: frozenset[str], game: str
    ) -> list[str]:
        """Card ids from a list, reporting unknown ones and ones outside this game's deck."""
        if value is None:
            return []
        out: list[str] = []
        for item in value:
            if isinstance(item, str) and item in deck:
                out.append(item)
            else:
                self.add(path, unknown_card_message(item, game))
        return out


class CardLedger:
    """Tracks where each card was entered, to report a card entered twice."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.where: dict[str, str] = {}

    def claim(self, card_id: str, path: str, place: str) -> bool:
        """Record ``card_id`` at ``place``; report and return False if it was seen already."""
        if card_id in self.where:
            earlier = self.where[card_id]
            if earlier == place:
                self.reader.add(path, f"{card_id} is entered twice in {place}")
            else:
                self.reader.add(path, f"{card_id} is entered twice: it is already in {earlier}")
            return False
        self.where[card_id] = place
        return True


def clean_name(value: str) -> str:
    """A name with control and bidi-override characters removed and spaces collapsed."""
    kept = "".join(
        " " if unicodedata.category(ch) == "Cc" else ch
        for ch in value
        if unicodedata.category(ch) not in {"Cf", "Cs", "Co", "Cn"}
    )
    return " ".join(kept.split())


def cards_of(ids: Sequence[str]) -> list[Card]:
    return [CARD_BY_ID[i] for i in ids]


def split_evenly(total: int, shares: int) -> list[int]:
    """``total`` split into ``shares`` whole parts; the first ``total % shares`` get one more."""
    base, extra = divmod(total, shares)
    return [base + (1 if i < extra else 0) for i in range(shares)]
