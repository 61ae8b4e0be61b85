"""Alembic environment: the app hands over an open connection (see scorekeeper.database)."""

from __future__ import annotations

from alembic import context

from scorekeeper.models import db

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "Scorekeeper migrates itself when the app starts; run the app rather than alembic"
    )
context.configure(
    connection=connection,
    target_metadata=db.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
