"""A table's journal (API.md "Journal, undo and change detection"; issue: nothing is ever lost).

Every write appends an entry; a deleted round is kept aside and comes back at its number; any
entry can be undone, and an undo is itself an entry that can be undone.
"""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import EXAMPLE_A, suit
from tests.web.test_pages import app, csrf, entry_form, new_table, pile_fields  # noqa: F401
from tests.web.test_sessions_api import HALF_A, add, conserved, create, session, totals

PILES = [EXAMPLE_A, HALF_A, suit("pine", "plum"), suit("susuki", "maple", "willow")]


def toppa_round(pile):
    return {"players": [{"captured": pile}, {}]}


def journal(client, sid):
    resp = client.get(f"/api/v1/sessions/{sid}/journal")
    assert resp.status_code == 200
    return resp.get_json()["entries"]


def undo(client, sid, seq, status=200):
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": seq})
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


def three_rounds(client):
    sid = create(client, "toppa", ["A", "B"])["id"]
    for pile in PILES[:3]:
        add(client, sid, toppa_round(pile))
    return sid


def test_every_write_is_a_journal_entry_newest_first(client):
    sid = three_rounds(client)
    client.put(f"/api/v1/sessions/{sid}/rounds/2", json=toppa_round(PILES[3]))
    client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    entries = journal(client, sid)
    assert [(e["seq"], e["action"], e["number"]) for e in entries] == [
        (5, "delete", 1),
        (4, "correct", 2),
        (3, "enter", 3),
        (2, "enter", 2),
        (1, "enter", 1),
    ]
    assert entries[0]["summary"] == "round 1 deleted"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", entries[0]["at"])
    assert session(client, sid)["version"] == 5


def test_a_deleted_round_comes_back_at_its_number_with_every_figure(client):
    sid = three_rounds(client)
    before = session(client, sid)
    after_delete = client.delete(f"/api/v1/sessions/{sid}/rounds/2").get_json()
    assert [r["number"] for r in after_delete["rounds"]] == [1, 2]
    assert after_delete["rounds"][1]["input"] == before["rounds"][2]["input"]
    seq = journal(client, sid)[0]["seq"]
    restored = undo(client, sid, seq)
    assert [r["input"] for r in restored["rounds"]] == [r["input"] for r in before["rounds"]]
    assert [r["deltas"] for r in restored["rounds"]] == [r["deltas"] for r in before["rounds"]]
    assert totals(restored) == totals(before) and restored["next_dealer"] == before["next_dealer"]
    assert journal(client, sid)[0]["summary"] == f"undo of entry {seq}: round 2 restored"
    # The same delete cannot be undone twice; the undo itself can be undone.
    undo(client, sid, seq, status=409)
    again = undo(client, sid, journal(client, sid)[0]["seq"])
    assert [r["number"] for r in again["rounds"]] == [1, 2]


def test_undoing_a_correction_restores_the_version_before_it(client):
    sid = three_rounds(client)
    before = session(client, sid)
    client.put(f"/api/v1/sessions/{sid}/rounds/1", json=toppa_round(PILES[3]))
    assert totals(session(client, sid)) != totals(before)
    back = undo(client, sid, journal(client, sid)[0]["seq"])
    assert back["rounds"][0]["input"] == before["rounds"][0]["input"]
    assert totals(back) == totals(before)
    assert back["rounds"][0]["version"] == 3  # 1 entered, 2 corrected, 3 the undo
    redo = undo(client, sid, journal(client, sid)[0]["seq"])
    assert redo["rounds"][0]["input"] == toppa_round(PILES[3])


def test_undoing_an_entered_round_deletes_it_and_unknown_entries_are_404(client):
    sid = three_rounds(client)
    s = undo(client, sid, 3)
    assert len(s["rounds"]) == 2
    for seq in (99, 2**63):  # 2**63: no column holds it, so no such entry, not a 500
        resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": seq})
        assert resp.status_code == 404
        # The table is there: it is the entry that is not (not "No such table or round").
        assert resp.get_json()["errors"] == [
            {"field": "seq", "message": "There is no such entry in this table's journal"}
        ]
    assert client.post("/api/v1/sessions/x/undo", json={"seq": 1}).status_code == 404
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": "3"})
    assert resp.status_code == 422 and resp.get_json()["errors"][0]["field"] == "seq"


def test_a_double_tap_across_a_delete_stores_nothing(client):
    sid = create(client, "toppa", ["A", "B"])["id"]
    body = {**toppa_round(EXAMPLE_A), "submission_id": "tap-1"}
    add(client, sid, body)
    client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 409
    assert "deleted" in resp.get_json()["errors"][0]["message"]
    assert session(client, sid)["rounds"] == []


