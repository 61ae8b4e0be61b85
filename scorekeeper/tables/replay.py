"""Recompute a table after a round changes, is deleted or comes back: only as far as needed.

A correction early in a long table changes what follows only until the table is back in the
same state as before (the same dealer, pot, seats, round of the game, ...): from that round
on every round scores exactly as it did, and only the running totals differ, by a fixed
offset. So the replay reads later rounds a chunk at a time, stops there, and writes only the
rows whose figures changed and the checkpoints (every ``CHECKPOINT``-th round) that carry
running totals. A table whose state never comes back (a Tokan pot carried through every tour)
is replayed to its end, still without rebuilding the stored results of the rounds it rescored
(they are rebuilt from their input when read).
"""

from __future__ import annotations

import typing
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace
from fractions import Fraction

from sqlalchemy import ColumnElement, Text, bindparam, case, cast, inspect, select

from scorekeeper import database, ledger
from scorekeeper.codec import (
    Tally,
    decode_amounts,
    decode_json,
    decode_tally,
    encode_amounts,
    encode_json,
    encode_tally,
)
from scorekeeper.exact import plus
from scorekeeper.games import RULES, GameRules
from scorekeeper.kinds import EntryKind
from scorekeeper.ledger import Replayed, Step, check_storable
from scorekeeper.messages import N_, Msg
from scorekeeper.models import Round, Table, db, now
from scorekeeper.round_data import EngineInput, Entry, StateShape, TallyJSON, json_of
from scorekeeper.rules import InvalidInput, Outcome
from scorekeeper.state import PriorScore, State, TableSpec
from scorekeeper.tables import store

CHUNK = 500
"""Later rounds read per query while replaying."""

_ROUNDS = Round.__table__
_NAMES = (
    "id",
    "number",
    "round_no",
    "kind",
    "entry",
    "body",
    "outcome",
    "deltas",
    "after",
    "checkpoint",
    "dealer",
    "game_no",
    "game_round",
)
_JSON_NAMES = frozenset(("entry", "body", "outcome", "deltas", "after", "checkpoint"))
# JSON columns read as text and decoded here: SQLAlchemy's per-value processing of ten
# thousand rows' JSON costs more than the decoding itself.
_COLUMNS = (
    *(
        cast(_ROUNDS.c[name], Text).label(name) if name in _JSON_NAMES else _ROUNDS.c[name]
        for name in _NAMES
    ),
    store.VOID,
)


_Columns: typing.TypeAlias = dict[str, object]
"""A round row's columns by name and the values written to them (``_id``: the row's id)."""

_RAW = frozenset(("outcome", "deltas"))
"""Columns a later round keeps as text, read only to reuse its earlier score (``_prior``)."""


class _Later:
    """A later round as the replay reads it: its columns as attributes, JSON decoded (but
    ``_RAW``)."""

    __slots__ = (*_NAMES, "void")

    id: int
    number: int
    round_no: int | None
    kind: EntryKind
    entry: Entry
    body: EngineInput
    outcome: str | None  # raw (``_RAW``)
    deltas: str  # raw (``_RAW``)
    after: StateShape
    checkpoint: TallyJSON | None
    dealer: int | None
    game_no: int
    game_round: int
    void: bool | None

    def __init__(self, values: Sequence[object]) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            if name in _JSON_NAMES and name not in _RAW and isinstance(value, str | bytes):
                value = decode_json(value)
            setattr(self, name, value)


def _outcome(text: str | bytes) -> Outcome | None:
    """A stored outcome read from its text."""
    data = decode_json(text)
    return None if data is None else Outcome.from_json(data)


def _deltas(text: str | bytes) -> tuple[Fraction, ...]:
    """A round's stored changes read from their text."""
    return decode_amounts(decode_json(text))


def _prior(row: _Later) -> PriorScore | None:
    """``store.prior_score`` of a later round, its outcome and changes read from their text."""
    if row.kind != EntryKind.ROUND or row.outcome is None:
        return None
    outcome = _outcome(row.outcome)
    if outcome is None:
        return None
    return PriorScore(
        row.body, None, outcome, _deltas(row.deltas), json_of(row.entry).get("players")
    )


@dataclass
class Head:
    """A round placed at the start of the replay: the corrected or restored one."""

    round: Round
    entry: Entry
    earlier: PriorScore | None


