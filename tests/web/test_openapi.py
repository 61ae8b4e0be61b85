"""The OpenAPI 3.1 description at /api/v1/openapi.json stays true (issue 20 part 4): every
route of the JSON API is described and nothing else is, and real answers of every game and
route, errors included, validate against the schemas it gives for them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.helpers import EXAMPLE_A
from tests.web.test_journal import toppa_round

GAMES_DIR = Path(__file__).resolve().parents[2] / "scorekeeper" / "games"


@pytest.fixture()
def spec(client):
    resp = client.get("/api/v1/openapi.json")
    assert resp.status_code == 200
    document = resp.get_json()
    assert document["openapi"].startswith("3.1")
    return document


def described_routes(spec):
    return {
        (path, method.upper())
        for path, item in spec["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }


def test_every_route_of_the_api_is_described_and_nothing_else(app, spec):
    served = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule).replace("{token}", "{id}")
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            served.add((path, method))
    assert served == described_routes(spec)


def test_the_schemas_are_valid_json_schema(spec):
    for schema in spec["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def check(spec, path, method, resp):
    """The answer validates against the schema the description gives for its status."""
    answers = spec["paths"][path][method.lower()]["responses"]
    status = str(resp.status_code)
    assert status in answers, f"{method} {path} answered {status}, not described"
    content = answers[status].get("content")
    if content is None:
        assert not resp.data
        return
    schema = {**content["application/json"]["schema"], "components": spec["components"]}
    errors = sorted(Draft202012Validator(schema).iter_errors(resp.get_json()), key=lambda e: e.path)
    assert not errors, f"{method} {path} {status}: {errors[0].message} at {list(errors[0].path)}"


def examples():
    for path in sorted(GAMES_DIR.glob("*/examples.json")):
        yield from json.loads(path.read_text())


@pytest.mark.parametrize("example", list(examples()), ids=lambda e: e["name"])
def test_every_game_s_scoring_answer_fits_its_schema(client, spec, example):
    resp = client.post(f"/api/v1/score/{example['game']}", json=example["body"])
    assert resp.status_code == 200
    check(spec, "/api/v1/score/{game}", "POST", resp)


def test_a_table_s_answers_fit_the_description(client, spec):
    def call(method, path, url, **kwargs):
        resp = client.open(url, method=method, **kwargs)
        check(spec, path, method, resp)
        return resp

    aki = {"X-Scorekeeper-Device": "Aki's phone"}
    body = {"name": "Friday", "game": "toppa", "players": ["Aki", "Ben"], "point_value": "1/2"}
    sid = call("POST", "/api/v1/sessions", "/api/v1/sessions", json=body).get_json()["id"]
    base = f"/api/v1/sessions/{sid}"
    rounds = "/api/v1/sessions/{id}/rounds"
    one = "/api/v1/sessions/{id}/rounds/{number}"
    for _ in range(3):
        call("POST", rounds, f"{base}/rounds", json=toppa_round(EXAMPLE_A), headers=aki)
    call("POST", rounds, f"{base}/rounds", json={"kind": "end"})
    call("PUT", one, f"{base}/rounds/1", json=toppa_round(EXAMPLE_A))
    call("DELETE", one, f"{base}/rounds/2")
    call("PATCH", "/api/v1/sessions/{id}", base, json={"add": ["Cy"], "name": "Fri"})
    call("GET", "/api/v1/sessions/{id}/settle", f"{base}/settle")
    call("POST", "/api/v1/sessions/{id}/settle", f"{base}/settle")
    journal = call("GET", "/api/v1/sessions/{id}/journal", f"{base}/journal").get_json()
    call("POST", "/api/v1/sessions/{id}/undo", f"{base}/undo", json={"seq": 1})
    got = call("GET", "/api/v1/sessions/{id}", base)
    assert got.get_json()["rounds"] and journal["entries"]
    call("GET", "/api/v1/sessions/{id}", base, headers={"If-None-Match": got.headers["ETag"]})
    export = call("GET", "/api/v1/sessions/{id}/export.json", f"{base}/export.json").get_json()
    call("POST", "/api/v1/sessions/import", "/api/v1/sessions/import", json=export)
    call("POST", "/api/v1/sessions", "/api/v1/sessions", json={"continue_from": sid})
    # The errors each route describes, in the errors' shape.
    call("POST", "/api/v1/sessions", "/api/v1/sessions", json={"game": "toppa"})
    call("POST", "/api/v1/sessions", "/api/v1/sessions", data="{", content_type="application/json")
    call("GET", "/api/v1/sessions/{id}", "/api/v1/sessions/nope")
    call("DELETE", one, f"{base}/rounds/99")
    call("POST", "/api/v1/sessions/{id}/undo", f"{base}/undo", json={"seq": "x"})
    call(
        "POST",
        rounds,
        f"{base}/rounds",
        json=toppa_round(EXAMPLE_A),
        headers={"X-Scorekeeper-Device": "x" * 41},
    )
    call("POST", "/api/v1/score/{game}", "/api/v1/score/chess", json={})
    call("GET", "/api/v1/openapi.json", "/api/v1/openapi.json")


def test_a_club_s_answers_fit_the_description(client, spec):
    def call(method, path, url, **kwargs):
        resp = client.open(url, method=method, **kwargs)
        if resp.mimetype == "application/json" or resp.status_code >= 400:
            check(spec, path, method, resp)
        return resp

    body = {"name": "Club", "members": ["Aki", "Ben", "Aik"], "timezone": "Asia/Tokyo"}
    club = call("POST", "/api/v1/clubs", "/api/v1/clubs", json=body).get_json()
    base = f"/api/v1/clubs/{club['id']}"
    table = {"game": "toppa", "players": ["Aki", "Ben"], "club": club["id"], "point_value": "1"}
    sid = call("POST", "/api/v1/sessions", "/api/v1/sessions", json=table).get_json()["id"]
    call(
        "POST",
        "/api/v1/sessions/{id}/rounds",
        f"/api/v1/sessions/{sid}/rounds",
        json=toppa_round(EXAMPLE_A),
    )
    call("PATCH", "/api/v1/clubs/{id}", base, json={"merge": {"Aik": "Ben"}, "add": ["Cy"]})
    call("POST", "/api/v1/clubs/{id}/undo", f"{base}/undo", json={})
    call("GET", "/api/v1/clubs/{id}", base)
    call("GET", "/api/v1/clubs/{id}/journal", f"{base}/journal")
    call("GET", "/api/v1/clubs/{id}/standings", f"{base}/standings?game=toppa")
    call("GET", "/api/v1/clubs/{id}/members/{name}", f"{base}/members/Aki")
    call("GET", "/api/v1/clubs/{id}/members/{name}", f"{base}/members/Nobody")
    call("GET", "/api/v1/clubs/{id}/standings", f"{base}/standings?from=yesterday")
    # Issue 41: seasons in the club's PATCH and JSON, ?season= and the ratings.
    seasons = [{"name": "Winter", "from": "2026-01-01", "to": "2099-12-31"}]
    call("PATCH", "/api/v1/clubs/{id}", base, json={"seasons": seasons})
    call("PATCH", "/api/v1/clubs/{id}", base, json={"seasons": [{"name": ""}]})
    call("GET", "/api/v1/clubs/{id}/standings", f"{base}/standings?season=Winter")
    call("GET", "/api/v1/clubs/{id}/standings", f"{base}/standings?season=Spring")
    call("GET", "/api/v1/clubs/{id}/members/{name}", f"{base}/members/Aki?season=Winter")
    call("GET", "/api/v1/clubs/{id}/ratings", f"{base}/ratings?game=toppa")
    call("GET", "/api/v1/clubs/{id}/ratings", f"{base}/ratings?game=toppa&season=Winter")
    call("GET", "/api/v1/clubs/{id}/ratings", f"{base}/ratings")
    call("GET", "/api/v1/clubs/{id}/records", f"{base}/records?game=toppa&season=Winter")
    call("GET", "/api/v1/clubs/{id}/records", f"{base}/records?game=toppa&season=Spring")
    assert call("GET", "/api/v1/clubs/{id}/export.csv", f"{base}/export.csv").status_code == 200
    call("GET", "/api/v1/clubs/{id}/export.json", f"{base}/export.json")
    view = club["view_url"].rsplit("/", 1)[1]
    call("GET", "/api/v1/clubs/{id}", f"/api/v1/clubs/{view}")
    call("PATCH", "/api/v1/clubs/{id}", f"/api/v1/clubs/{view}", json={"name": "x"})
    tview = client.get(f"/api/v1/sessions/{sid}").get_json()["view_url"].rsplit("/", 1)[1]
    call("GET", "/api/v1/sessions/{id}", f"/api/v1/sessions/{tview}")
    call("POST", "/api/v1/sessions/{id}/rounds", f"/api/v1/sessions/{tview}/rounds", json={})
