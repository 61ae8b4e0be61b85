"""Issue 19 part 2: backups while the app serves, daily snapshots kept 7 days and 4 weeks,
and a restore. These run on an SQLite file whatever the suite's database (the backup is
SQLite's); PostgreSQL's answer is checked on a bare app that never connects."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from datetime import date, timedelta
from fractions import Fraction

import pytest
from flask import Flask

import scorekeeper
from scorekeeper import backups
from tests.helpers import EXAMPLE_A

CEILING = 30.0  # s: how long a state may take on a busy machine before it counts as missing


def until(check, what: str) -> None:
    """Wait in short steps until ``check()`` holds; fail after the ceiling, never hang."""
    deadline = time.monotonic() + CEILING
    while not check():
        assert time.monotonic() < deadline, f"not within {CEILING} s: {what}"
        time.sleep(0.01)


ROUND = {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]}


def sqlite_app(path, **config):
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "backups", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
        | config
    )


def _host_app(tmp_path, name):
    """An app whose backups go to ``tmp_path/kept``, on the tests' database (PostgreSQL when
    ``SCOREKEEPER_TEST_DATABASE_URL`` says so)."""
    import os

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / name}.sqlite"
    config = {"TESTING": True, "SECRET_KEY": name, "SQLALCHEMY_DATABASE_URI": url}
    return scorekeeper.create_app({**config, "BACKUP_DIR": str(tmp_path / "kept")})


def new_table(client):
    resp = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["Aki", "Ben"]})
    assert resp.status_code == 201
    return resp.get_json()["id"]


def test_a_backup_taken_during_writes_is_whole_holds_every_round_and_restores(tmp_path):
    app = sqlite_app(tmp_path / "live.sqlite")
    sid = new_table(app.test_client())
    acknowledged = []
    stop = threading.Event()

    def writer():
        client = app.test_client()
        while not stop.is_set():
            resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=ROUND)
            assert resp.status_code == 201
            acknowledged.append(resp.get_json()["number"])

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        until(lambda: len(acknowledged) >= 5, "five writes before the copy")
        before = len(acknowledged)
        copy = tmp_path / "copies" / "backup.sqlite"
        result = app.test_cli_runner().invoke(args=["backup", str(copy)])
        assert result.exit_code == 0, result.output
        # The writes went on while it copied.
        until(lambda: len(acknowledged) >= before + 3, "three writes after the copy")
    finally:
        stop.set()
        thread.join()

    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        kept = conn.execute("SELECT count(*) FROM rounds WHERE number IS NOT NULL").fetchone()[0]
    conn.close()
    assert kept >= before  # every round acknowledged before the backup began

    # Restore: the copy is the database of another app, which serves the table as it was.
    restored = tmp_path / "restored.sqlite"
    shutil.copy(copy, restored)
    table = sqlite_app(restored).test_client().get(f"/api/v1/sessions/{sid}").get_json()
    totals = [Fraction(p["total"]) for p in table["players"]]
    assert totals == [Fraction(-255 * kept), Fraction(255 * kept)]  # RULES 8, each round


def test_a_backup_is_checked_before_it_takes_its_name(tmp_path, monkeypatch):
    app = sqlite_app(tmp_path / "live.sqlite")
    new_table(app.test_client())
    target = tmp_path / "b.sqlite"
    monkeypatch.setattr(backups, "integrity", lambda conn: "row 3 missing from index")
    with pytest.raises(backups.BackupFailed, match="row 3 missing"):
        backups.backup(backups.sqlite_file(app), target)
    assert not target.exists() and not list(tmp_path.glob(".b.sqlite*"))


def test_on_postgresql_the_command_says_to_use_pg_dump():
    bare = Flask("bare")
    bare.config["SQLALCHEMY_DATABASE_URI"] = "postgresql+psycopg://host/db"
    backups.init_app(bare)
    result = bare.test_cli_runner().invoke(args=["backup", "x.sqlite"])
    assert result.exit_code != 0 and "pg_dump" in result.output


def test_an_empty_path_is_a_usage_message_not_a_traceback(tmp_path):
    """A hostile probe (2026-11-29): ``flask backup ""`` ended in a traceback ("PosixPath('.')
    has an empty name")."""
    app = sqlite_app(tmp_path / "live.sqlite")
    for path, said in (("", "give the file to write"), ("/", "is a directory")):
        result = app.test_cli_runner().invoke(args=["backup", path])
        assert result.exit_code == 2, result.output
        assert said in result.output
        assert isinstance(result.exception, SystemExit)


def test_snapshots_kept_are_the_last_week_and_one_a_week_for_four_weeks():
    today = date(2026, 11, 25)
    every_day = {today - timedelta(days=k) for k in range(90)}
    kept = backups.to_keep(every_day, today)
    assert {today - timedelta(days=k) for k in range(7)} <= kept
    older = sorted(d for d in kept if (today - d).days >= 7)
    assert [(today - d).days for d in older] == [28, 21, 14, 7]  # each week's newest
    assert backups.to_keep(set(), today) == set()


def test_the_app_takes_todays_snapshot_itself_and_prunes(tmp_path):
    folder = tmp_path / "share"
    folder.mkdir()
    old = date.today() - timedelta(days=60)
    (folder / backups.snapshot_name(old)).write_bytes(b"an old copy")
    (folder / "notes.txt").write_text("not a snapshot: left alone")
    app = sqlite_app(tmp_path / "live.sqlite", BACKUP_SNAPSHOTS=True, BACKUP_DIR=str(folder))
    new_table(app.test_client())  # a request: the app looks for today's snapshot

    def one_new_snapshot() -> bool:
        found = backups.snapshots(folder)
        return len(found) == 1 and old not in found

    until(one_new_snapshot, "today's snapshot, the old one pruned")
    (day, path), *rest = backups.snapshots(folder).items()
    assert not rest and (date.today() - day).days <= 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert (folder / "notes.txt").exists()


def test_two_processes_never_copy_at_once(tmp_path):
    app = sqlite_app(tmp_path / "live.sqlite")
    source = backups.sqlite_file(app)
    folder = tmp_path / "b"
    with backups._only_one(folder) as first:
        assert first
        assert backups.take_snapshot(source, folder, date.today()) is None  # left to the first
    assert backups.take_snapshot(source, folder, date.today()) is not None


def test_delete_table_writes_its_export_beside_the_backups_then_removes_it(tmp_path):
    """Issue 19 part 3: a host removes a table for good; its export comes back by import."""
    import json

    app = _host_app(tmp_path, "delete")
    client = app.test_client()
    sid, spared = new_table(client), new_table(client)
    for _ in range(2):
        assert client.post(f"/api/v1/sessions/{sid}/rounds", json=ROUND).status_code == 201
    client.delete(f"/api/v1/sessions/{sid}/rounds/1")  # a deleted round and a journal
    before = client.get(f"/api/v1/sessions/{sid}").get_json()

    result = app.test_cli_runner().invoke(args=["delete-table", sid])
    assert result.exit_code == 0, result.output
    (export_path,) = (tmp_path / "kept" / "deleted").glob(f"{sid}-*.json")
    assert str(export_path) in result.output
    assert client.get(f"/api/v1/sessions/{sid}").status_code == 404
    assert client.get(f"/t/{sid}").status_code == 404
    assert client.get(f"/api/v1/sessions/{spared}").status_code == 200  # only that one

    again = app.test_cli_runner().invoke(args=["delete-table", sid])
    assert again.exit_code != 0 and "no table" in again.output

    back = client.post("/api/v1/sessions/import", json=json.loads(export_path.read_text()))
    assert back.status_code == 201
    restored = back.get_json()
    assert [p["total"] for p in restored["players"]] == [p["total"] for p in before["players"]]
    assert restored["round_count"] == before["round_count"] == 1


@pytest.mark.parametrize("start", ["-e", "--x", "-h"])
def test_delete_table_takes_an_id_that_starts_with_a_dash(tmp_path, start):
    """A link's id is URL-safe base64: one in 64 starts with "-" (a CI run met one). The host
    types it as it is, and it is the table's id, not an option the command does not know."""
    from scorekeeper.models import Table, db

    app = _host_app(tmp_path, "dash")
    client = app.test_client()
    sid = new_table(client)
    dashed = start + sid[len(start) :]
    with app.app_context():
        db.session.execute(db.update(Table).where(Table.token == sid).values(token=dashed))
        db.session.commit()
    assert client.get(f"/api/v1/sessions/{dashed}").status_code == 200

    result = app.test_cli_runner().invoke(args=["delete-table", dashed])
    assert result.exit_code == 0, result.output
    assert f"Deleted table {dashed};" in result.output
    assert client.get(f"/api/v1/sessions/{dashed}").status_code == 404


def test_a_deleted_club_table_leaves_the_clubs_standings_at_once(tmp_path):
    """Issue 19 part 3 with issue 20: a table removed for good counts nowhere in its club, and
    the standings kept in the serving process see it without waiting for another write."""

    app = _host_app(tmp_path, "delete-club")
    client = app.test_client()
    made = client.post("/api/v1/clubs", json={"name": "Deleted", "members": ["Aki", "Ben"]})
    club = made.get_json()["id"]
    body = {"game": "toppa", "players": ["Aki", "Ben"], "club": club}
    sid = client.post("/api/v1/sessions", json=body).get_json()["id"]
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json=ROUND).status_code == 201

    def rounds() -> dict[str, int]:
        got = client.get(f"/api/v1/clubs/{club}/standings").get_json()
        return {m["name"]: m["rounds"] for m in got["members"]}

    assert rounds() == {"Aki": 1, "Ben": 1}  # and now kept in this process
    result = app.test_cli_runner().invoke(args=["delete-table", sid])
    assert result.exit_code == 0, result.output
    assert rounds() == {"Aki": 0, "Ben": 0}
    page = client.get(f"/c/{club}").get_data(as_text=True)
    assert sid not in page
