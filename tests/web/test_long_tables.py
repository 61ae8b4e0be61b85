"""Long tables (API.md "Long tables"; issue: bounded work): a cap, paging, continuing a table."""

from __future__ import annotations

import re
from fractions import Fraction

from scorekeeper.tables import entries, service
from tests.web.test_sessions_api import HALF_A, add, conserved, create, session, totals

ROUND = {"players": [{"captured": HALF_A}, {}]}


def toppa_with(client, n):
    sid = create(client, "toppa", ["A", "B"])["id"]
    for _ in range(n):
        add(client, sid, ROUND)
    return sid


def test_the_session_lists_the_last_hundred_rounds_and_pages_on_request(client):
    sid = toppa_with(client, 103)
    s = session(client, sid)
    assert s["round_count"] == 103
    assert [r["number"] for r in s["rounds"]] == list(range(4, 104))
    page = client.get(f"/api/v1/sessions/{sid}?from=2&limit=3").get_json()
    assert [r["number"] for r in page["rounds"]] == [2, 3, 4]
    # '²', '①' and a full-width '５' are digits to str.isdigit(), not to int(): 422, not 500.
    for bad in ("limit=0", "limit=1001", "from=x", "limit=-1", "limit=²", "from=①", "limit=５"):
        resp = client.get(f"/api/v1/sessions/{sid}?{bad}")
        assert resp.status_code == 422, bad
        assert resp.get_json()["errors"][0]["field"] == bad.split("=")[0]
    # A write that answers with the session answers with the same default page.
    after = client.delete(f"/api/v1/sessions/{sid}/rounds/1").get_json()
    assert after["round_count"] == 102 and len(after["rounds"]) == 100


def test_pages_of_one_table_have_their_own_etags(client):
    sid = toppa_with(client, 3)
    whole = client.get(f"/api/v1/sessions/{sid}")
    page = client.get(f"/api/v1/sessions/{sid}?limit=1")
    assert whole.headers["ETag"] != page.headers["ETag"]
    again = client.get(
        f"/api/v1/sessions/{sid}?limit=1", headers={"If-None-Match": page.headers["ETag"]}
    )
    assert again.status_code == 304


def test_a_full_table_refuses_a_round_and_continues_in_a_new_one(client, monkeypatch):
    monkeypatch.setattr(entries, "MAX_ROUNDS", 3)
    monkeypatch.setattr(service, "MAX_ROUNDS", 3)
    sid = toppa_with(client, 3)
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=ROUND)
    assert resp.status_code == 422
    assert "Continue in a new table" in resp.get_json()["errors"][0]["message"]
    old = session(client, sid)
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert "Continue in a new table" in page and "Enter round 4" not in page

    new = client.post("/api/v1/sessions", json={"continue_from": sid})
    assert new.status_code == 201
    s = new.get_json()
    assert s["id"] != sid and [p["name"] for p in s["players"]] == ["A", "B"]
    assert totals(s) == totals(old) and s["rounds"] == [] and s["rules"] == old["rules"]
    assert s["next_dealer"] == old["next_dealer"]
    add(client, s["id"], ROUND)
    # A correction replays from the carried totals, not from zero.
    client.put(f"/api/v1/sessions/{s['id']}/rounds/1", json={"players": [{}, {"captured": HALF_A}]})
    s2 = session(client, s["id"])
    first = [Fraction(t) for t in totals(old)]
    delta = [Fraction(d) for d in s2["rounds"][0]["deltas"]]
    assert [Fraction(t) for t in totals(s2)] == [a + b for a, b in zip(first, delta, strict=True)]
    assert conserved(s2)
    # The old table is unchanged but for a note of the rematch (its version moves on).
    kept = session(client, sid)
    assert kept["version"] == old["version"] + 1
    assert {**kept, "version": old["version"]} == old
    # Export and import keep the carried totals.
    exported = client.get(f"/api/v1/sessions/{s['id']}/export.json").get_json()
    back = client.post("/api/v1/sessions/import", json=exported)
    assert back.status_code == 201 and totals(back.get_json()) == totals(s2)
    bad = {**exported, "opening": {**exported["opening"], "totals": ["1", "1"]}}
    resp = client.post("/api/v1/sessions/import", json=bad)
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["field"] == "opening"
    missing = client.post("/api/v1/sessions", json={"continue_from": "x" * 32})
    assert missing.status_code == 422


