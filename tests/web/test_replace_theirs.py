"""Issue 39 item 4, *Mine replaces theirs*: two phones entered the same round and the other saved
first; the stale page's third choice saves mine over theirs as a correction, one journal entry
that Undo takes back (theirs again). A plain form post with CSRF (no script); refused, storing
nothing, when their round changed again meanwhile. Through the Flask test client, CSRF on."""

from __future__ import annotations

import re

from tests.web.test_live import (  # noqa: F401  (app: CSRF stays on)
    MINE,
    app,
    enter,
    resubmit,
    round_count,
    session_rounds,
    token,
    two_phones_enter_round_one,
)
from tests.web.test_pages import entry_form, new_table, pile_fields

REPLACE = re.compile(
    r'<button type="submit" form="round-form" class="button secondary" '
    r'formaction="([^"]+)" name="replaces" value="([^"]+)" data-replaces>Mine replaces theirs'
)


def journal(client, url):
    return client.get(f"/api/v1/sessions/{token(url)}/journal").get_json()["entries"]


def captured(client, url):
    return [r["input"]["players"][0].get("captured", []) for r in session_rounds(client, url)]


def stale_page(client, url):
    """Round 1 from another phone (THEIRS), then mine (MINE) refused: the stale page's form
    fields, the replace button's address and value."""
    _, resp = two_phones_enter_round_one(client, url)
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    found = REPLACE.search(page)
    assert found, "no Mine replaces theirs on the stale page"
    return resubmit(page), found.group(1), found.group(2)


def test_mine_replaces_theirs_as_one_correction_and_undo_brings_theirs_back(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields, action, replaces = stale_page(client, url)
    assert action == f"/t/{token(url)}/rounds/1/replace"
    theirs = captured(client, url)
    before = journal(client, url)

    done = client.post(action, data={**fields, "replaces": replaces})
    assert done.status_code == 302 and done.headers["Location"].endswith("/rounds/1")
    # The round's page: mine, saying so, with Undo (the notice's form, CSRF and its seq).
    shown = client.get(f"{url}/rounds/1").get_data(as_text=True)
    assert captured(client, url) != theirs and "Poetry Ribbons" in shown
    assert "Round 1 now holds your entry; theirs is kept in its history." in shown
    assert round_count(client, url) == 1  # no round 2: round 1 is mine now
    after = journal(client, url)
    assert len(after) == len(before) + 1  # one journal entry
    entry = after[0]
    assert (entry["action"], entry["number"]) == ("correct", 1)
    assert entry["summary"] == "round 1 replaced by another phone's entry of it"
    undo = re.search(
        r'<form class="flash undo"[^>]*action="([^"]+)">.*?name="csrf_token" value="([^"]+)">'
        r'<input type="hidden" name="seq" value="(\d+)">',
        shown,
        re.S,
    )
    assert undo and int(undo.group(3)) == entry["seq"]
    back = client.post(undo.group(1), data={"csrf_token": undo.group(2), "seq": undo.group(3)})
    assert back.status_code in (302, 303)
    assert captured(client, url) == theirs
    assert round_count(client, url) == 1


def test_replacing_refuses_when_theirs_changed_again_and_stores_nothing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields, action, replaces = stale_page(client, url)
    # Meanwhile their phone corrects round 1 again.
    again = {**pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"}
    edit_url, base = entry_form(client, url, 1)
    page = client.get(edit_url).get_data(as_text=True)
    base["based_on"] = re.search(r'name="based_on" type="hidden" value="([^"]+)"', page).group(1)
    assert client.post(edit_url, data={**base, **again}).status_code == 302
    stored, entries = captured(client, url), journal(client, url)

    resp = client.post(action, data={**fields, "replaces": replaces})
    assert resp.status_code == 409
    text = resp.get_data(as_text=True)
    assert (
        "Round 1 was changed again from another phone after theirs was shown to you, so "
        "nothing was saved." in text
    )
    assert captured(client, url) == stored and journal(client, url) == entries  # nothing
    # The choice again, on their round as it stands now (version 2), mine kept in the form.
    found = REPLACE.search(text)
    assert found and found.group(2).endswith(".2") and found.group(2) != replaces
    assert set(resubmit(text)["p0_pile"]) == set(fields["p0_pile"])
    chosen = client.post(action, data={**resubmit(text), "replaces": found.group(2)})
    assert chosen.status_code == 302
    assert captured(client, url) != stored


def test_replacing_twice_stores_once(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields, action, replaces = stale_page(client, url)
    assert client.post(action, data={**fields, "replaces": replaces}).status_code == 302
    entries = journal(client, url)
    second = client.post(action, data={**fields, "replaces": replaces})
    assert second.status_code == 302 and second.headers["Location"].endswith("/rounds/1")
    assert journal(client, url) == entries
    assert "Round 1 already holds your entry." in client.get(url).get_data(as_text=True)


def test_replacing_a_round_deleted_meanwhile_stores_nothing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields, action, replaces = stale_page(client, url)
    client.delete(f"/api/v1/sessions/{token(url)}/rounds/1")
    resp = client.post(action, data={**fields, "replaces": replaces})
    assert resp.status_code == 409
    assert "is no longer there" in resp.get_data(as_text=True)
    assert round_count(client, url) == 0


def test_an_expired_form_replaces_nothing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    fields, action, replaces = stale_page(client, url)
    theirs, entries = captured(client, url), journal(client, url)
    resp = client.post(action, data={**fields, "csrf_token": "forged", "replaces": replaces})
    assert resp.status_code == 400
    assert captured(client, url) == theirs and journal(client, url) == entries


def test_the_same_entry_from_two_phones_offers_no_replacing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, phone_b = entry_form(client, url)
    enter(client, url, MINE)
    page = client.post(form_url, data={**phone_b, **MINE}).get_data(as_text=True)
    assert "most likely you both entered the same round" in page
    assert "Mine replaces theirs" not in page
