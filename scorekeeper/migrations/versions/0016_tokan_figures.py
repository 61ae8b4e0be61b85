"""A club's Tokan tables work their figures out again at their next write.

The kept figures counted every seated player in each tour, also a player who left by being
left out of it (a probe of 2026-11-29): that player gained rounds, tables, firsts, rating
matches and opponents for tours not played. ``clubs.figures`` now counts the players a
round's entry names. Each Tokan table of a club is marked to be worked out again
(``figures_through`` NULL), which its next write does; what is read before then is what was
kept.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = sa.table(
        "tables",
        sa.column("club_id", sa.Integer),
        sa.column("game", sa.String),
        sa.column("figures_through", sa.Integer),
    )
    op.get_bind().execute(
        tables.update()
        .where(tables.c.club_id.is_not(None), tables.c.game == "tokan")
        .values(figures_through=None)
    )


def downgrade() -> None:
    pass  # the figures stay as worked out; nothing to undo
