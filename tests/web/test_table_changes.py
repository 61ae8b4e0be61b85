"""A table that can change, times on the record, and settling up (issue 10 items 3-5)."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B
from tests.web.test_sessions_api import add, conserved, create, session, totals

TOKOTOKO_ROUND = {
    "field": ["pine-chaff-2", "maple-deer"],
    "players": [
        {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
        {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
    ],
}
BAKA_ROUND = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}


def tour(n):
    """A Tokan tour for ``n`` seated players that nobody bets on."""
    return {"players": [{"dice": [1, 2], "left": 0, "right": 0} for _ in range(n)]}


# Leaves 9 coins in the pot (three players; see the session API tests).
POT_TOUR = {
    "players": [
        {"dice": [3, 5], "left": 3, "right": -2},
        {"dice": [1, 1], "left": 0, "right": 0},
        {"dice": [6, 6], "left": 1, "right": 1},
    ]
}


def patch(client, sid, body, status=200):
    resp = client.patch(f"/api/v1/sessions/{sid}", json=body)
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


def journal(client, sid):
    return client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"]


def undo(client, sid, seq, status=200):
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": seq})
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


# -- PATCH ---------------------------------------------------------------------------------------


def test_rename_follows_into_the_history_and_later_rounds(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    sid = s["id"]
    add(client, sid, TOKOTOKO_ROUND)
    s = patch(client, sid, {"rename": {"Ben": "Benjamin"}, "name": "Saturday"})
    assert [p["name"] for p in s["players"]] == ["Aki", "Benjamin"] and s["name"] == "Saturday"
    r1 = s["rounds"][0]
    assert [p["name"] for p in r1["result"]["players"]] == ["Aki", "Benjamin"]
    assert r1["result"]["winners"] == ["Benjamin"]
    assert all("Ben " not in n["text"] for n in r1["result"]["notes"])
    # A round naming the player by the new name; a correction of round 1 still replays.
    body = {"players": [{"name": "Aki", **p} for p in TOKOTOKO_ROUND["players"][:1]]}
    body["players"].append({"name": "Benjamin", **TOKOTOKO_ROUND["players"][1]})
    add(client, sid, {**TOKOTOKO_ROUND, **body})
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=TOKOTOKO_ROUND).status_code == 200
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert "Benjamin +1" in page and "Ben +" not in page.replace("Benjamin", "")
    entry = next(e for e in journal(client, sid) if e["action"] == "edit")
    assert "Ben renamed Benjamin" in entry["summary"]
    assert entry["at"].endswith("Z")
    # Undo puts the old names back everywhere.
    s = undo(client, sid, entry["seq"])
    assert [p["name"] for p in s["players"]] == ["Aki", "Ben"] and s["name"] == "Friday"
    assert s["rounds"][1]["result"]["players"][1]["name"] == "Ben"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rename": {"Aki": "ben"}}, "rename.Aki"),
        ({"rename": {"Aki": "  "}}, "rename.Aki"),
        ({"rename": {"Aki": "x" * 41}}, "rename.Aki"),
        ({"rename": {"Aki": 7}}, "rename.Aki"),
        ({"rename": {"Zed": "Zoe"}}, "rename.Zed"),
        ({"rename": ["Aki"]}, "rename"),
        ({"name": ""}, "name"),
        ({"name": "y" * 41}, "name"),
        ({"players": ["A", "B"]}, "players"),
        ({"rules": {"x": 1}}, "rules"),
        ({"settings": {"stake": 0}}, "settings.stake"),
        ({"settings": {"stake": 10**7}}, "settings.stake"),
        ({"settings": {"wager": 5}}, "settings.wager"),
        ({"point_value": "-1"}, "point_value"),
        ({"add": ["Ben"]}, "add.0"),
        ({"add": ["Cy", "cy"]}, "add.1"),
        ({"add": "Cy"}, "add"),
        ({"remove": ["Zed"]}, "remove.0"),
        ({"remove": ["Aki"]}, "remove"),  # Tokotoko needs two players
        # null, other types, empty, blank, over-long or clashing names, anywhere in a PATCH
        ({"rename": {"Aki": None}}, "rename.Aki"),
        ({"rename": {"Aki": True}}, "rename.Aki"),
        ({"rename": {"Aki": ["Al"]}}, "rename.Aki"),
        ({"rename": {"Aki": {"name": "Al"}}}, "rename.Aki"),
        ({"rename": {"Aki": ""}}, "rename.Aki"),
        ({"rename": {"Aki": "\u200b \t"}}, "rename.Aki"),
        ({"rename": {"Aki": "BEN"}}, "rename.Aki"),
        ({"rename": None}, "rename"),
        ({"rename": "Aki"}, "rename"),
        ({"add": [None]}, "add.0"),
        ({"add": [3]}, "add.0"),
        ({"add": [False]}, "add.0"),
        ({"add": [["Cy"]]}, "add.0"),
        ({"add": [""]}, "add.0"),
        ({"add": ["   "]}, "add.0"),
        ({"add": ["Cy", "z" * 41]}, "add.1"),
        ({"add": ["AKI"]}, "add.0"),
        ({"add": ["Cy", " cy "]}, "add.1"),
        ({"add": None}, "add"),
        ({"add": {"Cy": 1}}, "add"),
        ({"remove": [None]}, "remove.0"),
        ({"remove": [1]}, "remove.0"),
        ({"remove": [""]}, "remove.0"),
        ({"remove": None}, "remove"),
        ({"name": None}, "name"),
        ({"name": 5}, "name"),
        ({"name": "   "}, "name"),
        ({"settings": None}, "settings"),
        ({"settings": ["stake"]}, "settings"),
        ({"settings": {"stake": None}}, "settings.stake"),
        ({"settings": {"stake": "5"}}, "settings.stake"),
        ({"settings": {"stake": True}}, "settings.stake"),
        ({"settings": {"stake": 2.5}}, "settings.stake"),
        ({"point_value": True}, "point_value"),
        ({"point_value": 0.5}, "point_value"),
        ({"point_value": ["1"]}, "point_value"),
        ({"point_value": "  "}, "point_value"),
        ({"point_value": "0"}, "point_value"),
    ],
)
def test_patch_refuses_what_is_not_allowed_naming_the_field(client, body, field):
    sid = create(client, "tokotoko", ["Aki", "Ben"])["id"]
    add(client, sid, TOKOTOKO_ROUND)
    before = session(client, sid)
    errors = patch(client, sid, body, 422)["errors"]
    assert field in [e["field"] for e in errors], errors
    after = session(client, sid)
    assert after == before and journal(client, sid)[0]["action"] == "enter"


def test_renaming_the_same_player_twice_in_one_change_is_refused(client):
    sid = create(client, "tokotoko", ["Aki", "Ben"])["id"]
    for rename in (
        {"Aki": "Bob", "aki": "Bab"},
        {"Aki": "Bob", "AKI ": "Bob"},
        {"aki": "Aki", "Aki": "Bob"},  # even when one of the two changes nothing
    ):
        errors = patch(client, sid, {"rename": rename}, 422)["errors"]
        second = f"rename.{list(rename)[1]}"
        assert second in [e["field"] for e in errors], errors
        assert "renamed twice" in errors[0]["message"]
    assert [p["name"] for p in session(client, sid)["players"]] == ["Aki", "Ben"]
    assert all(e["action"] != "edit" for e in journal(client, sid))
    # Two players trading names in one change is fine.
    s = patch(client, sid, {"rename": {"Aki": "Ben", "Ben": "Aki"}})
    assert [p["name"] for p in s["players"]] == ["Ben", "Aki"]


def test_a_name_that_is_not_text_is_said_in_words(client):
    """No Python value in a message ("True is not a name", "'None' is not seated")."""
    sid = create(client, "tokan", ["Aki", "Ben", "Cy"])["id"]
    cases = [
        ({"rename": {"Aki": True}}, "A name must be text, not true or false"),
        ({"rename": {"Aki": None}}, "A name must be text, not null (nothing)"),
        ({"add": [None]}, "A name must be text, not null (nothing)"),
        ({"add": [7]}, "A name must be text, not a number"),
        ({"add": [{"name": "Dai"}]}, "A name must be text, not an object"),
        ({"remove": [None]}, "A name must be text, not null (nothing)"),
        ({"remove": [["Aki"]]}, "A name must be text, not a list"),
        ({"name": False}, "A name must be text, not true or false"),
        ({"remove": ["Zed"]}, "'Zed' is not seated at this table"),
        ({"rename": {"Zed": "Zoe"}}, "'Zed' is not a player at this table"),
    ]
    for body, message in cases:
        errors = patch(client, sid, body, 422)["errors"]
        assert [e["message"] for e in errors] == [message], (body, errors)
    resp = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", None]})
    assert resp.get_json()["errors"][0]["message"] == "A name must be text, not null (nothing)"
    body = {"players": [{"name": True, "captured": EXAMPLE_A}, {}]}
    resp = client.post("/api/v1/score/toppa", json=body)
    messages = [e["message"] for e in resp.get_json()["errors"]]
    assert "A name must be text, not true or false" in messages
    for messages in (str(patch(client, sid, b, 422)) for b, _ in cases):
        assert "None" not in messages and "True" not in messages and "False" not in messages
    # Other values are quoted as JSON writes them, not as Python does.
    for body, field in (
        ({"settings": {"stake": True}}, "settings.stake"),
        ({"point_value": None, "settings": {"stake": False}}, "settings.stake"),
    ):
        errors = patch(client, create(client, "tokotoko", ["A", "B"])["id"], body, 422)["errors"]
        message = next(e["message"] for e in errors if e["field"] == field)
        assert message.split()[0] in ("true", "false"), message
    resp = client.post("/api/v1/sessions", json={"game": None, "players": ["A", "B"]})
    assert resp.get_json()["errors"][0]["message"].startswith("null is not a game here")


def test_a_refused_remove_mid_game_names_remove(client):
    sid = create(client, "tokan", ["A", "B", "C", "D"])["id"]
    add(client, sid, tour(4))
    for body, fields in (
        ({"remove": ["D"]}, ["remove"]),
        ({"add": ["Eve"]}, ["add"]),
        ({"add": ["Eve"], "remove": ["D"]}, ["add", "remove"]),
    ):
        errors = patch(client, sid, body, 422)["errors"]
        assert sorted({e["field"] for e in errors}) == fields, errors
        assert all("between games" in e["message"] for e in errors)
    # Otoroku too, and a player who left coming back mid-game is refused at add.
    sid = create(client, "otoroku", ["A", "B", "C"])["id"]
    patch(client, sid, {"remove": ["C"]})
    add(
        client,
        sid,
        {
            "players": [
                {"cards": ["maple-deer", "wisteria-ribbon"]},
                {"cards": ["bushclover-boar", "susuki-geese"]},
            ]
        },
    )
    assert [e["field"] for e in patch(client, sid, {"add": ["C"]}, 422)["errors"]] == ["add"]
    assert {e["field"] for e in patch(client, sid, {"remove": ["B"]}, 422)["errors"]} == {"remove"}
    # Toppa and Baka: a table of fixed players, named where it was asked.
    sid = create(client, "toppa", ["A", "B"])["id"]
    errors = patch(client, sid, {"add": ["C"], "remove": ["A"]}, 422)["errors"]
    assert {"add", "remove"} <= {e["field"] for e in errors}


def test_the_edit_page_shows_a_stale_remove_beside_who_plays(client):
    """A leave button from a page opened between games, tapped mid-game."""
    sid = create(client, "tokan", ["Aki", "Ben", "Cy", "Dai"])["id"]
    add(client, sid, tour(4))
    resp = client.post(f"/t/{sid}/edit", data={"what": "remove", "player": "3"})
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    section = page.split("<h2>Who plays</h2>")[1].split("</section>")[0]
    assert "only between games" in section


def test_toppa_and_baka_seat_exactly_their_players(client):
    sid = create(client, "baka", ["A", "B", "C"])["id"]
    errors = patch(client, sid, {"add": ["D"]}, 422)["errors"]
    assert errors[0]["field"] == "add" and "exactly 3" in errors[0]["message"]
    sid = create(client, "toppa", ["A", "B"])["id"]
    assert patch(client, sid, {"remove": ["A"]}, 422)["errors"][0]["field"] == "remove"
    # House rules stay as the table was opened.
    errors = patch(client, sid, {"settings": {"yaku_values": "low"}}, 422)["errors"]
    assert errors[0]["field"] == "settings.yaku_values"


def test_a_stake_change_applies_to_later_rounds_only_even_after_a_correction(client):
    sid = create(client, "tokotoko", ["Aki", "Ben"])["id"]
    add(client, sid, TOKOTOKO_ROUND)
    s = patch(client, sid, {"settings": {"stake": 5}})
    # A change is not a round (API.md "Round numbers count rounds"): it takes no number,
    # so it is neither listed among the rounds nor addressed as round 2.
    assert s["settings"]["stake"] == 5 and [r["kind"] for r in s["rounds"]] == ["round"]
    assert journal(client, sid)[0]["action"] == "edit" and journal(client, sid)[0]["number"] is None
    assert client.put(f"/api/v1/sessions/{sid}/rounds/2", json={}).status_code == 404
    add(client, sid, TOKOTOKO_ROUND)
    assert totals(session(client, sid)) == ["-6", "6"]
    # Correcting round 1 replays through the change: round 1 at 1, round 2 at 5.
    resp = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=TOKOTOKO_ROUND)
    assert resp.status_code == 200 and totals(resp.get_json()) == ["-6", "6"]
    # Undo the change: round 3 is scored at the old stake again.
    seq = next(e["seq"] for e in journal(client, sid) if e["action"] == "edit")
    s = undo(client, sid, seq)
    assert totals(s) == ["-2", "2"] and s["settings"]["stake"] == 1
    assert [r["kind"] for r in s["rounds"]] == ["round", "round"]
    # ... and undoing the undo makes the change again.
    s = undo(client, sid, journal(client, sid)[0]["seq"])
    assert totals(s) == ["-6", "6"] and s["settings"]["stake"] == 5


def test_tokan_players_join_and_leave_between_games_only(client):
    sid = create(client, "tokan", ["A", "B", "C"])["id"]
    add(client, sid, tour(3))
    errors = patch(client, sid, {"add": ["Dai"]}, 422)["errors"]
    assert errors[0]["field"] == "add" and "between games" in errors[0]["message"]
    add(client, sid, {"kind": "end"})
    s = patch(client, sid, {"add": ["Dai"]})
    assert [p["name"] for p in s["players"]] == ["A", "B", "C", "Dai"]
    assert s["seated"] == ["A", "B", "C", "Dai"] and conserved(s)
    add(client, sid, tour(4))
    add(client, sid, {"kind": "end"})
    s = patch(client, sid, {"remove": ["B"]})
    assert s["seated"] == ["A", "C", "Dai"] and s["players"][1]["left"] is True
    add(client, sid, tour(3))
    # Correcting tour 1 replays everything, the joins and leaves at their places.
    resp = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=tour(3))
    assert resp.status_code == 200 and conserved(resp.get_json())
    # B comes back by name, keeping the total.
    add(client, sid, {"kind": "end"})
    total_b = session(client, sid)["players"][1]["total"]
    s = patch(client, sid, {"add": ["b"]})
    assert s["seated"] == ["A", "B", "C", "Dai"] and s["players"][1]["total"] == total_b
    # Undoing Dai's arrival is refused: tours were played with Dai since.
    seq = next(e["seq"] for e in reversed(journal(client, sid)) if e["action"] == "edit")
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": seq})
    assert resp.status_code == 409


def test_undoing_an_arrival_with_nothing_after_it(client):
    sid = create(client, "otoroku", ["A", "B"])["id"]
    s = patch(client, sid, {"add": ["Cy"], "settings": {"length": "6"}})
    assert len(s["players"]) == 3 and s["settings"]["length"] == "6"
    s = undo(client, sid, journal(client, sid)[0]["seq"])
    assert [p["name"] for p in s["players"]] == ["A", "B"] and s["settings"]["length"] == "12"
    s = patch(client, sid, {"add": ["Dee"]})
    assert [p["name"] for p in s["players"]] == ["A", "B", "Dee"]


def test_point_value_changes_only_when_every_total_is_zero(client):
    sid = create(client, "baka", ["A", "B", "C"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    # Changing it, removing it (then setting another: the same re-pricing in two steps) and
    # setting one where there was none are all refused until the table is settled.
    for value in ("2", None, "", "1/3"):
        errors = patch(client, sid, {"point_value": value}, 422)["errors"]
        assert errors[0]["field"] == "point_value" and "Settle up first" in errors[0]["message"]
    assert patch(client, sid, {"point_value": "1/2"})["point_value"] == "1/2"  # unchanged: fine
    assert session(client, sid)["point_value"] == "1/2"
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": None})["point_value"] is None
    add(client, sid, BAKA_ROUND)
    errors = patch(client, sid, {"point_value": "20"}, 422)["errors"]
    assert errors[0]["field"] == "point_value" and "Settle up first" in errors[0]["message"]
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "3"})["point_value"] == "3"


def test_a_settle_up_made_with_no_point_value_says_so_when_it_cannot_be_undone(client):
    """A hostile probe: refused, the undo said "made at a point value of —" when the settle-up
    had none. Each refusal now says what to do in words."""
    sid = create(client, "baka", ["A", "B", "C"])["id"]
    add(client, sid, BAKA_ROUND)
    first = client.post(f"/api/v1/sessions/{sid}/settle").get_json()["version"]
    assert patch(client, sid, {"point_value": "5"})["point_value"] == "5"
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": first})
    assert resp.status_code == 409
    message = resp.get_json()["errors"][0]["message"]
    assert "—" not in message
    assert message == (
        "This settle-up was made with no point value, and the table has one now: take the "
        "point value away to undo it"
    )
    add(client, sid, BAKA_ROUND)
    client.post(f"/api/v1/sessions/{sid}/settle")
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": first})
    assert resp.status_code == 409
    assert resp.get_json()["errors"][0]["message"] == (
        "This settle-up was made with no point value and a later one with one: take the "
        "later one back first"
    )


def test_a_settle_up_made_at_another_point_value_is_not_undone_at_this_one(client):
    """Undoing a settle-up brings its totals back: played at 1/2 a point, they must not come
    back priced at 5 (the point value changed while the totals were clear)."""
    sid = create(client, "baka", ["A", "B", "C"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    settled = client.post(f"/api/v1/sessions/{sid}/settle").get_json()["version"]
    assert patch(client, sid, {"point_value": "5"})["point_value"] == "5"
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": settled})
    assert resp.status_code == 409
    assert "set the point value back to 1/2" in resp.get_json()["errors"][0]["message"]
    assert all(p["total"] == "0" for p in session(client, sid)["players"])
    # Set back, the settle-up can be undone, and the totals come back at 1/2 a point.
    assert patch(client, sid, {"point_value": "1/2"})["point_value"] == "1/2"
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": settled})
    assert resp.status_code == 200
    assert any(p["total"] != "0" for p in resp.get_json()["players"])


def test_a_tokan_pot_keeps_the_point_value_too(client):
    """The totals may all be zero while the pot holds coins: still not clear."""
    sid = create(client, "tokan", ["A", "B", "C"])["id"]
    add(client, sid, POT_TOUR)
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "10"})["point_value"] == "10"
    add(client, sid, POT_TOUR)
    errors = patch(client, sid, {"point_value": None}, 422)["errors"]
    assert errors[0]["field"] == "point_value"


def test_undoing_a_point_value_change_is_refused_once_rounds_are_played_at_it(client):
    sid = create(client, "baka", ["A", "B", "C"])["id"]
    patch(client, sid, {"point_value": "10"})  # before any round: fine
    seq = journal(client, sid)[0]["seq"]
    add(client, sid, BAKA_ROUND)
    # Undoing it now would take the price off the round played at it.
    resp = undo(client, sid, seq, 409)
    assert "settle up first" in resp["errors"][0]["message"].lower()
    assert session(client, sid)["point_value"] == "10"
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert undo(client, sid, seq)["point_value"] is None
    # ... and redoing it (an undo of the undo) follows the same rule.
    add(client, sid, BAKA_ROUND)
    undo(client, sid, journal(client, sid)[1]["seq"], 409)


@pytest.mark.parametrize("value", ["0", 0, "0/5", "-1", "-1/2"])
def test_a_point_value_is_more_than_zero(client, value):
    body = {"game": "toppa", "players": ["A", "B"], "point_value": value}
    resp = client.post("/api/v1/sessions", json=body)
    assert resp.status_code == 422
    error = resp.get_json()["errors"][0]
    assert error["field"] == "point_value" and "greater than 0" in error["message"]
    sid = create(client, "toppa", ["A", "B"])["id"]
    errors = patch(client, sid, {"point_value": value}, 422)["errors"]
    assert errors[0]["field"] == "point_value" and "greater than 0" in errors[0]["message"]


def test_the_pages_refuse_a_point_value_of_zero_and_a_change_before_settling(client):
    table = {"game": "baka", "players": "A\nB\nC", "name": "Baka night", "yaku_values": "high"}
    resp = client.post("/tables", data={**table, "point_value": "0"})
    assert resp.status_code == 422 and "greater than 0" in resp.get_data(as_text=True)
    resp = client.post("/tables", data=table)
    assert resp.status_code == 302
    sid = resp.headers["Location"].rsplit("/", 1)[1]
    form = {"what": "table", "name": "Baka night", "point_value": "0"}
    resp = client.post(f"/t/{sid}/edit", data=form)
    assert resp.status_code == 422 and "greater than 0" in resp.get_data(as_text=True)
    add(client, sid, BAKA_ROUND)
    for value in ("10", "1/2"):
        resp = client.post(f"/t/{sid}/edit", data={**form, "point_value": value})
        assert resp.status_code == 422 and "Settle up first" in resp.get_data(as_text=True)
    assert session(client, sid)["point_value"] is None


def test_rematch_from_zero_or_carried(client):
    sid = create(client, "tokan", ["A", "B", "C", "D"], settings={"stake": 10})["id"]
    add(client, sid, tour(4))
    add(client, sid, {"kind": "end"})
    patch(client, sid, {"remove": ["D"], "settings": {"tokens": 5}})
    fresh = client.post("/api/v1/sessions", json={"continue_from": sid, "carry": False})
    assert fresh.status_code == 201
    fresh = fresh.get_json()
    assert [p["name"] for p in fresh["players"]] == ["A", "B", "C"]
    assert totals(fresh) == ["0", "0", "0"] and fresh["settings"] == {"stake": 10, "tokens": 5}
    old = session(client, sid)
    carried = client.post("/api/v1/sessions", json={"continue_from": sid}).get_json()
    if old["players"][3]["total"] != "0":
        assert carried["errors"][0]["field"] == "carry"
    else:
        assert totals(carried) == totals(old)[:3] and carried["pot"] == old["pot"]


def test_a_rematch_leaves_a_note_and_a_link_on_the_old_table(client):
    """Phone B follows the old table: its version moves, and it is told where the game goes on."""
    sid = create(client, "tokotoko", ["Aki", "Ben"])["id"]
    add(client, sid, TOKOTOKO_ROUND)
    before = session(client, sid)
    tag = client.get(f"/api/v1/sessions/{sid}").headers["ETag"]
    live_tag = client.get(f"/t/{sid}/live").headers["ETag"]
    new = client.post("/api/v1/sessions", json={"continue_from": sid, "carry": False})
    assert new.status_code == 201
    new = new.get_json()
    after = session(client, sid)
    assert after["version"] == before["version"] + 1
    assert {k: v for k, v in after.items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"
    }  # no figure, round or setting moved
    entry = journal(client, sid)[0]
    assert entry["action"] == "rematch" and entry["number"] is None
    assert entry["summary"] == "rematch: continued at a new table"
    assert entry["continued_at"] == new["url"]
    # The poll of the old table changes, and says where to go.
    assert client.get(f"/api/v1/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 200
    live = client.get(f"/t/{sid}/live", headers={"If-None-Match": live_tag})
    assert live.status_code == 200
    assert live.get_json()["latest"]["continued_at"] == f"/t/{new['id']}"
    assert live.get_json()["latest"]["action"] == "rematch"
    # The table and history pages show the link; the note offers no Undo.
    for path in ("", "/history", "/rounds/1"):
        page = client.get(f"/t/{sid}{path}").get_data(as_text=True)
        assert f'href="/t/{new["id"]}"' in page, path
        assert "This game continued at a new table" in page, path
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    note = history.split('class="j-rematch"')[1].split("</li>")[0]
    assert "Undo" not in note and "rematch: continued at a new table" in note
    # Undo is refused with a reason; nothing changes, the new table stays.
    resp = undo(client, sid, entry["seq"], 409)
    assert "nothing to undo" in resp["errors"][0]["message"]
    assert session(client, sid)["version"] == after["version"]
    assert client.get(f"/api/v1/sessions/{new['id']}").status_code == 200
    page = client.post(f"/t/{sid}/undo", data={"seq": entry["seq"]}, follow_redirects=True)
    assert "nothing to undo" in page.get_data(as_text=True)
    # The new table has no such note.
    assert all(e["action"] != "rematch" for e in journal(client, new["id"]))


def test_a_rematch_from_the_pages_notes_it_on_the_old_table_in_japanese_too(client):
    sid = create(client, "tokan", ["A", "B", "C"])["id"]
    resp = client.post(f"/t/{sid}/edit", data={"what": "rematch", "carry": "yes"})
    assert resp.status_code == 302
    new = resp.headers["Location"].rsplit("/", 1)[1]
    assert new != sid and journal(client, sid)[0]["action"] == "rematch"
    page = client.get(f"/t/{sid}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert f'href="/t/{new}"' in page and "This game continued" not in page
    live = client.get(f"/t/{sid}/live", headers={"Accept-Language": "ja"}).get_json()
    assert live["latest"]["summary"] != "rematch: continued at a new table"
    # An export keeps the note, and the import takes it back (as history, not undoable).
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert exported["journal"][-1]["action"] == "rematch"
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 201, resp.get_json()


# -- settle up ---------------------------------------------------------------------------------


def test_settle_up_a_baka_table_with_thirds(client):
    s = create(client, "baka", ["A", "B", "C"], point_value="1/2")
    sid = s["id"]
    add(client, sid, BAKA_ROUND)
    add(client, sid, BAKA_ROUND)
    plan = client.get(f"/api/v1/sessions/{sid}/settle").get_json()
    # RULES 8: -55/3, -175/3, +230/3 a round, two rounds.
    owed = {"A": Fraction(-110, 3), "B": Fraction(-350, 3), "C": Fraction(460, 3)}
    paid = dict.fromkeys(owed, Fraction(0))
    for p in plan["payments"]:
        paid[p["from"]] -= Fraction(p["points"])
        paid[p["to"]] += Fraction(p["points"])
        assert Fraction(p["money"]) == Fraction(p["points"]) / 2
    assert paid == owed and len(plan["payments"]) == 2
    coins = dict.fromkeys(owed, 0)
    for p in plan["coins"]:
        coins[p["from"]] -= int(p["money"])
        coins[p["to"]] += int(p["money"])
    assert sum(coins.values()) == 0
    assert all(abs(coins[n] - owed[n] / 2) < 1 for n in owed)
    assert "largest remainder" in plan["rounding"]

    s = client.post(f"/api/v1/sessions/{sid}/settle").get_json()
    assert totals(s) == ["0", "0", "0"] and s["settle"]["kind"] == "settle"
    assert "number" not in s["settle"] and [r["number"] for r in s["rounds"]] == [1, 2]
    assert journal(client, sid)[0]["action"] == "settle"
    # The history stays; a correction of an earlier round shows as a balance to settle.
    body = {"players": [{"captured": EXAMPLE_BAKA_B}, {"captured": EXAMPLE_A}, {}]}
    resp = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=body)
    assert resp.status_code == 200
    assert totals(resp.get_json()) == ["-40", "40", "0"]
    # Undo of the settle-up brings the totals back.
    seq = next(e["seq"] for e in journal(client, sid) if e["action"] == "settle")
    s = undo(client, sid, seq)
    assert totals(s) == ["-230/3", "-230/3", "460/3"]


def test_settle_when_nothing_is_owed_and_on_a_stale_view(client):
    sid = create(client, "toppa", ["A", "B"])["id"]
    resp = client.post(f"/api/v1/sessions/{sid}/settle")
    assert resp.status_code == 422
    plan = client.get(f"/api/v1/sessions/{sid}/settle").get_json()
    assert plan["payments"] == [] and plan["coins"] == []
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    resp = client.post(f"/api/v1/sessions/{sid}/settle", json={"version": 0})
    assert resp.status_code == 409


def test_settle_with_a_pot_and_a_house(client):
    sid = create(client, "tokan", ["A", "B", "C"])["id"]
    add(client, sid, POT_TOUR)
    plan = client.get(f"/api/v1/sessions/{sid}/settle").get_json()
    assert any(p["to"] == "the pot" for p in plan["payments"])
    s = client.post(f"/api/v1/sessions/{sid}/settle").get_json()
    assert totals(s) == ["0", "0", "0"] and s["pot"] == "0" and conserved(s)


# -- pages -------------------------------------------------------------------------------------


def test_edit_page_renames_with_errors_next_to_the_field(client):
    sid = create(client, "tokan", ["Aki", "Ben", "Cy"])["id"]
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert f"/t/{sid}/edit" in page
    page = client.get(f"/t/{sid}/edit").get_data(as_text=True)
    assert 'name="p1" value="Ben"' in page
    resp = client.post(f"/t/{sid}/edit", data={"what": "rename", "p0": "Aki", "p1": "aki"})
    assert resp.status_code == 422
    text = resp.get_data(as_text=True)
    field = text.index('name="p1"')
    error = text.index("Another player is already called Aki;")  # as Aki spells it
    assert field < error < text.index('name="p2"')
    resp = client.post(f"/t/{sid}/edit", data={"what": "rename", "p1": "Benjamin"})
    assert resp.status_code == 302
    assert [p["name"] for p in session(client, sid)["players"]] == ["Aki", "Benjamin", "Cy"]


def test_edit_page_adds_and_removes_players_and_changes_settings(client):
    sid = create(client, "tokan", ["Aki", "Ben", "Cy"])["id"]
    assert 'name="add_name"' in client.get(f"/t/{sid}/edit").get_data(as_text=True)
    resp = client.post(f"/t/{sid}/edit", data={"what": "add", "add_name": "Dai"})
    assert resp.status_code == 302
    resp = client.post(f"/t/{sid}/edit", data={"what": "add", "add_name": "dai"})
    assert resp.status_code == 422 and "already at this table" in resp.get_data(as_text=True)
    resp = client.post(f"/t/{sid}/edit", data={"what": "remove", "player": "0"})
    assert resp.status_code == 302
    s = session(client, sid)
    assert s["seated"] == ["Ben", "Cy", "Dai"]
    resp = client.post(f"/t/{sid}/edit", data={"what": "settings", "stake": "30", "tokens": "11"})
    assert resp.status_code == 302 and session(client, sid)["settings"]["stake"] == 30
    resp = client.post(f"/t/{sid}/edit", data={"what": "settings", "stake": "0", "tokens": "11"})
    assert resp.status_code == 422 and "too small" in resp.get_data(as_text=True)
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    assert history.count("table changed") == 3 and "<time datetime=" in history
    resp = client.post(f"/t/{sid}/edit", data={"what": "rematch", "carry": "no"})
    assert resp.status_code == 302 and resp.headers["Location"] != f"/t/{sid}"


def test_settle_page_shows_and_records(client):
    sid = create(client, "baka", ["A", "B", "C"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert f"/t/{sid}/settle" in page
    page = client.get(f"/t/{sid}/settle").get_data(as_text=True)
    assert "<strong>B</strong> pays <strong>C</strong> 58⅓ points" in page
    assert "largest remainder" in page
    version = session(client, sid)["version"]
    resp = client.post(f"/t/{sid}/settle", data={"version": str(version - 1)})
    assert resp.status_code == 409
    resp = client.post(f"/t/{sid}/settle", data={"version": str(version)})
    assert resp.status_code == 302
    assert totals(session(client, sid)) == ["0", "0", "0"]
    assert "Settled up" in client.get(f"/t/{sid}").get_data(as_text=True)


# -- times and the record ---------------------------------------------------------------------


def test_rounds_and_journal_carry_their_time(client):
    sid = create(client, "toppa", ["A", "B"])["id"]
    r = add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    assert r["at"].endswith("Z") and "T" in r["at"]
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert f'<time datetime="{r["at"]}">' in page and " UTC</time>" in page
    assert "/static/dist/app.js" in page
    round_page = client.get(f"/t/{sid}/rounds/1").get_data(as_text=True)
    assert f'<time datetime="{r["at"]}">' in round_page


def test_csv_has_time_dealer_cards_yaku_and_change_per_round(client):
    sid = create(client, "toppa", ["=Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    patch(client, sid, {"rename": {"Ben": "Benjamin"}})
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{sid}/export.csv").get_data(as_text=True))))
    head, row = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert head[:5] == ["round", "game", "round_of_game", "kind", "dealer"]
    assert "'=Aki entered" in head  # formula neutralised
    assert row["time (UTC)"][:2] == "20" and row["dealer"] == "'=Aki"
    assert row["'=Aki entered"].startswith("captured: pine-crane pine-ribbon")
    assert row["Benjamin entered"] == "(the rest of the deck)"
    assert "five-brights" in row["Benjamin yaku"] or row["Benjamin yaku"]
    assert row["'=Aki change"] == "-255" and row["Benjamin total"] == "255"


def test_export_keeps_the_journal_and_changes_and_import_recreates_them(client):
    sid = create(client, "tokan", ["A", "B", "C"], point_value="2")["id"]
    add(client, sid, POT_TOUR)
    add(client, sid, {"kind": "end"})
    patch(client, sid, {"add": ["Dai"], "settings": {"stake": 30}})
    add(client, sid, tour(4))
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    add(client, sid, tour(4))
    patch(client, sid, {"rename": {"A": "Aki"}})
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert exported["players"] == ["Aki", "B", "C"]
    assert [r["kind"] for r in exported["rounds"]] == [
        "round",
        "end",
        "edit",
        "round",
        "settle",
        "round",
    ]
    assert exported["journal"][-1]["action"] == "edit" and exported["rounds"][0]["at"]
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 201, resp.get_json()
    copy = resp.get_json()
    original = session(client, sid)
    for key in ("players", "pot", "settings", "seated", "round_count"):
        assert copy[key] == original[key], key
    assert copy["rounds"][0]["at"] == original["rounds"][0]["at"]
    kept = journal(client, copy["id"])
    assert kept[0]["summary"].startswith("imported from an export")
    assert [e["summary"] for e in kept[1:]] == [e["summary"] for e in journal(client, sid)]
    # An imported history entry cannot be undone; the copy's rounds can be.
    assert client.post(f"/api/v1/sessions/{copy['id']}/undo", json={"seq": 1}).status_code == 409
    # An export from before journals and times still imports.
    old = json.loads(json.dumps(exported))
    del old["journal"]
    old["rounds"] = [{k: v for k, v in r.items() if k != "at"} for r in old["rounds"]]
    assert client.post("/api/v1/sessions/import", json=old).status_code == 201
    bad = {**exported, "journal": [{"action": "explode", "summary": "x"}]}
    resp = client.post("/api/v1/sessions/import", json=bad)
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["field"] == "journal.0.action"


def test_an_import_whose_added_player_has_no_name_is_refused(client):
    """Not seated as "P1": an export's joining player needs a name, as in a PATCH."""
    sid = create(client, "tokotoko", ["A", "B"])["id"]
    add(client, sid, TOKOTOKO_ROUND)
    patch(client, sid, {"add": ["Cy"]})
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    edit = next(r for r in exported["rounds"] if r["kind"] == "edit")
    edit_entry = edit["input"]
    assert edit_entry["add"][0]["name"] == "Cy"
    edit_entry["add"][0]["name"] = None
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 422
    assert "A name must be text, not null" in str(resp.get_json())


