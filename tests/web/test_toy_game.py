"""Issue 18 part 1: a game is one folder. High card, a toy game kept in ``tests/toygame/``, is
registered from here and plays through the API and the pages with no other file changed: the
templates come from its folder, its settings from its declarations, and the ledger, the
tables and the views ask it what they need."""

from __future__ import annotations

import re

import pytest

import scorekeeper
from scorekeeper.games import GAMES, register
from tests import toygame
from tests.toygame.game import HIGH_CARD
from tests.web.test_openapi import check
from tests.web.test_pages import csrf, entry_form, errors, totals


@pytest.fixture()
def app(tmp_path):
    import os

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "toy-test", "SQLALCHEMY_DATABASE_URI": url}
    )  # CSRF on, as on a phone


@pytest.fixture
def high_card():
    register(*toygame.GAMES)
    try:
        yield HIGH_CARD
    finally:
        del GAMES[HIGH_CARD.id]


def test_a_game_is_registered_once():
    register(*toygame.GAMES)
    try:
        with pytest.raises(ValueError, match="highcard"):
            register(HIGH_CARD)
    finally:
        del GAMES[HIGH_CARD.id]


def test_the_toy_game_is_unknown_until_registered(client):
    resp = client.post("/api/v1/sessions", json={"game": "highcard", "players": ["A", "B"]})
    assert resp.status_code == 422
    assert 'value="highcard"' not in client.get("/").get_data(as_text=True)


def test_the_toy_game_scores_through_the_api(client, high_card):
    resp = client.post(
        "/api/v1/sessions",
        json={
            "name": "Toy",
            "game": "highcard",
            "players": ["Aki", "Ben"],
            "settings": {"stake": 5},
        },
    )
    assert resp.status_code == 201, resp.get_json()
    sid = resp.get_json()["id"]
    # Maple (month 10) beats cherry (3): Aki wins the stake of 5.
    body = {"players": [{"card": "maple-deer"}, {"card": "cherry-curtain"}]}
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 201, resp.get_json()
    assert [p["delta"] for p in resp.get_json()["result"]["players"]] == ["5", "-5"]
    # Equal months: nobody pays.
    body = {"players": [{"card": "pine-crane"}, {"card": "pine-chaff-1"}]}
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json=body).status_code == 201
    # The same card twice is refused by name, and nothing is stored.
    body = {"players": [{"card": "pine-crane"}, {"card": "pine-crane"}]}
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 422
    assert any(e["field"] == "players.1.card" for e in resp.get_json()["errors"])
    table = client.get(f"/api/v1/sessions/{sid}").get_json()
    assert [p["total"] for p in table["players"]] == ["5", "-5"] and len(table["rounds"]) == 2
    # The stateless scorer knows it too.
    resp = client.post(
        "/api/v1/score/highcard",
        json={
            "players": [
                {"name": "A", "card": "pine-crane"},
                {"name": "B", "card": "paulownia-phoenix"},
            ]
        },
    )
    assert resp.status_code == 200
    assert [p["delta"] for p in resp.get_json()["players"]] == ["-1", "1"]


def test_the_toy_game_plays_through_the_pages(client, high_card):
    home = client.get("/").get_data(as_text=True)
    assert 'value="highcard"' in home  # offered when a table is opened
    resp = client.post(
        "/tables",
        data={"csrf_token": csrf(home), "game": "highcard", "players": "Aki\nBen", "stake": "2"},
    )
    assert resp.status_code == 302, errors(resp.get_data(as_text=True))
    url = resp.headers["Location"]

    form_url, base = entry_form(client, url)
    page = client.get(form_url).get_data(as_text=True)
    assert 'name="p0_card"' in page and 'data-card="maple-deer"' in page  # its own template

    # A card left out is said beside that player, and nothing is stored.
    resp = client.post(form_url, data={**base, "p0_card": "maple-deer", "p1_card": ""})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "Pick a card" in page and re.search(r'id="player-1".*Pick a card', page, re.S)
    assert totals(client, url) == ["0", "0"]

    resp = client.post(
        form_url, data={**base, "p0_card": "maple-deer", "p1_card": "willow-swallow"}
    )
    assert resp.status_code == 302, errors(resp.get_data(as_text=True))
    shown = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert 'data-delta="-2"' in shown and 'data-delta="2"' in shown  # willow (11) beats maple
    assert 'class="toy-card"' in shown  # its own result template
    assert totals(client, url) == ["-2", "2"]


def test_the_toy_game_describes_its_result_in_the_api_s_description(client, high_card):
    # Issue 32 item 7: the folder's openapi.py is all it takes; the generator lists its id
    # and its result, and its scoring answer validates against the document.
    spec = client.get("/api/v1/openapi.json").get_json()
    score = spec["paths"]["/api/v1/score/{game}"]["post"]
    assert "highcard" in score["parameters"][0]["schema"]["enum"]
    assert "highcard" in spec["components"]["schemas"]["Session"]["properties"]["game"]["enum"]
    answer = score["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"$ref": "#/components/schemas/HighCardResult"} in answer["oneOf"]
    assert spec["components"]["schemas"]["HighCardResult"]["properties"]["game"] == {
        "const": "highcard"
    }
    body = {"players": [{"name": "A", "card": "pine-crane"}, {"name": "B", "card": "maple-deer"}]}
    resp = client.post("/api/v1/score/highcard", json=body)
    check(spec, "/api/v1/score/{game}", "POST", resp)
    # Unregistered, it is gone from the description again.
    del GAMES[HIGH_CARD.id]
    try:
        spec = client.get("/api/v1/openapi.json").get_json()
        assert "HighCardResult" not in spec["components"]["schemas"]
    finally:
        register(HIGH_CARD)


def test_the_toy_folder_holds_what_a_game_folder_needs():
    # Copied to scorekeeper/games/<name>/, it passes the checks every game folder meets: its
    # README's table of options (tests/test_structure.py) and its own catalogue
    # (tests/web/test_i18n.py, which checks the toy game's too).
    from pathlib import Path

    from scorekeeper.games import options_table

    folder = Path(toygame.__file__).parent
    assert options_table(toygame.GAMES) in (folder / "README.md").read_text()
    assert (folder / "translations" / "ja" / "LC_MESSAGES" / "messages.po").is_file()
