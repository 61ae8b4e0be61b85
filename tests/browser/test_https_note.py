"""Issue 19 part 5: a page a phone got over plain HTTP from another machine says once, at its
foot, which features need HTTPS; over loopback (a secure context, as HTTPS is) it says
nothing. The other machine is a name the browser resolves to loopback."""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

import scorekeeper
from tests.browser.conftest import CHROMIUM, PHONE

pytestmark = pytest.mark.browser

HOST = "scores.test"


@pytest.fixture()
def lan_server(tmp_path):
    app = scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "https-note",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'n.sqlite'}",
            "TRUSTED_HOSTS": [HOST, "127.0.0.1"],
        }
    )
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv.server_port
    srv.shutdown()


def test_plain_http_from_another_machine_is_said_once_and_loopback_says_nothing(
    browser, lan_server
):
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    try:
        page = lan.new_context(viewport=PHONE, is_mobile=True).new_page()
        page.goto(f"http://{HOST}:{lan_server}/")
        assert page.evaluate("window.isSecureContext") is False
        note = page.locator("#https-note")
        note.wait_for(state="visible")
        assert "HTTPS" in note.inner_text()
        page.goto(f"http://{HOST}:{lan_server}/check")  # once a phone
        page.wait_for_load_state("load")
        assert page.locator("#https-note").is_hidden()
    finally:
        lan.close()

    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"http://127.0.0.1:{lan_server}/")
    page.wait_for_load_state("load")
    assert page.evaluate("window.isSecureContext") is True
    assert page.locator("#https-note").is_hidden()
