"""Reading and writing tables and rounds: queries and persistence, no decisions.

Each function works inside the caller's transaction (one per request).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Protocol, TypeAlias

from sqlalchemy import Row, case, func, select
from sqlalchemy.orm import InstrumentedAttribute
from sqlalchemy.orm.attributes import flag_modified, set_committed_value

from scorekeeper.codec import (
    Tally,
    decode_amounts,
    decode_end_result,
    decode_tally,
    encode_amounts,
    encode_end_result,
    read_stored_amount,
)
from scorekeeper.exact import plus
from scorekeeper.games import RULES
from scorekeeper.kinds import Action, EntryKind
from scorekeeper.ledger import Step, evaluated, made_result
from scorekeeper.models import JournalEntry, Round, RoundVersion, Table, db
from scorekeeper.round_data import (
    EngineInput,
    Result,
    StateShape,
    TallyJSON,
    as_engine_input,
    as_result,
    json_of,
)
from scorekeeper.rules import Outcome
from scorekeeper.rules.common import MAX_ROUND_NUMBER
from scorekeeper.state import PriorScore, State, TableSpec
from scorekeeper.tables.journal import journal

CHECKPOINT = 100
"""Every this many rounds a round keeps the running totals and house after it."""
TOKEN_BYTES = 24  # 192 random bits, 32 url-safe characters
TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")  # nothing else reaches the database (NUL, say)


class NotFound(LookupError):
    """No table at this link, or no such round at the table."""


TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
"""How the API and the exports write a time (UTC, whole seconds)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def find_table(token: object, *, lock: bool = False) -> Table:
    """The table with this link token; LookupError if there is none (or ``token`` is no
    text: what a client sent, unchecked)."""
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise NotFound(token)
    query = select(Table).where(Table.token == token)
    if lock:
        query = query.with_for_update()
    table: Table | None = db.session.scalar(query)
    # The index finds the row; compare in constant time anyway so a near miss leaks nothing.
    if table is None or not secrets.compare_digest(table.token, token):
        raise NotFound(token)
    return table


def latest_entry(table: Table) -> JournalEntry | None:
    """The table's last journal entry (what a poll that saw a change says happened)."""
    entries = journal(table, 1)
    return entries[0] if entries else None


def submission_of(entry: JournalEntry) -> str | None:
    """The ``submission_id`` of the round a journal entry entered (None for any other entry):
    a phone that kept it without a signal knows it as its own (static/js/live.js)."""
    if entry.action != Action.ENTER or entry.round_id is None:
        return None
    return db.session.scalar(select(Round.submission_id).where(Round.id == entry.round_id))


def _check_number(number: int) -> None:
    """A number no database column holds (a round number from a link, a journal seq or round
    id from a form or body) names nothing the table has."""
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise NotFound(number)


def spec_of(table: Table) -> TableSpec:
    return TableSpec(
        table.game, tuple(table.players), table.rules, table.settings, table.first_dealer
    )


def state_of(table: Table) -> State:
    return State.from_json(table.state)


def opening_state(table: Table) -> State:
    """The table before its first round: all zero, or what it carried over from another."""
    if table.opening is not None:
        return State.from_json(table.opening)
    return State.initial(spec_of(table))


def state_before(table: Table, number: int) -> State:
    """The table's state just before round ``number``."""
    if number <= 1:
        return opening_state(table)
    _check_number(number)
    row = db.session.execute(
        select(
            Round.kind, Round.after, Round.checkpoint, Round.game_no, Round.game_round, VOID
        ).where(Round.table_id == table.id, Round.number == number - 1)
    ).first()
    if row is None:
        raise NotFound(number - 1)
    return State.from_parts(
        row.after, *tally_after(table, number - 1, row.checkpoint), *counters_after(row)
    )


class StoredCounters(Protocol):
    """What ``counters_after`` reads of a stored round: a row selected with these columns
    (and ``VOID``), or one the replay read (``replay._Later``)."""

    @property
    def kind(self) -> EntryKind: ...
    @property
    def after(self) -> StateShape: ...
    @property
    def game_no(self) -> int: ...
    @property
    def game_round(self) -> int: ...
    @property
    def void(self) -> bool | None: ...


