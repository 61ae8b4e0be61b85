"""The stateless scoring API of shared/API.md: status codes, error shape, exact strings."""

from __future__ import annotations

import json

import pytest

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

TOKOTOKO_EXAMPLE = {
    "stake": 5,
    "field": ["pine-chaff-2", "maple-deer"],
    "players": [
        {"name": "P1", "hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
        {
            "name": "P2",
            "hand": ["pine-chaff-1", "wisteria-ribbon"],
            "chosen": ["pine-chaff-1", "pine-chaff-2", "wisteria-ribbon"],
        },
    ],
}


def test_tokotoko_worked_example(client):
    resp = client.post("/api/v1/score/tokotoko", json=TOKOTOKO_EXAMPLE)
    assert resp.status_code == 200
    data = resp.get_json()
    assert [(p["name"], p["delta"]) for p in data["players"]] == [("P1", "-5"), ("P2", "5")]
    assert data["players"][0]["best"] == {
        "cards": ["plum-ribbon", "pine-chaff-2", "maple-deer"],
        "sum": 23,
        "value": 3,
    }
    assert data["winners"] == ["P2"] and data["pot"] == "10"


def test_toppa_example_shape(client):
    resp = client.post(
        "/api/v1/score/toppa",
        json={"dealer": 0, "players": [{"name": "A", "captured": EXAMPLE_A}, {"name": "B"}]},
    )
    assert resp.status_code == 200
    data = resp.get_json()
    a = data["players"][0]
    assert {"name", "card_points", "teyaku", "dekiyaku", "yaku_total", "delta"} <= set(a)
    assert isinstance(a["card_points"], int) and isinstance(a["delta"], str)
    assert data["settlement"] == "short" and data["winner"] == "B" and data["next_dealer"] == 1


def test_baka_example_thirds_as_strings(client):
    resp = client.post(
        "/api/v1/score/baka",
        json={
            "round": 1,
            "players": [
                {"name": "A", "captured": EXAMPLE_A},
                {"name": "B", "captured": EXAMPLE_BAKA_B},
                {"name": "C"},
            ],
        },
    )
    assert resp.status_code == 200
    data = resp.get_json()
    assert [p["delta"] for p in data["players"]] == ["-55/3", "-175/3", "230/3"]
    assert [p["low_man_out"] for p in data["players"]] == [False, True, False]


def test_otoroku_and_tokan_shapes(client):
    resp = client.post(
        "/api/v1/score/otoroku",
        json={
            "method": "everyone",
            "dealer": 0,
            "wager": 10,
            "rules": {"tera_zen_percent": 0},
            "players": [
                {"name": "P1", "cards": ["maple-deer", "wisteria-ribbon"]},
                {"name": "P2", "cards": ["bushclover-boar", "susuki-geese"]},
                {"name": "P3", "cards": ["peony-butterflies", "maple-ribbon"]},
            ],
        },
    )
    data = resp.get_json()
    assert resp.status_code == 200
    assert data["winners"] == ["P3"] and data["house"] == "0" and data["void"] is False
    resp = client.post(
        "/api/v1/score/tokan",
        json={
            "stake": 22,
            "tokens": 11,
            "pot": "0",
            "players": [
                {"name": "A", "dice": [3, 5], "left": 3, "right": -2},
                {"name": "B", "dice": [2, 3], "left": 0, "right": 0},
                {"name": "C", "dice": [4, 6], "left": 0, "right": 0},
            ],
        },
    )
    data = resp.get_json()
    assert resp.status_code == 200
    a = data["players"][0]
    assert a["left"] == {"prediction": 3, "difference": 3, "achieved": True, "gain": 3, "pay": 0}
    assert isinstance(data["pot_after"], str)


@pytest.mark.parametrize(
    "body",
    [b"{", b"[1, 2]", b'"text"', b"null", b"\xff\xfe", b"", b'{"stake": NaN}'],
    ids=["truncated", "list", "string", "null", "not-utf8", "empty", "nan"],
)
def test_malformed_body_is_400(client, body):
    resp = client.post("/api/v1/score/tokotoko", data=body, content_type="application/json")
    assert resp.status_code == 400
    errors = resp.get_json()["errors"]
    assert errors and errors[0]["message"]


def test_invalid_input_is_422_with_field_paths(client):
    body = json.loads(json.dumps(TOKOTOKO_EXAMPLE))
    body["players"][1]["hand"] = ["pine-chaff-2", "paulownia-chaff-1"]
    resp = client.post("/api/v1/score/tokotoko", json=body)
    assert resp.status_code == 422
    errors = resp.get_json()["errors"]
    fields = [e["field"] for e in errors]
    assert "players.1.hand" in fields
    assert all(e["message"] for e in errors)


def test_odd_month_pile_is_422(client):
    pile = EXAMPLE_A[:-1]
    resp = client.post("/api/v1/score/toppa", json={"players": [{"captured": pile}, {}]})
    assert resp.status_code == 422
    (err,) = resp.get_json()["errors"]
    assert err["field"] == "players.0.captured"
    assert err["message"].startswith("Paulownia: 1 card entered")


def test_unknown_game_is_404(client):
    resp = client.post("/api/v1/score/koikoi", json={})
    assert resp.status_code == 404


def test_wrong_method_is_405_json(client):
    resp = client.get("/api/v1/score/toppa")
    assert resp.status_code == 405
    assert resp.get_json()["errors"]


def test_no_csrf_or_cookie_needed(app):
    app.config["WTF_CSRF_ENABLED"] = True
    resp = app.test_client().post("/api/v1/score/tokotoko", json=TOKOTOKO_EXAMPLE)
    assert resp.status_code == 200
    assert "Set-Cookie" not in resp.headers


def test_a_key_the_game_does_not_read_is_422_naming_it(client):
    """A rules probe (2026-11-29): the stateless body ignored keys it did not read, so a
    house rule under ``settings`` or at the top level, or a misspelt ``hnad``, answered 200
    with the figures of another round (Toppa's ``high`` yaku values for ``low``); docs/api.md
    refuses an unknown key "as in the stateless body"."""
    pile = {"captured": EXAMPLE_A}
    cases = [
        ({"settings": {"yaku_values": "low"}, "players": [pile, {}]}, "settings"),
        ({"yaku_values": "low", "players": [pile, {}]}, "yaku_values"),
        ({"players": [{**pile, "hnad": ["pine-ribbon"]}, {}]}, "players.0.hnad"),
    ]
    for body, field in cases:
        resp = client.post("/api/v1/score/toppa", json=body)
        assert resp.status_code == 422, (field, resp.get_json())
        errors = resp.get_json()["errors"]
        assert [e["field"] for e in errors] == [field]
        assert "is not part of a Toppa round" in errors[0]["message"]
    stake = client.post("/api/v1/score/tokotoko", json={**TOKOTOKO_EXAMPLE, "stak": 5})
    assert stake.status_code == 422 and stake.get_json()["errors"][0]["field"] == "stak"
    ruled = {"rules": {"yaku_values": "low"}, "players": [pile, {}]}
    assert client.post("/api/v1/score/toppa", json=ruled).status_code == 200


def test_a_baka_house_rule_asked_of_a_toppa_table_is_422(client):
    """A rules probe (2026-11-29): Toppa and Baka read one set of house rules, and a Toppa
    table given Baka's pairwise settlement under ``rules`` kept its own and dropped it
    without a word (at the top level it was refused). Once, at the key."""
    for rules in ({"yaku_settlement": "pairwise"}, {"low_man_out_forfeits_cards": True}):
        resp = client.post(
            "/api/v1/sessions",
            json={"name": "t", "game": "toppa", "players": ["A", "B"], "rules": rules},
        )
        assert resp.status_code == 422, resp.get_json()
        (key,) = rules
        assert resp.get_json()["errors"][0]["field"] == f"rules.{key}"
        assert "no house rule or setting of Toppa" in resp.get_json()["errors"][0]["message"]
    # At its default (API.md's example of the rules names all five) it changes nothing.
    defaults = {"yaku_settlement": "average", "low_man_out_forfeits_cards": False}
    toppa = client.post(
        "/api/v1/sessions",
        json={"name": "t", "game": "toppa", "players": ["A", "B"], "rules": defaults},
    )
    assert toppa.status_code == 201, toppa.get_json()
    bogus = client.post(
        "/api/v1/sessions",
        json={
            "name": "t",
            "game": "toppa",
            "players": ["A", "B"],
            "rules": {"yaku_settlement": "x"},
        },
    )
    assert [e["field"] for e in bogus.get_json()["errors"]] == ["rules.yaku_settlement"]
    baka = client.post(
        "/api/v1/sessions",
        json={
            "name": "t",
            "game": "baka",
            "players": ["A", "B", "C"],
            "rules": {"yaku_settlement": "pairwise"},
        },
    )
    assert baka.status_code == 201 and baka.get_json()["rules"]["yaku_settlement"] == "pairwise"