@dataclass
class Replay:
    """What a write replays: ``head`` placed at ``number``, ``number + 1``, ... from ``start``
    (the state before ``number``), then the stored rounds numbered from ``later_from`` on."""

    number: int
    start: State
    head: Sequence[Head]
    later_from: int


def plan(token: str, replay_of: Callable[[Table], Replay | None]) -> list[Plan]:
    """Work out on a read-only snapshot, before a write queues for SQLite's one writer, the
    replay of later rounds it will make (``replay_of`` the table: what it replays, read only).

    The write then takes the write lock only for what it writes (``recompute`` takes the
    plan, ``use_plans``), unless another write to the same table came first, when it replays
    again: a plan fits only the same table at the same journal version from the same state.
    Writers at other tables wait for a few hundred milliseconds of writing, not for seconds
    of replaying. Only for a SQLite file (``database.snapshots_pay``) and a table long enough
    to need it (``database.PLAN_FROM``); a write ``replay_of`` finds refused plans nothing
    (the write itself says why).
    """
    if not database.snapshots_pay():
        return []
    with database.snapshot():
        table = db.session.scalar(select(Table).where(Table.token == token))
        if table is None or table.round_count < database.PLAN_FROM:
            return []
        try:
            wanted = replay_of(table)
            if wanted is None:
                return []
            return [_worked_out(table, wanted)]
        except (InvalidInput, LookupError):
            return []  # the write refuses it, and says why


PLANS = "scorekeeper.replay.plans"
"""Where a session keeps the plans worked out for the write it is making (``use_plans``)."""


def use_plans(plans: list[Plan]) -> None:
    """Hand the plans worked out for this session's write to its ``recompute``."""
    db.session.info[PLANS] = plans


def _taken(wanted: Plan) -> Plan | None:
    """The session's plan that fits ``wanted``, taken (a plan is used once); stale ones go."""
    plans: list[Plan] = db.session.info.pop(PLANS, [])
    return next((p for p in plans if p.fits(wanted)), None)


def _head_steps(
    spec: TableSpec, table: Table, replay: Replay
) -> tuple[list[tuple[Head, Step, int]], Plan]:
    """The head's steps, each with its number, and the plan of the rest still to work out."""
    number = replay.number
    items = [
        Replayed(h.round.kind, h.entry, h.earlier, _naming(spec, h.round)) for h in replay.head
    ]
    scored = ledger.replaying(spec, replay.start, items, number, number)
    steps = [
        (h, step, number + k) for k, (h, step) in enumerate(zip(replay.head, scored, strict=True))
    ]
    state = steps[-1][1].after if steps else replay.start
    k = number + len(steps)
    return steps, Plan(table.token, table.version, spec, number, k, replay.later_from, state)


def _worked_out(table: Table, replay: Replay) -> Plan:
    """The plan of ``replay``'s later rounds (``plan``)."""
    spec = store.spec_of(table)
    _, wanted = _head_steps(spec, table, replay)
    _replay_later(RULES[table.game], table, wanted)
    return wanted


@dataclass(frozen=True)
class Renumbering:
    """What ``recompute`` leaves to a caller that moves the later rounds' numbers
    (``entries._shift``), so that every later row is rewritten as few times as it can be."""

    negated: bool = False
    """The replay rewrote every later round, each with its new number negated (clear of every
    number in use): the caller only turns them positive."""
    moves: Mapping[str, ColumnElement[int]] = field(default_factory=dict)
    """The game and round-of-game numbers of the rows after the one where the state came
    back, moved in the statement that moves their round numbers (``_number_moves``)."""