def counters_after(row: StoredCounters) -> tuple[int, int]:
    """The game number and round of the game after a stored round, from its own columns
    (``kind``, ``game_no``, ``game_round``, ``after``, ``VOID``): a replay moves those numbers by an
    offset without rewriting every round's state."""
    if row.after.get("game_over"):
        return int(row.game_no) + 1, 1
    if row.kind in (EntryKind.EDIT, EntryKind.SETTLE):  # a change of the table or a settle-up
        # is no round
        return int(row.game_no), int(row.game_round)
    return int(row.game_no), int(row.game_round) + (0 if row.void else 1)


_R = Round.__table__.c
VOID = func.coalesce(
    _R.outcome["void"].as_boolean(),
    case((_R.outcome.is_(None), _R.result["void"].as_boolean())),
).label("void")
"""Whether a round was void (it does not count as a round of the game): its outcome says
(an outcome leaves ``void`` out unless it is), or, for a round stored before outcomes were,
its result. A stored result is not read otherwise: it is the largest column."""


def tally_after(table: Table, number: int, checkpoint: TallyJSON | None) -> Tally:
    """The running totals, house and game totals after round ``number``: from its
    checkpoint, or from the checkpoint before it (or the table's opening) and the rounds in
    between (at most about ``CHECKPOINT`` of them)."""
    if checkpoint is not None:
        return decode_tally(checkpoint)
    base = db.session.execute(
        select(Round.number, Round.checkpoint)
        .where(
            Round.table_id == table.id,
            Round.number < number,
            Round.checkpoint.is_not(None),
        )
        .order_by(Round.number.desc())
        .limit(1)
    ).first()
    if base is not None:
        lo = base.number
        start = decode_tally(base.checkpoint)
    else:
        lo = 0
        opening = opening_state(table)
        start = opening.totals, opening.house, opening.game_totals
    totals, house, game = list(start[0]), start[1], list(start[2])
    for kind, deltas, outcome, after in db.session.execute(
        select(Round.kind, Round.deltas, Round.outcome, Round.after)
        .where(Round.table_id == table.id, Round.number > lo, Round.number <= number)
        .order_by(Round.number)
    ):
        changes = decode_amounts(deltas)
        if len(changes) > len(totals):  # players joined (a change of the table)
            totals += [Fraction(0)] * (len(changes) - len(totals))
            game += [Fraction(0)] * (len(changes) - len(game))
        totals = [plus(t, d) for t, d in zip(totals, changes, strict=True)]
        if kind != EntryKind.SETTLE:  # a settle-up moves the running totals, not a game's results
            game = [plus(t, d) for t, d in zip(game, changes, strict=True)]
        house = plus(house, read_stored_amount((outcome or {}).get("house", "0")))
        if after.get("game_over"):
            game = [Fraction(0)] * len(game)
    return tuple(totals), house, tuple(game)


def result_of(table: Table, rnd: Round) -> Result:
    """A round's result: as stored, or rebuilt from its input (the engine is pure) when a
    replay or an import left it out."""
    if rnd.result is not None:
        if rnd.kind == EntryKind.END and "end" not in rnd.result:
            full = read_end_result(table, rnd.result, rnd.deltas)
            set_committed_value(rnd, "result", full)
            return full
        return rnd.result
    result = evaluated(RULES[table.game], round_input(table, rnd))
    # Shown, not written back: reading never writes.
    set_committed_value(rnd, "result", result)
    return result


def _filled(table: Table, rounds: list[Round]) -> list[Round]:
    for rnd in rounds:
        result_of(table, rnd)
    return rounds


def get_round(table: Table, number: int) -> Round:
    """Round ``number`` as players count it (``Round.round_no``): rounds only."""
    return _live(table, Round.round_no, number)


def get_entry(table: Table, number: int) -> Round:
    """The live entry of any kind numbered ``number`` (``Round.number``) in the order of play."""
    return _live(table, Round.number, number)


def _live(table: Table, column: InstrumentedAttribute[int | None], value: int) -> Round:
    _check_number(value)
    rnd: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, column == value)
    )
    if rnd is None:
        raise NotFound(value)
    result_of(table, rnd)
    return rnd


def round_no_before(table: Table, number: int) -> int:
    """The round number of the last live round before entry ``number`` (0 if none): one step
    back along the (table, number) index past the entries that are no rounds."""
    found = db.session.scalar(
        select(Round.round_no)
        .where(
            Round.table_id == table.id,
            Round.number < number,
            Round.number.is_not(None),
            Round.round_no.is_not(None),
        )
        .order_by(Round.number.desc())
        .limit(1)
    )
    return int(found or 0)