def test_tokan_pot_comes_back_with_a_restored_tour(client):
    sid = create(client, "tokan", ["A", "B", "C"], settings={"stake": 3})["id"]
    tour = {
        "players": [
            {"dice": [3, 3], "left": 0, "right": 0},
            {"dice": [3, 3], "left": 0, "right": 0},
            {"dice": [3, 3], "left": 5, "right": 5},
        ]
    }
    add(client, sid, tour)
    add(client, sid, tour)
    pot = session(client, sid)["pot"]
    assert client.delete(f"/api/v1/sessions/{sid}/rounds/1").get_json()["pot"] != pot
    s = undo(client, sid, journal(client, sid)[0]["seq"])
    assert s["pot"] == pot and conserved(s)


def test_etag_changes_with_every_write_and_answers_304(client):
    sid = three_rounds(client)
    first = client.get(f"/api/v1/sessions/{sid}")
    tag = first.headers["ETag"]
    assert client.get(f"/api/v1/sessions/{sid}", headers={"If-None-Match": tag}).status_code == 304
    client.delete(f"/api/v1/sessions/{sid}/rounds/3")
    changed = client.get(f"/api/v1/sessions/{sid}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


def test_pages_delete_with_undo_and_restore_from_the_history(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    for pile in PILES[:2]:
        new, data = entry_form(client, url)
        data.update(rest="1", **pile_fields("p0_pile", pile))
        assert client.post(new, data=data).status_code == 302
    shown = client.get(f"{url}/rounds/1").get_data(as_text=True)
    assert "Yes, delete round 1" in shown  # the delete asks first
    resp = client.post(f"{url}/rounds/1/delete", data={"csrf_token": csrf(shown)})
    table_page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Round 1 deleted" in table_page
    undo_form = re.search(r'action="([^"]*/undo)".*?name="seq" value="(\d+)"', table_page, re.S)
    assert undo_form, "the notice offers Undo"
    history = client.get(f"{url}/history").get_data(as_text=True)
    assert "<s>" in history and "round 1 deleted at" in history and "Restore" in history
    round_id = re.search(r'name="round" value="(\d+)"', history)[1]
    resp = client.post(f"{url}/restore", data={"csrf_token": csrf(history), "round": round_id})
    assert resp.status_code == 302
    history = client.get(f"{url}/history").get_data(as_text=True)
    # The deleted round is back; the delete stands undone by the restore (struck through).
    assert "Restore" not in history and "round 1 restored" in history
    assert re.search(r"<s>round 1 deleted at .*?</s> <small>\(undone by #\d+\)</small>", history)
    assert client.get(f"{url}/rounds/2").status_code == 200


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("enter"), st.sampled_from(range(len(PILES)))),
        st.tuples(st.just("delete"), st.integers(1, 6)),
        st.tuples(st.just("correct"), st.integers(1, 6), st.sampled_from(range(len(PILES)))),
        st.tuples(st.just("undo"), st.integers(1, 12)),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_any_mix_of_writes_and_undos_leaves_a_ledger_equal_to_a_fresh_replay(app, ops):  # noqa: F811
    client = app.test_client()
    sid = create(client, "toppa", ["A", "B"])["id"]
    for op in ops:
        if op[0] == "enter":
            add(client, sid, toppa_round(PILES[op[1]]))
        elif op[0] == "delete":
            assert client.delete(f"/api/v1/sessions/{sid}/rounds/{op[1]}").status_code in (200, 404)
        elif op[0] == "correct":
            resp = client.put(
                f"/api/v1/sessions/{sid}/rounds/{op[1]}", json=toppa_round(PILES[op[2]])
            )
            assert resp.status_code in (200, 404)
        else:
            resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": op[1]})
            assert resp.status_code in (200, 404, 409)
    s = session(client, sid)
    assert [r["number"] for r in s["rounds"]] == list(range(1, len(s["rounds"]) + 1))
    fresh = create(client, "toppa", ["A", "B"])["id"]
    for r in s["rounds"]:
        add(client, fresh, r["input"])
    again = session(client, fresh)
    assert [r["deltas"] for r in again["rounds"]] == [r["deltas"] for r in s["rounds"]]
    assert totals(again) == totals(s) and again["next_dealer"] == s["next_dealer"]
    assert sum(Fraction(t) for t in totals(s)) == 0
    assert s["version"] == len(journal(client, sid))


def test_a_deleted_round_keeps_its_players_whatever_becomes_of_their_seats(client):
    """A stored round may leave its players to its entry and the table's seats
    (``Game.stored_body``). A deleted round is kept for the history and a restore while the
    table goes on: a player who joined, played it and whose joining was then deleted leaves a
    seat that the next change of the table gives up or to somebody else. The deleted round
    still shows, and is restored with, the players who played it."""
    sid = client.post(
        "/api/v1/sessions", json={"name": "t", "game": "tokan", "players": ["A", "B", "C"]}
    ).get_json()["id"]

    def tour(*names):
        players = [{"name": n, "dice": [3, 4], "left": 1, "right": 0} for n in names]
        players[0]["dice"] = [1, 2]
        resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": players})
        assert resp.status_code == 201, resp.get_json()

    def patch(body):
        resp = client.patch(f"/api/v1/sessions/{sid}", json=body)
        assert resp.status_code == 200, resp.get_json()

    tour("A", "B", "C")  # tour 1
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"}).status_code == 201
    patch({"add": ["Dai"]})  # a change of the table: no round
    tour("A", "B", "C", "Dai")  # tour 2
    assert client.delete(f"/api/v1/sessions/{sid}/rounds/2").status_code == 200
    joined = next(e["seq"] for e in journal(client, sid) if e["action"] == "edit")
    undone = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": joined})
    assert undone.status_code == 200, undone.get_json()  # Dai's seat given up
    patch({"settings": {"stake": 3}})  # the table's seats are those of its players now
    patch({"rename": {"A": "Aki"}})  # every round's result is rebuilt when read
    page = client.get(f"/t/{sid}/history")
    assert page.status_code == 200
    struck = page.get_data(as_text=True).split("<s>")[1].split("</s>")[0]
    assert "Aki" in struck and "Dai" in struck, struck
    # And with Dai's seat given to Eve, the deleted tour still names Dai, not Eve.
    patch({"add": ["Eve"]})
    struck = client.get(f"/t/{sid}/history").get_data(as_text=True).split("<s>")[1]
    struck = struck.split("</s>")[0]
    assert "Dai" in struck and "Eve" not in struck, struck


def test_an_imported_end_of_game_deleted_keeps_its_players(client):
    """An import keeps an end of game's result without the names and changes its table holds
    (``store.stored_end_result``); deleted, it keeps them whatever becomes of the seats."""
    sid = client.post(
        "/api/v1/sessions", json={"name": "t", "game": "tokan", "players": ["A", "B", "C"]}
    ).get_json()["id"]

    def post(token, body):
        resp = client.post(f"/api/v1/sessions/{token}/rounds", json=body)
        assert resp.status_code == 201, resp.get_json()

    def tour(*names):
        players = [{"name": n, "dice": [3, 4], "left": 1, "right": 0} for n in names]
        players[0]["dice"] = [1, 2]
        return {"players": players}

    post(sid, tour("A", "B", "C"))
    post(sid, {"kind": "end"})
    assert client.patch(f"/api/v1/sessions/{sid}", json={"add": ["Dai"]}).status_code == 200
    post(sid, tour("A", "B", "C", "Dai"))
    post(sid, {"kind": "end"})  # entry 5: Dai's share among its changes
    data = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    copy_ = client.post("/api/v1/sessions/import", json=data).get_json()["id"]
    end = client.get(f"/api/v1/sessions/{copy_}").get_json()["game_ends"][1]
    assert (end["game_no"], end["after"]) == (2, 2)
    assert [p["name"] for p in end["result"]["players"]] == ["A", "B", "C", "Dai"]
    # The end, Dai's tour (tour 2) and Dai's joining: the imported journal undoes nothing, so
    # the entries that are no rounds are deleted from their pages, by their places.

    def delete_entry(number):
        shown = client.get(f"/t/{copy_}/rounds/entry/{number}").get_data(as_text=True)
        assert f"/t/{copy_}/rounds/entry/{number}/delete" in shown
        path = f"/t/{copy_}/rounds/entry/{number}/delete"
        resp = client.post(path, data={"csrf_token": csrf(shown)})
        assert resp.status_code == 302

    delete_entry(5)
    gone = client.delete(f"/api/v1/sessions/{copy_}/rounds/2")
    assert gone.status_code == 200, gone.get_json()
    delete_entry(3)
    s = client.get(f"/api/v1/sessions/{copy_}").get_json()
    assert len(s["game_ends"]) == 1 and s["round_count"] == 1
    for change in ({"settings": {"stake": 3}}, {"rename": {"A": "Aki"}}):
        assert client.patch(f"/api/v1/sessions/{copy_}", json=change).status_code == 200
    history = client.get(f"/t/{copy_}/history")
    assert history.status_code == 200
    struck = [s.split("</s>")[0] for s in history.get_data(as_text=True).split("<s>")[1:]]
    ended = [s for s in struck if "End of game" in s]
    assert len(ended) == 1 and "Dai" in ended[0] and "Aki" in ended[0], struck


def test_deleting_the_last_round_does_not_speak_of_later_rounds(client):
    """The confirmation and the notice say that later rounds move up only when there are
    some (a player deleting round 3 of 3 was told of renumbering that did not happen)."""
    sid = three_rounds(client)
    page = client.get(f"/t/{sid}/rounds/3").get_data(as_text=True)
    assert "move up one" not in page and "can be restored there" in page
    assert "move up one" in client.get(f"/t/{sid}/rounds/2").get_data(as_text=True)
    token = csrf(page)
    last = client.post(
        f"/t/{sid}/rounds/3/delete", data={"csrf_token": token}, follow_redirects=True
    )
    said = last.get_data(as_text=True)
    assert "Round 3 deleted." in said and "renumbered" not in said
    middle = client.post(
        f"/t/{sid}/rounds/1/delete", data={"csrf_token": token}, follow_redirects=True
    )
    assert "Round 1 deleted; later rounds were renumbered" in middle.get_data(as_text=True)