def recompute(table: Table, replay: Replay, *, shift: int = 0) -> Renumbering:
    """Replay ``replay`` and write what changed.

    Nothing is written before every step has been scored, so an invalid replay changes
    nothing. Round numbers are the caller's to shift afterwards: ``later_from`` and
    everything read here use the numbers as they are now. When the caller will move the
    later rounds' numbers by ``shift``, what else moves with them is left to that statement
    (``Renumbering``): with ``shift`` 0, this moves the game and round numbers itself.
    """
    spec = store.spec_of(table)
    head_steps, wanted = _head_steps(spec, table, replay)
    plan = _taken(wanted)
    if plan is None:
        plan = wanted
        _replay_later(RULES[table.game], table, plan)
    assert plan.final is not None
    state = plan.final
    folded = bool(shift) and plan.came_back is None  # every later round was replayed
    updates = []
    for n, u in plan.updates:
        columns = dict(u)
        if folded:
            columns["number"] = -(n + shift)
        if len(columns) > 1:
            updates.append(columns)
    came_back: tuple[_Later, Tally] | None = None  # the round where the state came back
    if plan.came_back is not None:
        row = plan.came_back
        came_back = row, store.tally_after(table, row.number, row.checkpoint)

    for h, step, at in head_steps:
        _write_head(h.round, step, at)
    _write(updates)
    moves: Mapping[str, ColumnElement[int]] = {}
    if came_back is None:
        table.state = state.to_json()
    else:
        numbers = _came_back(table, state, *came_back)
        if shift:
            moves = _number_moves(numbers)
        else:
            _move_numbers(table, numbers)
    table.updated_at = now()
    db.session.flush()
    forget_loaded(table, replay.later_from)
    return Renumbering(folded, moves)


def forget_loaded(table: Table, first: int) -> None:
    """The rounds of ``table`` the session has loaded, numbered ``first`` on (as numbered
    before the statements that just rewrote their rows behind the session's back), read
    what is stored when next used. One already expired reloads as stored anyway: its number
    in memory is not the one before the statements. One loaded with its number negated (by a
    replay that rewrote every later round, ``Renumbering.negated``) is a later round too.
    The caller has flushed: nothing is pending on them."""
    for r in list(db.session.identity_map.values()):
        if not isinstance(r, Round) or "number" in inspect(r).unloaded:
            continue
        number = r.number
        if r.table_id == table.id and number is not None and (number >= first or number < 0):
            db.session.expire(r)


def replayed(table: Table, replay: Replay) -> tuple[State, list[Step]]:
    """What ``replay`` would leave, worked out without writing anything: the table's state
    at the end and the steps of the rounds it places (the head). A pure replay: the
    question before an undo shows it (``tables.questions``)."""
    spec = store.spec_of(table)
    head_steps, plan = _head_steps(spec, table, replay)
    _replay_later(RULES[table.game], table, plan)
    assert plan.final is not None
    state = plan.final
    if plan.came_back is not None:
        row = plan.came_back
        state, _ = _final(table, state, row, store.tally_after(table, row.number, row.checkpoint))
    return state, [step for _, step, _ in head_steps]


Balances: typing.TypeAlias = tuple[tuple[Fraction, ...], Fraction, Fraction]
"""The running totals, pot and house a settle-up found."""


def settled_moves(table: Table, replay: Replay) -> list[tuple[int, bool]]:
    """Each settle-up ``replay`` replays and the table keeps as it is, by id in order, and
    whether the figures of the rounds it settled move (the balances it finds move by more
    than those of the settle-up before it): what a write that moves the figures of rounds
    settled at another point value checks (``entries.check_priced``). Two pure replays:
    the one ``replay`` makes, and the table's entries as they stand."""
    now = dict(_balances_settled(table, Replay(replay.number, replay.start, [], replay.number)))
    moves: list[tuple[int, bool]] = []
    carried: Balances = ((), Fraction(0), Fraction(0))
    for settle_id, (totals, pot, house) in _balances_settled(table, replay):
        if settle_id in now:
            was_totals, was_pot, was_house = now[settle_id]
            moved = (_minus(totals, was_totals), pot - was_pot, house - was_house)
            own = _minus(moved[0], carried[0]), moved[1] - carried[1], moved[2] - carried[2]
            moves.append((settle_id, any(own[0]) or bool(own[1]) or bool(own[2])))
            carried = moved
    return moves


def _balances_settled(table: Table, replay: Replay) -> list[tuple[int, Balances]]:
    """The running figures each settle-up ``replay`` replays would find, by id in order."""
    spec = store.spec_of(table)
    ids = [h.round.id for h in replay.head]
    items = [Replayed(h.round.kind, h.entry, h.earlier) for h in replay.head]
    for row in _later(table, replay.later_from):
        ids.append(row.id)
        items.append(Replayed(row.kind, row.entry, _prior(row)))
    state, found = replay.start, []
    steps = ledger.replaying(spec, state, items, replay.number, -1)
    for rid, item, step in zip(ids, items, steps, strict=True):
        if item.kind == EntryKind.SETTLE:
            found.append((rid, (state.totals, state.pot, state.house)))
        state = step.after
    return found


