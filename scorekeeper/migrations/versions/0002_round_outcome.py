"""Each round's outcome (next dealer, pot, house, void, end of game) as its own typed record.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rounds stored before this have none: the ledger scores them again when it replays them.
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("outcome", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("outcome")
