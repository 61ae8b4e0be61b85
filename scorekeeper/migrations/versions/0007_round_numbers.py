"""Round numbers count rounds (API.md "Round numbers count rounds", 2026-11-24).

Until now every entry of a table took a number 1..N: rounds, and also a game's end, a change
of the table and a settle-up, so that after three rounds and a settle-up the table entered
"round 5". ``rounds.number`` stays each entry's place in the order of play; the new
``rounds.round_no`` numbers the live rounds (kind ``round``) 1..N in that order, and
``tables.rounds_played`` counts them. The journal's ``number`` becomes a round number: an
entry about a game's end, a change or a settle-up carries none, and one about a round the
number it had among the rounds (its entry number less the other entries before it, by the
table as it stands); where that number changed, its summary says so too ("round 5 entered"
becomes "round 4 entered", in its words and in the message kept for the pages).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

import json
import re
from bisect import bisect_left
from collections import defaultdict
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_ROUNDS = sa.table(
    "rounds",
    sa.column("id", sa.Integer),
    sa.column("table_id", sa.Integer),
    sa.column("number", sa.Integer),
    sa.column("round_no", sa.Integer),
    sa.column("kind", sa.String),
)
_TABLES = sa.table(
    "tables",
    sa.column("id", sa.Integer),
    sa.column("rounds_played", sa.Integer),
)
_JOURNAL = sa.table(
    "journal",
    sa.column("id", sa.Integer),
    sa.column("table_id", sa.Integer),
    sa.column("number", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("summary", sa.Text),
    sa.column("data", sa.JSON),
)
_BATCH = 5000


def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("round_no", sa.Integer, nullable=True))
        batch.create_index("ix_rounds_table_round_no", ["table_id", "round_no"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rounds_played", sa.Integer, nullable=False, server_default="0"))
    conn = op.get_bind()

    # Each live round's number among its table's rounds, in the order of play.
    played: dict[int, int] = defaultdict(int)
    others: dict[int, list[int]] = defaultdict(list)  # places of the entries that are no rounds
    kinds: dict[int, str] = {}
    numbered = []
    rows = conn.execute(
        sa.select(_ROUNDS.c.id, _ROUNDS.c.table_id, _ROUNDS.c.number, _ROUNDS.c.kind)
        .where(_ROUNDS.c.number.is_not(None))
        .order_by(_ROUNDS.c.table_id, _ROUNDS.c.number)
    )
    for rid, table_id, number, kind in rows:
        kinds[rid] = kind
        if kind == "round":
            played[table_id] += 1
            numbered.append({"rid": rid, "n": played[table_id]})
        else:
            others[table_id].append(number)
    for rid, kind in conn.execute(
        sa.select(_ROUNDS.c.id, _ROUNDS.c.kind).where(_ROUNDS.c.number.is_(None))
    ):
        kinds[rid] = kind
    set_round_no = (
        _ROUNDS.update()
        .where(_ROUNDS.c.id == sa.bindparam("rid"))
        .values(round_no=sa.bindparam("n"))
    )
    for k in range(0, len(numbered), _BATCH):
        conn.execute(set_round_no, numbered[k : k + _BATCH])
    set_played = (
        _TABLES.update()
        .where(_TABLES.c.id == sa.bindparam("tid"))
        .values(rounds_played=sa.bindparam("n"))
    )
    counts = [{"tid": tid, "n": n} for tid, n in played.items()]
    if counts:
        conn.execute(set_played, counts)

    # The journal's numbers: round numbers, and none for an entry that concerns no round.
    changed = []
    for jid, table_id, number, round_id, summary, data in conn.execute(
        sa.select(
            _JOURNAL.c.id,
            _JOURNAL.c.table_id,
            _JOURNAL.c.number,
            _JOURNAL.c.round_id,
            _JOURNAL.c.summary,
            _JOURNAL.c.data,
        ).where(_JOURNAL.c.number.is_not(None))
    ):
        if round_id is not None and kinds.get(round_id, "round") != "round":
            changed.append({"jid": jid, "n": None, "s": summary, "d": _loaded(data)})
            continue
        before = bisect_left(others[table_id], number) if table_id in others else 0
        if before:
            new = number - before
            summary, data = _renumbered(summary, _loaded(data), number, new)
            changed.append({"jid": jid, "n": new, "s": summary, "d": data})
    set_number = (
        _JOURNAL.update()
        .where(_JOURNAL.c.id == sa.bindparam("jid"))
        .values(number=sa.bindparam("n"), summary=sa.bindparam("s"), data=sa.bindparam("d"))
    )
    for k in range(0, len(changed), _BATCH):
        conn.execute(set_number, changed[k : k + _BATCH])


def _loaded(data: Any) -> Any:
    return json.loads(data) if isinstance(data, str | bytes) else data


def _renumbered(summary: str, data: Any, old: int, new: int) -> tuple[str, Any]:
    """A journal entry's summary with round ``old`` (or tour ``old``) named ``new``: in its
    text, and in the message it kept (``data["summary_msg"]``, whose "round %(n)s" or "tour
    %(n)s" holds the number)."""
    summary = re.sub(rf"\b(round|tour) {old}\b", rf"\g<1> {new}", summary)

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if value.get("id") in ("round %(n)s", "tour %(n)s"):
                args = value.get("args") or {}
                if args.get("n") == old:
                    return {**value, "args": {**args, "n": new}}
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return summary, walk(data)


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rounds_played")
    with op.batch_alter_table("rounds") as batch:
        batch.drop_index("ix_rounds_table_round_no")
        batch.drop_column("round_no")
