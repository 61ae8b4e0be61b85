"""The photo panel, finished (issue 38 item 4), at 360x740 and 390x844 in Debian's Chromium: a
portrait photo (as phones take a pile) and a landscape one each fit the panel whole, each box
on its card's place; Close, Another photo and Take back this photo are never covered; each box
names the card it became; a tap on a box (or on a "?" tile) offers Right, another card or Not a
card, and each does what it says to the grid; the bar counts the unsure cards until each is
answered. The recogniser is a fake: it lays cards out in a grid over whatever photo it is
given, some unsure, so the boxes the page draws can be held against the answer."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from scorekeeper import recognise
from scorekeeper.recognise import Found
from tests.browser.conftest import SHOTS
from tests.browser.test_photo import api, pressed

pytestmark = pytest.mark.browser

SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]

# A portrait photo: 12 cards in 3 columns and 4 rows, two unsure. A landscape one: 8 cards in
# 4 columns and 2 rows, one unsure.
PORTRAIT = [
    "pine-crane", "pine-ribbon", "plum-warbler",
    "plum-ribbon", "cherry-curtain", "cherry-ribbon",
    "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
    "bushclover-boar", "susuki-geese", "maple-deer",
]  # fmt: skip
PORTRAIT_UNSURE = {"plum-ribbon", "susuki-geese"}
LANDSCAPE = [
    "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1",
    "iris-chaff-1", "peony-chaff-1", "bushclover-chaff-1", "willow-rainman",
]  # fmt: skip
LANDSCAPE_UNSURE = {"iris-chaff-1"}


def fake_find_cards(image, deck=None):
    """The photo's cards in a grid: 3 columns if it is portrait, 4 if landscape; each card
    a little inside its cell."""
    h, w = image.shape[:2]
    portrait = h > w
    cards, unsure = (PORTRAIT, PORTRAIT_UNSURE) if portrait else (LANDSCAPE, LANDSCAPE_UNSURE)
    cols = 3 if portrait else 4
    rows = -(-len(cards) // cols)
    cw, ch = w // cols, h // rows
    return [
        Found(
            c,
            0.6 if c in unsure else 0.97,
            ((k % cols) * cw + cw // 10, (k // cols) * ch + ch // 10, cw * 8 // 10, ch * 8 // 10),
            c in unsure,
        )
        for k, c in enumerate(cards)
    ]


@pytest.fixture(scope="module", autouse=True)
def recogniser():
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(recognise, "find_cards", fake_find_cards)
        yield


@pytest.fixture(params=SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def phone(browser, request):
    from tests.browser.conftest import phone_page

    yield from phone_page(browser, request, request.param)


def photo(tmp_path, name, size):
    img = Image.new("RGB", size, (150, 110, 70))  # a wooden table
    for x in range(0, size[0], 40):  # with a grain, so that a stretched photo would show
        img.paste((120, 85, 50), (x, 0, x + 6, size[1]))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90)
    path = tmp_path / name
    path.write_bytes(out.getvalue())
    return str(path)


GEOMETRY = """() => {
  const r = (el) => { const b = el.getBoundingClientRect();
    return {x: b.x, y: b.y, w: b.width, h: b.height}; };
  const panel = document.querySelector('[data-photo-panel]');
  const img = panel.querySelector('[data-photo-image]');
  return {
    viewport: {w: innerWidth, h: innerHeight},
    panel: r(panel), image: r(img),
    // What must stay clear of the photo: the words above it, the question and buttons below.
    above: Math.max(...[...panel.querySelectorAll('.ph-head > :not([hidden])')]
      .map((e) => e.getBoundingClientRect().bottom)),
    below: Math.min(...[...panel.querySelectorAll('.ph-ask:not([hidden]), .actions')]
      .map((e) => e.getBoundingClientRect().top)),
    boxes: [...panel.querySelectorAll('[data-photo-box]')].map((b) => ({...r(b),
      card: b.dataset.card, unsure: b.hasAttribute('data-unsure'), text: b.textContent})),
  };
}"""

# The element at a control's centre is the control (or inside it): nothing covers it.
UNCOVERED = """(sel) => {
  const el = document.querySelector(sel);
  const b = el.getBoundingClientRect();
  const at = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return {w: b.width, h: b.height, bottom: b.bottom, right: b.right,
          ok: !!at && at.closest(sel) === el};
}"""

CONTROLS = ("[data-photo-close]", "[data-photo-another]", "[data-photo-take-back]")


def names(phone):
    return phone.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.deck .card[data-card]')]
             .map((t) => [t.dataset.card, t.querySelector('.vh').textContent]))"""
    )


