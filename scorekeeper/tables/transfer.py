"""A table's export (every entry with its time, and the journal) and its import, which
re-scores every round and refuses a file whose figures do not match.

Works inside the caller's transaction and raises ``InvalidInput`` or ``Conflict`` without
writing anything; the caller commits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction
from typing import TypedDict, cast

from sqlalchemy import Table as SQLTable

from scorekeeper import devices, ledger
from scorekeeper.bodies import BadJSON, load_object
from scorekeeper.codec import encode_amounts
from scorekeeper.exact import amount_str
from scorekeeper.games import RULES
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import Action, Effect, EntryKind
from scorekeeper.ledger import Step, check_storable
from scorekeeper.messages import N_, Msg, reason
from scorekeeper.models import Round, Table, db, now
from scorekeeper.round_data import Entry, StateJSON, as_entry, json_of
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.rules.common import clean_name, shown
from scorekeeper.state import State, TableSpec
from scorekeeper.tables import changes, entries, journal, store
from scorekeeper.tables.checks import (
    NewTable,
    check_exported_round,
    check_exported_totals,
    check_table,
    exported_amount,
)
from scorekeeper.tables.entries import (
    IMPORTED_KINDS,
    KINDS,
    open_table,
)
from scorekeeper.tables.journal import SUMMARY_LIMIT
from scorekeeper.tables.store import TIME_FORMAT


class ExportedEntry(TypedDict):
    """An entry of an export: its round number (None: no round), kind, input and changes,
    and its version (above 1: corrected)."""

    number: int | None
    kind: EntryKind
    input: Entry
    deltas: list[str]
    at: str
    version: int


class ExportedAction(TypedDict):
    """A journal entry of an export (its history, kept by an import as it was)."""

    seq: int
    at: str
    action: Action
    number: int | None
    summary: str
    by: str | None


class Export(TypedDict):
    """A table's export (API.md "Export and import"), ``import_table``'s input."""

    format: str
    version: int
    name: str
    game: str
    players: list[str]
    rules: JSONObject
    settings: JSONObject
    point_value: str | None
    first_dealer: int
    opening: StateJSON | None
    rounds: list[ExportedEntry]
    journal: list[ExportedAction]
    totals: list[str]
    pot: str
    house: str


class KeptAction(TypedDict):
    """An export's journal entry as an import keeps it (checked)."""

    action: Action
    summary: str
    at: datetime
    by: str | None
    number: int | None


def export_table(table: Table) -> Export:
    """Everything needed to recreate the table: its settings and every entry in order.

    Version 2 (2026-11-24): an entry's ``number`` is its round number, null for an entry
    that is no round (a game's end, a change of the table, a settle-up); version 1 numbered
    every entry. ``import_table`` reads both."""
    rounds = list(reversed(store.recent_rounds(table)))
    state = store.state_of(table)
    first_players = table.players[: len(store.opening_state(table).totals)]
    return {
        "format": "scorekeeper-table",
        "version": EXPORT_VERSION,
        "name": table.name,
        "game": table.game,
        "players": list(first_players),
        "rules": table.rules,
        "settings": table.settings,
        "point_value": table.point_value,
        "first_dealer": table.first_dealer,
        "opening": table.opening,
        "rounds": [
            {
                "number": r.round_no,
                "kind": r.kind,
                "input": r.entry,
                "deltas": r.deltas,
                "at": r.created_at.strftime(TIME_FORMAT),
                "version": r.version,
            }
            for r in rounds
        ],
        "journal": [
            {
                "seq": e.seq,
                "at": e.at.strftime(TIME_FORMAT),
                "action": e.action,
                "number": e.number,
                "summary": e.summary,
                "by": e.device,
            }
            for e in reversed(journal.journal(table))
        ],
        "totals": [amount_str(t) for t in state.totals],
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
    }


EXPORT_VERSION = 2
"""Exports numbered every entry before version 2, and number only rounds since."""


CSV_EXPORT = N_(
    "This is a CSV file: Scorekeeper writes it for spreadsheets and cannot read it back. "
    "Import the table's JSON export instead (Export JSON on the table's page)."
)
"""Why an import refuses a CSV (the table's CSV export, or any file sent as a CSV)."""

