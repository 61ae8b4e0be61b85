"""What two probes of 2026-11-30 found in the journal and the club's changes: each request
that was taken for something it did not say, and the read-only journal that was not there."""

from __future__ import annotations

import json

import pytest

from tests.helpers import EXAMPLE_A
from tests.web.test_clubs import add, make_club, table


def errors(resp, status=422):
    assert resp.status_code == status, resp.get_data(as_text=True)
    return resp.get_json()["errors"]


def test_a_club_undo_of_seq_null_is_refused_not_the_last_change(client):
    """``{"seq": null}`` undid the club's last change: a client that failed to fill in the
    number undid something it did not name."""
    club = make_club(client)
    client.patch(f"/api/v1/clubs/{club['id']}", json={"name": "Renamed"})
    said = errors(client.post(f"/api/v1/clubs/{club['id']}/undo", json={"seq": None}))
    assert said == [{"field": "seq", "message": "null is not a journal entry's number"}]
    assert client.get(f"/api/v1/clubs/{club['id']}").get_json()["name"] == "Renamed"
    assert client.post(f"/api/v1/clubs/{club['id']}/undo", json={}).status_code == 200


def test_a_table_undo_refuses_a_key_it_does_not_read(client):
    """``{"seq": 1, "x": 2}`` undid entry 1, where a club's undo and a settle-up refuse an
    unknown key."""
    sid = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = sid.get_json()["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    said = errors(client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": 1, "sqe": 1}))
    assert said == [{"field": "sqe", "message": "An undo reads only seq, not 'sqe'"}]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 1


def test_a_change_that_names_a_table_twice_or_archives_and_unarchives_is_refused(client):
    """A detach naming one table twice was said twice over; archive and unarchive of one
    member in one change answered 200 and did nothing."""
    club = make_club(client)
    t = table(client, club, "toppa", ["Aki", "Ben"])
    said = errors(client.patch(f"/api/v1/clubs/{club['id']}", json={"detach": [t["id"]] * 2}))
    assert said == [{"field": "detach.1", "message": "This table is named twice"}]
    body = {"archive": ["Cho"], "unarchive": ["cho"]}
    said = errors(client.patch(f"/api/v1/clubs/{club['id']}", json=body))
    assert said == [{"field": "unarchive.0", "message": "cho is archived and unarchived at once"}]
    assert client.get(f"/api/v1/clubs/{club['id']}").get_json()["version"] == 0


def test_the_journal_reads_through_the_read_only_link_without_writable_ids(client):
    """The read-only link showed the session and the export, and answered 404 for the
    journal (API.md: the same JSON); a rematch there names the new table by its read-only
    link, never its writable id."""
    made = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid, view = made.get_json()["id"], made.get_json()["view_url"].rsplit("/", 1)[1]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    new = client.post("/api/v1/sessions", json={"continue_from": sid}).get_json()
    own = client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"]
    seen = client.get(f"/api/v1/sessions/{view}/journal")
    assert seen.status_code == 200
    entries = seen.get_json()["entries"]
    assert [e["summary"] for e in entries] == [e["summary"] for e in own]
    assert entries[0]["continued_at"].endswith(new["view_url"])
    assert new["id"] not in seen.get_data(as_text=True)
    assert sid not in seen.get_data(as_text=True)


def test_a_write_with_if_match_is_made_only_on_the_table_as_read(client):
    """A client's retry of a DELETE deleted the next round too (If-Match was ignored): a
    write naming the table's ETag (of any page of its rounds) is made only while the table
    is as read, else 412 and nothing written; ``*`` and no If-Match write as before."""
    sid = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = sid.get_json()["id"]
    for _ in range(3):
        add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    read = client.get(f"/api/v1/sessions/{sid}?limit=1")
    tag = read.headers["ETag"]
    gone = client.delete(f"/api/v1/sessions/{sid}/rounds/1", headers={"If-Match": tag})
    assert gone.status_code == 200
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    again = client.delete(f"/api/v1/sessions/{sid}/rounds/1", headers={"If-Match": tag})
    now = client.get(f"/api/v1/sessions/{sid}").headers["ETag"]
    assert errors(again, 412) == [
        {
            "field": "",
            "message": f"The table changed since it was read (its ETag is now {now}): read "
            "it again",
        }
    ]
    assert client.get(f"/api/v1/sessions/{sid}/export.json").get_json() == export
    body = {"players": [{}, {"captured": EXAMPLE_A}]}
    for method, path, sent in (
        ("PUT", "/rounds/1", body),
        ("POST", "/rounds", body),
        ("PATCH", "", {"name": "Late"}),
        ("POST", "/settle", {}),
        ("POST", "/undo", {"seq": 1}),
    ):
        url = f"/api/v1/sessions/{sid}{path}"
        resp = client.open(url, method=method, json=sent, headers={"If-Match": tag})
        assert resp.status_code == 412, (method, path)
    weak = client.put(
        f"/api/v1/sessions/{sid}/rounds/1", json=body, headers={"If-Match": f"W/{now}"}
    )
    assert weak.status_code == 412  # If-Match compares strongly (RFC 9110)
    assert client.get(f"/api/v1/sessions/{sid}/export.json").get_json() == export
    made = client.put(f"/api/v1/sessions/{sid}/rounds/1", json=body, headers={"If-Match": now})
    assert made.status_code == 200
    # A write's answer carries the new ETag: the next conditional write needs no read.
    assert made.headers["ETag"] == client.get(f"/api/v1/sessions/{sid}").headers["ETag"]
    chained = client.patch(
        f"/api/v1/sessions/{sid}", json={"name": "Next"}, headers={"If-Match": made.headers["ETag"]}
    )
    assert chained.status_code == 200
    assert (
        client.delete(f"/api/v1/sessions/{sid}/rounds/1", headers={"If-Match": "*"}).status_code
        == 200
    )