def test_a_table_continued_with_its_players_in_another_order_seats_them_so(client):
    """API.md: a new table's ``players`` are seated in the order given. Continuing a table
    with them listed in another order answered 201 and kept the old order (a hostile probe).
    Each player keeps their own total, and the one who dealt next still deals next."""
    sid = create(client, "otoroku", ["Aki", "Ben", "Cho"], first_dealer=1)["id"]
    add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [2, 2]}]})
    old = session(client, sid)
    totals = {p["name"]: p["total"] for p in old["players"]}
    dealer = old["players"][old["next_dealer"]]["name"]
    resp = client.post(
        "/api/v1/sessions", json={"continue_from": sid, "players": ["cho", "Aki", "Ben"]}
    )
    assert resp.status_code == 201, resp.get_json()
    new = resp.get_json()
    assert [p["name"] for p in new["players"]] == ["Cho", "Aki", "Ben"]
    assert {p["name"]: p["total"] for p in new["players"]} == totals
    assert new["players"][new["next_dealer"]]["name"] == dealer


class _Forms(HTMLParser):
    """Each form of a page as a browser would post it untouched: hidden and typed fields,
    ticked boxes, each select's chosen option."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({})
        elif tag == "input" and "name" in a and self.forms:
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.forms[-1][a["name"]] = a.get("value") or ""
        elif tag == "select" and self.forms:
            self.select = a.get("name")
        elif tag == "option" and self.select and "selected" in a:
            self.forms[-1][self.select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None

    @classmethod
    def all(cls, client, sid):
        """Every form of the table's edit page, in page order."""
        parser = cls()
        parser.feed(client.get(f"/t/{sid}/edit").get_data(as_text=True))
        return parser.forms