CSV_TYPES = frozenset({"text/csv", "application/csv", "text/comma-separated-values"})
_CSV_HEADER = re.compile(r'\A\ufeff?\s*"?round"?\s*[,;\t]\s*"?game"?\s*[,;\t]', re.I)
"""The first cells of a table's CSV export (``records``), as a spreadsheet may save it again."""


def read_export(raw: bytes, *, name: str = "", mimetype: str = "") -> JSONObject:
    """An uploaded export (a file called ``name`` of type ``mimetype``) as the JSON object it
    is. One that is no JSON but a CSV (named or typed so, or begun as the CSV export begins)
    is refused as InvalidInput, saying to import the JSON export instead; anything else
    that is no JSON object raises BadJSON (see ``bodies.load_object``)."""
    # A file saved again by an editor that writes a byte-order mark first reads as saved.
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return load_object(raw)
    except BadJSON:
        head = raw[:200].decode("utf-8", "replace")
        if name.lower().endswith(".csv") or mimetype in CSV_TYPES or _CSV_HEADER.match(head):
            raise InvalidInput([Violation("", CSV_EXPORT)]) from None
        raise


CLUB_EXPORT = N_(
    "This is a club's export, which holds an export of each of its tables: import one "
    "table's own export instead (Export JSON on the table's page)."
)


def _not_a_table(data: JSONObject) -> Msg:
    """Why ``data`` is no table's export: a club's export (``export_club``) is said as such."""
    if "format" not in data and isinstance(data.get("club"), dict) and "tables" in data:
        return CLUB_EXPORT
    return N_("This is not a Scorekeeper table export")


def import_table(data: JSONObject) -> Table:
    """Recreate a table from ``export_table``; every round is scored again and must agree.

    An export of version 1 (before 2026-11-24) numbered each of its entries by its place;
    one of version 2 numbers its rounds only. Either way the table gets its rounds numbered
    as rounds, and its games' ends, changes and settle-ups as what they are."""
    if data.get("format") != "scorekeeper-table":
        raise InvalidInput([Violation("format", _not_a_table(data))])
    by_place = _export_version(data.get("version", 1)) == 1
    new = check_table(data)
    raw_rounds = _exported_rounds(data.get("rounds"))

    # Everything up to the first change of the table is scored before the database is
    # touched, so that the write lock (taken at a writing request's first statement) is held
    # for the writing only: a large import does not hold up other tables' writers while it
    # scores, and a file refused on the way never takes the lock at all.
    draft = _draft(new)
    opening = data.get("opening")
    if opening is not None:
        draft.opening = _opening(opening, draft)
        draft.state = draft.opening
    old_journal = _exported_journal(data.get("journal"), by_place)
    ahead = _score_ahead(draft, raw_rounds, by_place)

    table = open_table(new)
    table.opening, table.state = draft.opening, draft.state
    journal.record_imported(
        table, [(e["action"], e["summary"], e["at"], e["by"], e["number"]) for e in old_journal]
    )
    _write_the_rest(table, raw_rounds, ahead, by_place)
    _date_from_export(table, ahead.scored, old_journal, raw_rounds)
    journal.record(
        table,
        Action.EDIT,
        N_(
            "imported from an export with %(n)s entries; the entries before this one are "
            "the exported table's history, kept as it was",
            n=len(raw_rounds),
        )
        if old_journal
        else N_("imported from an export with %(n)s entries", n=len(raw_rounds)),
        data={"effect": Effect.IMPORTED},
    )
    state = store.state_of(table)
    check_exported_totals(
        data,
        [amount_str(t) for t in state.totals],
        amount_str(state.pot),
        amount_str(state.house),
        changes.players_now(table, state),
    )
    return table


def _exported_rounds(raw_rounds: JSONValue) -> list[JSONValue]:
    """An export's ``rounds``: a list, of at most as many entries as a table holds."""
    if not isinstance(raw_rounds, list):
        raise InvalidInput([Violation("rounds", N_("The export has no list of rounds"))])
    if len(raw_rounds) > entries.MAX_ROUNDS:
        raise InvalidInput(
            [
                Violation(
                    "rounds",
                    N_(
                        "A table holds at most %(maximum)s entries, not %(n)s",
                        maximum=format(entries.MAX_ROUNDS, ","),
                        n=format(len(raw_rounds), ","),
                    ),
                )
            ]
        )
    return raw_rounds


