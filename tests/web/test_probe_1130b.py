"""What a hostile probe of 2026-11-30 (the second) found: undos that undid an entry a
second time or over a later change of the same round, and names kept for the pot and the
house taken from an imported file."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import EXAMPLE_A, suit
from tests.web.test_clubs import add

OTHER = suit("pine", "plum")


def errors(resp, status=422):
    assert resp.status_code == status, resp.get_data(as_text=True)
    return resp.get_json()["errors"]


def _table(client, game="toppa", players=("A", "B")):
    made = client.post("/api/v1/sessions", json={"game": game, "players": list(players)})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.get_json()["id"]


def _totals(client, sid):
    return [p["total"] for p in client.get(f"/api/v1/sessions/{sid}").get_json()["players"]]


def _undo(client, sid, seq):
    return client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": seq})


def _last_seq(client, sid):
    return client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"][0]["seq"]


def test_a_change_of_the_table_undone_twice_is_refused_and_moves_no_money(client):
    """Undoing a stake change twice answered 200 with "nothing left to change"; undoing that
    empty entry then made the change again behind the first undo's back: a Tokotoko round
    went from +2/-1/-1 to +10/-5/-5 while the journal still said the stake was back."""
    sid = _table(client, "tokotoko", ("A", "B", "C"))
    body = {
        "field": ["pine-chaff-2", "maple-deer"],
        "players": [
            {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
            {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
            {"hand": ["cherry-chaff-1", "iris-chaff-1"]},
        ],
    }
    add(client, sid, body)
    stake = client.patch(f"/api/v1/sessions/{sid}", json={"settings": {"stake": 5}})
    assert stake.status_code == 200
    changed = _last_seq(client, sid)
    add(client, sid, body)
    assert _undo(client, sid, changed).status_code == 200
    after_undo, version = _totals(client, sid), _last_seq(client, sid)
    said = errors(_undo(client, sid, changed), 409)
    assert said[0]["message"] == (
        f"Entry {changed} is already undone (entry {version}): undo entry {version} to make "
        "it again"
    )
    assert _totals(client, sid) == after_undo
    assert _last_seq(client, sid) == version  # nothing written


def test_an_undo_undone_twice_is_refused(client):
    """Undoing one undo entry twice answered 200 twice, each adding a version of the round."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    put = {"players": [{"captured": OTHER}, {}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=put).status_code == 200
    assert _undo(client, sid, 2).status_code == 200
    assert _undo(client, sid, 3).status_code == 200  # the correction made again
    totals = _totals(client, sid)
    said = errors(_undo(client, sid, 3), 409)
    assert said[0]["message"].startswith("Entry 3 is already undone (entry 4)")
    assert _totals(client, sid) == totals


def test_undoing_an_older_correction_over_a_later_one_is_refused(client):
    """Round 1 corrected to X (entry 2), then to Y (entry 3): undoing entry 2 put round 1
    back to its first version and threw Y away without a word."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    put = {"players": [{"captured": OTHER}, {}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=put).status_code == 200
    put = {"players": [{}, {"captured": EXAMPLE_A}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=put).status_code == 200
    totals = _totals(client, sid)
    said = errors(_undo(client, sid, 2), 409)
    assert said[0]["message"] == (
        "Entry 2 cannot be undone: round 1 was changed again since (entry 3); undo that first"
    )
    assert _totals(client, sid) == totals
    question = client.get(f"/t/{sid}/undo/2")
    assert "was changed again since" in question.get_data(as_text=True)
    assert _undo(client, sid, 3).status_code == 200  # the later one, then the earlier one
    assert _undo(client, sid, 2).status_code == 200
    first = client.get(f"/api/v1/sessions/{sid}").get_json()["rounds"][0]
    assert first["input"]["players"][0]["captured"] == EXAMPLE_A


@pytest.mark.parametrize(
    ("game", "name"),
    [("tokan", "The Pot"), ("otoroku", "the house"), ("otoroku", "胴元"), ("tokan", "ポット")],
)
def test_an_import_refuses_the_names_of_the_pot_and_the_house(client, game, name):
    """An imported table could call a player "The Pot" or "the house", which opening a
    table refuses: its settle-up then read "A pays the house 30" for a player and for the
    house alike."""
    players = ["A", "B", "C"]
    sid = _table(client, game, players)
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    made = client.post("/api/v1/sessions", json={"game": game, "players": ["A", name, "C"]})
    expected = made.get_json()["errors"]
    assert made.status_code == 422 and expected[0]["field"] == "players.1"
    exported["players"] = ["A", name, "C"]
    said = errors(
        client.post(
            "/api/v1/sessions/import",
            data=json.dumps(exported),
            content_type="application/json",
        )
    )
    assert said == expected


def test_undoing_a_settle_up_twice_says_settle_up(client):
    """The second undo of a settle-up said "that round is already deleted": a settle-up is
    no round."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    settled = client.post(f"/api/v1/sessions/{sid}/settle", json={})
    assert settled.status_code in (200, 201), settled.get_data(as_text=True)
    seq = _last_seq(client, sid)
    assert _undo(client, sid, seq).status_code == 200
    said = errors(_undo(client, sid, seq), 409)
    assert "round" not in said[0]["message"]
    assert said[0]["message"].startswith(f"Entry {seq} is already undone")