def _club_as_it_is(client, cid):
    """The club's members, tables and settings, without its version."""
    club = client.get(f"/api/v1/clubs/{cid}").get_json()
    return {k: v for k, v in club.items() if k != "version"}


def test_a_club_undo_is_undone_as_a_tables_is(client):
    """A probe (2026-11-30): undoing a club's undo was a 409, where API.md gives a club's
    undo "as for a table", whose undo "can be undone". Undoing an undo makes the change
    again (joining, renames, archive, name, a table detached, a merge), and that is undone
    in turn; each step leaves the club exactly as it was."""
    club = make_club(client, members=("Aki", "Ben", "Cho", "Aik"))
    cid = club["id"]
    t = table(client, club, "toppa", ["Aki", "Ben"])
    add(client, t["id"], {"players": [{"captured": EXAMPLE_A}, {}]})
    before = _club_as_it_is(client, cid)
    body = {
        "name": "New name",
        "add": ["Dai"],
        "rename": {"Aki": "Akiko"},
        "archive": ["Ben"],
        "detach": [t["id"]],
    }
    assert client.patch(f"/api/v1/clubs/{cid}", json=body).status_code == 200
    after = _club_as_it_is(client, cid)
    states = [before, after]
    for k in range(4):  # undo, undo that, and so on
        last = client.get(f"/api/v1/clubs/{cid}").get_json()["version"]
        resp = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": last})
        assert resp.status_code == 200, (k, resp.get_json())
        assert _club_as_it_is(client, cid) == states[k % 2], k
    seen = client.get(f"/api/v1/sessions/{t['id']}").get_json()
    assert [p["name"] for p in seen["players"]] == ["Akiko", "Ben"] and not seen["in_club"]

    merged = client.patch(f"/api/v1/clubs/{cid}", json={"merge": {"Aik": "Cho"}})
    assert merged.status_code == 200
    undone = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": merged.get_json()["version"]})
    names = [m["name"] for m in undone.get_json()["members"]]
    assert "Aik" in names
    again = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": undone.get_json()["version"]})
    assert again.status_code == 200, again.get_json()
    assert "Aik" not in [m["name"] for m in again.get_json()["members"]]
    journal = client.get(f"/api/v1/clubs/{cid}/journal").get_json()["entries"]
    assert (
        journal[0]["summary"] == f"undid change {undone.get_json()['version']}; Aik merged into Cho"
    )


@pytest.mark.parametrize(
    ("first", "between", "said"),
    [
        # The review's cases: a swap of names between would archive, or give seats and
        # results to, the person now called by the old name.
        ({"archive": ["Ben"]}, {"rename": {"Ben": "Cho", "Cho": "Ben"}}, "Ben was renamed"),
        ({"merge": {"Aik": "Cho"}}, {"rename": {"Cho": "Chou", "Dai": "Cho"}}, "Cho was renamed"),
        ({"rename": {"Aki": "Akiko"}}, {"rename": {"Aki": "Akira"}}, "Aki was renamed"),
        (
            {"seasons": [{"name": "Winter", "from": "2026-12-01", "to": "2027-02-28"}]},
            {"seasons": [{"name": "Spring", "from": "2027-03-01", "to": "2027-05-31"}]},
            "The seasons were set again since",
        ),
        ({"name": "One"}, {"name": "Two"}, "The club's name, time zone or seasons were"),
    ],
)
def test_an_undo_is_not_made_again_over_a_later_change(client, first, between, said):
    """The change an undo took back is made again only while what it names stands: a
    member renamed or merged since, or seasons or a name set again since, is a 409 naming
    the change between, and nothing changes."""
    club = make_club(client, members=("Aki", "Ben", "Cho", "Aik", "Dai"))
    cid = club["id"]
    made = client.patch(f"/api/v1/clubs/{cid}", json=first)
    assert made.status_code == 200, made.get_json()
    undone = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": made.get_json()["version"]})
    assert undone.status_code == 200, undone.get_json()
    moved = client.patch(f"/api/v1/clubs/{cid}", json=between)
    assert moved.status_code == 200, moved.get_json()
    before = _club_as_it_is(client, cid)
    resp = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": undone.get_json()["version"]})
    message = errors(resp, 409)[0]["message"]
    assert message.startswith(
        f"Change {undone.get_json()['version']} can no longer be undone: {said}"
    ), message
    assert f"in change {moved.get_json()['version']}: undo that change first" in message
    assert _club_as_it_is(client, cid) == before