_Moved: typing.TypeAlias = tuple[tuple[Fraction, ...], Fraction, tuple[Fraction, ...]]
"""What a replay moved the running figures by: totals, house, game totals."""


def _final(table: Table, state: State, row: _Later, old: Tally) -> tuple[State, _Moved]:
    """The table's last state once a replay came back to its old state at ``row`` (``state``
    after it), and what every later round's running figures move by."""
    old_totals, old_house, old_game = old
    old_game_no, old_game_round = store.counters_after(row)
    moved = (
        _minus(state.totals, old_totals),
        state.house - old_house,
        _minus(state.game_totals, old_game),
    )
    old_final = store.state_of(table)
    same_game = old_final.game_no == old_game_no
    final = replace(
        old_final,
        totals=_moved(old_final.totals, moved[0]),
        house=old_final.house + moved[1],
        game_totals=(
            _moved(old_final.game_totals, moved[2]) if same_game else old_final.game_totals
        ),
        game_no=old_final.game_no + state.game_no - old_game_no,
        game_round=old_final.game_round + (state.game_round - old_game_round if same_game else 0),
    )
    check_storable(final)
    return final, moved


class _NumbersMove(typing.NamedTuple):
    """How the game and round numbers of the rounds after round ``after_number`` move (all as
    numbered now): the round numbers within game ``game_no`` by ``rounds``, every game number
    by ``games``."""

    after_number: int
    game_no: int
    games: int
    rounds: int


def _came_back(table: Table, state: State, row: _Later, old: Tally) -> _NumbersMove:
    """The replay reached ``row`` with the table back in its old state but for the running
    figures and the game and round numbers: every later round moves by what changed. The
    running figures move here; how the game and round numbers move is returned."""
    final, moved = _final(table, state, row, old)
    old_game_no, old_game_round = store.counters_after(row)
    table.state = final.to_json()
    _move_checkpoints(table, row.number, old_game_no, moved)
    return _NumbersMove(
        row.number,
        old_game_no,
        state.game_no - old_game_no,
        state.game_round - old_game_round,
    )


@dataclass
class Plan:
    """The replay of a table's later rounds: what it starts from and what it came to.

    It depends on nothing but the table's stored rounds (the same at the same journal
    ``version``), the table's spec and where and from what state it starts: a plan made from
    a read-only snapshot before a request queues to write is used by that request if all of
    these are still the same.
    """

    table: str
    """The table's token (unique, unlike its id, across the databases a process may use)."""
    version: int
    spec: TableSpec
    number: int
    k: int
    later_from: int
    start: State
    updates: list[tuple[int, _Columns]] = field(default_factory=list)
    """Each replayed round's number as stored now and the columns it rewrites (with its
    ``_id``)."""
    came_back: _Later | None = None
    """The stored row after which the table was back in its old state; None: replayed to the end."""
    final: State | None = None
    rescored: int = 0

    def fits(self, wanted: Plan) -> bool:
        return (
            self.final is not None
            and (self.table, self.version, self.number, self.k, self.later_from)
            == (wanted.table, wanted.version, wanted.number, wanted.k, wanted.later_from)
            and self.spec == wanted.spec
            and self.start == wanted.start
        )


def _replay_later(game: GameRules, table: Table, plan: Plan) -> None:
    """Replay the stored rounds from ``plan.later_from`` on, until the state comes back."""
    spec, k, state = plan.spec, plan.k, plan.start
    updates = plan.updates
    rescored = 0
    rows: deque[_Later] = deque()

    def items() -> Iterator[Replayed]:
        for row in _later(table, plan.later_from):
            rows.append(row)
            yield Replayed(row.kind, row.entry, _prior(row), _naming(spec, row))

    # Closed once the state comes back: the rounds after it are neither read nor scored.
    # None of them is the entry the player changed (that is the head's): each one that no
    # longer fits is named (``first`` 0, no place).
    with closing(ledger.replaying(spec, state, items(), k, 0)) as scored:
        for step in scored:
            row = rows.popleft()
            rescored += step.rescored
            state = step.after
            shape = state.shape()
            # Every replayed round, changed or not: its number may be rewritten (``recompute``).
            updates.append((row.number, {"_id": row.id, **_changes(row, step, k, shape)}))
            k += 1
            if _settled(game, row, state, shape):
                plan.came_back = row
                break
    plan.final, plan.rescored = state, rescored


