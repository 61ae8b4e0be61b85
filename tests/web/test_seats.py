"""Seats as the players sit (issue 30 part 1): a table keeps the order it is given, and a
table with no round yet can be reseated (API.md "Changing a table", added 2026-11-27)."""

from __future__ import annotations

from tests.web.test_sessions_api import add, create, session
from tests.web.test_table_changes import TOKOTOKO_ROUND, journal, patch, undo


def names(s):
    return [p["name"] for p in s["players"]]


def test_the_api_seats_players_in_the_order_given(client):
    s = create(client, "tokan", ["Ben", "Aki", "Cy"])
    assert names(s) == ["Ben", "Aki", "Cy"]


def test_seats_reseat_the_same_players_before_the_first_round(client):
    s = create(client, "tokan", ["Aki", "Ben", "Cy"], first_dealer=1)
    after = patch(client, s["id"], {"seats": ["Cy", "Ben", "Aki"]})
    assert names(after) == ["Cy", "Ben", "Aki"]
    # The same person (Ben) still deals first, from his new seat.
    assert after["next_dealer"] == 1
    entry = journal(client, s["id"])[0]
    assert entry["action"] == "edit"
    assert "Cy" in entry["summary"]


def test_seats_with_a_first_dealer_as_a_draw_gives_them(client):
    s = create(client, "otoroku", ["Aki", "Ben", "Cy"])
    after = patch(client, s["id"], {"seats": ["Cy", "Aki", "Ben"], "first_dealer": 0})
    assert names(after) == ["Cy", "Aki", "Ben"]
    assert after["next_dealer"] == 0
    only_dealer = patch(client, s["id"], {"first_dealer": 2})
    assert names(only_dealer) == ["Cy", "Aki", "Ben"]
    assert only_dealer["next_dealer"] == 2


def test_a_reseat_is_undone_like_other_edits(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    patch(client, s["id"], {"seats": ["Ben", "Aki"]})
    seq = journal(client, s["id"])[0]["seq"]
    back = undo(client, s["id"], seq)
    assert names(back) == ["Aki", "Ben"]
    again = undo(client, s["id"], journal(client, s["id"])[0]["seq"])
    assert names(again) == ["Ben", "Aki"]


def test_seats_after_a_round_are_refused_at_seats_and_change_nothing(client):
    """API.md: once the table has a round, ``seats`` is 422 at ``seats``."""
    s = create(client, "tokotoko", ["Aki", "Ben"])
    add(client, s["id"], TOKOTOKO_ROUND)
    before = session(client, s["id"])
    body = patch(client, s["id"], {"seats": ["Ben", "Aki"]}, status=422)
    assert [e["field"] for e in body["errors"]] == ["seats"]
    assert session(client, s["id"])["players"] == before["players"]


def test_undoing_a_reseat_after_a_round_is_refused(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    patch(client, s["id"], {"seats": ["Ben", "Aki"]})
    seq = journal(client, s["id"])[0]["seq"]
    add(client, s["id"], TOKOTOKO_ROUND)
    undo(client, s["id"], seq, status=409)
    assert names(session(client, s["id"])) == ["Ben", "Aki"]


def test_seats_must_name_every_player_once(client):
    s = create(client, "tokan", ["Aki", "Ben", "Cy"])
    sid = s["id"]
    cases = [
        ({"seats": ["Ben", "Aki"]}, "seats"),
        ({"seats": ["Ben", "Ben", "Aki"]}, "seats.1"),
        ({"seats": ["Ben", "Dai", "Aki"]}, "seats.1"),
        ({"seats": ["Ben", 3, "Aki"]}, "seats.1"),
        ({"seats": "Ben"}, "seats"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": True}, "first_dealer"),
    ]
    for body, field in cases:
        answer = patch(client, sid, body, status=422)
        assert field in [e["field"] for e in answer["errors"]], (body, answer)
    assert names(session(client, sid)) == ["Aki", "Ben", "Cy"]
    assert journal(client, sid) == []


def test_a_carried_over_table_moves_its_totals_with_the_players(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    add(client, s["id"], TOKOTOKO_ROUND)
    old = session(client, s["id"])
    new = create(client, "tokotoko", ["Aki", "Ben"], continue_from=s["id"])
    after = patch(client, new["id"], {"seats": ["Ben", "Aki"]})
    by_name = {p["name"]: p["total"] for p in after["players"]}
    assert by_name == {p["name"]: p["total"] for p in old["players"]}
    assert names(after) == ["Ben", "Aki"]


def test_names_match_case_aside(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    after = patch(client, s["id"], {"seats": ["ben", "AKI"]})
    assert names(after) == ["Ben", "Aki"]