@dataclass
class _Ahead:
    """The entries an import scores before it writes (up to the first change of the table)."""

    spec: TableSpec
    state: State
    scored: list[tuple[Entry, Step, datetime | None]] = field(default_factory=list)
    versions: list[int] = field(default_factory=list)
    """Each scored entry's version (above 1: it was corrected)."""


def _score_ahead(draft: Table, raw_rounds: list[JSONValue], by_place: bool) -> _Ahead:
    ahead = _Ahead(store.spec_of(draft), store.state_of(draft))
    spec = ahead.spec
    played = 0  # rounds so far (what players count)
    for k, item in enumerate(raw_rounds):
        kind, given = _imported(k, item)
        if kind not in KINDS:
            break
        at = _exported_time(given.get("at"), f"rounds.{k}.at")
        version = _exported_version(given.get("version"), f"rounds.{k}.version")
        with _at_input(k):
            entry = RULES[draft.game].kept_entry(kind, _input(given))
            step = ledger.step(spec, ahead.state, kind, entry)
        played += kind == EntryKind.ROUND
        number = k + 1 if by_place else (played if kind == EntryKind.ROUND else None)
        check_exported_round(k, given, number, [amount_str(d) for d in step.deltas], spec.players)
        # No result is kept: the engine's numbers held to the write took 84 MB, not 54 (a review).
        ahead.scored.append((entry, replace(step, scored=None) if step.scored else step, at))
        ahead.versions.append(version)
        ahead.state = step.after
    return ahead


@contextmanager
def _at_input(k: int) -> Iterator[None]:
    """A mistake in entry ``k``'s input, said at its place in the export."""
    try:
        yield
    except InvalidInput as exc:
        raise InvalidInput(
            [Violation(_in_entry(k, v.field), v.message) for v in exc.violations]
        ) from exc


def _in_entry(k: int, field: str) -> str:
    """Where in entry ``k`` of an export a mistake at ``field`` of its input sits: its kind
    is beside its input (a game's end with no round before it), the whole input is ``input``."""
    if field == "kind":
        return f"rounds.{k}.kind"
    return f"rounds.{k}.input.{field}" if field else f"rounds.{k}.input"


def _write_the_rest(
    table: Table, raw_rounds: list[JSONValue], ahead: _Ahead, by_place: bool
) -> None:
    """Write the entries scored ahead, then score and write the rest in order: the rounds in
    batches, each change of the table or settle-up through its own checks."""
    spec, state = ahead.spec, ahead.state
    # rounds scored, not yet written (one INSERT for many)
    pending: list[dict[str, object]] = []
    for n, (scored_entry, step, at) in enumerate(ahead.scored, 1):
        version = ahead.versions[n - 1]
        pending.append(_imported_row(table, n, scored_entry, step, at, version))
        table.rounds_played += step.kind == EntryKind.ROUND
    table.round_count = len(ahead.scored)
    for k, item in enumerate(raw_rounds[len(ahead.scored) :], len(ahead.scored)):
        kind, given = _imported(k, item)
        at = _exported_time(given.get("at"), f"rounds.{k}.at")
        version = _exported_version(given.get("version"), f"rounds.{k}.version")
        place = table.round_count + 1
        with _at_input(k):
            if kind in KINDS:
                entry = RULES[table.game].kept_entry(kind, _input(given))
                step = ledger.step(spec, state, kind, entry)
                pending.append(_imported_row(table, place, entry, step, at, version))
                deltas = cast(list[str], pending[-1]["deltas"])
                state = step.after
                table.round_count = place
                table.rounds_played += kind == EntryKind.ROUND
            else:  # a change of the table or a settle-up: through its own checks, in order
                _write_imported(table, pending, state)
                rnd = changes.import_entry(table, kind, json_of(_input(given)), recorded=False)
                if at is not None:
                    rnd.created_at = at
                rnd.version = version
                spec, state, deltas = store.spec_of(table), store.state_of(table), rnd.deltas
        number = place if by_place else (table.rounds_played if kind == EntryKind.ROUND else None)
        check_exported_round(k, given, number, deltas, store.spec_of(table).players)
    _write_imported(table, pending, state)


