"""A round's data in the four shapes it takes, from a tap to a stored row and back.

A round travels as JSON-shaped data in four shapes (issue 40): what the players entered, as
the table keeps it (``Entry``); the engine's input (``EngineInput``, kept in a row without
what the table already knows); the result (``Result``, the JSON of the engine's
``RoundResult``); and the ledger's step (``state.Step``). One function turns each into the
next::

    form ─Game.entry_from_form─▶ Entry ─Game.kept_entry─▶ Entry (checked, as kept)
    Entry + State ─ledger.engine_input─▶ EngineInput ─Game.stored_body─▶ EngineInput (as kept)
    EngineInput (as kept) + Entry ─store.round_input (Game.input_from_stored)─▶ EngineInput
    EngineInput ─Game.evaluate─▶ RoundResult (the numbers) ─to_dict (+ notes)─▶ Result
    Entry + State ─ledger.step─▶ Step (the kept input, the result, the state after)

What a round holds beyond its players and dealer is the game's own (captured cards, stakes,
dice): the game's engine reads and checks those, so the shapes are ``TypedDict``s of the keys
every game shares, and the game reads the rest as JSON (``json_of``). The entries that are no
rounds (a change of the table, a settle-up) and the results of entries that are no rounds
have fixed keys, written out below.
Pure: no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, cast

from scorekeeper.jsonio import JSONObject
from scorekeeper.kinds import Effect

# -- a round ------------------------------------------------------------------------------------


class Entry(TypedDict, total=False):
    """A round as the players entered it, and as a table keeps it (``Round.entry``): the API's
    body or a form read by its game, then checked for the table (``Game.kept_entry``: every
    key known to the game, the keys the table decides dropped). A replay scores it again
    against the table as it stood. The same column keeps a change of the table
    (``EditEntry``), a settle-up (``SettleEntry``) and a game's end (``{}``)."""

    players: list[JSONObject]
    """Each player's ``{"name"?, ...the game's fields}``."""
    dealer: int | None
    """A position among ``players``; optional (the table decides it)."""
    # ...and the game's own fields (captured cards, stakes, dice), which its engine reads.


class EngineInput(TypedDict, total=False):
    """The engine's full input for one round (``Game.evaluate`` reads it; built by
    ``ledger.engine_input``): the entry's players named as the table names their seats, the
    dealer, the house rules and what the table's state decides (the round of the game, the
    pot), then the game's own fields. A row keeps it (``Round.body``) without the house rules
    when they are the table's and without the players when they are the entry's in table
    order (``Game.stored_body``); ``Game.input_from_stored`` puts both back. For a change of
    the table or a settle-up, its entry as scored; ``{}`` for a game's end."""

    players: list[JSONObject]
    dealer: int
    rules: JSONObject


class Result(TypedDict, total=False):
    """What the API shows of a scored entry (``Round.result``): ``players`` (each with
    ``name`` and ``delta``, an exact amount as text, and the game's own figures) and
    ``notes`` (each ``{"text", "ruling", "msg"?}``: for a round, made by its engine's
    ``explain_notes`` from the scored numbers when the result is built), then the game's own
    keys for a round; see ``EndResult``, ``EditResult`` and ``SettleResult`` for the other
    kinds."""

    players: list[JSONObject]
    notes: list[JSONObject]


def as_entry(data: Mapping[str, object]) -> Entry:
    """JSON read back (a body, a row, a file) as an entry: its game's engine checks it."""
    return cast(Entry, data)


def as_engine_input(data: Mapping[str, object]) -> EngineInput:
    """JSON read back (a row's body, a completed entry) as an engine's input."""
    return cast(EngineInput, data)


def as_result(data: Mapping[str, object]) -> Result:
    """JSON read back or made by ``RoundResult.to_dict`` as a result."""
    return cast(Result, data)


def json_of(shape: Entry | EngineInput | Result) -> JSONObject:
    """A shape as the JSON it is, the game's own fields and all: what a game's hooks, the
    exports and the renaming of players read (the shapes name only the shared keys)."""
    return cast(JSONObject, shape)


class PlayerDelta(TypedDict):
    """A player's line in a result that scores no round: their name and change."""

    name: str
    delta: str
    """An exact amount as text (``"-3/2"``)."""


# -- the entries that are no rounds -------------------------------------------------------------


class Seat(TypedDict):
    """A player joining the table at a change of it."""

    name: str
    position: int
    """Their table position: after the last player seated so far."""


