"""Limits for a public host (issue 19 part 3; API.md "Limits"): creating tables, importing and
writing to one table are limited per client address, answered 429 with Retry-After, with
nothing stored; reads and the live poll stay free; a host can close creation altogether; and
X-Forwarded-For counts only behind as many proxies as the host says."""

from __future__ import annotations

import os
import re
import uuid

import scorekeeper
from scorekeeper.models import Table
from tests.helpers import EXAMPLE_A
from tests.web.test_journal import toppa_round
from tests.web.test_pages import entry_form, pile_fields


def limited_app(tmp_path, **config):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "limits-test",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": True,
            **config,
        }
    )


def tables_named(app, name):
    """How many tables carry this (unique) name: PostgreSQL's test database is shared."""
    with app.app_context():
        return Table.query.filter_by(name=name).count()


def new_table(client, name, status=201, **headers):
    body = {"name": name, "game": "toppa", "players": ["Aki", "Ben"]}
    resp = client.post("/api/v1/sessions", json=body, headers=headers)
    assert status is None or resp.status_code == status, resp.get_json()
    return resp


def over_the_limit(resp):
    """A 429 as API.md "Limits" says: Retry-After in whole seconds, the JSON error shape."""
    assert resp.status_code == 429
    wait = resp.headers["Retry-After"]
    assert wait.isdigit() and 1 <= int(wait) <= 61
    errors = resp.get_json()["errors"]
    assert errors[0]["field"] == ""
    assert f"Try again in {wait} seconds" in errors[0]["message"]


def test_creating_tables_is_limited_per_address_and_nothing_is_stored(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_CREATE="3 per minute")
    client = app.test_client()
    name = f"limit-{uuid.uuid4().hex[:12]}"
    for _ in range(3):
        new_table(client, name)
    over_the_limit(new_table(client, name, status=429))
    assert tables_named(app, name) == 3
    # Another address has its own count.
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "192.0.2.44"
    new_table(other, name)
    assert tables_named(app, name) == 4


def test_the_issues_script_is_slowed_to_the_documented_limit(tmp_path):
    """120 creations in a row from one address (the issue's finding) with the documented
    defaults: the first 60 are stored, the rest answered 429."""
    app = limited_app(tmp_path)
    client = app.test_client()
    name = f"script-{uuid.uuid4().hex[:12]}"
    codes = [new_table(client, name, status=None).status_code for _ in range(120)]
    assert codes == [201] * 60 + [429] * 60
    assert tables_named(app, name) == 60


def test_refused_creations_do_not_count(tmp_path):
    """Only tables stored count: a client correcting its mistakes is not locked out."""
    app = limited_app(tmp_path, RATELIMIT_CREATE="2 per minute")
    client = app.test_client()
    for _ in range(5):
        bad = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["Aki"]})
        assert bad.status_code == 422
    name = f"after-{uuid.uuid4().hex[:12]}"
    new_table(client, name)
    new_table(client, name)
    over_the_limit(new_table(client, name, status=429))


def enter(client, sid):
    return client.post(f"/api/v1/sessions/{sid}/rounds", json=toppa_round(EXAMPLE_A))


def test_writes_to_one_table_are_limited_and_reads_stay_free(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_WRITE="2 per minute")
    client = app.test_client()
    sid = new_table(client, f"w-{uuid.uuid4().hex[:12]}").get_json()["id"]
    other = new_table(client, f"w-{uuid.uuid4().hex[:12]}").get_json()["id"]
    for _ in range(2):
        assert enter(client, sid).status_code == 201
    over_the_limit(enter(client, sid))
    # Every kind of write to that table counts together; nothing was stored.
    over_the_limit(client.delete(f"/api/v1/sessions/{sid}/rounds/1"))
    over_the_limit(client.patch(f"/api/v1/sessions/{sid}", json={"name": "x"}))
    state = client.get(f"/api/v1/sessions/{sid}").get_json()
    assert state["round_count"] == 2 and state["name"].startswith("w-")
    # Reading, the live poll and the pages stay free, far beyond what open pages need.
    tag = client.get(f"/t/{sid}/live").headers["ETag"]
    for _ in range(200):
        assert client.get(f"/t/{sid}/live", headers={"If-None-Match": tag}).status_code == 304
    for _ in range(50):
        assert client.get(f"/api/v1/sessions/{sid}").status_code == 200
        assert client.get(f"/t/{sid}").status_code == 200
    assert client.post("/api/v1/score/toppa", json=toppa_round(EXAMPLE_A)).status_code == 200
    # Another table, and another phone at this one, are not held back.
    assert enter(client, other).status_code == 201
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.0.2.45"
    assert enter(phone, sid).status_code == 201


