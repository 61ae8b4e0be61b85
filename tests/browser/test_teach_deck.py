"""Teaching a deck at 360x740 in Debian's Chromium (issue 38, "Teach it your deck"): from a
table's page, one photo of the deck laid out; the 48 faces come back on the grid in its order,
each a tap target of at least 44x44 px with its card's name; one face is retaken alone. The
recogniser's reading of the layout and of one card is a fake (``decks.read_layout``,
``decks.read_face``): this tests the pages, not the model."""

from __future__ import annotations

import pytest

from scorekeeper.cards import CARDS
from scorekeeper.recognise import decks as recogniser
from tests.browser.test_photo import SMALL, api, photo
from tests.web.test_decks import FakeFace, FakeLayout

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", autouse=True)
def fake_recogniser():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(recogniser, "read_layout", FakeLayout())
        mp.setattr(recogniser, "read_face", FakeFace())
        yield


@pytest.fixture()
def phone(browser, request):
    from tests.browser.conftest import phone_page

    yield from phone_page(browser, request, SMALL)


def test_a_deck_taught_from_the_table_page_checked_and_one_face_retaken(server, phone, tmp_path):
    table = api(
        server, "/api/v1/sessions", {"name": "Deck", "game": "toppa", "players": ["A", "B"]}
    )
    phone.goto(f"{server}/t/{table['id']}")
    phone.get_by_role("link", name="Teach your deck").click()
    phone.wait_for_url("**/decks/new?table=*")
    phone.get_by_label("The photo of the deck laid out").set_input_files(
        photo(tmp_path, "deck.jpg", (1600, 1200))
    )
    phone.get_by_label("Its name (optional)").fill("Aki's deck")
    phone.get_by_role("button", name="Read the deck").click()
    phone.wait_for_url("**/d/*")

    faces = phone.locator(".face-tile img")
    assert faces.count() == 48
    # The first month's faces are on the first screen, loaded and drawn.
    phone.wait_for_function(
        "() => [...document.querySelectorAll('.face-tile img')].slice(0, 4)"
        ".every(i => i.complete && i.naturalWidth === 160)"
    )
    assert phone.locator("#pine-crane img").bounding_box()["y"] < SMALL["height"]
    alts = faces.evaluate_all("els => els.map(e => e.alt)")
    assert alts[0] == "The face taught for Pine: Crane"
    assert alts[-1] == "The face taught for Paulownia: Chaff 3"
    shown = phone.locator(".face-cell").evaluate_all("els => els.map(e => e.id)")
    assert shown == [c.id for c in CARDS]  # grid order
    for box in phone.locator(".face-tile").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    ):
        assert box[0] >= 44 and box[1] >= 44, box
    # Nothing wider than the phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]
    assert phone.locator(".face-cell.asks").count() == 2
    # The table now names the deck.
    assert api(server, f"/api/v1/sessions/{table['id']}")["deck_name"] == "Aki's deck"

    # One tap on a face: its page, where it is retaken alone.
    before = phone.locator("#maple-deer img").get_attribute("src")
    phone.locator("#maple-deer .face-tile").click()
    phone.wait_for_url("**/cards/maple-deer")
    phone.get_by_label("A photo of this card alone, filling most of the photo").set_input_files(
        photo(tmp_path, "card.jpg", (600, 900))
    )
    phone.get_by_role("button", name="Retake the face").click()
    phone.wait_for_url("**/d/*#maple-deer")
    assert "its face is taken again" in phone.locator("main").inner_text()
    after = phone.locator("#maple-deer img").get_attribute("src")
    assert after != before
    assert phone.locator(".face-tile img").count() == 48
