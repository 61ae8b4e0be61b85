"""What a stored row holds, written and read back: the one place that knows the stored format.

A table's and a round's JSON columns are written as JSON text by ``encode_json`` and read by
``decode_json`` (the database engine uses both for every JSON column). Inside them an amount
is a string, ``"-20"`` or ``"40/3"`` (``amount_str``, read back by ``read_stored_amount``);
a round's changes are a list of them (``encode_amounts``); a checkpoint holds the running
totals, house and game totals (``encode_tally``). The format is what migration 0006 left:
changing a byte of it here needs a migration.

This module imports nothing of the app: every layer above may use it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypedDict

import orjson

from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.round_data import Result, StateJSON, StateShape, TallyJSON, as_result, json_of

# -- JSON columns ------------------------------------------------------------------------------


def encode_json(value: object) -> str:
    """A JSON column's text: orjson (a long replay writes thousands of rows), or the
    standard library for what orjson does not take (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value)


_DIGIT_MARKS = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
"""For ``bytes.translate``: each ASCII digit becomes "0", every other byte a space."""
_LONG_RUN = b"0" * 19
"""A run of 19 digits, the shortest that may not fit in 64 bits."""


def _has_long_number(text: str | bytes) -> bool:
    """Whether ``text`` holds a run of 19 digits anywhere (in a number or not). Translated,
    then searched for as plain bytes: a pattern scans a round's entry several times slower,
    and a long replay reads ten thousand of them."""
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    return _LONG_RUN in raw.translate(_DIGIT_MARKS)


def decode_json(text: str | bytes) -> Any:
    """A JSON column's value, orjson first; whatever ``encode_json`` wrote reads back.

    orjson reads an integer beyond 64 bits as a float, which would lose what was stored: a
    text with a run of 19 digits anywhere (in a number or not) goes to the standard library.
    """
    if _has_long_number(text):
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


# -- amounts -----------------------------------------------------------------------------------

STORED_DIGITS = 4000
"""The most digits a stored numerator or denominator may have. ``amount_str`` writes with
``str(int)`` and ``read_stored_amount`` reads with ``int(str)``: Python does both up to 4,300
digits, so everything the ledger may hold is written and read back alike."""
STORED_LIMIT = 10**STORED_DIGITS

_STORED_RE = re.compile(r"-?[0-9]+(?:/[0-9]+)?")


def amount_str(value: Fraction | int) -> str:
    """The stored (and API) form of an amount: '-20', '40/3' (always reduced)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def read_stored_amount(text: object) -> Fraction:
    """Read back an amount that ``amount_str`` wrote (from the database or a stored state).

    Unlike ``exact.parse_amount``, which bounds what a client may send, this takes any length
    that ``amount_str`` can write: a stored figure always reads back.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return Fraction(text)
    if isinstance(text, str) and text.isascii():
        digits = text[1:] if text[:1] == "-" else text
        if digits.isdigit():
            return Fraction(int(text))  # the common case, without the pattern (a long replay)
    if not isinstance(text, str) or not _STORED_RE.fullmatch(text):
        raise ValueError(f"{str(text)[:40]!r} is not a stored amount")
    num, _, den = text.partition("/")
    if den and not den.strip("0"):
        raise ValueError(f"{text[:40]!r} divides by zero")
    return Fraction(int(num), int(den or 1))


def encode_amounts(values: Iterable[Fraction | int]) -> list[str]:
    """A list of amounts as stored (a round's changes, a state's totals)."""
    return [amount_str(v) for v in values]


def decode_amounts(texts: Iterable[object]) -> tuple[Fraction, ...]:
    """What ``encode_amounts`` wrote, read back."""
    return tuple(read_stored_amount(t) for t in texts)


def storable(value: Fraction | int) -> bool:
    """Whether ``amount_str`` can write ``value`` (so ``read_stored_amount`` reads it back)."""
    return all_storable((value,))


def all_storable(values: Iterable[Fraction | int]) -> bool:
    """Whether ``amount_str`` can write every one of ``values`` (an int has a numerator and
    a denominator too): one loop, as a long replay checks ten thousand states."""
    limit = STORED_LIMIT
    for f in values:
        n, d = f.numerator, f.denominator
        if not (-limit < n < limit and d < limit):
            return False
    return True


# -- a round's checkpoint ------------------------------------------------------------------

Tally = tuple[tuple[Fraction, ...], Fraction, tuple[Fraction, ...]]
"""Running totals, house and game totals."""


def encode_tally(
    totals: Iterable[Fraction], house: Fraction, game_totals: Iterable[Fraction]
) -> TallyJSON:
    """A round's checkpoint: the running figures after it."""
    return {
        "totals": encode_amounts(totals),
        "house": amount_str(house),
        "game_totals": encode_amounts(game_totals),
    }


def decode_tally(data: TallyJSON) -> Tally:
    """What ``encode_tally`` wrote, read back."""
    return (
        decode_amounts(data["totals"]),
        read_stored_amount(data.get("house", "0")),
        decode_amounts(data["game_totals"]),
    )


# -- a table's state and a round's shape ---------------------------------------------------