def round_by_id(table: Table, round_id: int) -> Round | None:
    _check_number(round_id)
    rnd: Round | None = db.session.get(Round, round_id)
    if rnd is None or rnd.table_id != table.id:
        return None
    result_of(table, rnd)
    return rnd


def find_submission(table: Table, submission_id: str) -> Round | None:
    """The round stored with this submission id, deleted or not."""
    rnd: Round | None = db.session.scalar(
        select(Round).where(Round.table_id == table.id, Round.submission_id == submission_id)
    )
    if rnd is not None:
        result_of(table, rnd)
    return rnd


def stored_end_result(table: Table, result: Result, deltas: list[str]) -> Result:
    """An end of game's result as an import stores it (``codec.encode_end_result``)."""
    return encode_end_result(result, table.players, deltas)


def read_end_result(table: Table, kept: Result, deltas: list[str]) -> Result:
    """An end of game's result from what ``stored_end_result`` kept."""
    return decode_end_result(kept, table.game, table.players, deltas)


def self_contained(table: Table, rnd: Round) -> None:
    """Write out in full what a round being deleted left to its table (its body's players
    and house rules, an imported end of game's names and changes): it is kept for the
    history and a restore while the table goes on, and a seat it left to the table may be
    given up or to somebody else (a player's joining deleted)."""
    if rnd.kind == EntryKind.ROUND:
        rnd.body = as_engine_input(dict(round_input(table, rnd)))
        flag_modified(rnd, "body")
    elif rnd.kind == EntryKind.END and rnd.result is not None:
        # As read: ``result_of`` may have shown the full one already, as if it were stored.
        rnd.result = as_result(dict(result_of(table, rnd)))
        flag_modified(rnd, "result")


def round_input(table: Table, rnd: Round) -> EngineInput:
    """A stored round's input to the engine (its stored body leaves out what its table and
    its entry hold: ``Game.stored_body``). Not a copy: the stored body itself when it left
    nothing out."""
    return RULES[table.game].input_from_stored(rnd.body, spec_of(table), rnd.entry)


def prior_score(rnd: Round) -> PriorScore | None:
    """How a stored round scored last time, for the replay to reuse when nothing changed (a
    later round the replay reads without its result: ``replay._prior``)."""
    if rnd.kind != EntryKind.ROUND or rnd.outcome is None:
        return None
    return PriorScore(
        rnd.body,
        rnd.result,
        Outcome.from_json(rnd.outcome),
        decode_amounts(rnd.deltas),
        json_of(rnd.entry).get("players"),
    )


def rounds_from(table: Table, number: int) -> list[Round]:
    """The live rounds from round ``number`` on, with their results (an export)."""
    _check_number(number)
    return _filled(
        table,
        list(
            db.session.scalars(
                select(Round)
                .where(Round.table_id == table.id, Round.number >= number)
                .order_by(Round.number)
            )
        ),
    )


def store_step(rnd: Round, step: Step, number: int) -> None:
    """Write a newly scored round's figures (it becomes round ``number``)."""
    rnd.kind = step.kind
    rnd.body = step.body
    rnd.result = made_result(step)
    rnd.outcome = step.outcome.to_json()
    rnd.deltas = encode_amounts(step.deltas)
    rnd.after = step.after.shape()
    rnd.checkpoint = step.after.tally() if number % CHECKPOINT == 0 else None
    rnd.game_no = step.game_no
    rnd.game_round = step.game_round
    rnd.dealer = step.dealer


def versions_of(rnd: Round) -> list[RoundVersion]:
    return list(
        db.session.scalars(
            select(RoundVersion)
            .where(RoundVersion.round_id == rnd.id)
            .order_by(RoundVersion.version)
        )
    )


def version_of(rnd: Round, note: str) -> RoundVersion:
    """A round's current version, to keep in its history when it is corrected (not yet added)."""
    return RoundVersion(
        round_id=rnd.id,
        version=rnd.version,
        entry=rnd.entry,
        result=rnd.result,
        deltas=rnd.deltas,
        note=note,
    )


# -- reading for the pages ------------------------------------------------------------------


def recent_rounds(table: Table, limit: int | None = None) -> list[Round]:
    query = (
        select(Round)
        .where(Round.table_id == table.id, Round.number.is_not(None))
        .order_by(Round.number.desc())
    )
    if limit:
        query = query.limit(limit)
    return _filled(table, list(db.session.scalars(query)))


