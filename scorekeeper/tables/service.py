"""One function per thing a table can be asked to do; the pages and the API both call these.

Each works inside the caller's transaction (one per request) and raises ``InvalidInput``
(422), ``Conflict`` (409) or ``LookupError`` (404) without writing anything; the caller
commits. Entries are JSON-shaped, as the API takes them: a round's ``dealer`` is a position
among that round's players, and when it is left out the table's ledger decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import update

from scorekeeper.exact import amount_str
from scorekeeper.games import GAMES
from scorekeeper.ledger import apply, replay
from scorekeeper.models import Round, Table, db, now
from scorekeeper.rules import InvalidInput, Violation
from scorekeeper.state import State
from scorekeeper.tables import store
from scorekeeper.tables.checks import (
    NewTable,
    check_exported_round,
    check_exported_totals,
    check_table,
    submission_id_of,
)

MAX_ROUNDS = 100_000
KINDS = ("round", "end")


class Conflict(Exception):
    """A write that collides with another one (a stale view, a number already taken)."""


def open_table(new: NewTable) -> Table:
    """Store a checked new table."""
    table = Table(
        token=store.new_token(),
        name=new.name,
        game=new.game,
        players=list(new.players),
        rules=new.rules,
        settings=new.settings,
        point_value=new.point_value,
        first_dealer=new.first_dealer,
        round_count=0,
    )
    table.state = State.initial(store.spec_of(table)).to_json()
    db.session.add(table)
    db.session.flush()
    return table


def enter_round(
    table: Table,
    kind: str,
    entry: Mapping[str, Any],
    *,
    submission_id: str | None = None,
    expected_number: int | None = None,
) -> tuple[Round, bool]:
    """Score and store the next round (or the end of a game); returns it and whether it is new.

    A repeated ``submission_id`` (a double tap) returns the round it stored the first time.
    ``expected_number`` is the round number the player's page was about to enter: if
    another phone entered it first, Conflict.
    """
    submission_id = submission_id_of(submission_id)
    entry = GAMES[table.game].table_entry(kind, entry)
    if submission_id:
        existing = store.find_submission(table, submission_id)
        if existing is not None:
            return existing, False
    if expected_number is not None and expected_number != table.round_count + 1:
        raise Conflict(
            f"Round {expected_number} was already entered from another phone; "
            "reload the table to see it before entering the next round"
        )
    if table.round_count >= MAX_ROUNDS:
        raise InvalidInput([Violation("", f"A table holds at most {MAX_ROUNDS} rounds")])
    step = apply(store.spec_of(table), store.state_of(table), kind, entry)
    rnd = Round(
        table_id=table.id,
        number=table.round_count + 1,
        entry=dict(entry),
        submission_id=submission_id or None,
    )
    store.store_step(rnd, step)
    db.session.add(rnd)
    table.round_count += 1
    table.state = step.after.to_json()
    table.updated_at = now()
    db.session.flush()
    return rnd, True


def end_game(table: Table) -> Round:
    """End the current game now (Tokan splits its pot, R21); the next round starts another."""
    rnd, _ = enter_round(table, "end", {})
    return rnd


def correct_round(table: Table, number: int, entry: Mapping[str, Any], note: str = "") -> Round:
    """Replace round ``number``'s entry and recompute every later round from its input."""
    rounds = store.rounds_from(table, number)
    if not rounds or rounds[0].number != number:
        raise store.NotFound(number)
    target = rounds[0]
    entry = GAMES[table.game].table_entry(target.kind, entry)
    steps = replay(
        store.spec_of(table),
        [(target.kind, entry)] + [(r.kind, r.entry) for r in rounds[1:]],
        store.state_before(table, number),
        number,
        [None] + [store.prior_score(r) for r in rounds[1:]],
    )
    store.keep_version(target, note)
    target.entry = dict(entry)
    target.version += 1
    target.updated_at = now()
    store.save_steps(table, rounds, steps)
    return target


def delete_round(table: Table, number: int) -> None:
    """Delete round ``number``; later rounds move up one and are recomputed."""
    rounds = store.rounds_from(table, number)
    if not rounds or rounds[0].number != number:
        raise store.NotFound(number)
    later = rounds[1:]
    before = store.state_before(table, number)
    steps = replay(
        store.spec_of(table),
        [(r.kind, r.entry) for r in later],
        before,
        number,
        [store.prior_score(r) for r in later],
    )
    db.session.delete(rounds[0])
    db.session.flush()
    if later:
        # Two steps, so the unique (table, number) never sees two rows with one number.
        db.session.execute(
            update(Round)
            .where(Round.table_id == table.id, Round.number > number)
            .values(number=-Round.number)
        )
        db.session.execute(
            update(Round)
            .where(Round.table_id == table.id, Round.number < 0)
            .values(number=-Round.number - 1)
        )
        for r in later:
            db.session.refresh(r)
    table.round_count -= 1
    if steps:
        store.save_steps(table, later, steps)
    else:
        table.state = before.to_json()
        table.updated_at = now()


def export_table(table: Table) -> dict[str, Any]:
    """Everything needed to recreate the table: its settings and every entry in order."""
    rounds = list(reversed(store.recent_rounds(table)))
    state = store.state_of(table)
    return {
        "format": "scorekeeper-table",
        "version": 1,
        "name": table.name,
        "game": table.game,
        "players": list(table.players),
        "rules": table.rules,
        "settings": table.settings,
        "point_value": table.point_value,
        "first_dealer": table.first_dealer,
        "rounds": [
            {"number": r.number, "kind": r.kind, "input": r.entry, "deltas": r.deltas}
            for r in rounds
        ],
        "totals": [amount_str(t) for t in state.totals],
        "pot": amount_str(state.pot),
        "house": amount_str(state.house),
    }


def import_table(data: Mapping[str, Any]) -> Table:
    """Recreate a table from ``export_table``; every round is scored again and must agree."""
    if data.get("format") != "scorekeeper-table":
        raise InvalidInput([Violation("format", "This is not a Scorekeeper table export")])
    new = check_table(data)
    raw_rounds = data.get("rounds")
    if not isinstance(raw_rounds, list):
        raise InvalidInput([Violation("rounds", "The export has no list of rounds")])
    table = open_table(new)
    for k, item in enumerate(raw_rounds):
        if not isinstance(item, Mapping) or not isinstance(item.get("input"), Mapping):
            raise InvalidInput([Violation(f"rounds.{k}", "Each round needs its input")])
        kind = item.get("kind", "round")
        if kind not in KINDS:
            raise InvalidInput([Violation(f"rounds.{k}.kind", f"{kind!r} is not a round kind")])
        try:
            rnd, _ = enter_round(table, kind, item["input"])
        except InvalidInput as exc:
            raise InvalidInput(
                [Violation(f"rounds.{k}.input.{v.field}", v.message) for v in exc.violations]
            ) from exc
        check_exported_round(k, item, rnd.number, rnd.deltas)
    state = store.state_of(table)
    check_exported_totals(
        data,
        [amount_str(t) for t in state.totals],
        amount_str(state.pot),
        amount_str(state.house),
    )
    return table
