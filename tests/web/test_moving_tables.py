"""Issue 19 part 1: a table's export always imports back, up to the largest table the app
holds (10,000 rounds), on the import's own body limit; every other request keeps the small
one (tests/web/test_security.py)."""

from __future__ import annotations

import json

from scorekeeper.tables.entries import MAX_ROUNDS
from tests.helpers import EXAMPLE_A


def test_the_largest_tables_export_imports_back(client, app):
    # 10,000 played Toppa rounds (RULES 8's pile against the rest: A -255, B +255 each).
    assert MAX_ROUNDS == 10_000
    played = {"input": {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]}}
    data = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "A long night",
        "game": "toppa",
        "players": ["Aki", "Ben"],
        "rounds": [played] * MAX_ROUNDS,
    }
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    first = resp.get_json()
    assert [p["total"] for p in first["players"]] == [str(-255 * MAX_ROUNDS), str(255 * MAX_ROUNDS)]

    exported = client.get(f"/api/v1/sessions/{first['id']}/export.json").get_data()
    assert len(exported) > app.config["MAX_CONTENT_LENGTH"]  # far over the other requests'
    resp = client.post("/api/v1/sessions/import", data=exported, content_type="application/json")
    assert resp.status_code == 201, resp.get_json()
    again = resp.get_json()
    assert again["players"] == first["players"]
    moved = client.get(f"/api/v1/sessions/{again['id']}/export.json").get_json()
    original = json.loads(exported)
    assert len(moved["rounds"]) == len(original["rounds"]) == MAX_ROUNDS
    assert [r["input"] for r in moved["rounds"]] == [r["input"] for r in original["rounds"]]
    assert len(moved["journal"]) >= len(original["journal"]) >= 1  # the journal travels too


def test_an_import_over_its_limit_is_413_with_a_message(client, app):
    app.config["IMPORT_MAX_LENGTH"] = 1000
    resp = client.post(
        "/api/v1/sessions/import", data=b"{" + b" " * 2000 + b"}", content_type="application/json"
    )
    assert resp.status_code == 413 and resp.get_json()["errors"]


def test_a_settle_up_of_twelve_long_names_imports_back(client):
    """A hostile probe (2026-11-29): a settle-up's journal summary names every payment, and
    with 12 Tokan players of 40-character names it ran past the 500 characters an import
    took for a summary: the table's own export was refused (``journal.<k>.summary``)."""
    names = [f"{chr(65 + k)}{'x' * 39}" for k in range(12)]
    made = client.post("/api/v1/sessions", json={"name": "Long", "game": "tokan", "players": names})
    assert made.status_code == 201, made.get_json()
    sid = made.get_json()["id"]
    for high in range(3):  # every player pays into the pot: 12 payments at the settle-up
        tour = [
            {"name": n, "dice": [6, 6] if k == high else [1 + k % 3, 1 + (k // 3) % 3]}
            | {"left": 0, "right": 0}
            for k, n in enumerate(names)
        ]
        resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": tour})
        assert resp.status_code == 201, resp.get_json()
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    journal = client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"]
    assert max(len(e["summary"]) for e in journal) > 500
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_data()
    resp = client.post("/api/v1/sessions/import", data=exported, content_type="application/json")
    assert resp.status_code == 201, resp.get_json()
    moved = client.get(f"/api/v1/sessions/{resp.get_json()['id']}/journal").get_json()["entries"]
    assert {e["summary"] for e in journal} <= {e["summary"] for e in moved}