class Stateful(Protocol):
    """What ``state.State`` holds (this module imports nothing above it)."""

    @property
    def dealer(self) -> int: ...
    @property
    def totals(self) -> tuple[Fraction, ...]: ...
    @property
    def pot(self) -> Fraction: ...
    @property
    def house(self) -> Fraction: ...
    @property
    def game_no(self) -> int: ...
    @property
    def game_round(self) -> int: ...
    @property
    def seated(self) -> tuple[int, ...]: ...
    @property
    def game_totals(self) -> tuple[Fraction, ...]: ...
    @property
    def game_over(self) -> bool: ...
    @property
    def away(self) -> tuple[int, ...]: ...
    @property
    def settings(self) -> Mapping[str, JSONValue] | None: ...


class StateFields(TypedDict):
    """A ``State``'s fields as ``decode_state`` reads them."""

    dealer: int
    totals: tuple[Fraction, ...]
    pot: Fraction
    house: Fraction
    game_no: int
    game_round: int
    seated: tuple[int, ...]
    game_totals: tuple[Fraction, ...]
    game_over: bool
    away: tuple[int, ...]
    settings: JSONObject | None


class ShapeFields(TypedDict):
    """The fields of a ``State`` that ``decode_shape`` reads from a round's shape."""

    dealer: int
    pot: Fraction
    seated: tuple[int, ...]
    game_over: bool
    away: tuple[int, ...]
    settings: JSONObject | None


def encode_state(state: Stateful) -> StateJSON:
    """A table's state as its ``state`` (and ``opening``) column holds it."""
    data: StateJSON = {
        "dealer": state.dealer,
        "totals": encode_amounts(state.totals),
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
        "game_no": state.game_no,
        "game_round": state.game_round,
        "seated": list(state.seated),
        "game_totals": encode_amounts(state.game_totals),
        "game_over": state.game_over,
    }
    # Written only once a change of the table sets them, so a table that never changed
    # keeps exactly the state it always had.
    if state.away:
        data["away"] = list(state.away)
    if state.settings is not None:
        data["settings"] = dict(state.settings)
    return data


def decode_state(data: StateJSON) -> StateFields:
    """What ``encode_state`` wrote, as the fields of a ``State``."""
    return {
        "dealer": int(data["dealer"]),
        "totals": decode_amounts(data["totals"]),
        "pot": read_stored_amount(data["pot"]),
        "house": read_stored_amount(data["house"]),
        "game_no": int(data["game_no"]),
        "game_round": int(data["game_round"]),
        "seated": tuple(int(i) for i in data["seated"]),
        "game_totals": decode_amounts(data["game_totals"]),
        "game_over": bool(data["game_over"]),
        "away": tuple(int(i) for i in data.get("away", ())),
        "settings": _settings(data.get("settings")),
    }


def encode_shape(state: Stateful) -> StateShape:
    """A round's ``after`` column: the state after it but its running figures (``State.shape``
    says why), and without what most rounds leave as it was (``decode_shape`` puts it back):
    each round of a table stores its shape, so a few bytes here are a table's megabytes."""
    n = len(state.totals)
    shape: StateShape = {
        "players": n,  # who has joined so far (a change of the table)
        "dealer": state.dealer,
    }
    if state.pot:
        shape["pot"] = amount_str(state.pot)
    if len(state.seated) != n or any(i != p for i, p in enumerate(state.seated)):
        shape["seated"] = list(state.seated)
    if state.game_over:
        shape["game_over"] = True
    if state.away:
        shape["away"] = list(state.away)
    if state.settings is not None:
        shape["settings"] = dict(state.settings)
    return shape


def decode_shape(shape: StateShape) -> ShapeFields:
    """What ``encode_shape`` wrote, as the fields of a ``State`` but its running figures and
    numbers (kept at checkpoints and in the round's own columns)."""
    return {
        "dealer": int(shape["dealer"]),
        "pot": read_stored_amount(shape.get("pot", "0")),
        "seated": tuple(
            int(i) for i in (shape["seated"] if "seated" in shape else range(shape["players"]))
        ),
        "game_over": bool(shape.get("game_over")),
        "away": tuple(int(i) for i in shape.get("away", ())),
        "settings": _settings(shape.get("settings")),
    }


def _settings(value: JSONObject | None) -> JSONObject | None:
    """Settings a change of the table set, or None (also for a stored ``null``)."""
    return None if value is None else dict(value)


# -- an end of game's result ---------------------------------------------------------------


def encode_end_result(result: Result, players: Sequence[str], deltas: Sequence[str]) -> Result:
    """An imported end of game's result as stored: without what the table and the row's own
    columns hold (its game, that it is an end, the players' names and changes), which
    ``decode_end_result`` puts back."""
    kept = as_result({k: v for k, v in result.items() if k not in ("game", "end", "players")})
    if kept.get("notes") == []:
        del kept["notes"]
    if result.get("players") != _end_players(players, deltas):
        json_of(kept)["players"] = json_of(result).get("players")
    return kept


def decode_end_result(
    kept: Result, game: str, players: Sequence[str], deltas: Sequence[str]
) -> Result:
    """An end of game's result from what ``encode_end_result`` kept."""
    rest = {k: v for k, v in kept.items() if k not in ("notes", "players")}
    return as_result(
        {
            "game": game,
            "end": True,
            "notes": kept.get("notes", []),
            **rest,
            "players": kept["players"] if "players" in kept else _end_players(players, deltas),
        }
    )


def _end_players(players: Sequence[str], deltas: Sequence[str]) -> list[JSONValue]:
    return [{"name": name, "delta": d} for name, d in zip(players, deltas, strict=False)]
