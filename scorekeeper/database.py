"""Database wiring: SQLite pragmas, write-locking transactions queued fairly for SQLite's
write lock, and migrations at start-up."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, current_app, has_request_context, request
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.engine.interfaces import DBAPICursor
from sqlalchemy.pool import ConnectionPoolEntry

from scorekeeper.codec import decode_json, encode_json
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
    json_options = {"json_serializer": encode_json, "json_deserializer": decode_json}
    if uri.startswith("sqlite"):
        options = app.config.setdefault(
            "SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 30}}
        )
        # Whatever else is configured, SQLite connections queue their writers (see below).
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {
            **json_options,
            **options,
            "connect_args": {"factory": QueuedWriters, **options.get("connect_args", {})},
        }
    else:
        options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {**json_options, **options}
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
    def _connect(dbapi_conn: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=FULL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        reading = has_request_context() and request.method in ("GET", "HEAD", "OPTIONS")
        if reading or _reads_only():
            conn.exec_driver_sql("BEGIN")
            return
        raw = conn.connection.dbapi_connection
        queued = isinstance(raw, QueuedWriters) and raw.wait_turn()
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        except BaseException:
            if queued and isinstance(raw, QueuedWriters):
                raw.end_turn()
            raise

    @event.listens_for(engine, "before_cursor_execute")
    def _nothing_written_when_reading_only(
        _conn: Connection, _cursor: DBAPICursor, statement: str, *_args: object
    ) -> None:
        if _reads_only() and statement.lstrip()[:6].upper() not in ("SELECT", "BEGIN", "PRAGMA"):
            raise SnapshotWrite(statement.split(None, 1)[0])  # only ever read


def snapshots_pay() -> bool:
    """Whether working a long replay out on a read-only snapshot, before a write queues for
    the write lock, pays (``snapshot``): only on a SQLite file, whose one writer locks the
    whole database (PostgreSQL locks one table's row, not the database, for a write)."""
    engine = db.engine
    name = engine.url.database or ""
    return (
        engine.dialect.name == "sqlite"
        and name not in ("", ":memory:")
        and not (name.startswith("file:"))
    )


@contextlib.contextmanager
def snapshot() -> Iterator[None]:
    """A session of its own (a new application context) that reads the database as it stands
    and writes nothing, rolled back at the end: even inside a request that writes, its
    transaction begins without the write lock. A statement that would write is refused
    (``SnapshotWrite``): a snapshot is only ever read."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    token = _PLANNING.set(True)
    try:
        with app.app_context(), db.session.no_autoflush:
            try:
                yield
            finally:
                db.session.rollback()
    finally:
        _PLANNING.reset(token)


_PLANNING: ContextVar[bool] = ContextVar("planning", default=False)
_SHOWING: ContextVar[bool] = ContextVar("showing", default=False)


class SnapshotWrite(RuntimeError):
    """A statement that would write, sent from a read-only snapshot or a view that only shows
    (a bug: never caught)."""


@contextlib.contextmanager
def showing() -> Iterator[None]:
    """Within: this request only shows, though it is a POST (the bar's preview of a round
    form, a photo read into cards). Its transaction begins without the write lock, so it
    waits for no writer and holds none up (issue 40 item 5); a statement that would write is
    refused (``SnapshotWrite``). Entered before the request's first query (a view enters
    it as ``tables.service.showing``): entered later, its transaction has begun already, with
    the write lock, and it says so (a bug)."""
    if db.session().in_transaction():
        raise RuntimeError("showing() entered after the request's first query")
    token = _SHOWING.set(True)
    try:
        yield
    finally:
        _SHOWING.reset(token)


def _reads_only() -> bool:
    """Whether this runs in a ``snapshot`` or ``showing``: its transactions only read."""
    return _PLANNING.get() or _SHOWING.get()


PLAN_FROM = 200
"""Tables with at least this many rounds work out a correction's, delete's or undo's replay on a
snapshot first (``tables.replay.plan``)."""


class _Turns(threading.local):
    """How many writer turns this thread holds, through any connection."""

    held = 0


_turns = _Turns()


class QueuedWriters(sqlite3.Connection):
    """A SQLite connection whose writing transactions first queue for a file lock.

    SQLite's own busy handler makes a waiting writer sleep and retry with growing sleeps, so
    a writer that has waited long loses to one that has just arrived: with 16 writers, single
    writes waited 8-10 s at p99. Here a writer takes an exclusive ``flock`` on a file next to
    the database (``<database>.write-lock``) before BEGIN IMMEDIATE, and gives it up when its
    transaction commits or rolls back: writers wait in the kernel, which hands the lock on the
    moment it is released, and SQLite's busy handler is left for what does not queue here.
    The kernel releases the lock with the file descriptor, so a killed worker never keeps it.
    Reading transactions (plain BEGIN) never take it.
    """

    def __init__(self, database: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(database, *args, **kwargs)
        name = os.fsdecode(database)
        in_memory = name in ("", ":memory:") or name.startswith("file:")
        self._lock_path = None if in_memory else name + ".write-lock"
        self._lock_fd: int | None = None
        self._lock_pid = 0
        self._holding = False

    def wait_turn(self) -> bool:
        """Block until this connection may write; False when it does not queue (an in-memory
        database, or this thread already holds a turn through another connection, which
        would wait for itself: SQLite's busy timeout decides then, as it did before)."""
        if self._lock_path is None or self._holding or _turns.held:
            return False
        if self._lock_fd is None or self._lock_pid != os.getpid():
            # Opened per connection and per process: a descriptor inherited across fork()
            # would share its lock with the parent.
            self._lock_fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            self._lock_pid = os.getpid()
        fcntl.flock(self._lock_fd, fcntl.LOCK_EX)
        self._holding = True
        _turns.held += 1
        return True

    def end_turn(self) -> None:
        if self._holding and self._lock_fd is not None:
            self._holding = False
            _turns.held -= 1
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self._settled()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self._settled()

    def _settled(self) -> None:
        """Give the turn up once no transaction is open (a failed COMMIT leaves it open)."""
        try:
            open_ = self.in_transaction
        except sqlite3.ProgrammingError:  # closed
            open_ = False
        if not open_:
            self.end_turn()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.end_turn()
            if self._lock_fd is not None and self._lock_pid == os.getpid():
                os.close(self._lock_fd)
            self._lock_fd = None


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
        with _file_lock(lock), engine.connect() as conn:
            # A migration that rebuilds a table (SQLite's way to drop a column or constraint)
            # drops the old one: with foreign keys on, that deletes every row referring to it
            # (a round's earlier versions). SQLite's own procedure for it: foreign keys off,
            # which only works outside a transaction, then a check before the commit.
            raw = conn.connection.driver_connection
            assert raw is not None
            raw.execute("PRAGMA foreign_keys=OFF")
            try:
                with conn.begin():
                    cfg.attributes["connection"] = conn
                    command.upgrade(cfg, "head")
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise RuntimeError(f"a migration broke foreign keys: {broken[:5]}")
            finally:
                raw.execute("PRAGMA foreign_keys=ON")
    else:
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_MIGRATION_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
