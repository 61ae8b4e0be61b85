"""Posts that only show take no write lock (issue 40 item 5): the round form's bar preview
(sent 150 ms after each tap), a correction's preview, a photo read by the API for a table's
form and the no-script "Read the photo" on a round form and a correction's form. While
another writer holds the write lock (the queue's file lock and SQLite's own), each answers at
once, as it does with no writer; and none of them can write (``database.SnapshotWrite``)."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading

import pytest

import scorekeeper
from scorekeeper import database, recognise
from scorekeeper.recognise import Found
from tests.helpers import EXAMPLE_A
from tests.web.test_pages import entry_form, new_table, pile_fields
from tests.web.test_photo_endpoint import picture, post_multipart


@pytest.fixture()
def app(tmp_path):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "showing", "SQLALCHEMY_DATABASE_URI": url}
    )  # CSRF stays on, as on the pages


@pytest.fixture()
def fake(monkeypatch):
    found = [Found("iris-bridge", 0.97, (0, 0, 10, 10), False)]
    monkeypatch.setattr(recognise, "find_cards", lambda image, deck=None: list(found))


def _path(app) -> str:
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if not uri.startswith("sqlite:///"):
        pytest.skip("SQLite's write lock")
    return uri.split("///", 1)[1]


def while_another_writes(app, ask):
    """What ``ask()`` answers, asked while another writer holds the whole write lock (the
    queue's file lock and SQLite's own); None if it waited for it (10 s)."""
    path = _path(app)
    answers: list[int] = []
    fd = os.open(path + ".write-lock", os.O_RDWR | os.O_CREAT, 0o600)
    writer = sqlite3.connect(path, timeout=0, isolation_level=None)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another writer's turn in the queue (database.QueuedWriters)
    writer.execute("BEGIN IMMEDIATE")  # and SQLite's write lock
    try:
        asking = threading.Thread(target=lambda: answers.append(ask()))
        asking.start()
        asking.join(timeout=10)
        answered = not asking.is_alive()
    finally:
        writer.rollback()
        writer.close()
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    asking.join()
    return answers[0] if answered else None


def photo_fields(base):
    return [*base.items(), ("photo_target", "p0_pile"), ("photo_read", "1")]


def test_the_bar_s_previews_wait_for_no_writer(app, client):
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    data = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"}

    def preview(form_url, data):
        return client.post(f"{form_url}/preview", data=data).status_code

    assert preview(url, data) == 200
    assert while_another_writes(app, lambda: preview(url, data)) == 200
    assert client.post(url, data=data).status_code == 302  # saved: round 1
    edit, base = entry_form(client, table, number=1)
    data = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"}
    assert while_another_writes(app, lambda: preview(edit, data)) == 200


def test_a_photo_read_waits_for_no_writer(app, client, fake):
    table = new_table(client, "toppa", ["Aki", "Ben"])
    token = table.rsplit("/", 1)[1]

    def read(url, fields):
        return post_multipart(client, url, fields, [("photo", (picture(), "p.jpg"))])

    def by_api():
        return read("/api/v1/recognise", [("table", token)]).status_code

    assert while_another_writes(app, by_api) == 200
    url, base = entry_form(client, table)
    assert while_another_writes(app, lambda: read(url, photo_fields(base)).status_code) == 200
    assert "iris-bridge" in read(url, photo_fields(base)).get_data(as_text=True)
    saved = client.post(url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"})
    assert saved.status_code == 302  # round 1: the photo reads saved nothing before it
    edit, base = entry_form(client, table, number=1)
    assert while_another_writes(app, lambda: read(edit, photo_fields(base)).status_code) == 200


def test_a_view_that_only_shows_cannot_write(app):
    """``database.showing`` refuses a statement that would write, as a snapshot does (on
    SQLite; PostgreSQL locks no more than a row for a write)."""
    from scorekeeper.models import Table, db

    _path(app)

    with app.test_request_context("/", method="POST"), database.showing():
        db.session.add(Table(token="x" * 32, name="x", game="toppa", players=["A", "B"]))
        with pytest.raises(database.SnapshotWrite):
            db.session.flush()
        db.session.rollback()


def test_showing_entered_after_the_first_query_says_so(app):
    """Entered after its transaction began (with the write lock, on a POST), ``showing``
    could not keep it from the lock: it raises rather than seem to."""
    from scorekeeper.models import Table, db

    _path(app)
    with app.test_request_context("/", method="POST"):
        db.session.scalar(db.select(Table).limit(1))
        with (
            pytest.raises(RuntimeError, match="after the request's first query"),
            database.showing(),
        ):
            pass
        db.session.rollback()