def round_page(table: Table, first: int | None, limit: int) -> list[Round]:
    """Up to ``limit`` rounds (kind ``round`` only) from round ``first`` on, or the last
    ``limit``; oldest first."""
    if first is None:
        query = (
            select(Round)
            .where(Round.table_id == table.id, Round.round_no.is_not(None))
            .order_by(Round.round_no.desc())
            .limit(limit)
        )
        return _filled(table, list(reversed(list(db.session.scalars(query)))))
    return _filled(
        table,
        list(
            db.session.scalars(
                select(Round)
                .where(Round.table_id == table.id, Round.round_no >= first)
                .order_by(Round.round_no)
                .limit(limit)
            )
        ),
    )


def game_ends(table: Table, rounds: Sequence[Round]) -> list[tuple[Round, int]]:
    """The live ends of games that close a game among ``rounds`` (a page of the session's
    rounds, oldest first), each with ``after``: the number of the last round before it.

    Reads the numbers of the table's entries that are no rounds (a few columns), then
    only the ends it lists in full.
    """
    if rounds:
        first = rounds[0].round_no or 1
        lo = 0 if first == 1 else first
        hi = rounds[-1].round_no or 0
    elif table.rounds_played == 0:
        lo, hi = 0, 0
    else:
        return []
    others = db.session.execute(
        select(Round.id, Round.number, Round.kind)
        .where(Round.table_id == table.id, Round.number.is_not(None), Round.round_no.is_(None))
        .order_by(Round.number)
    ).all()
    wanted: dict[int, int] = {}
    for k, (rid, number, kind) in enumerate(others):
        after = (number or 0) - 1 - k  # the entries before it that are rounds
        if kind == EntryKind.END and lo <= after <= hi:
            wanted[rid] = after
    if not wanted:
        return []
    ends = db.session.scalars(
        select(Round).where(Round.id.in_(list(wanted))).order_by(Round.number)
    )
    return [(end, wanted[end.id]) for end in _filled(table, list(ends))]


def after_of(table: Table, rnd: Round) -> int:
    """The number of the last round before a live entry (what a game's end comes ``after``)."""
    assert rnd.number is not None
    return round_no_before(table, rnd.number)


CHART_ROUNDS = 120
"""Up to this many rounds, the chart draws every one; past it, every k-th."""


@dataclass(frozen=True, slots=True)
class ChartStep:
    """One point of the running-totals chart: what it comes after and everyone's totals.

    ``kind`` is "start" (the opening totals), "round" (``number``: its round number),
    "end" (a game's end; ``number``: the game's number), "settle" (a settle-up, drawn at the
    settled totals) or "change" (a change of the table, drawn only when a long table's
    checkpoint falls on one)."""

    kind: str
    number: int | None
    totals: list[Fraction]


def chart_steps(table: Table, points: int = CHART_ROUNDS) -> list[ChartStep]:
    """The chart's points: the start, then every round (every k-th one past ``points``
    rounds), each game's end and each settle-up as a point of its own, so that a settle-up
    shows as a step from the last round's real totals to the settled ones.

    A long table reads only its checkpoints (at most one row in ``CHECKPOINT``); a shorter
    one sums its entries' changes, at most ``LONG_CHART`` rows of a few bytes each. A player
    who joined later (a change of the table) is at 0 until then.
    """
    n = len(table.players)

    def full(totals: Sequence[Fraction]) -> list[Fraction]:
        return [*totals, *[Fraction(0)] * (n - len(totals))]

    opening = opening_state(table)
    out = [ChartStep("start", None, full(opening.totals))]
    if table.round_count > LONG_CHART:
        out += _checkpoint_steps(table, full, points)
    else:
        out += _summed_steps(table, full, full(opening.totals), points)
    # The last point is the table's totals (a long table's last checkpoint may be older).
    final = full(state_of(table).totals)
    if out[-1].totals != final:
        out.append(ChartStep("round", table.rounds_played, final))
    return out


_Full = Callable[[Sequence[Fraction]], list[Fraction]]
"""Totals for every player of the table (0 for those who joined later)."""


