"""Where a seat's best round of a club day was: its round number (issue 41's records).

The club's records name the round of the biggest win; kept beside the figures, they no longer
look for it among the day's rounds. Rows kept before this have none, and the records look for
those rounds as before (``clubs.records``) until the table's figures are rebuilt.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club_figures") as batch:
        batch.add_column(sa.Column("best_round", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club_figures") as batch:
        batch.drop_column("best_round")
