"""Journal entries name the phone that made them (API.md "Who did what").

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("journal") as batch:
        batch.add_column(sa.Column("device", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("journal") as batch:
        batch.drop_column("device")