def test_the_history_strikes_an_undone_entry_through_and_offers_no_undo_for_it(client):
    """Each entry kept its Undo button after it was undone, which now only leads to a 409:
    the history marks it undone, naming the entry that undid it, as a club's page does."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    put = {"players": [{"captured": OTHER}, {}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=put).status_code == 200
    assert _undo(client, sid, 2).status_code == 200
    page = client.get(f"/t/{sid}/history").get_data(as_text=True)
    assert "(undone by #3)" in page
    assert f"/t/{sid}/undo/2" not in page  # undone: its undo (entry 3) is offered instead
    assert f"/t/{sid}/undo/3" in page and f"/t/{sid}/undo/1" in page
    page = client.get(f"/t/{sid}/history", headers={"Accept-Language": "ja"})
    assert "(#3で取り消し済み)" in page.get_data(as_text=True)


def test_an_entry_deleted_then_restored_from_the_history_is_undone_by_the_restore(client):
    """A review (2026-11-30): the history's Restore recorded an undo that named nothing, so
    after "enter #1, undo it (#2), Restore (#3)" undoing #1 said "already undone (entry 2)"
    while its round stood, and #2 still offered an Undo that only led to a 409. The restore
    undoes the entry that deleted the round: #2 is undone by #3, #1 was made again by #3."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    assert _undo(client, sid, 1).status_code == 200
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    round_id = re.search(r'name="round" value="(\d+)"', history)[1]
    data = {"round": round_id}  # this client sends no CSRF token (tests/web/conftest.py)
    assert client.post(f"/t/{sid}/restore", data=data).status_code == 302
    said = errors(_undo(client, sid, 1), 409)
    assert said[0]["message"] == (
        "Entry 1 was undone (entry 2) and made again (entry 3): undo entry 3 instead"
    )
    said = errors(_undo(client, sid, 2), 409)
    assert said[0]["message"].startswith("Entry 2 is already undone (entry 3)")
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    assert "(undone by #3)" in history and "(undone by #2)" in history
    assert f"/t/{sid}/undo/3" in history and f"/t/{sid}/undo/2" not in history
    assert _undo(client, sid, 3).status_code == 200  # the round deleted again
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 0


def test_changed_again_since_names_the_correction_not_a_delete_and_restore(client):
    """A review: after "correct (#2), correct again (#3), delete (#4), restore (#5)", undoing
    #2 named entry 5, whose undo deletes the round; the later correction is entry 3."""
    sid = _table(client)
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    for pile in (OTHER, suit("susuki", "maple")):
        put = {"players": [{"captured": pile}, {}]}
        assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=put).status_code == 200
    assert client.delete(f"/api/v1/sessions/{sid}/rounds/1").status_code == 200
    assert _undo(client, sid, 4).status_code == 200
    said = errors(_undo(client, sid, 2), 409)
    assert "changed again since (entry 3)" in said[0]["message"]


def test_an_import_refuses_a_player_joining_as_the_pot(client):
    """A review: the names were refused among an import's players but not among those an
    imported change of the table adds, so "The Pot" still joined."""
    sid = _table(client, "tokan", ("A", "B", "C"))
    assert client.patch(f"/api/v1/sessions/{sid}", json={"add": ["Dai"]}).status_code == 200
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    text = json.dumps(exported).replace('"Dai"', '"The Pot"')
    said = errors(
        client.post("/api/v1/sessions/import", data=text, content_type="application/json")
    )
    assert [e["field"] for e in said] == ["rounds.0.input.add.0"]
    assert "choose another name" in said[0]["message"]
