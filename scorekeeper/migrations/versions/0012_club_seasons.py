"""A club's seasons (API.md "Seasons and ratings", issue 41).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(sa.Column("seasons", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("seasons")