def test_a_page_over_the_limit_says_so_in_the_players_language(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_WRITE="1 per minute", WTF_CSRF_ENABLED=True)
    client = app.test_client()
    sid = new_table(client, f"p-{uuid.uuid4().hex[:12]}").get_json()["id"]
    url, base = entry_form(client, f"/t/{sid}")
    first = client.post(
        url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    )
    assert first.status_code == 302
    url, base = entry_form(client, f"/t/{sid}")
    client.set_cookie("lang", "ja")
    page = client.post(
        url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1", "dealer": "0"}
    )
    assert page.status_code == 429
    assert int(page.headers["Retry-After"]) >= 1
    text = page.get_data(as_text=True)
    assert 'lang="ja"' in text
    assert re.search(r"<p>[^<]*\d+[^<]*</p>", text)
    assert "Too many requests" not in text  # said in Japanese
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["round_count"] == 1


def test_imports_are_limited_and_each_try_counts(tmp_path):
    app = limited_app(
        tmp_path, RATELIMIT_IMPORT="1 per minute", RATELIMIT_IMPORT_TRIES="3 per minute"
    )
    client = app.test_client()
    sid = new_table(client, f"i-{uuid.uuid4().hex[:12]}").get_json()["id"]
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    assert client.post("/api/v1/sessions/import", json=export).status_code == 201
    over_the_limit(client.post("/api/v1/sessions/import", json=export))
    # Malformed imports cost reading them: they count among the tries.
    assert client.post("/api/v1/sessions/import", json={"format": 1}).status_code in (422, 429)
    over_the_limit(client.post("/api/v1/sessions/import", json={"format": 1}))


def test_a_host_can_close_creation(tmp_path):
    app = limited_app(tmp_path, CREATION_OPEN=True)
    client = app.test_client()
    sid = new_table(client, f"c-{uuid.uuid4().hex[:12]}").get_json()["id"]
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    app.config["CREATION_OPEN"] = False
    name = f"closed-{uuid.uuid4().hex[:12]}"
    closed = new_table(client, name, status=403)
    assert "closed" in closed.get_json()["errors"][0]["message"]
    assert client.post("/api/v1/sessions/import", json=export).status_code == 403
    assert client.post("/api/v1/sessions", json={"continue_from": sid}).status_code == 403
    page = client.post("/tables", data={"game": "toppa", "players": "Aki\nBen", "name": name})
    assert page.status_code == 403 and "closed" in page.get_data(as_text=True)
    assert tables_named(app, name) == 0
    # Tables already open keep working.
    assert enter(client, sid).status_code == 201
    # The start page says so instead of offering forms that would only be refused.
    home = client.get("/").get_data(as_text=True)
    assert home.count('class="flash creation-closed"') == 3
    assert 'action="/tables"' not in home and 'name="club_name"' not in home
    assert 'type="file"' not in home
    app.config["CREATION_OPEN"] = True
    home = client.get("/").get_data(as_text=True)
    assert "creation-closed" not in home and 'action="/tables"' in home


def test_x_forwarded_for_counts_only_behind_the_proxies_the_host_names(tmp_path):
    name = f"f-{uuid.uuid4().hex[:12]}"
    direct = limited_app(tmp_path, RATELIMIT_CREATE="1 per minute").test_client()
    new_table(direct, name, **{"X-Forwarded-For": "198.51.100.1"})
    # Without PROXIES a client cannot dodge its limit by writing the header.
    over_the_limit(new_table(direct, name, status=429, **{"X-Forwarded-For": "198.51.100.2"}))
    behind = limited_app(tmp_path, RATELIMIT_CREATE="1 per minute", PROXIES=1).test_client()
    new_table(behind, name, **{"X-Forwarded-For": "198.51.100.1"})
    over_the_limit(new_table(behind, name, status=429, **{"X-Forwarded-For": "198.51.100.1"}))
    new_table(behind, name, **{"X-Forwarded-For": "198.51.100.2"})  # another client


def test_limits_are_set_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "env-test")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("SCOREKEEPER_BACKUP_SNAPSHOTS", "false")
    monkeypatch.setenv(
        "DATABASE_URL",
        os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'e.sqlite'}",
    )
    name = f"e-{uuid.uuid4().hex[:12]}"
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_CREATE", "1 per minute")
    client = scorekeeper.create_app().test_client()
    new_table(client, name)
    over_the_limit(new_table(client, name, status=429))
    monkeypatch.setenv("SCOREKEEPER_RATELIMIT_ENABLED", "false")
    free = scorekeeper.create_app().test_client()
    for _ in range(3):
        new_table(free, name)


def test_two_apps_in_one_process_keep_their_own_counts(tmp_path):
    """Each app has its own limiter: one app's settings never switch another's on or off."""
    tight = limited_app(tmp_path, RATELIMIT_CREATE="1 per minute")
    free = limited_app(tmp_path, RATELIMIT_ENABLED=False)
    name = f"two-{uuid.uuid4().hex[:12]}"
    a = tight.test_client()
    new_table(a, name)
    over_the_limit(new_table(a, name, status=429))
    b = free.test_client()
    for _ in range(3):
        new_table(b, name)
    over_the_limit(new_table(a, name, status=429))