def test_import_refuses_more_rounds_than_a_table_holds(client, monkeypatch):
    sid = toppa_with(client, 3)
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    monkeypatch.setattr(entries, "MAX_ROUNDS", 2)
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["field"] == "rounds"


def test_a_full_table_takes_no_entry_back_so_its_export_imports(client, monkeypatch):
    # A hostile-input probe (2026-11-29): deleting round 1 of a full table, entering another
    # and undoing the delete left 10,001 entries, an export no import would take.
    monkeypatch.setattr(entries, "MAX_ROUNDS", 3)
    sid = toppa_with(client, 3)
    deleted = client.delete(f"/api/v1/sessions/{sid}/rounds/1").get_json()
    add(client, sid, ROUND)
    before = session(client, sid)
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": deleted["version"]})
    assert resp.status_code == 409
    assert "full: it holds at most 3 entries" in resp.get_json()["errors"][0]["message"]
    page = client.get(f"/t/{sid}/undo/{deleted['version']}").get_data(as_text=True)
    assert "This table is full" in page and 'name="seq"' not in page
    rid = client.get(f"/t/{sid}/history").get_data(as_text=True)
    restored = client.post(f"/t/{sid}/restore", data={"round": _deleted_id(rid)})
    assert "This table is full" in client.get(restored.location).get_data(as_text=True)
    assert session(client, sid) == before
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert client.post("/api/v1/sessions/import", json=exported).status_code == 201


def _deleted_id(history: str) -> str:
    """The id a history page's restore button posts (the one deleted round)."""
    found = re.findall(r'name="round" value="(\d+)"', history)
    assert len(found) == 1, found
    return found[0]


def test_a_new_table_s_body_refuses_a_key_it_would_not_use(client):
    # A hostile-input probe (2026-11-29): unknown keys were dropped without a word, and a
    # house rule at the top level ("yaku_values" beside "game") too, so a table opened with
    # other rules than the client asked for.
    body = {"name": "F", "game": "toppa", "players": ["A", "B"]}
    resp = client.post("/api/v1/sessions", json={**body, "point_valu": "1/2", "foo": 1})
    assert resp.status_code == 422
    assert [e["field"] for e in resp.get_json()["errors"]] == ["foo", "point_valu"]
    assert "is not a table's field" in resp.get_json()["errors"][0]["message"]
    # A documented key sent as null is none given; carry alone is said to need continue_from.
    nothing = client.post("/api/v1/sessions", json={**body, "continue_from": None})
    assert nothing.status_code == 201
    alone = client.post("/api/v1/sessions", json={**body, "carry": False})
    assert alone.get_json()["errors"] == [
        {"field": "carry", "message": "'carry' is read only with continue_from"}
    ]
    made = client.post("/api/v1/sessions", json={**body, "yaku_values": "low"})
    assert made.status_code == 201 and made.get_json()["rules"]["yaku_values"] == "low"
    other = client.post("/api/v1/sessions", json={**body, "stake": 3})  # Tokotoko's, Tokan's
    assert other.status_code == 422
    assert other.get_json()["errors"] == [
        {"field": "stake", "message": "'stake' is no house rule or setting of Toppa"}
    ]


def test_a_continued_table_takes_a_name_and_refuses_what_comes_from_the_old_one(client):
    # The probe again: name, point value, game and players sent with continue_from were
    # dropped without a word.
    sid = toppa_with(client, 1)

    def go(**extra):
        return client.post("/api/v1/sessions", json={"continue_from": sid, **extra})

    for extra, field in (
        ({"point_value": "1/2"}, "point_value"),
        ({"game": "baka"}, "game"),
        ({"players": ["A", "C"]}, "players"),
        ({"rules": {"yaku_values": "low"}}, "rules"),
        ({"colour": "red"}, "colour"),
    ):
        resp = go(**extra)
        assert resp.status_code == 422, extra
        assert [e["field"] for e in resp.get_json()["errors"]] == [field]
    assert (
        "comes from the table continued" in go(point_value="1/2").get_json()["errors"][0]["message"]
    )
    for extra in ({"rules": {"yaku_values": "low"}}, {"yaku_values": "low"}):
        said = go(**extra).get_json()["errors"][0]["message"]
        assert said.startswith("A continued table keeps the house rules"), extra
    assert session(client, sid)["version"] == 1  # no rematch note left by a refusal
    made = go(name="Saturday", game="toppa", players=["b", "A"])
    assert made.status_code == 201 and made.get_json()["name"] == "Saturday"
