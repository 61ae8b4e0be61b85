"""A long replay is worked out before its write queues for SQLite's one writer (issue 9,
bounded work: other tables' writes wait under 1 s while a long correction runs).

Every route that may replay many later rounds (a correction, a delete, an undo or a restore,
from the API or the pages) opens its table through ``service.open_for``, which works out the
replay the write will make on a read-only snapshot (``replay.plan``), then writes with the
plan if the table is still at the same journal version. These tests lower the threshold to
every table and check that each route used its plan, that what it stored is what a write
without a plan stores, and that a planning run never writes.
"""

from __future__ import annotations

import os
import re

import pytest

from scorekeeper import database
from scorekeeper.tables import replay
from tests.helpers import EXAMPLE_A, suit
from tests.web.test_pages import app, csrf, entry_form, new_table, pile_fields  # noqa: F401
from tests.web.test_sessions_api import HALF_A, add, create, session

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")),
    reason="PostgreSQL locks a table's row, not the database: nothing is planned there",
)

BAKA = [
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("bushclover", "susuki"),
    suit("maple"),
    suit("willow", "paulownia"),
]


def baka_round(k):
    return {"players": [{"captured": BAKA[k % 4]}, {"captured": BAKA[(k + 1) % 4]}, {}]}


@pytest.fixture()
def fits(monkeypatch):
    """Whether each write found a plan that fitted it (False: it replayed again)."""
    monkeypatch.setattr(database, "PLAN_FROM", 0)
    seen: list[bool] = []
    real = replay.Plan.fits

    def spy(plan, wanted):
        seen.append(real(plan, wanted))
        return seen[-1]

    monkeypatch.setattr(replay.Plan, "fits", spy)
    return seen


def _same_table(client, planned, plain):
    a, b = session(client, planned), session(client, plain)
    for key in ("players", "pot", "house", "next_dealer", "game_no", "next_round_of_game"):
        assert a[key] == b[key], key
    assert [(r["deltas"], r["dealer"], r["game_no"], r["game_round"]) for r in a["rounds"]] == [
        (r["deltas"], r["dealer"], r["game_no"], r["game_round"]) for r in b["rounds"]
    ]
    assert [r["result"] for r in a["rounds"]] == [r["result"] for r in b["rounds"]]


def test_api_correction_delete_and_undo_use_their_plans(client, fits, monkeypatch):
    sids = []
    for _ in range(2):
        sid = create(client, "baka", ["A", "B", "C"])["id"]
        for k in range(10):
            add(client, sid, baka_round(k))
        sids.append(sid)
    planned, plain = sids
    for sid in sids:
        if sid == plain:
            monkeypatch.setattr(database, "PLAN_FROM", 10**9)  # the same writes, unplanned
        resp = client.put(f"/api/v1/sessions/{sid}/rounds/2", json=baka_round(3))
        assert resp.status_code == 200
        resp = client.delete(f"/api/v1/sessions/{sid}/rounds/1")
        assert resp.status_code == 200
        resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": resp.get_json()["version"]})
        assert resp.status_code == 200
        if sid == planned:
            assert fits == [True, True, True]
    _same_table(client, planned, plain)


def test_page_correction_delete_undo_and_restore_use_their_plans(client, fits):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    for pile in (EXAMPLE_A, HALF_A, suit("pine", "plum"), HALF_A):
        new, data = entry_form(client, url)
        data.update(rest="1", **pile_fields("p0_pile", pile))
        assert client.post(new, data=data).status_code == 302
    form_url, data = entry_form(client, url, 1)
    data.update(rest="0", **pile_fields("p1_pile", HALF_A))
    assert client.post(form_url, data=data).status_code == 302
    assert fits == [True]

    shown = client.get(f"{url}/rounds/1").get_data(as_text=True)
    resp = client.post(f"{url}/rounds/1/delete", data={"csrf_token": csrf(shown)})
    table_page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Round 1 deleted" in table_page and fits == [True, True]

    undo = re.search(
        r'action="([^"]*/undo)".*?name="csrf_token" value="([^"]+)".*?name="seq" value="(\d+)"',
        table_page,
        re.S,
    )
    resp = client.post(undo[1], data={"csrf_token": undo[2], "seq": undo[3]})
    assert resp.status_code == 302 and fits == [True, True, True]

    shown = client.get(f"{url}/rounds/2").get_data(as_text=True)
    client.post(f"{url}/rounds/2/delete", data={"csrf_token": csrf(shown)})
    history = client.get(f"{url}/history").get_data(as_text=True)
    round_id = re.search(r'name="round" value="(\d+)"', history)[1]
    resp = client.post(f"{url}/restore", data={"csrf_token": csrf(history), "round": round_id})
    assert resp.status_code == 302
    assert fits == [True] * 5
    history = client.get(f"{url}/history").get_data(as_text=True)
    assert "round 2 restored" in history


def test_a_planning_run_writes_nothing(client, monkeypatch):
    """Whatever it is asked to do, a planning run only reads: a write it would make is
    refused, and planning a delete changes nothing."""
    from scorekeeper.models import db
    from scorekeeper.tables import service

    monkeypatch.setattr(database, "PLAN_FROM", 0)
    sid = create(client, "toppa", ["A", "B"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    before = session(client, sid)

    def enter_and_flush(t):
        service.enter_round(t, "round", {"players": [{"captured": []}, {}]})
        db.session.flush()  # sends the INSERT, were it allowed

    with client.application.test_request_context(method="POST"):
        with pytest.raises(database.SnapshotWrite):
            replay.plan(sid, enter_and_flush)
        assert len(replay.plan(sid, service.deleting(1))) == 1
    assert session(client, sid) == before


def test_a_planning_run_never_sends_a_write(client, monkeypatch):
    """A planning run must not take SQLite's write lock (it would go around the writers'
    queue): a write it would make stops it before the statement reaches the database."""
    from sqlalchemy import event

    from scorekeeper.models import db
    from scorekeeper.tables import service

    monkeypatch.setattr(database, "PLAN_FROM", 0)
    sid = create(client, "toppa", ["A", "B"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    sent: list[str] = []

    def enter_and_flush(t):
        service.enter_round(t, "round", {"players": [{"captured": []}, {}]})
        db.session.flush()  # sends the INSERT, were it allowed

    with client.application.test_request_context(method="POST"):
        engine = db.engine

        def spy(_conn, _cursor, statement, *_args):
            sent.append(statement.split(None, 1)[0].upper())

        event.listen(engine, "after_cursor_execute", spy)
        try:
            with pytest.raises(database.SnapshotWrite):
                replay.plan(sid, enter_and_flush)
            assert len(replay.plan(sid, service.deleting(1))) == 1
        finally:
            event.remove(engine, "after_cursor_execute", spy)
    assert "SELECT" in sent
    assert not {"INSERT", "UPDATE", "DELETE"} & set(sent), sent
