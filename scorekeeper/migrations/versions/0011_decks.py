"""Taught decks: a player's own deck's faces, named by clubs and tables (API.md "Photos and
decks").

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "decks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("name", sa.String(60), nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_decks_token", "decks", ["token"], unique=True)
    op.create_table(
        "deck_faces",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "deck_id", sa.Integer, sa.ForeignKey("decks.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("card", sa.String(40), nullable=False),
        sa.Column("jpeg", sa.LargeBinary, nullable=False),
        sa.Column("looks_like", sa.String(40), nullable=True),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("deck_id", "card", name="uq_deck_faces_deck_card"),
    )
    for name in ("tables", "clubs"):
        with op.batch_alter_table(name) as batch:
            batch.add_column(sa.Column("deck_id", sa.Integer, nullable=True))
            batch.create_foreign_key(
                f"fk_{name}_deck_id", "decks", ["deck_id"], ["id"], ondelete="SET NULL"
            )
            batch.create_index(f"ix_{name}_deck_id", ["deck_id"])


def downgrade() -> None:
    for name in ("clubs", "tables"):
        with op.batch_alter_table(name) as batch:
            batch.drop_index(f"ix_{name}_deck_id")
            batch.drop_constraint(f"fk_{name}_deck_id", type_="foreignkey")
            batch.drop_column("deck_id")
    op.drop_table("deck_faces")
    op.drop_index("ix_decks_token", "decks")
    op.drop_table("decks")
