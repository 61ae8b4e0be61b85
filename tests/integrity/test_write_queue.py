"""SQLite writers queue for a file lock next to the database (scorekeeper/database.py): a
writing transaction holds it from BEGIN to COMMIT or ROLLBACK, a reading one never takes it,
a writer that finds it taken waits its turn instead of failing, and a killed process gives
it back."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import select, text

from scorekeeper.models import Table, db
from scorekeeper.tables import service
from scorekeeper.tables.checks import check_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def lock_file(app):
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if not uri.startswith("sqlite"):
        pytest.skip("PostgreSQL queues its writers itself: no file lock there")
    return Path(uri.split("///", 1)[1] + ".write-lock")


def taken(path: Path) -> bool:
    """Whether somebody holds the lock (tried from a descriptor of our own)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def new_table(name: str = "queue") -> Table:
    return service.open_table(check_table({"name": name, "game": "toppa", "players": ["A", "B"]}))


def test_a_writing_transaction_holds_the_lock_until_commit_or_rollback(app, lock_file):
    with app.app_context():
        assert not taken(lock_file)
        new_table()
        assert taken(lock_file)
        db.session.commit()
        assert not taken(lock_file)
        new_table()
        assert taken(lock_file)
        db.session.rollback()
        assert not taken(lock_file)
        db.session.execute(text("SELECT 1"))  # outside a request: a writer, to be safe
        assert taken(lock_file)
        db.session.close()
        assert not taken(lock_file)


def test_reading_requests_do_not_take_the_lock(app, lock_file):
    with app.app_context():
        new_table()
        db.session.commit()
    for method in ("GET", "HEAD"):
        with app.test_request_context("/", method=method):
            assert db.session.scalars(select(Table)).all()
            assert not taken(lock_file)
            db.session.rollback()
    with app.test_request_context("/", method="POST"):
        db.session.scalars(select(Table)).all()
        assert taken(lock_file)
        db.session.rollback()
    assert not taken(lock_file)


def test_a_failed_request_gives_the_lock_back(client, lock_file):
    resp = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A"]})
    assert resp.status_code == 422
    assert not taken(lock_file)
    resp = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    assert resp.status_code == 201
    assert not taken(lock_file)
    sid = resp.get_json()["id"]
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": [{"captured": ["x"]}]})
    assert resp.status_code == 422
    assert not taken(lock_file)


def test_a_writer_waits_for_its_turn_and_then_writes(app, client, lock_file):
    """While another process holds the lock a write waits (it neither fails nor goes ahead);
    it is stored once the lock is given back."""
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    answers = []
    writer = threading.Thread(
        target=lambda: answers.append(
            client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
        )
    )
    try:
        writer.start()
        writer.join(timeout=1.0)
        assert writer.is_alive() and not answers  # still waiting its turn
        with app.test_request_context("/", method="GET"):  # a reader: it does not queue
            assert db.session.scalars(select(Table)).all() == []
            db.session.rollback()
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    writer.join(timeout=60)
    assert [r.status_code for r in answers] == [201]
    with app.app_context():
        assert len(db.session.scalars(select(Table)).all()) == 1
        db.session.rollback()


def test_a_killed_writer_gives_the_lock_back(app, lock_file):
    """A process killed in the middle of a writing transaction (SIGKILL, as gunicorn kills a
    worker past its timeout) keeps nobody waiting: the kernel drops its lock."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    script = (
        "import sys, time, scorekeeper\n"
        "from scorekeeper.models import db\n"
        "from sqlalchemy import text\n"
        f"app = scorekeeper.create_app({{'SECRET_KEY': 'k', 'SQLALCHEMY_DATABASE_URI': {uri!r}}})\n"
        "with app.app_context():\n"
        "    db.session.execute(text('SELECT 1'))\n"
        "    print('holding', flush=True)\n"
        "    time.sleep(600)\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True
    ) as proc:
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "holding"
            assert taken(lock_file)
        finally:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
    assert not taken(lock_file)
    with app.app_context():
        new_table("after the kill")
        db.session.commit()
        assert not taken(lock_file)
