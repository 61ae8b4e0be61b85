"""A club's kept figures keep their money: each change at the point value it was played at.

The standings priced a table's kept points at its point value as it is now, so a table that
settled up and took another point value re-priced the rounds played before. Each figure now
keeps its money (``money``) and whether any of its entries had no point value
(``unpriced``). Rows kept before this have neither and are priced as before (``clubs.
standings``) until the table's figures are rebuilt.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_figures") as batch:
        batch.add_column(sa.Column("money", sa.String(80), nullable=True))
        batch.add_column(sa.Column("unpriced", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club_figures") as batch:
        batch.drop_column("unpriced")
        batch.drop_column("money")
