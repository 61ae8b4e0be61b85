"""Seats as the players sit (issue 30 part 1), on a 360x740 phone: ticking Ben, then Aki on
the club page seats Ben first; the order is shown before the table opens and moves up and
down with a tap."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import phone_page

pytestmark = pytest.mark.browser

PHONE_360 = {"width": 360, "height": 740}


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, PHONE_360)


def new_club(phone, server, members):
    resp = phone.request.post(
        f"{server}/api/v1/clubs",
        data={"name": f"Seats {uuid.uuid4().hex[:6]}", "members": members},
    )
    assert resp.status == 201
    return server + resp.json()["url"]


def test_ticking_ben_then_aki_seats_ben_first(phone, server):
    phone.goto(new_club(phone, server, ["Aki", "Ben", "Cho"]))
    form = phone.locator("#open-table")
    form.locator("select[name=game]").select_option("tokan")
    seats = form.locator("ol.seat-list .seat-name")
    expect(form.locator("[data-seat-empty]")).to_be_visible()
    form.locator("label.check", has_text="Ben").tap()
    form.locator("label.check", has_text="Aki").tap()
    form.locator("label.check", has_text="Cho").tap()
    # Shown before the table opens, in the order tapped (the page lists Aki first).
    expect(seats).to_have_text(["Ben", "Aki", "Cho"])
    expect(form.locator("[data-seat-empty]")).to_be_hidden()
    # Cho moves up one seat; each arrow is big enough for a finger.
    up = form.get_by_role("button", name="Move Cho up")
    box = up.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    up.tap()
    expect(seats).to_have_text(["Ben", "Cho", "Aki"])
    # Unticking Cho takes him off the list; the others keep their order.
    form.locator("label.check", has_text="Cho").tap()
    expect(seats).to_have_text(["Ben", "Aki"])
    form.locator("label.check", has_text="Cho").tap()
    expect(seats).to_have_text(["Ben", "Aki", "Cho"])
    assert phone.evaluate("document.documentElement.scrollWidth <= 360")
    form.locator("ol.seat-list").scroll_into_view_if_needed()
    phone.screenshot(path=str(_shot("seat-order-before-opening")))
    form.get_by_role("button", name="Open the table").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+$"))
    token = phone.url.rsplit("/", 1)[-1]
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    assert [p["name"] for p in stored["players"]] == ["Ben", "Aki", "Cho"]


def _shot(name):
    from tests.browser.conftest import SHOTS

    SHOTS.mkdir(exist_ok=True)
    return SHOTS / f"{name}.png"