def _checkpoint_steps(table: Table, full: _Full, points: int) -> list[ChartStep]:
    """A long table's chart points: its checkpoints, every k-th one."""
    rows = db.session.execute(
        select(Round.checkpoint, Round.kind, Round.round_no, Round.game_no)
        .where(Round.table_id == table.id, Round.checkpoint.is_not(None))
        .order_by(Round.number)
    ).all()
    every = max(1, -(-len(rows) // points))
    return [
        ChartStep(*_step_of(kind, round_no, game_no), full(decode_tally(cp)[0]))
        for k, (cp, kind, round_no, game_no) in enumerate(rows)
        if (k + 1) % every == 0 and cp is not None  # none is: the query says so
    ]


def _summed_steps(
    table: Table, full: _Full, totals: list[Fraction], points: int
) -> list[ChartStep]:
    """A shorter table's chart points: its entries' changes added up from ``totals``, every
    k-th round, each game's end and each settle-up."""
    out: list[ChartStep] = []
    every = max(1, -(-table.rounds_played // points))
    unshown: ChartStep | None = None  # the last round, when it is not drawn yet
    for kind, round_no, game_no, deltas in db.session.execute(
        select(Round.kind, Round.round_no, Round.game_no, Round.deltas)
        .where(Round.table_id == table.id, Round.number.is_not(None))
        .order_by(Round.number)
    ):
        changes = full(decode_amounts(deltas))
        totals = [plus(t, d) for t, d in zip(totals, changes, strict=True)]
        if kind == EntryKind.ROUND:
            unshown = ChartStep("round", round_no, totals)
            if round_no is not None and round_no % every == 0:
                out.append(unshown)
                unshown = None
        elif kind in (EntryKind.END, EntryKind.SETTLE):
            if unshown is not None:  # the real totals before the step, not a sample's
                out.append(unshown)
                unshown = None
            out.append(ChartStep(*_step_of(kind, round_no, game_no), totals))
    if unshown is not None:
        out.append(unshown)
    return out


def _step_of(kind: str, round_no: int | None, game_no: int | None) -> tuple[str, int | None]:
    if kind == EntryKind.ROUND:
        return "round", round_no
    if kind == EntryKind.END:
        return "end", game_no
    if kind == EntryKind.SETTLE:
        return "settle", None
    return "change", None


def running_totals(table: Table, points: int = CHART_ROUNDS) -> list[list[Fraction]]:
    """Each player's total at every point of the chart (``chart_steps``)."""
    return [step.totals for step in chart_steps(table, points)]


LONG_CHART = 2000
"""Above this many rounds the chart is drawn from the checkpoints alone."""


HISTORY_COLUMNS = (
    Round.id,
    Round.number,
    Round.round_no,
    Round.kind,
    Round.deltas,
    Round.version,
    Round.game_no,
    Round.game_round,
    Round.dealer,
    VOID,
    Round.created_at,
)


HistoryRow: TypeAlias = Row[
    int,
    int | None,
    int | None,
    EntryKind,
    list[str],
    int,
    int,
    int,
    int | None,
    bool | None,
    datetime,
]
"""A round's headline (``HISTORY_COLUMNS``): id, number, round number, kind, changes, version,
game number, round of the game, dealer, void, when it was entered."""


def history(table: Table, limit: int | None = None, game_no: int | None = None) -> list[HistoryRow]:
    """The rounds' headlines, newest first, without their full inputs and results."""
    query = (
        select(*HISTORY_COLUMNS)
        .where(Round.table_id == table.id, Round.number.is_not(None))
        .order_by(Round.number.desc())
    )
    if game_no is not None:
        query = query.where(Round.game_no == game_no)
    if limit:
        query = query.limit(limit)
    return list(db.session.execute(query).all())


def versions_by_round(table: Table, round_ids: Sequence[int]) -> dict[int, list[RoundVersion]]:
    if not round_ids:
        return {}
    out: dict[int, list[RoundVersion]] = {}
    for v in db.session.scalars(
        select(RoundVersion)
        .where(RoundVersion.round_id.in_(round_ids))
        .order_by(RoundVersion.version)
    ):
        out.setdefault(v.round_id, []).append(v)
    return out


# -- the journal (written by ``tables.journal``) ----------------------------------------------


def journal_entry(table: Table, seq: int) -> JournalEntry:
    _check_number(seq)
    entry: JournalEntry | None = db.session.scalar(
        select(JournalEntry).where(JournalEntry.table_id == table.id, JournalEntry.seq == seq)
    )
    if entry is None:
        raise NotFound(seq)
    return entry


def deleted_rounds(table: Table) -> list[Round]:
    """Rounds deleted from the table (kept for the history and a restore), newest first."""
    return _filled(
        table,
        list(
            db.session.scalars(
                select(Round)
                .where(Round.table_id == table.id, Round.number.is_(None))
                .order_by(Round.deleted_at.desc(), Round.id.desc())
            )
        ),
    )
