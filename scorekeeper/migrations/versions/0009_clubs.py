"""Clubs: the same players across tables and evenings (API.md "Clubs").

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("view_token", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=False),
        sa.Column("members", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_clubs_token", "clubs", ["token"], unique=True)
    op.create_index("ix_clubs_view_token", "clubs", ["view_token"], unique=True)
    op.create_table(
        "club_journal",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "club_id", sa.Integer, sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("device", sa.String(40), nullable=True),
        sa.UniqueConstraint("club_id", "seq", name="uq_club_journal_club_seq"),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer, nullable=True))
        batch.create_foreign_key(
            "fk_tables_club_id", "clubs", ["club_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_tables_club_id", ["club_id"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_club_id")
        batch.drop_constraint("fk_tables_club_id", type_="foreignkey")
        batch.drop_column("club_id")
    op.drop_table("club_journal")
    op.drop_index("ix_clubs_view_token", "clubs")
    op.drop_index("ix_clubs_token", "clubs")
    op.drop_table("clubs")
