"""A table's journal: every write appended, nothing removed; deleted rounds kept aside.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "journal",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("number", sa.Integer, nullable=True),
        sa.Column("round_id", sa.Integer, nullable=True),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_journal_table_seq"),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("rounds") as batch:
        batch.alter_column("number", existing_type=sa.Integer, nullable=True)
        batch.add_column(sa.Column("deleted_at", sa.DateTime, nullable=True))
        batch.add_column(sa.Column("deleted_number", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("deleted_number")
        batch.drop_column("deleted_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("version")
    op.drop_table("journal")
