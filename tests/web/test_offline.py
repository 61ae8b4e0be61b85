"""Issue 21 part 1 through the test client: the service worker is served from the root with
the app's files at their current versions, every one of which the server answers, and the
page it shows for one never opened on the phone speaks the reader's language."""

from __future__ import annotations

import json
import re

from tests.web.test_i18n import JA, text


def settings(client) -> dict:
    resp = client.get("/sw.js")
    assert resp.status_code == 200
    assert resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"  # a new release is seen at once
    assert resp.headers["Service-Worker-Allowed"] == "/"
    body = resp.get_data(as_text=True)
    found = re.match(r"var SETTINGS = (\{.*?\});\nvar VERSION = \"(\w+)\";\n", body)
    assert found, body[:200]
    assert 'self.addEventListener("fetch"' in body
    return {**json.loads(found.group(1)), "version": found.group(2)}


def test_the_worker_keeps_every_file_the_pages_load_at_its_version(client):
    got = settings(client)
    page = client.get("/").get_data(as_text=True)
    loaded = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
    assert loaded and loaded <= set(got["files"]), loaded - set(got["files"])
    for url in got["files"]:
        assert "?v=" in url
        resp = client.get(url)
        resp.close()  # a static file's response holds the file open
        assert resp.status_code == 200, url
    assert client.get(got["offline"]).status_code == 200
    assert 'data-sw="/sw.js"' in page


def test_a_new_release_of_a_file_is_a_new_worker(client, app, monkeypatch):
    before = settings(client)["version"]
    from scorekeeper.views import offline

    monkeypatch.setattr(offline, "APP_FILES", (*offline.APP_FILES[:-1], "icons/icon-512.png"))
    assert settings(client)["version"] != before


def test_the_offline_page_in_both_languages(client):
    assert "No connection" in text(client.get("/offline"))
    assert "接続がありません" in text(client.get("/offline", headers=JA))
    page = client.get("/offline").get_data(as_text=True)
    # Kept once for every page: no phone's name, a way back to a table shown by its script.
    assert "Name this phone" not in page and "This phone:" not in page
    assert "data-table-back>Back to the table</a>" in page


def test_a_tables_page_carries_its_queues_words(client):
    sid = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    token = sid.get_json()["id"]
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert f'id="queue-words" hidden data-table="{token}"' in page
    assert 'data-t-many="{n} rounds waiting to be sent"' in page
    form = client.get(f"/t/{token}/rounds/new").get_data(as_text=True)
    assert 'data-t-kept="Kept on this phone' in form
