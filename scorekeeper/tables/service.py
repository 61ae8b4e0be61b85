"""One function per thing a table can be asked to do; the pages and the API both call these.

The work is split by job: ``tables.entries`` (open a table, enter, correct, delete and restore
rounds), ``tables.undo``, ``tables.transfer`` (export and import) and ``tables.changes``
(changes of the table, rematch, settling up). This module names what the views use; each
module says how its functions work inside the caller's transaction. A write that may replay
many rounds (a correction, a delete, a restore, an undo) opens its table with ``open_for``
and what it replays (``correcting``, ``deleting``...): on a long table that replay is worked
out before the write lock is taken (``tables.planning``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from scorekeeper.clubs import service as club_service
from scorekeeper.database import showing
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.ledger import (
    dealer_index,
    engine_input,
    evaluated,
    made_result,
    seated_dealer,
    step,
)
from scorekeeper.messages import N_
from scorekeeper.models import Club, JournalEntry, Round, Table, db
from scorekeeper.round_data import EngineInput, Entry, Result, as_engine_input, json_of
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.state import State, TableSpec, spec_at
from scorekeeper.tables import changes, deck_links, store
from scorekeeper.tables.changes import record_settle, rematch
from scorekeeper.tables.checks import NewTable, check_table, continued_name, continued_seats
from scorekeeper.tables.deck_links import name_for_club, name_for_table
from scorekeeper.tables.entries import (
    IMPORTED_KINDS,
    KINDS,
    MAX_ROUNDS,
    Conflict,
    Overtaken,
    correct_round,
    delete_entry,
    delete_round,
    end_game,
    enter_round,
    named,
    named_number,
    open_table,
    restore_round,
)
from scorekeeper.tables.opened import started_by, taken_by
from scorekeeper.tables.planning import (
    ReplayOf,
    correcting,
    deleting,
    deleting_entry,
    open_for,
    restoring,
    undoing,
)
from scorekeeper.tables.replay import Replay
from scorekeeper.tables.store import TIME_FORMAT
from scorekeeper.tables.transfer import export_table, import_table, read_export
from scorekeeper.tables.undo import undo

__all__ = [
    "CLUB_KEEPS_ITS_TABLE",
    "IMPORTED_KINDS",
    "KINDS",
    "MAX_ROUNDS",
    "TIME_FORMAT",
    "Collided",
    "Conflict",
    "Overtaken",
    "Preview",
    "Replay",
    "ReplayOf",
    "change_table",
    "check_new_table",
    "check_round",
    "commit",
    "commit_opened",
    "continued_name",
    "continued_seats",
    "correct_round",
    "correcting",
    "dealer_index",
    "delete_entry",
    "delete_round",
    "deleting",
    "deleting_entry",
    "edit_table",
    "end_game",
    "enter_round",
    "export_table",
    "import_table",
    "name_for_club",
    "name_for_table",
    "named",
    "named_number",
    "open_for",
    "open_new_table",
    "open_table",
    "preview_round",
    "read_export",
    "reads_as",
    "record_settle",
    "rematch",
    "replace_round",
    "restore_round",
    "restoring",
    "rollback",
    "save_round",
    "score",
    "seated_dealer",
    "showing",
    "started_by",
    "taken_by",
    "undo",
    "undoing",
]

Collided = IntegrityError
"""Another phone wrote to the same table at the same moment: the database refused this write
(a unique number or submission taken meanwhile). Nothing of it is stored once rolled back."""


def commit() -> None:
    """Keep what this request wrote (a view calls it once its service function returned)."""
    db.session.commit()


def rollback() -> None:
    """Forget what this request wrote (a refused write stores nothing)."""
    db.session.rollback()


def score(game: GameRules, body: JSONObject) -> Result:
    """Score one round of ``game`` without storing anything (the API's ``POST /score``): the
    body is the engine's whole input, as no table completes it. A key the game does not read
    is refused by name, as at a table (docs/api.md)."""
    game.check_keys(body)
    return evaluated(game, as_engine_input(body))


def score_alone(
    game: GameRules, spec: TableSpec, entry: Entry, given: Mapping[str, JSONValue]
) -> Result:
    """Score one round under ``spec``'s rules, storing nothing (the dispute checker): its
    players named as ``spec`` seats them; the game completes its input as for a table's first
    round, and ``given`` sets what the checker asks for itself (Tokan's pot, Baka's round of
    the game). No table seats them: the engine says what it refuses (a number of players the
    game is not played by), not what a table would. InvalidInput if the round is bad."""
    body = dict(json_of(entry))
    game.complete(body, spec, State.initial(spec))
    return evaluated(game, as_engine_input({**body, **given}))


# -- opening a table -------------------------------------------------------------------------


def check_new_table(body: JSONObject) -> NewTable:
    """A new table's body checked (``tables.checks.check_table``): InvalidInput lists every
    problem, so that a form can say all of them at once, a key that is no table's too."""
    return check_table(body, only_table_keys=True)


def open_new_table(
    new: NewTable, club: Club | None = None, *, start_id: str | None = None
) -> Table:
    """Open a checked new table (``check_new_table``), in ``club`` when one is given (its
    players then become the club's members): the home page, the club's page and the API all
    open a table here. InvalidInput, storing nothing, when the club refuses it. ``start_id``:
    the id the page's start form carried (``started_by`` finds the table by it)."""
    table = club_service.open_in_club(club, new) if club is not None else open_table(new)
    table.start_id = start_id
    return table


def commit_opened(start_id: str | None, club: Club | None) -> Table | None:
    """Commit a table just opened from a start form. When the same form, sent twice at the
    same moment, opened a table first (its ``start_id`` taken meanwhile), nothing of this
    one is kept and that table is the answer; None when this one was kept."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        first = started_by(start_id, club)
        if first is None:
            raise
        return first
    return None


# -- changing a table ------------------------------------------------------------------------

CLUB_KEEPS_ITS_TABLE = N_("This table plays in a club: detach it at the club")


def change_table(table: Table, data: JSONObject) -> None:
    """Change a table as the API's PATCH asks (API.md): its name, point value, settings,
    players; ``club`` joins it to a club. A table that plays in a club leaves it only from the
    club (``detach``): ``"club": null`` on the table is refused."""
    if "club" in data:
        raw = data.pop("club")
        if raw is None and table.club_id is not None:
            raise InvalidInput([Violation("club", CLUB_KEEPS_ITS_TABLE)])
        if raw is not None:
            club_service.join(table, club_service.club_for_table(raw))
    if deck_links.FIELD in data:  # not a change of the game: no journal entry (docs/api.md)
        deck_links.name_for_table(table, data.pop(deck_links.FIELD))
    edit_table(table, data)


def edit_table(table: Table, data: JSONObject) -> JournalEntry | None:
    """Apply a checked change of the table (``changes.edit_table``): one journal entry, or
    None when nothing changes. At a club's table the players added are the club's members
    of those names, and a new name joins the club (API.md)."""
    club = club_service.seat_added(table, data)
    entry = changes.edit_table(table, data)
    if club is not None:
        club_service.joined(club, table)
    return entry


# -- a round from a form -----------------------------------------------------------------------


def save_round(
    table: Table,
    entry: Entry,
    *,
    correcting: int | None = None,
    submission_id: str | None = None,
    expected_number: int | None = None,
    based_on: tuple[int, int] | None = None,
    played_at: str | None = None,
) -> tuple[Round, bool]:
    """Store a round's form: the next round, or a correction of round ``correcting`` (as the
    table page makes it); returns the round and whether this request stored it (False: the
    same submission was saved already, a double tap). ``played_at``: a new round's time
    when it was played earlier (kept on a phone without a signal)."""
    if correcting is None:
        return enter_round(
            table,
            EntryKind.ROUND,
            entry,
            submission_id=submission_id,
            expected_number=expected_number,
            played_at=played_at,
        )
    note = "corrected on the table page"
    return correct_round(table, correcting, entry, note=note, based_on=based_on), True


def replace_round(table: Table, number: int, entry: Entry, theirs: tuple[int, int]) -> Round:
    """Mine replaces theirs: two phones entered round ``number`` and the other saved first;
    the player's entry is saved over theirs (the round, id and version, ``theirs`` shown to
    them) as a correction: one journal entry, whose undo brings theirs back. Overtaken, and
    nothing stored, when that round is another one now or was changed since."""
    what = RULES[table.game].numbered(number)
    return correct_round(
        table,
        number,
        entry,
        note="replaced by another phone's entry of the same round",
        based_on=theirs,
        summary=N_("%(what)s replaced by another phone's entry of it", what=what),
    )


@dataclass(frozen=True, slots=True)
class Preview:
    """What saving a round's entry would do, worked out without storing anything (the round
    form's bar, issue 39)."""

    body: EngineInput | None
    """The engine's input as far as the entry goes; None when the table refuses its shape."""
    result: Result | None
    """The round as Save would score it; None when the rules refuse it."""
    refused: tuple[Violation, ...]
    """What the rules refuse, in the order Save would say it."""


def preview_round(table: Table, state: State, entry: Entry) -> Preview:
    """``entry`` read and scored against the table as it stands in ``state``, as Save would:
    the engine is pure, so nothing is stored and no lock is taken."""
    game = RULES[table.game]
    spec = store.spec_of(table)
    try:
        kept = game.kept_entry(EntryKind.ROUND, entry)
        body, _ = engine_input(game, spec_at(spec, state), state, kept)
    except InvalidInput as exc:
        return Preview(None, None, tuple(exc.violations))
    try:
        return Preview(body, made_result(step(spec, state, EntryKind.ROUND, kept)), ())
    except InvalidInput as exc:
        return Preview(body, None, tuple(exc.violations))


def check_round(table: Table, state: State, entry: Entry) -> None:
    """``preview_round``'s refusals, raised: InvalidInput says what the rules refuse."""
    refused = preview_round(table, state, entry).refused
    if refused:
        raise InvalidInput(list(refused))


def reads_as(table: Table, entry: Entry, rnd: Round) -> bool:
    """Whether the stored round ``rnd`` keeps exactly what ``entry`` would store."""
    try:
        return RULES[table.game].kept_entry(EntryKind.ROUND, entry) == rnd.entry
    except InvalidInput:
        return False