def _date_from_export(
    table: Table,
    scored: list[tuple[Entry, Step, datetime | None]],
    old_journal: list[KeptAction],
    raw_rounds: list[JSONValue],
) -> None:
    """The table started when it was played, not when it was imported: its export's first
    time (the exported journal opens with the table's start, its rounds follow)."""
    times = [at for _, _, at in scored if at is not None]
    times += [e["at"] for e in old_journal if e["at"] is not None]
    if raw_rounds and isinstance(raw_rounds[0], dict):  # a first entry that is no round
        first = _exported_time(raw_rounds[0].get("at"), "rounds.0.at")
        times += [first] if first is not None else []
    if times:
        table.created_at = min(min(times), table.created_at)


def _draft(new: NewTable) -> Table:
    """The table ``open_table`` would store, not stored (nor added to the session)."""
    table = Table(
        game=new.game,
        players=list(new.players),
        rules=new.rules,
        settings=new.settings,
        first_dealer=new.first_dealer,
        opening=None,
    )
    table.state = State.initial(store.spec_of(table)).to_json()
    return table


def _imported(k: int, item: JSONValue) -> tuple[EntryKind, JSONObject]:
    """Entry ``k`` of an import's rounds: what kind of entry it is, and the entry (an object
    with an object for its ``input``), checked."""
    if not isinstance(item, dict) or not isinstance(item.get("input"), dict):
        raise InvalidInput([Violation(f"rounds.{k}", N_("Each round needs its input"))])
    kind = item.get("kind", "round")
    if kind not in IMPORTED_KINDS:
        raise InvalidInput(
            [Violation(f"rounds.{k}.kind", N_("%(kind)s is not a round kind", kind=shown(kind)))]
        )
    return EntryKind(kind), item


def _input(item: JSONObject) -> Entry:
    """An exported entry's ``input`` (``_imported`` checked it is an object)."""
    return as_entry(cast(JSONObject, item["input"]))


def _imported_row(
    table: Table,
    number: int,
    entry: Entry,
    step: Step,
    at: datetime | None,
    version: int = 1,
) -> dict[str, object]:
    """An imported entry as a row to insert, at place ``number``; a round takes the table's
    next round number. A round's result is not kept (it is rebuilt from its input when
    read): an import stores a few times what it was sent, not ten. Its ``version`` is the
    exported one, so a corrected round still reads as corrected (its earlier versions are
    not exported)."""
    when = at or now()
    deltas = encode_amounts(step.deltas)
    result = step.result
    if step.kind == EntryKind.END and result is not None:
        result = store.stored_end_result(table, result, deltas)
    return {
        "table_id": table.id,
        "number": number,
        "round_no": table.rounds_played + 1 if step.kind == EntryKind.ROUND else None,
        "kind": step.kind,
        "entry": dict(entry),
        "body": step.body,
        "result": result if step.kind != EntryKind.ROUND else None,
        "outcome": step.outcome.to_json(),
        "deltas": deltas,
        "after": step.after.shape(),
        "checkpoint": step.after.tally() if number % store.CHECKPOINT == 0 else None,
        "game_no": step.game_no,
        "game_round": step.game_round,
        "dealer": step.dealer,
        "version": version,
        "created_at": when,
    }


def _write_imported(table: Table, pending: list[dict[str, object]], state: State) -> None:
    """Insert the rounds an import scored so far, in one statement, and move the table on."""
    if pending:
        journal.insert_rows(ROUNDS, pending)
        pending.clear()
    check_storable(state)
    table.state = state.to_json()
    table.updated_at = now()
    db.session.flush()


JOURNAL_ACTIONS = tuple(Action)
ROUNDS = cast(SQLTable, Round.__table__)


_CANONICAL_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")
"""A time as ``TIME_FORMAT`` writes it (strptime also reads one-digit fields; those go to it)."""


