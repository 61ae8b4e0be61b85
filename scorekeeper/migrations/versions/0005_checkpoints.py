"""Running totals at checkpoints only; results derived from the stored input when not kept.

A correction early in a long table used to rewrite every later round's stored running state.
Now each round keeps the state that decides later rounds (dealer, pot, seats, ...) in
``after``, the running totals and house are kept every 100th round in ``checkpoint``, and a
round's ``result`` may be left out (NULL) and recomputed from its ``body`` when read.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("checkpoint", sa.JSON, nullable=True))
        batch.alter_column("result", existing_type=sa.JSON, nullable=True)
    rounds = sa.table(
        "rounds",
        sa.column("number", sa.Integer),
        sa.column("after", sa.JSON),
        sa.column("checkpoint", sa.JSON),
        sa.column("outcome", sa.JSON),
    )
    # Every 100th round keeps the figures it has today as its checkpoint, and so does every
    # round stored before outcomes were (0002), whose house change only its state records.
    # The figures still inside other rounds' ``after`` are never read again.
    op.execute(
        rounds.update()
        .where(
            rounds.c.number.is_not(None),
            sa.or_(rounds.c.number % 100 == 0, rounds.c.outcome.is_(None)),
        )
        .values(checkpoint=rounds.c.after)
    )


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("checkpoint")
