"""Entry kinds and journal actions are enums in the code (``scorekeeper.kinds``) and the very
strings they always were in the database and the API (issue 18, part 2)."""

from __future__ import annotations

import json

from sqlalchemy import select, text

from scorekeeper.kinds import Action, Effect, EntryKind
from scorekeeper.models import JournalEntry, Round, Table, db
from tests.helpers import EXAMPLE_A
from tests.web.test_sessions_api import add, create


def test_a_member_is_its_string():
    assert EntryKind.ROUND == "round" and f"{EntryKind.SETTLE}" == "settle"
    assert [a.value for a in Action] == [
        "enter",
        "correct",
        "delete",
        "undo",
        "end",
        "edit",
        "settle",
        "rematch",
    ]
    assert json.dumps({"kind": EntryKind.END}) == '{"kind": "end"}'


def test_kinds_and_actions_are_stored_as_strings_and_read_back_as_members(app, client):
    sid = create(client, "toppa", ["A", "B"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    resp = client.post(f"/api/v1/sessions/{sid}/settle")
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["settle"]["kind"] == "settle"
    journal = client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"]
    assert [e["action"] for e in journal] == ["settle", "enter"]

    with app.app_context():
        # This table's rows only: PostgreSQL's test database holds other tests' tables too.
        table_id = db.session.scalar(select(Table.id).where(Table.token == sid))
        mine = {"t": table_id}
        stored = db.session.execute(
            text("SELECT kind FROM rounds WHERE table_id = :t ORDER BY number"), mine
        ).all()
        assert [k for (k,) in stored] == ["round", "settle"]
        written = db.session.execute(
            text("SELECT action, data FROM journal WHERE table_id = :t ORDER BY seq"), mine
        ).all()
        assert [a for a, _ in written] == ["enter", "settle"]
        data = [d if isinstance(d, dict) else json.loads(d) for _, d in written]
        assert [d["effect"] for d in data] == ["created", "created"]

        rounds = db.session.scalars(
            select(Round).where(Round.table_id == table_id).order_by(Round.number)
        ).all()
        assert [(type(r.kind), r.kind) for r in rounds] == [
            (EntryKind, EntryKind.ROUND),
            (EntryKind, EntryKind.SETTLE),
        ]
        entries = db.session.scalars(
            select(JournalEntry).where(JournalEntry.table_id == table_id).order_by(JournalEntry.seq)
        ).all()
        assert [(type(e.action), e.action) for e in entries] == [
            (Action, Action.ENTER),
            (Action, Action.SETTLE),
        ]
        assert entries[0].data["effect"] == Effect.CREATED