MAX_EXPORTED_VERSION = 1_000_000
"""The highest version an imported entry may carry (corrections of one round)."""


def _exported_version(raw: object, path: str) -> int:
    """An exported entry's version (1: never corrected); 1 when the export gives none (an
    export from before 2026-11-27)."""
    if raw is None:
        return 1
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_EXPORTED_VERSION:
        raise InvalidInput(
            [
                Violation(
                    path,
                    N_(
                        "%(value)s is not a version: a whole number from 1 (never corrected) "
                        "to %(max)s",
                        value=shown(raw),
                        max=MAX_EXPORTED_VERSION,
                    ),
                )
            ]
        )
    return raw


EARLIEST = datetime(1970, 1, 1)
"""The earliest time an import keeps (UTC): a time at the calendar's ends (year 1, 9999) would
leave a club's day, read in its time zone, out of the calendar."""
AHEAD = timedelta(days=1)
"""How far past now an import's time may be: the server that exported it wrote its own clock's
time, which may run ahead of this one's (or a day ahead, set to the wrong zone)."""


def _exported_time(raw: object, path: str) -> datetime | None:
    """A time an export wrote (``2026-11-22T21:04:05Z``), or None when it gives none;
    InvalidInput when it is no such time, before ``EARLIEST`` or later than now by more than
    ``AHEAD``."""
    if raw is None:
        return None
    try:
        if not isinstance(raw, str):
            raise ValueError
        if _CANONICAL_TIME.fullmatch(raw):  # as exports write it: read without strptime
            at = datetime.fromisoformat(raw[:19])  # its fields checked as strptime does
        else:
            at = datetime.strptime(raw, TIME_FORMAT)
    except ValueError:
        message = N_("%(value)s is not a time such as 2026-11-22T21:04:05Z", value=shown(raw))
        raise InvalidInput([Violation(path, message)]) from None
    if at > now() + AHEAD:
        raise InvalidInput([Violation(path, N_("%(at)s is later than now", at=raw))])
    if at < EARLIEST:
        raise InvalidInput([Violation(path, N_("%(at)s is before 1970", at=raw))])
    return at


def _export_version(raw: object) -> int:
    """An export's format version: one this server writes or wrote (1, ``EXPORT_VERSION``)."""
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= EXPORT_VERSION:
        raise InvalidInput(
            [
                Violation(
                    "version",
                    N_(
                        "%(value)s is not an export version this server reads (1 to %(n)s)",
                        value=shown(raw),
                        n=EXPORT_VERSION,
                    ),
                )
            ]
        )
    return raw


