"""Backups of an SQLite database, taken while the app serves (issue 19 part 2).

``flask --app scorekeeper backup PATH`` writes a consistent copy with SQLite's online backup
(one step, under one read transaction: in WAL mode writers go on meanwhile, and the copy is
the database as of one instant, every round acknowledged before it began included). The copy
is checked (``PRAGMA integrity_check``) before it takes its name, so a file that has the name
is whole.

With SQLite the app also keeps snapshots by itself: after a request, at most once a minute per
process, it looks whether today's snapshot exists in ``BACKUP_DIR`` (default
``instance/backups/``, which may be another disk or a mounted share) and, if not, takes one in
a thread, under a lock so two processes never copy at once. It keeps the last 7 days' and,
before them, the newest of each of the 4 weeks before.

PostgreSQL has its own tools: the command says to use ``pg_dump`` and exits non-zero.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import click
from flask import Flask, Response

SNAPSHOT_PREFIX = "scorekeeper-"
SNAPSHOT_SUFFIX = ".sqlite"
KEEP_DAYS = 7
KEEP_WEEKS = 4
CHECK_EVERY = 60.0
"""Seconds between two looks for today's snapshot in one process."""


class NotSQLite(RuntimeError):
    """The database is not an SQLite file: use the server's own tools."""


class BackupFailed(RuntimeError):
    """The copy did not pass SQLite's integrity check (it was not kept)."""


def sqlite_file(app: Flask) -> Path:
    """The SQLite file the app serves from (NotSQLite for any other database)."""
    uri = str(app.config["SQLALCHEMY_DATABASE_URI"])
    if not uri.startswith("sqlite:///") or uri in ("sqlite://", "sqlite:///:memory:"):
        raise NotSQLite(
            "The database is not an SQLite file: back up PostgreSQL with pg_dump "
            "(docs/deployment.md, 'Backups')."
        )
    return Path(uri.removeprefix("sqlite:///"))


def backup(source: Path, target: Path) -> Path:
    """Copy the SQLite database ``source`` to ``target`` while it serves, and check the copy.

    The copy is written beside ``target`` and renamed onto it only once SQLite's integrity
    check passes: ``target`` is never a partial file.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # every page in one step: one instant of the database
            dst.execute("PRAGMA journal_mode=DELETE")  # a single file, whatever the source's
            verdict = integrity(dst)
        finally:
            dst.close()
    finally:
        src.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"the copy failed SQLite's integrity check: {verdict}")
    partial.replace(target)
    return target


def integrity(conn: sqlite3.Connection) -> str:
    """SQLite's verdict on a database: "ok", or what it found wrong."""
    return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def backup_dir(app: Flask) -> Path:
    return Path(app.config.get("BACKUP_DIR") or Path(app.instance_path, "backups"))


def snapshot_name(day: date) -> str:
    return f"{SNAPSHOT_PREFIX}{day.isoformat()}{SNAPSHOT_SUFFIX}"


def snapshots(folder: Path) -> dict[date, Path]:
    """The snapshots in ``folder`` by their day (other files are left alone)."""
    found = {}
    for path in folder.glob(f"{SNAPSHOT_PREFIX}*{SNAPSHOT_SUFFIX}"):
        stem = path.name.removeprefix(SNAPSHOT_PREFIX).removesuffix(SNAPSHOT_SUFFIX)
        try:
            found[date.fromisoformat(stem)] = path
        except ValueError:
            continue
    return found


def to_keep(days: set[date], today: date) -> set[date]:
    """The snapshots kept on ``today``: the last ``KEEP_DAYS`` days', and before them the
    newest of each of the ``KEEP_WEEKS`` weeks before (weeks counted back from today)."""
    recent = {d for d in days if 0 <= (today - d).days < KEEP_DAYS}
    weekly: dict[int, date] = {}
    for d in days:
        age = (today - d).days
        if KEEP_DAYS <= age < KEEP_DAYS + 7 * KEEP_WEEKS:
            week = (age - KEEP_DAYS) // 7
            if week not in weekly or d > weekly[week]:
                weekly[week] = d
    return recent | set(weekly.values())


