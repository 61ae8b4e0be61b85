"""Leaner rounds: what every stored round repeated for nothing.

An import stored about eleven times the bytes it was sent. Per round, this drops
``updated_at`` (written, never read: a correction's time is in the journal), the index on
``table_id`` alone (the unique index on ``table_id, number`` serves every query it did), and
the index entry of every round entered without a ``submission_id`` (the uniqueness of
submission ids within a table is now a partial index over the rounds that have one). On
SQLite a round's ``created_at`` becomes whole seconds since 1970 (what the API and pages
show of it), 4 bytes where its text took 26 (``models.Moment``); PostgreSQL keeps its
timestamp.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_HAS_ID = sa.text("submission_id IS NOT NULL")

# SQLAlchemy wrote SQLite times as 'YYYY-MM-DD HH:MM:SS.ffffff'.
_TO_SECONDS = (
    "UPDATE rounds SET created_at = CAST(strftime('%s', created_at) AS INTEGER)"
    " WHERE typeof(created_at) = 'text'"
)
_TO_TEXT = (
    "UPDATE rounds SET created_at = datetime(created_at, 'unixepoch') || '.000000'"
    " WHERE typeof(created_at) = 'integer'"
)


def upgrade() -> None:
    op.drop_index("ix_rounds_table_id", table_name="rounds")
    with op.batch_alter_table("rounds") as batch:
        batch.drop_constraint("uq_rounds_table_submission", type_="unique")
        batch.drop_column("updated_at")
    op.create_index(
        "uq_rounds_table_submission",
        "rounds",
        ["table_id", "submission_id"],
        unique=True,
        sqlite_where=_HAS_ID,
        postgresql_where=_HAS_ID,
    )
    if op.get_bind().dialect.name == "sqlite":
        op.execute(_TO_SECONDS)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(_TO_TEXT)
    op.drop_index("uq_rounds_table_submission", table_name="rounds")
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(
            sa.Column(
                "updated_at",
                sa.DateTime,
                nullable=False,
                server_default=sa.func.current_timestamp(),
            )
        )
        batch.create_unique_constraint("uq_rounds_table_submission", ["table_id", "submission_id"])
    op.create_index("ix_rounds_table_id", "rounds", ["table_id"])