def _settled(game: GameRules, row: _Later, state: State, shape: StateShape) -> bool:
    """Whether the state after this stored round is, as far as any later round can tell, the
    same as before the replay: from here on every round scores as it did."""
    if row.after != shape and _shape(row.after) != shape:
        return False
    if game.reads_game_totals and not state.game_over:
        return False  # only a new game starts everybody's game results from zero again
    _, old_round = store.counters_after(row)
    if game.reads_game_round:
        return bool(old_round == state.game_round)
    return min(old_round, 2) == min(state.game_round, 2)  # whether a round was played


def _move_numbers(table: Table, move: _NumbersMove) -> None:
    """Make ``move`` when no statement moves the later rounds' own numbers: one statement,
    over the rows it moves (within the one game when only round numbers move)."""
    where = (_ROUNDS.c.table_id == table.id) & (_ROUNDS.c.number > move.after_number)
    if not move.games:
        where &= _ROUNDS.c.game_no == move.game_no
    values = _number_moves(move)
    if values:
        db.session.connection().execute(_ROUNDS.update().where(where).values(values))


def _number_moves(move: _NumbersMove) -> dict[str, ColumnElement[int]]:
    """``move`` as values of an UPDATE: each value leaves a row it does not move as it is,
    and reads the row as it was before the statement, so as numbered now. The statement
    that moves the later rounds' own numbers (``entries._shift``) takes them, as it rewrites
    every one of those rows anyway."""
    later = _ROUNDS.c.number > move.after_number
    moves: dict[str, ColumnElement[int]] = {}
    if move.rounds:
        within = later & (_ROUNDS.c.game_no == move.game_no)
        moves["game_round"] = case(
            (within, _ROUNDS.c.game_round + move.rounds), else_=_ROUNDS.c.game_round
        )
    if move.games:
        moves["game_no"] = case((later, _ROUNDS.c.game_no + move.games), else_=_ROUNDS.c.game_no)
    return moves


def _naming(spec: TableSpec, row: Round | _Later) -> Callable[[], Msg | None]:
    """How players name ``row``, asked only when it no longer fits (``_named``)."""
    return lambda: _named(spec, row)


def _named(spec: TableSpec, row: Round | _Later | None) -> Msg | None:
    """How players name a stored entry (``row``: a round or a row read by ``_later``): a
    round by its round number, the others by what they are (they take no number)."""
    if row is None:
        return None
    if row.kind == EntryKind.END:
        return N_("The end of game %(n)s", n=row.game_no)
    if row.kind == EntryKind.SETTLE:
        return N_("The settle-up")
    if row.kind == EntryKind.EDIT:
        return N_("The change of the table")
    if row.round_no is None:
        return None
    return RULES[spec.game].numbered(row.round_no).capitalized()


