"""Messages players understand (issue 17 part 9): positions counted from 1 on pages (from 0 in
the API, whose messages say so), a table name too long refused with a message wherever it is
given (never cut), and every mistake of the new-table form said at once."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from tests.web.test_pages import app, csrf, errors, new_table  # noqa: F401

LONG = "Friday night at Aki's place, " * 3 + "upstairs"  # 95 characters


def post_new_table(client, **fields):
    token = csrf(client.get("/").get_data(as_text=True))
    data = {"csrf_token": token, "game": "toppa", "players": "Aki\nBen", "name": "Friday"}
    return client.post("/tables", data={**data, **fields})


def said(resp) -> list[str]:
    return [html.unescape(m) for m in errors(resp.get_data(as_text=True))]


def tables(client) -> int:
    from scorekeeper.models import Table, db

    with client.application.app_context():
        return db.session.query(Table).count()


@pytest.mark.parametrize("typed", ["5", "0", "-1", "3"])
def test_the_first_dealer_is_counted_from_1_on_the_page(client, typed):
    before = tables(client)  # PostgreSQL's test database keeps other tests' tables
    resp = post_new_table(client, first_dealer=typed)
    assert resp.status_code == 422
    assert said(resp) == ["There are 2 players: the first dealer is 1 or 2"]
    assert tables(client) == before


def test_the_first_dealer_among_more_players_and_a_good_one(client):
    resp = post_new_table(client, game="otoroku", players="A\nB\nC\nD", first_dealer="5")
    assert said(resp) == ["There are 4 players: the first dealer is 1 to 4"]
    assert post_new_table(client, first_dealer="2").status_code == 302


@pytest.mark.parametrize("typed", ["9", "abc", "1" * 40])
def test_a_game_without_a_dealer_ignores_the_first_dealer_field(client, typed):
    """RULES 6: Tokan has no dealer, so its table never asks who deals first (the page hides
    the field): a value left in it from another game, or typed without script, opens the
    table all the same, while a game with a dealer still says what is wrong with it."""
    resp = post_new_table(client, game="tokan", players="Aki\nBen\nCho", first_dealer=typed)
    assert resp.status_code == 302, said(resp)
    resp = post_new_table(client, game="toppa", first_dealer=typed)
    assert resp.status_code == 422
    assert said(resp)


def test_the_api_counts_positions_from_0_and_says_so(client):
    resp = client.post(
        "/api/v1/sessions", json={"game": "toppa", "players": ["Aki", "Ben"], "first_dealer": 2}
    )
    assert resp.status_code == 422
    [error] = resp.get_json()["errors"]
    assert error["field"] == "first_dealer"
    assert error["message"] == (
        "2 is not a position here: positions count from 0, so with 2 players first_dealer is 0 to 1"
    )
    resp = client.post(
        "/api/v1/score/otoroku", json={"dealer": 3, "players": [{"cards": [1, 2]}] * 3}
    )
    assert resp.status_code == 422
    [dealer] = [e for e in resp.get_json()["errors"] if e["field"] == "dealer"]
    assert "positions count from 0" in dealer["message"]


def test_every_mistake_of_the_new_table_form_at_once(client):
    resp = post_new_table(client, name=LONG, players="Aki\nBen\naki", first_dealer="9")
    assert resp.status_code == 422
    assert said(resp) == [
        f"A table's name is at most 40 characters; this one has {len(LONG)}",
        "Toppa is played by exactly 2 players, not 3",
        "The name 'aki' is already used by player 1; each player needs a different name",
    ]
    resp = post_new_table(client, name=LONG, first_dealer="9")
    assert said(resp) == [
        f"A table's name is at most 40 characters; this one has {len(LONG)}",
        "There are 2 players: the first dealer is 1 or 2",
    ]


def test_a_long_table_name_is_refused_never_cut_on_the_pages(client):
    # The browser cut what was typed at the field's maxlength without a word: no maxlength.
    field = re.search(r'<input[^>]*name="name"[^>]*>', client.get("/").get_data(as_text=True))
    assert field and "maxlength" not in field.group(0)
    before = tables(client)
    resp = post_new_table(client, name=LONG)
    assert resp.status_code == 422
    assert said(resp) == [f"A table's name is at most 40 characters; this one has {len(LONG)}"]
    assert tables(client) == before
    url = new_table(client, "toppa", ["Aki", "Ben"])
    edit = client.get(f"{url}/edit").get_data(as_text=True)
    assert not re.search(r'<input[^>]*name="(name|p\d+|add_name)"[^>]*maxlength', edit)
    data = {"csrf_token": csrf(edit), "what": "table", "name": LONG, "point_value": ""}
    resp = client.post(f"{url}/edit", data=data)
    assert resp.status_code == 422
    assert f"A table's name is at most 40 characters; this one has {len(LONG)}" in said(resp)
    sid = url.rsplit("/", 1)[1]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["name"] == "toppa night"


def test_a_long_table_name_is_refused_by_the_api_and_the_import(client):
    resp = client.post(
        "/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"], "name": LONG}
    )
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {
            "field": "name",
            "message": f"A table's name is at most 40 characters; this one has {len(LONG)}",
        }
    ]
    resp = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = resp.get_json()["id"]
    resp = client.patch(f"/api/v1/sessions/{sid}", json={"name": LONG})
    assert resp.status_code == 422
    assert [e["field"] for e in resp.get_json()["errors"]] == ["name"]
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    export["name"] = LONG
    resp = client.post("/api/v1/sessions/import", json=export)
    assert resp.status_code == 422
    assert [e["field"] for e in resp.get_json()["errors"]] == ["name"]
    resp = client.post(
        "/import",
        data={
            "csrf_token": csrf(client.get("/").get_data(as_text=True)),
            "file": (io.BytesIO(json.dumps(export).encode()), "t.json"),
        },
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    page = html.unescape(resp.get_data(as_text=True))
    assert "A table's name is at most 40 characters" in page, page[page.find("flash") :][:300]


@pytest.mark.parametrize("tokens", ["9" * 5000, "many", "-3"])
def test_the_tokan_checker_says_what_is_wrong_with_its_tokens(client, tokens):
    # Found by the hostile form fuzz: tokens typed as no whole number (here too long to be
    # one) reached the chips' "up to N" as text, and the page failed (500) drawing them.
    from tests.web.test_fuzz_routes import ROUND_FORMS

    resp = client.post("/check/tokan", data={**ROUND_FORMS["tokan"], "tokens": tokens})
    assert resp.status_code == 422
    assert any(
        m.endswith("is not a number of tokens") or m.endswith("it must be at least 0")
        for m in said(resp)
    ), said(resp)
