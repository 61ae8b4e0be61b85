"""A table keeps the id of the start form that opened it.

Start tapped twice on a slow phone sent the home page's (or a club's) form twice and opened
two tables. Each start form now carries a random id (``NewTableForm.start_id``); the table
it opened keeps it, unique, so the second send lands on the first table (and two sends at
the same moment cannot both store one). Tables opened before this, and by the API, have none.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("start_id", sa.String(64), nullable=True))
        batch.create_index("ix_tables_start_id", ["start_id"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_start_id")
        batch.drop_column("start_id")