def read_photo(phone, path):
    with phone.expect_response(re.compile(r"/api/v1/recognise(\?|$)")) as answer:
        phone.set_input_files("input[data-photo]", path)
    return answer.value.json()


def check_the_panel(phone, answer, unsure):
    """The photo fits the viewport and the panel whole, each box over its card's place,
    naming it; the three buttons in reach and uncovered."""
    g = phone.evaluate(GEOMETRY)
    vw, vh = g["viewport"]["w"], g["viewport"]["h"]
    img, panel = g["image"], g["panel"]
    assert img["w"] > vw * 0.5 or img["h"] > vh * 0.4, g  # shown large, not a thumbnail
    for box in (img, panel):
        assert box["x"] >= -0.5 and box["y"] >= -0.5, g
        assert box["x"] + box["w"] <= vw + 0.5 and box["y"] + box["h"] <= vh + 0.5, g
    assert img["y"] >= g["above"] - 0.5 and img["y"] + img["h"] <= g["below"] + 0.5, g
    assert img["x"] >= panel["x"] - 0.5 and img["y"] >= panel["y"] - 0.5
    assert img["x"] + img["w"] <= panel["x"] + panel["w"] + 0.5
    assert img["y"] + img["h"] <= panel["y"] + panel["h"] + 0.5
    # Its own shape: not stretched nor squeezed.
    ratio = answer["width"] / answer["height"]
    assert img["w"] / img["h"] == pytest.approx(ratio, rel=0.01), g
    sx, sy = img["w"] / answer["width"], img["h"] / answer["height"]
    grid_names = names(phone)
    assert len(g["boxes"]) == len(answer["cards"])
    for box, found in zip(g["boxes"], answer["cards"], strict=True):
        x, y, w, h = found["box"]
        expected = (img["x"] + x * sx, img["y"] + y * sy, w * sx, h * sy)
        assert (box["x"], box["y"], box["w"], box["h"]) == pytest.approx(expected, abs=1.5), (
            box,
            found,
        )
        assert box["card"] == found["card"]
        assert grid_names[found["card"]] in box["text"]
        assert box["unsure"] == (found["card"] in unsure)
    for sel in CONTROLS:
        c = phone.evaluate(UNCOVERED, sel)
        assert c["ok"], (sel, c)
        assert c["w"] >= 44 and c["h"] >= 44, (sel, c)
        assert c["bottom"] <= vh + 0.5 and c["right"] <= vw + 0.5, (sel, c)


def open_panel(phone):
    from playwright.sync_api import expect

    panel = phone.locator("[data-photo-panel]")
    if not panel.is_visible():
        phone.locator("[data-photo-open]").tap()
    expect(panel).to_be_visible()
    return panel


def box(panel, card):
    return panel.locator(f"[data-photo-box][data-card='{card}']")