EditEntry = TypedDict(
    "EditEntry",
    {
        "settings": JSONObject,
        "add": list[Seat],
        "remove": list[int],
        "return": list[int],
    },
    total=False,
)
"""A change of the table as stored (``table_changes.edit_step`` scores it): the settings that
change, the players joining, and the table positions of those leaving and coming back."""


class SettleEntry(TypedDict, total=False):
    """A settle-up as stored (``table_changes.settle_step`` scores it): each player's running
    total, the pot's and the house's, as settled (exact amounts as text), and how it was paid."""

    points: list[str]
    pot: str
    house: str
    payments: list[dict[str, str]]
    coins: list[dict[str, str]]
    point_value: str | None


class EndResult(TypedDict, total=False):
    """The result of a game's end: each player's share of what the table paid out (a pot
    split, R21), with the game's own words on it (``GameEnd.result``)."""

    game: str
    end: bool
    notes: list[JSONObject]
    players: list[PlayerDelta]


class EditResult(TypedDict):
    """The result of a change of the table: what changed, in words and as messages a page
    translates; nobody's total moves."""

    edit: bool
    changes: list[str]
    changes_msg: list[JSONObject]
    players: list[PlayerDelta]
    notes: list[JSONObject]


class SettleResult(TypedDict):
    """The result of a settle-up: the payments, and each player's change (their total
    settled, taken off)."""

    settle: bool
    payments: list[dict[str, str]]
    players: list[PlayerDelta]
    notes: list[JSONObject]


# -- conversions of the entries that are no rounds ---------------------------------------------


def edit_entry(entry: EditEntry) -> Entry:
    """A change of the table, checked by the table's service, as the table keeps it."""
    return as_entry(cast(JSONObject, entry))


def as_edit(entry: Entry) -> EditEntry:
    """A stored change of the table read back (``edit_entry`` wrote it)."""
    return cast(EditEntry, entry)


def settle_entry(entry: SettleEntry) -> Entry:
    """A settle-up, worked out by the table's service, as the table keeps it."""
    return as_entry(cast(JSONObject, entry))


def as_settle(entry: Entry) -> SettleEntry:
    """A stored settle-up read back (``settle_entry`` wrote it)."""
    return cast(SettleEntry, entry)


def end_result(result: EndResult) -> Result:
    """A game's end's result as the API shows it."""
    return as_result(cast(JSONObject, result))


def edit_result(result: EditResult) -> Result:
    """A change of the table's result as the API shows it."""
    return as_result(cast(JSONObject, result))


def settle_result(result: SettleResult) -> Result:
    """A settle-up's result as the API shows it."""
    return as_result(cast(JSONObject, result))


# -- the table between rounds, as rows keep it -------------------------------------------------


class StateJSON(TypedDict, total=False):
    """A table's whole state (``Table.state``, ``Table.opening``; ``State.to_json``): exact
    amounts as text, positions as numbers. ``away`` and ``settings`` are written only once a
    change of the table sets them."""

    dealer: int
    totals: list[str]
    pot: str
    house: str
    game_no: int
    game_round: int
    seated: list[int]
    game_totals: list[str]
    game_over: bool
    away: list[int]
    settings: JSONObject


class StateShape(TypedDict, total=False):
    """What a round keeps of the state after it (``Round.after``; ``State.shape``): all but
    the running figures, and only what differs from what most rounds leave."""

    players: int
    dealer: int
    pot: str
    seated: list[int]
    game_over: bool
    away: list[int]
    settings: JSONObject


class TallyJSON(TypedDict):
    """The running figures after a round (``Round.checkpoint``; ``State.tally``)."""

    totals: list[str]
    house: str
    game_totals: list[str]


class JournalData(TypedDict, total=False):
    """What a journal entry keeps beside its summary (``JournalEntry.data``): what an undo
    needs, and the summary as a message a page translates."""

    effect: Effect
    before: int
    """A correction: the version it replaced."""
    undoes: int
    """An undo: the ``seq`` of the entry it took back."""
    round_id: int
    """A change of the table: the entry it added to the sequence."""
    name: list[str]
    """A change of the table: the table's name before and after."""
    rename: dict[str, str]
    point_value: list[str | None]
    seats: list[list[str]]
    """A reseating (no round yet): the players in seat order before and after."""
    first_dealer: list[int]
    """A reseating or a new first dealer: the first dealer's position before and after."""
    table: str
    """A rematch: the new table's token."""
    summary_msg: JSONObject