def _exported_journal(raw: object, by_place: bool = False) -> list[KeptAction]:
    """An export's journal, checked: kept on the imported table as its history (not undoable:
    the rounds it names are the imported ones, entered afresh). Each entry keeps the round
    number it names; an export of version 1 (``by_place``) numbered entries, not rounds, so
    its numbers are not kept."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InvalidInput([Violation("journal", N_("The journal must be a list of entries"))])
    out: list[KeptAction] = []
    last_seq = 0
    for k, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise InvalidInput([Violation(f"journal.{k}", N_("Each entry must be an object"))])
        path = f"journal.{k}"
        last_seq = _kept_seq(item.get("seq"), last_seq, f"{path}.seq")
        action = _kept_action(item.get("action"), f"{path}.action")
        summary = _kept_summary(item.get("summary"), f"{path}.summary")
        at = _exported_time(item.get("at"), f"{path}.at")
        by = _kept_phone(item.get("by"), f"{path}.by")
        number = _kept_number(item.get("number"), f"{path}.number")
        out.append(
            {
                "action": action,
                "summary": summary,
                "at": at or now(),
                "by": by,
                "number": None if by_place else number,
            }
        )
    return out


def _kept_seq(seq: object, last: int, path: str) -> int:
    """An entry's ``seq`` as an export writes it (optional): after the one before it, as
    an export lists its journal oldest first (the import numbers the entries afresh, in the
    list's order)."""
    if seq is None:
        return last
    if isinstance(seq, bool) or not isinstance(seq, int) or not last < seq <= 2**31 - 1:
        raise InvalidInput(
            [
                Violation(
                    path,
                    N_(
                        "%(value)s does not follow the entry before it: an export lists its "
                        "journal oldest first, each seq greater than the one before",
                        value=shown(seq),
                    ),
                )
            ]
        )
    return seq


def _kept_action(action: object, path: str) -> Action:
    if action not in JOURNAL_ACTIONS:
        raise InvalidInput(
            [Violation(path, N_("%(value)s is not a journal action", value=shown(action)))]
        )
    return Action(cast(str, action))


def _kept_summary(summary: object, path: str) -> str:
    kept = clean_name(summary) if isinstance(summary, str) else ""  # no control or bidi
    if not 0 < len(kept) <= SUMMARY_LIMIT:
        said = N_("A summary is text of 1 to %(n)s characters", n=SUMMARY_LIMIT)
        raise InvalidInput([Violation(path, said)])
    return kept


def _kept_phone(by: object, path: str) -> str | None:
    if by is None:
        return None
    try:
        return devices.clean(by) if isinstance(by, str) else devices.clean("")
    except ValueError:
        raise InvalidInput(
            [Violation(path, N_("A phone's name is text of 1 to 40 characters, or null"))]
        ) from None


def _kept_number(number: object, path: str) -> int | None:
    if number is not None and (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= entries.MAX_ROUNDS
    ):
        raise InvalidInput(
            [
                Violation(
                    path,
                    N_(
                        "A round's number is a whole number from 1 to %(maximum)s, or null",
                        maximum=format(entries.MAX_ROUNDS, ","),
                    ),
                )
            ]
        )
    return number


def _why(exc: Exception) -> str:
    """What went wrong, as its message when it carries one (a missing key named)."""
    if isinstance(exc, KeyError):
        return N_("%(key)s is missing", key=repr(exc.args[0]) if exc.args else "")
    return reason(exc)


def _check_pot_and_house(game: str, pot: Fraction, house: Fraction) -> None:
    """ValueError for a pot or house no table of ``game`` can carry: a pot only where one
    carries over (Tokan), and never below zero (it pays out no more than it holds); a house
    only where a fee goes to it (Otoroku). A house may be below zero: settled up, then a
    round corrected to a smaller fee, it is a balance still to settle, carried over as it is
    (``changes.rematch``)."""
    rules = RULES[game]
    if pot < 0 or (pot and not rules.has_pot):
        raise ValueError(N_("this game carries no pot") if pot > 0 else N_("the pot is below 0"))
    bound = rules.pot_bound
    if bound is not None and (pot.denominator != 1 or pot > bound.maximum):
        raise ValueError(
            N_(
                "the pot holds whole coins, at most %(maximum)s (got %(pot)s)",
                maximum=format(bound.maximum, ","),
                pot=amount_str(pot) if pot.denominator != 1 else shown(pot.numerator),
            )
        )
    if house and not rules.has_house:
        raise ValueError(N_("this game keeps no house"))
    if house.denominator != 1:  # a fee is whole coins: a house is never a fraction
        raise ValueError(N_("the house holds whole coins (got %(house)s)", house=amount_str(house)))


def _opening(raw: JSONValue, table: Table) -> StateJSON:
    """An exported opening state (totals carried over), checked like any other input."""
    n = len(table.players)
    try:
        if not isinstance(raw, Mapping):
            raise ValueError(N_("not an object"))
        start = State.initial(store.spec_of(table))
        # Not a list: TypeError, refused below like any other unreadable value.
        totals = tuple(exported_amount(t) for t in cast(list[JSONValue], raw["totals"]))
        if len(totals) != n:
            raise ValueError(N_("%(count)s totals for %(n)s players", count=len(totals), n=n))
        pot, house = exported_amount(raw.get("pot", "0")), exported_amount(raw.get("house", "0"))
        _check_pot_and_house(table.game, pot, house)
        if sum(totals) + pot + house != 0:
            raise ValueError(N_("the totals, pot and house do not sum to zero"))
        return replace(start, totals=totals, pot=pot, house=house).to_json()
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(
            [
                Violation(
                    "opening",
                    N_("The carried-over totals cannot be read: %(why)s", why=_why(exc)),
                )
            ]
        ) from exc
