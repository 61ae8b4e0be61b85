"""Clubs' kept figures and tables' read-only links (API.md "Clubs").

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_figures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("points", sa.String(80), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("best", sa.String(80), nullable=True),
        sa.Column("worst", sa.String(80), nullable=True),
        sa.Column("yaku", sa.JSON, nullable=False),
        sa.Column("together", sa.JSON, nullable=False),
        sa.Column("house", sa.String(80), nullable=False),
        sa.Column("first_at", sa.DateTime, nullable=True),
        sa.Column("last_at", sa.DateTime, nullable=True),
        sa.UniqueConstraint("table_id", "day", "seat", name="uq_club_figures"),
    )
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(
            sa.Column("figures_version", sa.Integer, nullable=False, server_default="0")
        )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("view_token", sa.String(64), nullable=True))
        batch.add_column(sa.Column("figures_through", sa.Integer, nullable=True))
        batch.create_index("ix_tables_view_token", ["view_token"], unique=True)
    bind = op.get_bind()
    tables = sa.table("tables", sa.column("id", sa.Integer), sa.column("view_token", sa.String))
    ids = [row[0] for row in bind.execute(sa.select(tables.c.id))]
    for tid in ids:  # every table gets its read-only link
        bind.execute(
            tables.update().where(tables.c.id == tid).values(view_token=secrets.token_urlsafe(24))
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_view_token")
        batch.drop_column("figures_through")
        batch.drop_column("view_token")
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("figures_version")
    op.drop_table("club_figures")
