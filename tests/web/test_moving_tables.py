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