def _edit_forms(client, sid):
    """The edit page's forms by their ``what``, each as a browser would post it untouched."""
    parser = _Forms()
    parser.feed(client.get(f"/t/{sid}/edit").get_data(as_text=True))
    return {f["what"]: f for f in parser.forms if "what" in f}


def test_a_stale_edit_form_keeps_what_another_phone_changed(client):
    """A hostile probe of the pages: the edit page's forms post every field as they showed
    it, so a page left open put back what another phone changed meanwhile (a rename, the
    table's name or point value, a setting). Only what this page's player changed is saved."""
    sid = create(client, "otoroku", ["Aki", "Ben", "Cho"])["id"]
    forms = _edit_forms(client, sid)
    patch(client, sid, {"rename": {"Ben": "Bea"}, "name": "Fri"})
    patch(client, sid, {"point_value": "10", "settings": {"wager": 20}})
    # This phone renames Aki, and the table: the rest as its page showed them.
    client.post(f"/t/{sid}/edit", data={**forms["rename"], "p0": "Ann"})
    client.post(f"/t/{sid}/edit", data={**forms["table"], "name": "Friday night"})
    client.post(f"/t/{sid}/edit", data={**forms["settings"], "method": "banker"})
    now = session(client, sid)
    assert [p["name"] for p in now["players"]] == ["Ann", "Bea", "Cho"]
    assert (now["name"], now["point_value"]) == ("Friday night", "10")
    assert now["settings"]["wager"] == 20 and now["settings"]["method"] == "banker"
    # A form posted as it was shown changes nothing.
    version = session(client, sid)["version"]
    resp = client.post(
        f"/t/{sid}/edit", data=_edit_forms(client, sid)["table"], follow_redirects=True
    )
    assert "Nothing changed." in resp.get_data(as_text=True)
    assert session(client, sid)["version"] == version