def test_a_portrait_and_a_landscape_photo_fit_and_each_box_is_answered(server, phone, tmp_path):
    from playwright.sync_api import expect

    width = phone.viewport_size["width"]
    table = api(server, "/api/v1/sessions", {"game": "toppa", "players": ["Aki", "Ben"]})
    phone.goto(table["url"] + "/rounds/new")
    expect(phone.locator(".deck .card[data-card]").first).to_be_visible()
    note = phone.locator(".photo-note")

    answer = read_photo(phone, photo(tmp_path, "portrait.jpg", (900, 1600)))  # 9:16
    assert (answer["width"], answer["height"]) == (900, 1600)
    expect(note).to_have_text("2 cards to check")
    assert pressed(phone) == set(PORTRAIT)
    panel = open_panel(phone)
    expect(panel.locator("[data-photo-image]")).to_have_js_property("complete", True)
    check_the_panel(phone, answer, PORTRAIT_UNSURE)
    expect(panel).to_contain_text("2 cards to check")
    phone.screenshot(path=str(SHOTS / f"photo-panel-portrait-{width}.png"))

    # Right: the card stays, sure now; the bar counts one fewer.
    box(panel, "plum-ribbon").tap()
    expect(panel.locator("[data-photo-right]")).to_be_focused()
    phone.screenshot(path=str(SHOTS / f"photo-panel-asked-{width}.png"))
    check_the_panel(phone, answer, PORTRAIT_UNSURE)  # the question leaves all in reach
    panel.locator("[data-photo-right]").tap()
    expect(box(panel, "plum-ribbon")).not_to_have_attribute("data-unsure", "")
    expect(note).to_have_text("1 card to check")
    expect(phone.locator(".deck .card[data-card='plum-ribbon']")).not_to_have_class(
        re.compile(r"\bunsure\b")
    )
    assert "plum-ribbon" in pressed(phone)

    # Another card: the Geese were Susuki chaff; the grid swaps them.
    box(panel, "susuki-geese").tap()
    expect(panel.locator(".ph-asked")).to_contain_text(names(phone)["susuki-geese"])
    panel.locator("[data-photo-other]").select_option("susuki-chaff-1")
    expect(box(panel, "susuki-chaff-1")).to_have_count(1)
    expect(box(panel, "susuki-chaff-1")).not_to_have_attribute("data-unsure", "")
    expect(box(panel, "susuki-chaff-1")).to_contain_text(names(phone)["susuki-chaff-1"])
    assert pressed(phone) == set(PORTRAIT) - {"susuki-geese"} | {"susuki-chaff-1"}
    expect(note).to_be_hidden()
    expect(panel.locator(".ph-count")).to_be_hidden()

    # Not a card (a sure one, too): out of the grid, its box gone.
    box(panel, "maple-deer").tap()
    panel.locator("[data-photo-none]").tap()
    expect(box(panel, "maple-deer")).to_have_count(0)
    assert "maple-deer" not in pressed(phone)
    expect(phone.locator(".target[data-target='captured-0'] .n")).to_have_text("11")

    # Escape closes the panel; focus goes back to what opens it.
    phone.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(phone.locator("[data-photo-open]")).to_be_focused()

    # A landscape photo, into Ben's pile: it fits too, and its "?" tile asks on a tap.
    phone.locator(".target[data-target='captured-1']").tap()
    panel = open_panel(phone)
    answer = read_photo(phone, photo(tmp_path, "landscape.jpg", (1200, 800)))
    assert (answer["width"], answer["height"]) == (1200, 800)
    expect(panel.locator("h2")).to_have_text("The photo read: 8 cards found")
    expect(panel.locator("[data-photo-image]")).to_have_js_property("complete", True)
    check_the_panel(phone, answer, LANDSCAPE_UNSURE)
    phone.screenshot(path=str(SHOTS / f"photo-panel-landscape-{width}.png"))
    expect(note).to_have_text("1 card to check")
    phone.locator("[data-photo-close]").tap()
    expect(panel).to_be_hidden()
    tile = phone.locator(".deck .card[data-card='iris-chaff-1']")
    expect(tile.locator(".unsure-mark")).to_have_text("? to check")
    tile.tap()
    expect(panel).to_be_visible()
    expect(panel.locator(".ph-asked")).to_contain_text(names(phone)["iris-chaff-1"])
    expect(tile).to_have_attribute("aria-pressed", "true")  # the tap asked, took nothing out
    panel.locator("[data-photo-right]").tap()
    expect(note).to_be_hidden()
    expect(tile).not_to_have_class(re.compile(r"\bunsure\b"))
    phone.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(tile).to_be_focused()

    # What the form would post: Aki's pile with the swap and without the deer, Ben's the
    # landscape photo's cards.
    def posted(name):
        return set(
            phone.eval_on_selector_all(
                f"input[name={name}]:checked", "els => els.map(e => e.value)"
            )
        )

    assert posted("p0_pile") == set(PORTRAIT) - {"susuki-geese", "maple-deer"} | {"susuki-chaff-1"}
    assert posted("p1_pile") == set(LANDSCAPE)
