"""'From a photo' at 360x740 in Debian's Chromium (issue 33 items 3 and 5): a Toppa pile filled
from a photo through the grid's own markup, the unsure cards marked on their tiles and in the
bar, the photo one tap away in a panel with its boxes without pushing the grid off the first
screen, a second photo that adds without doubling, one tap that takes it back, and Save
(the panel itself: tests/browser/test_photo_panel.py). Offline, the
button says it needs the signal. The recogniser is a fake (photo-model's is swapped in after
the merge): it answers a known pile for a landscape photo and two cards for a portrait one."""

from __future__ import annotations

import io
import json
import re
import time
import urllib.request

import pytest
from PIL import Image

from scorekeeper import recognise
from scorekeeper.recognise import Found
from tests.browser.conftest import SHOTS

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}

# The pile of tests/browser/test_grid.py: 14 cards for Aki, 85 card points.
PILE = [
    "pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2",
    "plum-warbler", "plum-ribbon", "plum-chaff-1", "plum-chaff-2",
    "cherry-curtain", "cherry-ribbon", "cherry-chaff-1", "cherry-chaff-2",
    "paulownia-phoenix", "paulownia-chaff-3",
]  # fmt: skip
UNSURE = {"plum-ribbon": 0.62, "cherry-chaff-2": 0.7}
SECOND = ["pine-crane", "maple-deer"]  # pine-crane is in the pile already: not twice