def test_a_refused_rematch_is_said_beside_it_with_its_choices_kept(client):
    """A hostile probe of the pages: a rematch refused (a player renamed from another phone
    since the page was drawn) said so under the table's seats, dropped the seat order and
    put the choice back to "Totals from zero", so a second tap would start from zero."""
    import re

    sid = create(client, "otoroku", ["Aki", "Ben", "Cho"])["id"]
    patch(client, sid, {"rename": {"Aki": "Ann"}})
    data = {"what": "rematch", "seat": ["Cho", "Aki", "Ben"], "carry": "yes"}
    resp = client.post(f"/t/{sid}/edit", data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    rematch = page[page.index("<h2>Rematch") :]
    assert "Seat every player still at the table once" in rematch
    assert re.findall(r'name="carry" value="(\w+)" checked', rematch) == ["yes"]
    # The seats as moved; a player whose name changed meanwhile comes last, by the new name.
    assert re.findall(r'name="seat" value="([^"]+)"', rematch) == ["Cho", "Ben", "Ann"]
    resp = client.post(f"/t/{sid}/edit", data={**data, "seat": ["Cho", "Ben", "Ann"]})
    assert resp.status_code == 302
    new = client.get(resp.headers["Location"].replace("/t/", "/api/v1/sessions/")).get_json()
    assert [p["name"] for p in new["players"]] == ["Cho", "Ben", "Ann"]


def test_a_rename_or_leave_from_a_page_opened_before_a_reseat_reaches_nobody_else(client):
    """A hostile probe of the pages (2026-11-29): the edit page's rename and leave forms
    are by seat, so after another phone reseated the players, "Akira" typed over Aki's name
    renamed Ben, and "Ben leaves" made Aki leave; after another phone renamed Aki to Dan,
    this page's rename of Aki renamed Dan. Each is refused, saying the players changed."""
    sid = create(client, "tokotoko", ["Aki", "Ben", "Cho", "Dan"])["id"]
    forms = _edit_forms(client, sid)
    remove_ben = next(
        f for f in _Forms.all(client, sid) if f.get("what") == "remove" and f["player"] == "1"
    )
    patch(client, sid, {"seats": ["Ben", "Aki", "Cho", "Dan"]})
    version = session(client, sid)["version"]
    resp = client.post(f"/t/{sid}/edit", data={**forms["rename"], "p0": "Akira"})
    assert resp.status_code == 409
    assert "The players at this table changed after this page was opened" in resp.get_data(True)
    # The form comes back for the players as they sit now: tapped again, it renames nobody.
    parser = _Forms()
    parser.feed(resp.get_data(as_text=True))
    again = next(f for f in parser.forms if f.get("what") == "rename")
    assert (again["p0"], again["was_p0"]) == ("Ben", "Ben")
    client.post(f"/t/{sid}/edit", data=again)
    assert client.post(f"/t/{sid}/edit", data=remove_ben).status_code == 409
    assert session(client, sid)["version"] == version
    forms = _edit_forms(client, sid)
    patch(client, sid, {"rename": {"Ben": "Eve"}})
    resp = client.post(f"/t/{sid}/edit", data={**forms["rename"], "p0": "Fay"})
    assert resp.status_code == 409
    # A name this page left as shown moved no matter: Aki (seat 2) is renamed as typed.
    assert client.post(f"/t/{sid}/edit", data={**forms["rename"], "p1": "Ann"}).status_code == 302
    assert [p["name"] for p in session(client, sid)["players"]] == ["Eve", "Ann", "Cho", "Dan"]


def test_seats_from_a_stale_page_or_given_twice_are_said_beside_the_seats(client):
    """A hostile probe of the pages (2026-11-29): seats posted after another phone renamed a
    player, or naming one player twice, were refused with no message anywhere (the mistake
    was at ``seats.1``, a field the page does not show)."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    seats = _edit_forms(client, sid)["seats"]
    twice = client.post(f"/t/{sid}/edit", data={**seats, "seat": ["Ben", "Ben"]})
    assert twice.status_code == 422
    page = twice.get_data(as_text=True)
    seats_form = page[page.index('name="what" value="seats"') :].split("</form>", 1)[0]
    assert '<p class="error" role="alert">Ben is listed twice</p>' in seats_form
    patch(client, sid, {"rename": {"Aki": "Akira"}})
    resp = client.post(f"/t/{sid}/edit", data={**seats, "seat": ["Ben", "Aki"], "dealer": "Ben"})
    assert resp.status_code == 409
    assert (
        "The players at this table changed after this page was opened (now Akira, Ben)"
        in resp.get_data(True)
    )
    assert [p["name"] for p in session(client, sid)["players"]] == ["Akira", "Ben"]


def test_a_name_taken_is_said_as_its_player_spells_it(client):
    """A hostile probe (2026-11-29): "Another player is already called ben" of a table whose
    player is Ben quoted the spelling just typed, not the player's."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    errors = patch(client, sid, {"rename": {"Ben": "AKI"}}, status=422)["errors"]
    assert errors == [
        {
            "field": "rename.Ben",
            "message": "Another player is already called Aki; each needs a different name",
        }
    ]


def test_a_rematch_or_continue_tapped_twice_opens_one_table(client):
    """A hostile probe of the pages (2026-11-29): the rematch form, or Continue, posted
    twice opened two new tables, with two notes on the old one, so phones could follow
    different tables. The forms carry the version they showed: a rematch since then is
    where a second tap lands."""
    sid = create(client, "otoroku", ["Aki", "Ben", "Cho"])["id"]
    rematch = {**_edit_forms(client, sid)["rematch"], "seat": ["Aki", "Ben", "Cho"]}
    assert rematch["seen"] == str(session(client, sid)["version"])
    first = client.post(f"/t/{sid}/edit", data=rematch)
    second = client.post(f"/t/{sid}/edit", data=rematch, follow_redirects=False)
    assert first.status_code == second.status_code == 302
    assert second.headers["Location"] == first.headers["Location"]
    landed = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "This table was continued already (the button was tapped twice?)" in landed
    continued = client.post(f"/t/{sid}/continue", data={"seen": rematch["seen"]})
    assert continued.headers["Location"] == first.headers["Location"]
    assert [e["action"] for e in journal(client, sid)].count("rematch") == 1
    # A "seen" that is no version (a hand-made form) is no 500: the rematch starts.
    for odd in ("\u00b2", "9" * 5000):
        resp = client.post(f"/t/{sid}/edit", data={**rematch, "seen": odd})
        assert resp.status_code == 302, odd
    # Asked again from a page that shows the rematch, another table starts.
    again = client.post(
        f"/t/{sid}/edit",
        data={**rematch, **_edit_forms(client, sid)["rematch"], "seat": rematch["seat"]},
    )
    assert again.status_code == 302 and again.headers["Location"] != first.headers["Location"]


def test_a_round_settled_at_another_point_value_is_not_repriced(client):
    """A probe (2026-11-30): round 1 played and settled at 1/2 a point, the point value then
    set to 3, and round 1 corrected: the 510 points it moved were asked as 1,530 in money,
    six times what they were played for. A change, delete or restore that moves the
    figures of rounds settled at another value is refused, nothing stored; one that moves
    no figure is made; at the value they were played at again, it is made."""
    sid = create(client, "toppa", ["A", "B"], point_value="1/2")["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "3"})["point_value"] == "3"
    before = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    swapped = {"players": [{}, {"captured": EXAMPLE_A}]}
    for method, body in (("PUT", swapped), ("DELETE", None)):
        resp = client.open(f"/api/v1/sessions/{sid}/rounds/1", method=method, json=body)
        assert resp.status_code == 409, method
        assert resp.get_json()["errors"][0]["message"] == (
            "This changes rounds settled up at a point value of 1/2, and the table has a "
            "point value of 3 now: the difference would be priced at the new one. Settle up, "
            "set the point value back, then make the change"
        )
        assert client.get(f"/api/v1/sessions/{sid}/export.json").get_json() == before
    same = {"players": [{"captured": EXAMPLE_A}, {}]}  # as it was: no figure moves
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=same).status_code == 200
    assert patch(client, sid, {"point_value": "1/2"})["point_value"] == "1/2"
    resp = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=swapped)
    assert resp.status_code == 200
    settle = client.get(f"/api/v1/sessions/{sid}/settle").get_json()["payments"]
    assert [(p["from"], p["points"], p["money"]) for p in settle] == [("B", "510", "255")]


