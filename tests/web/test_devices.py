"""Who did what (issue 19 part 4; API.md "Who did what"): a write names its phone with the
header X-Scorekeeper-Device (the API) or the name a phone gave itself once (the pages, kept
in a cookie on the phone); the journal carries it as "by" (null when unknown), the history
shows it beside each entry, and an export keeps it."""

from __future__ import annotations

import re

import pytest

from tests.helpers import EXAMPLE_A
from tests.web.test_journal import journal, toppa_round
from tests.web.test_pages import app, csrf, entry_form, pile_fields  # noqa: F401
from tests.web.test_sessions_api import HALF_A, create, session

AKI = {"X-Scorekeeper-Device": "Aki's phone"}


def enter(client, sid, pile=EXAMPLE_A, headers=None, status=201):
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=toppa_round(pile), headers=headers)
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


def test_each_journal_entry_says_which_phone_wrote_it(client):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    enter(client, sid, headers=AKI)
    enter(client, sid)  # a client that names no phone
    client.put(
        f"/api/v1/sessions/{sid}/rounds/1",
        json=toppa_round(HALF_A),
        headers={"X-Scorekeeper-Device": "  Ben's phone "},
    )
    client.delete(f"/api/v1/sessions/{sid}/rounds/2", headers=AKI)
    client.post(
        f"/api/v1/sessions/{sid}/undo", json={"seq": 4}, headers={"X-Scorekeeper-Device": "Cy"}
    )
    entries = journal(client, sid)
    assert [(e["action"], e["by"]) for e in entries] == [
        ("undo", "Cy"),
        ("delete", "Aki's phone"),
        ("correct", "Ben's phone"),
        ("enter", None),
        ("enter", "Aki's phone"),
    ]


def test_a_japanese_name_sent_as_utf8_reads_back(client):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    raw = "アキの携帯".encode().decode("latin-1")  # the bytes on the wire, as WSGI hands them
    enter(client, sid, headers={"X-Scorekeeper-Device": raw})
    assert journal(client, sid)[0]["by"] == "アキの携帯"


@pytest.mark.parametrize("bad", ["", "   ", "x" * 41, "Aki\x07", "Aki\u200b"])
def test_a_bad_name_is_refused_naming_the_header_and_nothing_is_stored(client, bad):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    resp = client.post(
        f"/api/v1/sessions/{sid}/rounds",
        json=toppa_round(EXAMPLE_A),
        headers={"X-Scorekeeper-Device": bad},
    )
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["field"] == "X-Scorekeeper-Device"
    assert session(client, sid)["round_count"] == 0 and journal(client, sid) == []


@pytest.mark.parametrize("bad", ["", "x" * 41, "Aki\x07", "Aki\u200b"])
def test_a_page_read_with_a_bad_name_names_nobody(client, bad):
    """Only a write is refused for its header (above); a page that only shows names no phone."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    for path in (f"/t/{sid}", "/", f"/t/{sid}/history", "/device"):
        resp = client.get(path, headers={"X-Scorekeeper-Device": bad})
        assert resp.status_code == 200, path
        assert "Aki\x07" not in resp.get_data(as_text=True)
    assert "Name this phone" in client.get(
        f"/t/{sid}", headers={"X-Scorekeeper-Device": bad}
    ).get_data(as_text=True)


def test_forty_characters_are_a_name(client):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    enter(client, sid, headers={"X-Scorekeeper-Device": "p" * 40})
    assert journal(client, sid)[0]["by"] == "p" * 40


def test_an_export_keeps_who_did_what_and_an_import_checks_it(client):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    enter(client, sid, headers=AKI)
    enter(client, sid)
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert [e["by"] for e in export["journal"]] == ["Aki's phone", None]
    moved = client.post(
        "/api/v1/sessions/import", json=export, headers={"X-Scorekeeper-Device": "Host"}
    )
    assert moved.status_code == 201
    kept = journal(client, moved.get_json()["id"])
    assert [e["by"] for e in reversed(kept)] == ["Aki's phone", None, "Host"]
    export["journal"][0]["by"] = "x" * 41
    bad = client.post("/api/v1/sessions/import", json=export)
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["field"] == "journal.0.by"


@pytest.mark.parametrize("bad", [0, 10_001, True, "3", 2.5])
def test_an_imported_journal_keeps_the_round_each_entry_names(client, bad):
    """API.md "Journal": an entry about a round carries its number, on the imported copy too
    (the history of a disputed evening, moved to another server)."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    enter(client, sid, headers=AKI)
    enter(client, sid)
    client.delete(f"/api/v1/sessions/{sid}/rounds/1", headers=AKI)
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert [e["number"] for e in export["journal"]] == [1, 2, 1]
    moved = client.post("/api/v1/sessions/import", json=export).get_json()["id"]
    kept = list(reversed(journal(client, moved)))
    assert [(e["number"], e["by"]) for e in kept[:3]] == [
        (1, "Aki's phone"),
        (2, None),
        (1, "Aki's phone"),
    ]
    export["journal"][1]["number"] = bad
    refused = client.post("/api/v1/sessions/import", json=export)
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["field"] == "journal.1.number"