def fake_find_cards(image, deck=None):
    """Cards laid out in rows of 7 over the photo it is given."""
    h, w = image.shape[:2]
    cards = PILE if w > h else SECOND
    cw, ch = w // 8, h // 3
    return [
        Found(
            c,
            UNSURE.get(c, 0.97),
            ((k % 7) * cw + 4, (k // 7) * ch + 4, cw - 8, ch - 8),
            c in UNSURE,
        )
        for k, c in enumerate(cards)
    ]


@pytest.fixture(scope="module", autouse=True)
def recogniser():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(recognise, "find_cards", fake_find_cards)
        yield


@pytest.fixture()
def phone(browser, request):
    from tests.browser.conftest import phone_page

    yield from phone_page(browser, request, SMALL)


def photo(tmp_path, name, size):
    img = Image.new("RGB", size, (150, 110, 70))  # a wooden table
    out = io.BytesIO()
    img.save(out, "JPEG")
    path = tmp_path / name
    path.write_bytes(out.getvalue())
    return str(path)


def api(server, path, body=None):
    req = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode() if body is not None else None,
        method="POST" if body is not None else "GET",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def pressed(phone):
    return set(
        phone.eval_on_selector_all(
            ".deck .card[aria-pressed=true]", "els => els.map(e => e.dataset.card)"
        )
    )


def test_a_pile_from_a_photo_checked_and_saved(server, phone, tmp_path):
    from playwright.sync_api import expect

    table = api(
        server, "/api/v1/sessions", {"name": "Photo", "game": "toppa", "players": ["Aki", "Ben"]}
    )
    fetched = []
    phone.on("request", lambda r: fetched.append(r.url))
    phone.goto(table["url"] + "/rounds/new")
    expect(phone.locator(".deck .card[data-card]").first).to_be_visible()
    button = phone.locator(".photo-button")
    expect(button).to_contain_text("From a photo")
    box = button.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert box["y"] + box["height"] <= SMALL["height"]  # on the first screen
    assert not any("photo.js" in u for u in fetched)  # not part of the first visit
    expect(phone.locator("#photo-read")).to_be_hidden()  # the form without script's way

    started = time.perf_counter()
    phone.set_input_files("input[data-photo]", photo(tmp_path, "pile.jpg", (1200, 900)))
    note = phone.locator(".photo-note")
    expect(note).to_have_text("2 cards to check")
    seconds = time.perf_counter() - started
    assert pressed(phone) == set(PILE)
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("14")
    for card in UNSURE:
        tile = phone.locator(f".deck .card[data-card='{card}']")
        expect(tile).to_have_class(re.compile(r"\bunsure\b"))
        expect(tile.locator(".unsure-mark")).to_have_text("? to check")
    expect(phone.locator(".deck .card.unsure")).to_have_count(2)
    assert any("photo.js" in u for u in fetched)

    # The grid has not moved: its last month is on the first screen still. The photo is one
    # tap away, over the page, a box on each card found.
    last = phone.locator(".deck .card[data-card='paulownia-chaff-3']").bounding_box()
    bar = phone.locator(".entrybar").bounding_box()
    assert last["y"] + last["height"] <= bar["y"] + 1, (last, bar)
    phone.screenshot(path=str(SHOTS / "photo-filled-360.png"))
    show = phone.locator(".photo-show")
    expect(show).to_have_text("Photo (14)")
    assert show.bounding_box()["height"] >= 44 and show.bounding_box()["width"] >= 44
    show.click()
    panel = phone.locator(".photo-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text("The photo read: 14 cards found")
    expect(panel.locator(".shot .box")).to_have_count(14)
    expect(panel.locator(".shot .box.unsure")).to_have_count(2)
    # Each box names the card it became (tests/browser/test_photo_panel.py checks each one),
    # an unsure one with its "?" first.
    expect(panel.locator(".shot .box .cap")).to_have_count(14)
    expect(panel.locator(".shot .box.unsure .cap").first).to_have_text(re.compile(r"^\? \S"))
    expect(panel.locator(".shot img")).to_have_js_property("complete", True)
    phone.screenshot(path=str(SHOTS / "photo-shown-360.png"))
    # The photo button waits in the panel for another photo (the row keeps one place).
    expect(panel.locator(".photo-button .ph-words")).to_have_text("Another photo")
    assert panel.locator(".photo-button").bounding_box()["height"] >= 44
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()

    # A second photo adds what is new, never a card twice; one tap takes it back.
    phone.set_input_files("input[data-photo]", photo(tmp_path, "more.jpg", (600, 800)))
    expect(show).to_have_text("Photo (2)")
    assert pressed(phone) == set(PILE) | {"maple-deer"}
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("15")
    show.click()
    undo = panel.locator("button.undo")
    expect(undo).to_have_text("Take back this photo")
    assert undo.bounding_box()["height"] >= 44
    undo.click()
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("14")
    assert pressed(phone) == set(PILE)
    # The first photo is the last one now: shown, and it can be taken back in turn; then the
    # photo button is back in its row.
    expect(show).to_have_text("Photo (14)")
    undo.click()
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("0")
    expect(show).to_be_hidden()
    expect(phone.locator(".targets .photo-button .ph-words")).to_have_text("From a photo")
    phone.set_input_files("input[data-photo]", photo(tmp_path, "pile.jpg", (1200, 900)))
    expect(note).to_have_text("2 cards to check")
    assert pressed(phone) == set(PILE)

    # The player checks an unsure card: a tap on its "?" asks, and Right takes the mark away.
    tile = phone.locator(".deck .card[data-card='plum-ribbon']")
    tile.click()
    panel.locator("[data-photo-right]").click()
    expect(tile).to_have_attribute("aria-pressed", "true")
    expect(note).to_have_text("1 card to check")
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()

    phone.get_by_role("button", name="Save and score").click()
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    stored = api(server, f"/api/v1/sessions/{table['id']}")
    assert sorted(stored["rounds"][0]["input"]["players"][0]["captured"]) == sorted(PILE)
    print(f"\nphoto to filled grid at 360x740: {seconds:.2f} s (fake recogniser)")


def test_offline_the_photo_button_says_it_needs_the_signal(server, phone, tmp_path):
    from playwright.sync_api import expect

    table = api(
        server, "/api/v1/sessions", {"name": "Off", "game": "baka", "players": ["A", "B", "C"]}
    )
    phone.goto(table["url"] + "/rounds/new")
    button = phone.locator(".photo-button")
    expect(button).to_contain_text("From a photo")
    phone.context.set_offline(True)
    expect(button).to_have_class(re.compile(r"\bis-offline\b"))
    expect(button.locator(".ph-offline")).to_be_visible()
    expect(button.locator(".ph-words")).to_be_hidden()
    # Chosen all the same (its module cannot even be fetched): nothing filled, still said.
    phone.set_input_files("input[data-photo]", photo(tmp_path, "pile.jpg", (1200, 900)))
    expect(phone.locator("input[data-photo]")).to_have_accessible_name(
        re.compile("needs the signal")
    )
    assert pressed(phone) == set()
    phone.context.set_offline(False)
    expect(button).not_to_have_class(re.compile(r"\bis-offline\b"))


def test_without_javascript_the_form_reads_the_photo_and_marks_the_unsure(
    server, browser, request, tmp_path
):
    from playwright.sync_api import expect

    from tests.browser.conftest import phone_page

    pages = phone_page(browser, request, SMALL, java_script_enabled=False)
    phone = next(pages)
    try:
        table = api(
            server, "/api/v1/sessions", {"name": "NoJS", "game": "toppa", "players": ["Aki", "Ben"]}
        )
        phone.goto(table["url"] + "/rounds/new")
        fieldset = phone.locator("#photo-read")
        expect(fieldset).to_be_visible()
        fieldset.locator("select[name=photo_target]").select_option("p0_pile")
        fieldset.locator("input[name=photo]").set_input_files(
            photo(tmp_path, "pile.jpg", (1200, 900))
        )
        fieldset.get_by_role("button", name="Read the photo").click()
        expect(phone.locator(".photo-said")).to_contain_text("The photo added 14 cards.")
        expect(phone.locator(".photo-said")).to_contain_text("2 cards to check")
        checked = phone.eval_on_selector_all(
            "input[name=p0_pile]:checked", "els => els.map(e => e.value)"
        )
        assert sorted(checked) == sorted(PILE)
        expect(phone.locator(".tile.unsure")).to_have_count(2)
        phone.locator(".tile.unsure").first.scroll_into_view_if_needed()
        phone.screenshot(path=str(SHOTS / "photo-without-script-360.png"))
        phone.get_by_role("button", name="Save and score").click()
        phone.wait_for_url(re.compile(r"/rounds/1$"))
        stored = api(server, f"/api/v1/sessions/{table['id']}")
        assert sorted(stored["rounds"][0]["input"]["players"][0]["captured"]) == sorted(PILE)
    finally:
        next(pages, None)


def test_three_hands_beside_the_photo_button_are_not_cut(server, phone):
    # Baka's three hand targets share their row with the photo button: each shows its ringed
    # mark and its count whole, never "h…" (the word gives way, the grid's hint explains it).
    from playwright.sync_api import expect

    table = api(server, "/api/v1/sessions", {"game": "baka", "players": ["Aki", "Ben", "Chie"]})
    phone.goto(table["url"] + "/rounds/new")
    expect(phone.locator(".deck .card[data-card]").first).to_be_visible()
    hands = phone.locator(".deck .target.hand")
    expect(hands).to_have_count(3)
    cut = phone.evaluate(
        """() => [...document.querySelectorAll('.deck .target[data-target]')].filter(t => {
             const nm = t.querySelector('.nm');
             return (nm.offsetWidth && nm.scrollWidth > nm.clientWidth + 1)
               || t.scrollWidth > t.clientWidth + 1;
           }).map(t => t.dataset.target)"""
    )
    assert cut == []
    for i in range(3):
        expect(hands.nth(i).locator(".n")).to_have_text("0/7")
    phone.screenshot(path=str(SHOTS / "photo-baka-targets-360.png"))