def test_an_imported_settle_up_names_the_amount_that_cannot_be_read(client):
    """A fuzz (2026-11-30): a settle-up's bad ``pot`` or ``house`` in an import was reported
    at ``input.points``."""
    made = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = made.get_json()["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    client.post(f"/api/v1/sessions/{sid}/settle")
    data = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    at = next(k for k, r in enumerate(data["rounds"]) if r.get("kind") == "settle")
    for key, value, field in (
        ("pot", "1/0", "pot"),
        ("house", [], "house"),
        ("points", ["1", "x"], "points.1"),
        ("points", "7", "points"),
    ):
        bad = json.loads(json.dumps(data))
        bad["rounds"][at]["input"][key] = value
        said = errors(client.post("/api/v1/sessions/import", json=bad))
        assert [e["field"] for e in said] == [f"rounds.{at}.input.{field}"], (key, said)


def test_a_setting_given_wrongly_is_named_where_it_was_given(client):
    """A fuzz (2026-11-30): an unknown key under ``settings`` was reported at ``rules.<key>``;
    a key given under both with two values kept one without a word."""
    body = {"game": "tokan", "players": ["A", "B", "C"], "settings": {"stak": 5}}
    said = errors(client.post("/api/v1/sessions", json=body))
    assert said == [{"field": "settings.stak", "message": "'stak' is not a setting of Tokan"}]
    body = {"game": "tokotoko", "players": ["A", "B"], "settings": {"stake": 5}}
    said = errors(client.post("/api/v1/sessions", json={**body, "rules": {"stake": 6}}))
    assert said == [{"field": "settings.stake", "message": "stake is given twice: give it once"}]
    same = client.post("/api/v1/sessions", json={**body, "rules": {"stake": 5}})
    assert same.status_code == 201 and same.get_json()["settings"]["stake"] == 5


def test_a_phone_name_that_is_not_utf8_is_refused(client):
    """A fuzz (2026-11-30): a header byte 0xFF was kept as "ÿ" (docs/api.md: UTF-8, else
    422 and nothing stored)."""
    sid = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = sid.get_json()["id"]
    for raw in ("\xff", "Caf\xe9", "\xc3"):  # as WSGI gives the bytes: Latin-1
        resp = client.patch(
            f"/api/v1/sessions/{sid}", json={"name": "N"}, headers={"X-Scorekeeper-Device": raw}
        )
        assert errors(resp) == [
            {"field": "X-Scorekeeper-Device", "message": "A phone's name is sent as UTF-8"}
        ]
    good = "Café".encode().decode("latin-1")
    resp = client.patch(
        f"/api/v1/sessions/{sid}", json={"name": "N"}, headers={"X-Scorekeeper-Device": good}
    )
    assert resp.status_code == 200
    journal = client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"]
    assert [e["by"] for e in journal] == ["Café"]


def test_a_club_name_set_again_since_is_not_overwritten_by_an_undo(client):
    """The review (2026-11-30): an undo of a change of the club's name put the old name back
    over a later one without a word, as seasons set again already refuse."""
    club = make_club(client)
    cid = club["id"]
    first = client.patch(f"/api/v1/clubs/{cid}", json={"name": "One"}).get_json()["version"]
    client.patch(f"/api/v1/clubs/{cid}", json={"name": "Two"})
    resp = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": first})
    assert "changed again since, in change 2" in errors(resp, 409)[0]["message"]
    assert client.get(f"/api/v1/clubs/{cid}").get_json()["name"] == "Two"
    assert client.post(f"/api/v1/clubs/{cid}/undo", json={}).status_code == 200
    assert client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": first}).status_code == 200
    assert client.get(f"/api/v1/clubs/{cid}").get_json()["name"] == club["name"]


def test_the_club_page_offers_undo_only_where_it_can_be_made(client, app):
    """The review (2026-11-30): the club page offered Undo on undo entries kept before an
    undo could be undone, which always answer 409. A new undo offers it; an old one not."""
    from scorekeeper.models import ClubJournalEntry, db

    for old in (False, True):
        cid = make_club(client)["id"]
        first = client.patch(f"/api/v1/clubs/{cid}", json={"name": "One"}).get_json()["version"]
        undone = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": first})
        seq = undone.get_json()["version"]
        if old:  # as an undo was kept before 2026-11-30: no way back
            with app.app_context():
                entry = db.session.scalars(
                    db.select(ClubJournalEntry).order_by(ClubJournalEntry.id.desc())
                ).first()
                entry.data = {k: v for k, v in entry.data.items() if k != "redo"}
                db.session.commit()
        page = client.get(f"/c/{cid}").get_data(as_text=True)
        assert (f'aria-label="Undo entry {seq}"' in page) is not old
        resp = client.post(f"/api/v1/clubs/{cid}/undo", json={"seq": seq})
        assert resp.status_code == (409 if old else 200)