@contextlib.contextmanager
def _only_one(folder: Path) -> Iterator[bool]:
    """Whether this process may copy now: one copy at a time across processes (a lock file
    in the folder; a second one does not wait, it leaves the copy to the first)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def take_snapshot(source: Path, folder: Path, today: date) -> Path | None:
    """Today's snapshot, taken now unless it exists or another process is taking it; then
    the old ones pruned. None when nothing was copied."""
    with _only_one(folder) as mine:
        if not mine:
            return None
        have = snapshots(folder)
        taken = None
        if today not in have:
            taken = backup(source, folder / snapshot_name(today))
            have[today] = taken
        keep = to_keep(set(have), today)
        for day, path in have.items():
            if day not in keep:
                path.unlink(missing_ok=True)
        return taken


def delete_table(app: Flask, token: str) -> Path:
    """Write the table's export beside the backups, then delete the table, its rounds, their
    earlier versions and its journal in one transaction. Returns the export's path."""
    import json

    from sqlalchemy import delete, select

    from scorekeeper.clubs import figures
    from scorekeeper.models import (
        ClubFigure,
        JournalEntry,
        Round,
        RoundVersion,
        Table,
        db,
    )
    from scorekeeper.tables import service, store

    with app.app_context():
        table = store.find_table(token, lock=True)
        folder = backup_dir(app) / "deleted"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        path = folder / f"{table.token}-{stamp}.json"
        partial = path.with_name(path.name + ".part")
        export = json.dumps(service.export_table(table), ensure_ascii=False, indent=1)
        partial.write_text(export, encoding="utf-8")
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        partial.replace(path)
        rounds = select(Round.id).where(Round.table_id == table.id)
        db.session.execute(delete(RoundVersion).where(RoundVersion.round_id.in_(rounds)))
        db.session.execute(delete(Round).where(Round.table_id == table.id))
        db.session.execute(delete(JournalEntry).where(JournalEntry.table_id == table.id))
        db.session.execute(delete(ClubFigure).where(ClubFigure.table_id == table.id))
        if table.club_id is not None:  # its club's standings no longer count it, at once
            figures.moved(db.session(), table.club_id)
        db.session.execute(delete(Table).where(Table.id == table.id))
        db.session.commit()
        return path


def init_app(app: Flask) -> None:
    """The ``backup`` command, and the daily snapshots of an SQLite database."""
    _add_commands(app)
    _snapshot_daily(app)


def _add_commands(app: Flask) -> None:
    """The ``backup``, ``delete-table`` and ``rebuild-figures`` commands."""

    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
    def backup_command(path: Path) -> None:
        """Write a consistent copy of the database to PATH while the app serves."""
        if not path.name:  # "" or "/": a directory, not a file to write
            raise click.BadParameter(
                "give the file to write, e.g. backup.sqlite", param_hint="PATH"
            )
        try:
            source = sqlite_file(app)
        except NotSQLite as exc:
            raise click.ClickException(str(exc)) from exc
        backup(source, path)
        click.echo(f"Backed up {source} to {path} (integrity check: ok).")

    @app.cli.command("rebuild-figures")
    def rebuild_figures_command() -> None:
        """Work out again the clubs' kept figures of the tables an upgrade marked (migration
        0016: the clubs' Tokan tables); run once after upgrading."""
        from scorekeeper.clubs import figures

        count = figures.rebuild_marked()  # each table committed as it is done
        click.echo(f"Worked out the figures of {count} club tables again.")

    # A link's id may start with "-" (one in 64 does): taken as the id, not as an option.
    @app.cli.command("delete-table", context_settings={"ignore_unknown_options": True})
    @click.argument("table_id")
    def delete_table_command(table_id: str) -> None:
        """Remove the table TABLE_ID (its link's id) for good, after writing its JSON export
        to BACKUP_DIR/deleted/ (the import page or API brings it back)."""
        try:
            path = delete_table(app, table_id)
        except LookupError as exc:
            raise click.ClickException(f"There is no table {table_id!r} in this database.") from exc
        click.echo(f"Deleted table {table_id}; its export is in {path}.")


def _snapshot_daily(app: Flask) -> None:
    """After a request, a snapshot of an SQLite database when today's is not taken yet (in a
    thread of its own, one at a time, looking at most every ``CHECK_EVERY`` seconds)."""
    if not app.config.get("BACKUP_SNAPSHOTS", not app.testing):  # tests turn them on
        return
    try:
        source = sqlite_file(app)
    except NotSQLite:
        return
    folder = backup_dir(app)
    looked = [0.0]
    busy = threading.Lock()

    @app.after_request
    def _snapshot_when_due(response: Response) -> Response:
        now = time.monotonic()
        if now - looked[0] < CHECK_EVERY:
            return response
        looked[0] = now
        today = datetime.now(UTC).date()
        if (folder / snapshot_name(today)).exists() or not busy.acquire(blocking=False):
            return response

        def work() -> None:
            try:
                take_snapshot(source, folder, today)
            except (OSError, sqlite3.Error, BackupFailed) as exc:
                app.logger.error("daily snapshot in %s failed: %s", folder, exc)
            finally:
                busy.release()

        threading.Thread(target=work, name="snapshot", daemon=True).start()
        return response
