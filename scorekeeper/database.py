"""Database wiring: SQLite pragmas, write-locking transactions, and migrations at start-up."""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, has_request_context, request
from sqlalchemy import event, text
from sqlalchemy.engine import Engine

from scorekeeper.models import db

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
PG_MIGRATION_LOCK = 7_357_001


def init_db(app: Flask) -> None:
    """Attach Flask-SQLAlchemy, set up SQLite connections, and bring the schema to head."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if uri.startswith("postgres://"):  # the form some hosts put in DATABASE_URL
        uri = "postgresql+psycopg://" + uri.removeprefix("postgres://")
    elif uri.startswith("postgresql://"):
        uri = "postgresql+psycopg://" + uri.removeprefix("postgresql://")
    app.config["SQLALCHEMY_DATABASE_URI"] = uri
    if uri.startswith("sqlite"):
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 30}})
    else:
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
    db.init_app(app)
    with app.app_context():
        engine = db.engine
        if engine.dialect.name == "sqlite":
            _sqlite_setup(engine)
        migrate(engine, app.instance_path)


def _sqlite_setup(engine: Engine) -> None:
    """WAL, a busy timeout, foreign keys, FULL sync, and transactions that lock before reading.

    pysqlite's own transaction handling begins lazily at the first write, so two requests can
    read the same totals and both write: a lost update. Beginning every writing request's
    transaction with BEGIN IMMEDIATE takes the write lock before anything is read.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=FULL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        reading = has_request_context() and request.method in ("GET", "HEAD", "OPTIONS")
        conn.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def migrate(engine: Engine, instance_path: str) -> None:
    """Upgrade the schema to the newest migration; one process at a time does it."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if engine.dialect.name == "sqlite":
        db_file = engine.url.database or ""
        lock = (
            Path(db_file + ".migrate-lock")
            if db_file and db_file != ":memory:"
            else Path(instance_path, "migrate.lock")
        )
        with _file_lock(lock), engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    else:
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_MIGRATION_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
