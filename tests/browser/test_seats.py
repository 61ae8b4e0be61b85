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


def test_the_draw_fits_two_screens_and_applies_to_the_table(phone, server):
    """Issue 30 part 6: from a Baka table with no round, the draw for the first dealer is one
    deck grid (at most two 740 px screens at 360 px), tapped, and its result applied: the
    first round's form then has that dealer (RULES 4.7)."""
    resp = phone.request.post(
        f"{server}/api/v1/sessions",
        data={"name": "Draw", "game": "baka", "players": ["Aki", "Ben", "Cho"]},
    )
    assert resp.status == 201
    token = resp.json()["id"]
    phone.goto(f"{server}/t/{token}")
    phone.get_by_role("link", name="Draw for the first dealer").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+/draw$"))
    grid = phone.locator(".deck .deckgrid")
    expect(grid).to_be_visible()
    height = phone.evaluate("document.documentElement.scrollHeight")
    print(f"draw page height at 360x740: {height}px")
    assert height <= 2 * 740, height
    assert phone.evaluate("document.documentElement.scrollWidth <= 360")
    phone.screenshot(path=str(_shot("draw-for-a-table-at-360")), full_page=True)
    # One card each: Aki March (3), Ben August (8), Cho May (5): Ben deals first.
    for seat, card in ((0, "cherry-curtain"), (1, "susuki-moon"), (2, "iris-bridge")):
        phone.locator(f'.target[data-target="hand-{seat}"]').tap()
        phone.locator(f'.deckgrid [data-card="{card}"]').tap()
        expect(phone.locator(f'.target[data-target="hand-{seat}"] .n')).to_have_text("1/1")
    # The draw is full: another card for Cho is refused, with the reason said.
    phone.locator('.deckgrid [data-card="maple-deer"]').tap()
    expect(phone.locator('.target[data-target="hand-2"] .n')).to_have_text("1/1")
    expect(phone.locator(".deck-hint")).to_contain_text("full")
    phone.get_by_role("button", name="Draw", exact=True).tap()
    expect(phone.locator(".big-result")).to_contain_text("Ben deals first")
    phone.screenshot(path=str(_shot("draw-result-at-360")))
    phone.get_by_role("button", name="Apply to this table").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+$"))
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    assert stored["next_dealer"] == 1
    phone.goto(f"{server}/t/{token}/rounds/new")
    expect(phone.locator("select#dealer option:checked")).to_have_text("Ben")


def test_the_start_page_shows_the_seats_as_typed_and_moves_them(phone, server):
    phone.goto(server + "/")
    phone.select_option("select[name=game]", "toppa")
    phone.fill("textarea[name=players]", "Ben\nAki")
    seats = phone.locator("ol.seat-list .seat-name")
    expect(seats).to_have_text(["Ben", "Aki"])
    phone.get_by_role("button", name="Move Aki up").tap()
    expect(seats).to_have_text(["Aki", "Ben"])
    expect(phone.locator("textarea[name=players]")).to_have_value("Aki\nBen")
    phone.get_by_role("button", name="Start the table").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+$"))
    token = phone.url.rsplit("/", 1)[-1]
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    assert [p["name"] for p in stored["players"]] == ["Aki", "Ben"]


def test_the_change_page_reseats_with_taps_before_the_first_round(phone, server):
    resp = phone.request.post(
        f"{server}/api/v1/sessions",
        data={"name": "Reseat", "game": "baka", "players": ["Aki", "Ben", "Cho"]},
    )
    token = resp.json()["id"]
    phone.goto(f"{server}/t/{token}/edit")
    seats = phone.locator("#seats ol.seat-list .seat-name")
    expect(seats).to_have_text(["Aki", "Ben", "Cho"])
    phone.evaluate("window.samePage = true")
    phone.locator("#seats").get_by_role("button", name="Move Cho up").tap()
    expect(seats).to_have_text(["Aki", "Cho", "Ben"])
    assert phone.evaluate("window.samePage === true")  # moved on the phone, nothing posted
    phone.select_option("#seats select[name=dealer]", "Cho")
    phone.get_by_role("button", name="Save the seats").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+$"))
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    assert [p["name"] for p in stored["players"]] == ["Aki", "Cho", "Ben"]
    assert stored["next_dealer"] == 1


def test_a_rematch_is_seated_as_moved_with_taps(phone, server):
    """Issue 30 part 1: the rematch's form shows its seats and moves them on the phone; the
    new table opens in that order."""
    resp = phone.request.post(
        f"{server}/api/v1/sessions",
        data={"name": "Again", "game": "baka", "players": ["Aki", "Ben", "Cho"]},
    )
    token = resp.json()["id"]
    phone.goto(f"{server}/t/{token}/edit")
    form = phone.locator("form:has(input[name=what][value=rematch])")
    seats = form.locator("ol.seat-list .seat-name")
    expect(seats).to_have_text(["Aki", "Ben", "Cho"])
    phone.evaluate("window.samePage = true")
    form.get_by_role("button", name="Move Cho up").tap()
    expect(seats).to_have_text(["Aki", "Cho", "Ben"])
    assert phone.evaluate("window.samePage === true")  # moved on the phone, nothing posted
    form.get_by_role("button", name="Start the rematch").tap()
    phone.wait_for_url(re.compile(r"/t/[\w-]+$"))
    new = phone.url.rsplit("/", 1)[1]
    assert new != token
    stored = phone.request.get(f"{server}/api/v1/sessions/{new}").json()
    assert [p["name"] for p in stored["players"]] == ["Aki", "Cho", "Ben"]
