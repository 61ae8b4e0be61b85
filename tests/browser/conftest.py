"""Real-browser fixtures: the app served on loopback, Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

import scorekeeper

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on loopback; SCOREKEEPER_BROWSER_URL points the tests at a running server."""
    if os.environ.get("SCOREKEEPER_BROWSER_URL"):
        yield os.environ["SCOREKEEPER_BROWSER_URL"].rstrip("/")
        return
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or (
        f"sqlite:///{tmp_path_factory.mktemp('browser') / 'b.sqlite'}"
    )
    app = scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "browser-test", "SQLALCHEMY_DATABASE_URI": url}
    )
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    from tests.conftest import dispose

    dispose(app)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is not installed: scripts/test installs it")
        pytest.skip("chromium is not installed (scripts/test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield b
        b.close()


def phone_page(browser, request, viewport: dict[str, int], **options: object) -> Iterator[Any]:
    """A page in a phone's browser of ``viewport`` (touch, mobile); each of its context's
    pages is screenshot at the end, named after the test."""
    context = browser.new_context(
        viewport=viewport, device_scale_factor=1, is_mobile=True, has_touch=True, **options
    )
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    yield pg
    SHOTS.mkdir(exist_ok=True)
    for k, shown in enumerate(context.pages):
        name = request.node.name + (f"-{k}" if k else "")
        shown.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    context.close()


@pytest.fixture()
def page(browser, request):
    yield from phone_page(browser, request, PHONE)
