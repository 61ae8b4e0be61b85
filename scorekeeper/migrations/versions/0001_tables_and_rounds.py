"""Tables, rounds, and earlier versions of corrected rounds.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("point_value", sa.String(40), nullable=True),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("round_count", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_tables_token", "tables", ["token"], unique=True)
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("body", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("deltas", sa.JSON, nullable=False),
        sa.Column("after", sa.JSON, nullable=False),
        sa.Column("game_no", sa.Integer, nullable=False),
        sa.Column("game_round", sa.Integer, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("submission_id", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_rounds_table_number"),
        sa.UniqueConstraint("table_id", "submission_id", name="uq_rounds_table_submission"),
    )
    op.create_index("ix_rounds_table_id", "rounds", ["table_id"])
    op.create_table(
        "round_versions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "round_id", sa.Integer, sa.ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("deltas", sa.JSON, nullable=False),
        sa.Column("replaced_at", sa.DateTime, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
    )
    op.create_index("ix_round_versions_round_id", "round_versions", ["round_id"])


def downgrade() -> None:
    op.drop_table("round_versions")
    op.drop_table("rounds")
    op.drop_table("tables")