def test_a_phone_names_itself_once_on_the_pages(app):  # noqa: F811 (CSRF on)
    client = app.test_client()
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    table = client.get(f"/t/{sid}").get_data(as_text=True)
    assert 'class="name-phone"' in table  # asked while the phone has no name
    resp = client.post(
        "/device",
        data={"csrf_token": csrf(table), "device": "Ben's phone", "next": f"/t/{sid}"},
    )
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/t/{sid}")
    table = client.get(f"/t/{sid}").get_data(as_text=True)
    assert 'class="name-phone"' not in table
    assert "This phone: Ben&#39;s phone" in table

    url, base = entry_form(client, f"/t/{sid}")
    data = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    assert client.post(url, data=data).status_code == 302
    assert journal(client, sid)[0]["by"] == "Ben's phone"
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    assert re.search(r'class="by">by Ben&#39;s phone<', history)


def test_a_phone_without_a_name_is_asked_on_its_first_write(client):
    """Issue 19: a phone names itself once, "asked the first time it writes": the round form
    of a phone without a name asks for it; saved with the round, the round's journal entry
    carries it and the phone keeps it, so the next form does not ask again."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    url, base = entry_form(client, f"/t/{sid}")
    assert 'name="device"' in client.get(url).get_data(as_text=True)
    data = {**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}

    bad = client.post(url, data={**data, "device": "y" * 41})
    assert bad.status_code == 422 and session(client, sid)["round_count"] == 0
    text = bad.get_data(as_text=True)
    assert re.search(r'id="device-error"><p class="error"[^>]*>A phone&#39;s name is 1 to 40', text)
    assert 'href="#device"' in text  # in the summary at the top, linking to the field
    assert "scorekeeper-device" not in bad.headers.get("Set-Cookie", "")

    saved = client.post(url, data={**data, "device": " Cho's phone "})
    assert saved.status_code == 302
    assert "scorekeeper-device=Cho" in saved.headers.get("Set-Cookie", "")
    assert journal(client, sid)[0]["by"] == "Cho's phone"
    assert 'name="device"' not in client.get(url).get_data(as_text=True)  # asked once
    client.delete_cookie("scorekeeper-device")
    url, base = entry_form(client, f"/t/{sid}")
    unnamed = {**base, **pile_fields("p0_pile", HALF_A), "rest": "1", "dealer": "0"}
    assert client.post(url, data={**unnamed, "device": ""}).status_code == 302  # optional
    assert journal(client, sid)[0]["by"] is None


def test_naming_a_phone_refuses_a_long_name_beside_the_field(app):  # noqa: F811
    client = app.test_client()
    page = client.get("/device?next=/").get_data(as_text=True)
    resp = client.post("/device", data={"csrf_token": csrf(page), "device": "y" * 41, "next": "/"})
    assert resp.status_code == 422
    text = resp.get_data(as_text=True)
    assert re.search(r'aria-describedby="device-error"', text)
    assert re.search(r'id="device-error"><p class="error"[^>]*>A phone&#39;s name is 1 to 40', text)
    assert "scorekeeper-device" not in resp.headers.get("Set-Cookie", "")


def test_an_empty_name_forgets_it_and_next_stays_on_this_site(app):  # noqa: F811
    client = app.test_client()
    page = client.get("/device").get_data(as_text=True)
    named = client.post(
        "/device", data={"csrf_token": csrf(page), "device": "Aki", "next": "https://evil.test/"}
    )
    assert named.status_code == 303 and named.headers["Location"] == "/"
    broken = client.post(  # a line break: a 500 before (a probe, 2026-11-29)
        "/device", data={"csrf_token": csrf(page), "device": "Aki", "next": "/t/a\r\nX: 1"}
    )
    assert broken.status_code == 303 and broken.headers["Location"] == "/"
    assert 'value="Aki"' in client.get("/device").get_data(as_text=True)
    forgot = client.post("/device", data={"csrf_token": csrf(page), "device": "", "next": "/"})
    assert forgot.status_code == 303
    assert "Name this phone" in client.get("/").get_data(as_text=True)


def test_a_write_outside_any_request_names_no_phone(client):
    """The phone's name is read from the request being answered: once it is over, a write
    made outside any request (the bench's long tables, a script) names no phone. (Found by
    the bench: the last request's reader stayed, and asked for a request that was gone.)"""
    from scorekeeper.kinds import EntryKind
    from scorekeeper.round_data import as_entry
    from scorekeeper.tables import service, store

    sid = create(client, "toppa", ["A", "B"])["id"]
    named = client.post(
        f"/api/v1/sessions/{sid}/rounds",
        json={"players": [{"captured": HALF_A}, {}]},
        headers={"X-Scorekeeper-Device": "Aki's phone"},
    )
    assert named.status_code == 201
    with client.application.app_context():
        table = store.find_table(sid)
        service.enter_round(
            table, EntryKind.ROUND, as_entry({"players": [{"captured": HALF_A}, {}]})
        )
        service.commit()
    devices = [e["by"] for e in journal(client, sid)]
    assert "Aki's phone" in devices and None in devices
