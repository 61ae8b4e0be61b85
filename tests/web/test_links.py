"""Links come from configuration, never from the Host header; export file names carry the
table's name and date, not its internal id (issue 9, item 5)."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime

import pytest

import scorekeeper


def make_app(tmp_path, **config):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'l.sqlite'}"
    return scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "links",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
            **config,
        }
    )


def create(client, name="Friday at Aki's", **kw):
    resp = client.post(
        "/api/v1/sessions", json={"name": name, "game": "toppa", "players": ["A", "B"]}, **kw
    )
    assert resp.status_code == 201, resp.get_data(as_text=True)[:300]
    return resp


def page_link(client, sid, **kw):
    page = client.get(f"/t/{sid}", **kw).get_data(as_text=True)
    return re.search(r'class="link" type="text" readonly value="([^"]+)"', page).group(1)


def test_a_forged_host_is_refused_not_reflected(client):
    sid = create(client).get_json()["id"]
    for url in ("/", f"/t/{sid}", f"/api/v1/sessions/{sid}"):
        resp = client.get(url, headers={"Host": "evil.example"})
        assert resp.status_code == 400, url
        assert b"evil.example" not in resp.data
    resp = client.post(
        "/api/v1/sessions",
        json={"game": "toppa", "players": ["A", "B"]},
        headers={"Host": "evil.example:5000"},
    )
    assert resp.status_code == 400
    # The hosts trusted by default: what scripts/run and the tests use.
    for host in ("localhost", "127.0.0.1:5000", "localhost:5000"):
        assert client.get(f"/t/{sid}", headers={"Host": host}).status_code == 200, host
    assert page_link(client, sid) == f"http://localhost/t/{sid}"


def test_a_public_url_decides_the_links_and_the_qr(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://scores.example.org/")
    client = app.test_client()
    resp = create(client)
    s = resp.get_json()
    sid = s["id"]
    assert s["url"] == f"https://scores.example.org/t/{sid}"
    assert resp.headers["Location"] == s["url"]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["url"] == s["url"]
    assert page_link(client, sid) == s["url"]
    assert page_link(client, sid, base_url="http://127.0.0.1:8000") == s["url"]
    # The QR code draws the configured link.
    from scorekeeper.views.links import qr_svg

    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert qr_svg(s["url"], "QR code of the table's link") in page
    # The public host is trusted, others are not.
    assert client.get(f"/t/{sid}", headers={"Host": "scores.example.org"}).status_code == 200
    assert client.get(f"/t/{sid}", headers={"Host": "evil.example"}).status_code == 400


def test_trusted_hosts_come_from_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", "table.lan, 192.168.1.5")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "configured")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'h.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app = scorekeeper.create_app()
    assert app.config["TRUSTED_HOSTS"] == ["table.lan", "192.168.1.5"]
    client = app.test_client()
    assert client.get("/", headers={"Host": "table.lan:5000"}).status_code == 200
    assert client.get("/", headers={"Host": "192.168.1.5"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_a_public_url_that_is_not_one_refuses_to_start(tmp_path):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        make_app(tmp_path, PUBLIC_URL="scores.example.org")


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Friday at Aki's", "Friday-at-Akis"),
        ("  ../../etc/passwd ", "etc-passwd"),
        ('a"b\\c;d\r\ne', "a-b-c-d-e"),
        ("Café Noël", "Cafe-Noel"),
        ("金曜日", "table"),
    ],
)
def test_export_file_names_use_the_table_name_and_date(client, name, stem):
    sid = create(client, name=name).get_json()["id"]
    for ext in ("csv", "json"):
        before = datetime.now(UTC).date().isoformat()
        resp = client.get(f"/t/{sid}/export.{ext}")
        days = {before, datetime.now(UTC).date().isoformat()}  # two across midnight UTC
        assert resp.status_code == 200
        disposition = resp.headers["Content-Disposition"]
        assert any(f'filename="{stem}-{day}.{ext}"' in disposition for day in days), disposition
        assert "table-" not in disposition or stem == "table"
        assert "\r" not in disposition and "\n" not in disposition