def test_a_round_settled_at_the_value_now_is_corrected_past_a_later_value(client):
    """A review (2026-11-30): the check looked at every later settle-up, so a round played
    and settled at 100, with rounds at 200 settled after it and the value back at 100, could
    never be corrected, and its message's advice led back to it. Only the settle-ups whose
    own rounds move count: here round 1's, at 100, the value now."""
    sid = create(client, "toppa", ["A", "B"], point_value="100")["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "200"})["point_value"] == "200"
    add(client, sid, {"players": [{"captured": []}, {}]})  # the same whoever deals
    client.post(f"/api/v1/sessions/{sid}/settle")
    swapped = {"players": [{}, {"captured": EXAMPLE_A}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=swapped).status_code == 409
    assert patch(client, sid, {"point_value": "100"})["point_value"] == "100"
    resp = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=swapped)
    assert resp.status_code == 200, resp.get_json()
    settle = client.get(f"/api/v1/sessions/{sid}/settle").get_json()["payments"]
    assert [(p["from"], p["points"], p["money"]) for p in settle] == [("B", "510", "51000")]
    # Deleting or restoring it is checked as its correction is: at 200 again, refused.
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "200"})["point_value"] == "200"
    assert client.delete(f"/api/v1/sessions/{sid}/rounds/1").status_code == 409


def test_restoring_a_round_settled_at_another_value_is_refused(client):
    """The review (2026-11-30): a restore, by the undo of a delete, is checked as a
    correction is: round 1 deleted at 1/2 a point, settled, the value set to 3, and the
    delete undone would bring 255 points back priced at 3."""
    sid = create(client, "toppa", ["A", "B"], point_value="1/2")["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    add(client, sid, {"players": [{"captured": []}, {}]})
    gone = client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    assert gone.status_code == 200
    client.post(f"/api/v1/sessions/{sid}/settle")
    assert patch(client, sid, {"point_value": "3"})["point_value"] == "3"
    before = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    back = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": gone.get_json()["version"]})
    assert back.status_code == 409
    assert "settled up at a point value of 1/2" in back.get_json()["errors"][0]["message"]
    assert client.get(f"/api/v1/sessions/{sid}/export.json").get_json() == before