def _minus(a: Sequence[Fraction], b: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """``a - b``, a player missing from either (joined later) counting 0."""
    zero = Fraction(0)
    return tuple(
        (a[i] if i < len(a) else zero) - (b[i] if i < len(b) else zero)
        for i in range(max(len(a), len(b)))
    )


def _moved(a: Sequence[Fraction], by: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """``a`` moved by ``by``; players who joined later (past the end of ``by``) are not."""
    return tuple(plus(x, by[i]) if i < len(by) else x for i, x in enumerate(a))


def _later(table: Table, first: int) -> Iterator[_Later]:
    """The stored rounds numbered ``first`` on, in order, a chunk at a time (no ORM objects:
    a long replay reads thousands of rows)."""
    conn = db.session.connection()
    lo = first
    while True:
        rows = conn.execute(
            select(*_COLUMNS)
            .where(
                _ROUNDS.c.table_id == table.id,
                _ROUNDS.c.number >= lo,
                _ROUNDS.c.number < lo + CHUNK,
            )
            .order_by(_ROUNDS.c.number)
        ).all()
        for row in rows:
            yield _Later(row)
        if len(rows) < CHUNK:
            return
        lo += CHUNK


SHAPE_KEYS = ("players", "dealer", "pot", "seated", "game_over", "away", "settings")
"""What ``State.shape`` writes (a round stored before it holds more)."""


def _shape(after: StateShape) -> StateShape:
    """A stored ``after`` as ``State.shape`` writes it now: rounds stored before checkpoints
    hold more, and rounds stored before it left out its defaults wrote them."""
    stored: Mapping[str, object] = after  # a round stored before it may hold more keys
    shape = typing.cast(StateShape, {k: stored[k] for k in SHAPE_KEYS if k in stored})
    if shape.get("pot") == "0":
        del shape["pot"]
    if shape.get("game_over") is False:
        del shape["game_over"]
    if "players" in shape and shape.get("seated") == list(range(shape["players"])):
        del shape["seated"]
    if shape.get("away") == []:
        del shape["away"]
    return shape


def _fields(step: Step, number: int, shape: StateShape | None = None) -> _Columns:
    fields: _Columns = {
        "after": step.after.shape() if shape is None else shape,
        "checkpoint": step.after.tally() if number % store.CHECKPOINT == 0 else None,
        "dealer": step.dealer,
        "game_no": step.game_no,
        "game_round": step.game_round,
    }
    if step.rescored:
        fields.update(
            body=step.body,
            result=step.result,
            outcome=step.outcome.to_json(),
            deltas=encode_amounts(step.deltas),
        )
    return fields


def _changes(row: _Later, step: Step, number: int, shape: StateShape) -> _Columns:
    """The columns of a stored later round that differ from what the replay made of it."""
    fields = _fields(step, number, shape)
    if step.rescored:
        return fields  # its result is dropped (rebuilt on reading) and its figures rewritten
    return {name: value for name, value in fields.items() if getattr(row, name) != value}


def _write(updates: Sequence[_Columns]) -> None:
    """UPDATE the rows by id, one executemany per set of changed columns."""
    groups: dict[tuple[str, ...], list[_Columns]] = {}
    for u in updates:
        groups.setdefault(tuple(sorted(u)), []).append(u)
    conn = db.session.connection()
    raw = conn.dialect.name == "sqlite"
    for names, rows in groups.items():
        columns = [n for n in names if n != "_id"]
        if raw:
            # The driver's executemany with the JSON already written: SQLAlchemy's binding
            # of ten thousand rows' JSON costs more than the writing itself.
            sets = ", ".join(f"{n} = ?" for n in columns)
            conn.exec_driver_sql(
                f"UPDATE rounds SET {sets} WHERE id = ?",  # only our own column names
                [(*(_column_value(n, r[n]) for n in columns), r["_id"]) for r in rows],
            )
            continue
        stmt = (
            _ROUNDS.update()
            .where(_ROUNDS.c.id == bindparam("_id"))
            .values({n: bindparam(n, type_=_ROUNDS.c[n].type) for n in columns})
        )
        conn.execute(stmt, rows)


def _column_value(name: str, value: object) -> object:
    """A value as the rounds table's column ``name`` stores it in SQLite (JSON as text; a
    JSON null is SQL NULL, as the columns' ``none_as_null`` say)."""
    if name in _JSON_NAMES or name == "result":
        return None if value is None else encode_json(value)
    return value


def _write_head(rnd: Round, step: Step, number: int) -> None:
    """Write a round the replay placed (the corrected or restored one), its result made to
    be kept (``ledger.made_result``) when it was scored again."""
    fields = _fields(step, number)
    if step.rescored:
        fields["result"] = ledger.made_result(step)
    for name, value in fields.items():
        if name == "result" and value is None and not step.rescored:
            continue
        if rnd.id is None or getattr(rnd, name) != value:
            setattr(rnd, name, value)


def _move_checkpoints(
    table: Table,
    after_number: int,
    game_no: int,
    moved: _Moved,
) -> None:
    """Move the running figures kept at the checkpoints after round ``after_number`` (as
    numbered now) by what the replay changed before them; the game totals only within the
    game that was going on there."""
    totals, house, game = moved
    if not any(totals) and not house and not any(game):
        return
    rows = (
        db.session.connection()
        .execute(
            select(_ROUNDS.c.id, _ROUNDS.c.checkpoint, _ROUNDS.c.game_no, _ROUNDS.c.after).where(
                _ROUNDS.c.table_id == table.id,
                _ROUNDS.c.number > after_number,
                _ROUNDS.c.checkpoint.is_not(None),
            )
        )
        .all()
    )
    out = []
    for rid, cp, row_game, after in rows:
        t, h, g = decode_tally(cp)
        same_game = row_game == game_no and not after.get("game_over")
        checkpoint = encode_tally(_moved(t, totals), h + house, _moved(g, game) if same_game else g)
        out.append({"_id": rid, "checkpoint": checkpoint})
    _write(out)
