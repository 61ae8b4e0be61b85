"""The card grid at 360x740 (issue 17, parts 1, 2 and 10): a Toppa and a Baka round entered by
tapping through the markup contract only (data-target, data-card, aria-pressed), counting the
taps, the scrolling a player needs and the seconds, then reading the stored round back."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from tests.browser.conftest import CEILING

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 740}

# 14 cards for Aki: pine, plum and cherry whole, and two of paulownia. Card points by RULES
# (bright 20, animal 10, ribbon 5, chaff 0): 20+5 + 10+5 + 20+5 + 20 = 85.
TOPPA_PILE = [
    "pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2",
    "plum-warbler", "plum-ribbon", "plum-chaff-1", "plum-chaff-2",
    "cherry-curtain", "cherry-ribbon", "cherry-chaff-1", "cherry-chaff-2",
    "paulownia-phoenix", "paulownia-chaff-3",
]  # fmt: skip
# Baka: Aki and Ben 16 cards each (whole months), Cho the rest.
AKI = [
    "pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2",
    "wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
    "susuki-moon", "susuki-geese", "susuki-chaff-1", "susuki-chaff-2",
    "maple-deer", "maple-ribbon", "maple-chaff-1", "maple-chaff-2",
]  # fmt: skip
BEN = [
    "plum-warbler", "plum-ribbon", "plum-chaff-1", "plum-chaff-2",
    "iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2",
    "bushclover-boar", "bushclover-ribbon", "bushclover-chaff-1", "bushclover-chaff-2",
    "paulownia-phoenix", "paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-3",
]  # fmt: skip
POINTS = {"bright": 20, "animal": 10, "ribbon": 5, "chaff": 0}


def api(server: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode() if body is not None else None,
        method="POST" if body is not None else "GET",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def card_points(ids):
    from scorekeeper.cards import CARD_BY_ID

    return sum(POINTS[CARD_BY_ID[c].type.value] for c in ids)


@pytest.fixture()
def phone(browser):
    context = browser.new_context(
        viewport=SMALL, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    pg = context.new_page()
    pg.set_default_timeout(CEILING)
    yield pg
    context.close()


# Where a thing is on the screen, and what a finger there would touch: the topmost element at
# its centre must be it (or inside it), so nothing (the sticky bar, the targets) covers it.
REACH = """sel => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, x, y, hit: !!hit && (hit === el || el.contains(hit)),
          scrollY: window.scrollY, inner: innerHeight};
}"""


class Finger:
    """Taps as a player does: at a point on the screen, scrolling the page by hand (and
    counting it) only when the thing is not where a finger can touch it."""

    def __init__(self, page):
        self.page, self.taps, self.max_scroll, self.scrolled = page, 0, 0, 0

    def tap(self, sel):
        at = self.page.evaluate(REACH, sel)
        if not at["hit"]:
            # Bring it to the middle of what the sticky targets and bar leave free.
            delta = at["y"] - at["inner"] / 2
            self.page.evaluate("d => window.scrollBy(0, d)", delta)
            self.scrolled += abs(delta)
            at = self.page.evaluate(REACH, sel)
        assert at["hit"], f"{sel} cannot be reached on the screen"
        self.max_scroll = max(self.max_scroll, at["scrollY"])
        self.page.touchscreen.tap(at["x"], at["y"])
        self.taps += 1


def no_scroll_boxes(page):
    """No box inside the page scrolls on its own (a grid in a scrolling box would hide cards)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('main *')].filter(el => {
             const s = getComputedStyle(el);
             return /(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
           }).map(el => el.className)"""
    )


def start(server, page, game, players):
    sid = api(server, "/api/v1/sessions", {"name": "Grid", "game": game, "players": players})["id"]
    page.goto(f"{server}/t/{sid}/rounds/new")
    return sid


def report(record_property, name, finger, seconds, height):
    figures = {
        "taps": finger.taps,
        "max_scroll_px": round(finger.max_scroll),
        "scrolled_px": round(finger.scrolled),
        "seconds": round(seconds, 2),
        "page_px": height,
    }
    for key, value in figures.items():
        record_property(f"{name}_{key}", value)
    print(f"\n{name}: {figures}")


def test_a_toppa_pile_of_14_in_16_taps_on_one_screen(phone, server, record_property):
    page = phone
    sid = start(server, page, "toppa", ["Aki", "Ben"])
    assert no_scroll_boxes(page) == []
    height = page.evaluate("document.documentElement.scrollHeight")
    finger = Finger(page)
    began = time.monotonic()
    finger.tap("[data-target='captured-0']")
    assert page.get_attribute("[data-target='captured-0']", "aria-pressed") == "true"
    for card in TOPPA_PILE:
        finger.tap(f"[data-card='{card}']")
        assert page.get_attribute(f"[data-card='{card}']", "aria-pressed") == "true"
    # The bar, before Save: Aki's 14 cards and 85 points, Ben the rest with no tap.
    bar = page.locator(".entrybar").inner_text()
    assert "14 cards · 85 points" in bar
    assert "34 cards · 155 points" in bar
    assert page.locator("fieldset.rest").is_hidden()  # no question: Ben's is the rest
    finger.tap(".entrybar button[type=submit]")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    seconds = time.monotonic() - began
    report(record_property, "toppa", finger, seconds, height)
    assert finger.taps <= 17
    assert finger.max_scroll <= SMALL["height"] / 2
    stored = api(server, f"/api/v1/sessions/{sid}")["rounds"][0]
    assert sorted(stored["input"]["players"][0]["captured"]) == sorted(TOPPA_PILE)
    assert "captured" not in stored["input"]["players"][1]  # the rest of the deck
    points = [p["card_points"] for p in stored["result"]["players"]]
    assert points == [85, 240 - 85] == [card_points(TOPPA_PILE), 155]


def test_a_baka_round_of_two_16_card_piles_in_35_taps(phone, server, record_property):
    page = phone
    sid = start(server, page, "baka", ["Aki", "Ben", "Cho"])
    assert no_scroll_boxes(page) == []
    height = page.evaluate("document.documentElement.scrollHeight")
    finger = Finger(page)
    began = time.monotonic()
    for seat, pile in ((0, AKI), (1, BEN)):
        finger.tap(f"[data-target='captured-{seat}']")
        for card in pile:
            finger.tap(f"[data-card='{card}']")
    assert page.locator("fieldset.rest").is_hidden()  # Cho's is the rest, unasked
    bar = page.locator(".entrybar").inner_text()
    assert f"16 cards · {card_points(AKI)} points" in bar
    assert f"16 cards · {card_points(BEN)} points" in bar
    finger.tap(".entrybar button[type=submit]")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    seconds = time.monotonic() - began
    report(record_property, "baka", finger, seconds, height)
    assert finger.taps <= 36
    assert finger.max_scroll <= SMALL["height"] / 2
    stored = api(server, f"/api/v1/sessions/{sid}")["rounds"][0]
    players = stored["input"]["players"]
    assert sorted(players[0]["captured"]) == sorted(AKI)
    assert sorted(players[1]["captured"]) == sorted(BEN)
    assert "captured" not in players[2]
    points = [p["card_points"] for p in stored["result"]["players"]]
    assert points == [card_points(AKI), card_points(BEN), 240 - card_points(AKI + BEN)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_grid_with_piles_and_hands_tapped_passes_axe(browser, server, scheme):
    from tests.browser.test_accessibility import axe_script, violations

    axe = axe_script()
    context = browser.new_context(
        viewport=SMALL, is_mobile=True, has_touch=True, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    sid = api(server, "/api/v1/sessions", {"name": "G", "game": "baka", "players": ["A", "B", "C"]})
    page.goto(f"{server}/t/{sid['id']}/rounds/new")
    for seat, cards in ((0, AKI[:4]), (1, BEN[:4])):
        page.locator(f"[data-target='captured-{seat}']").tap()
        for card in cards:
            page.locator(f"[data-card='{card}']").tap()
    page.locator("[data-target='hand-2']").tap()
    for card in ("pine-crane", "susuki-moon", "willow-rainman"):
        page.locator(f"[data-card='{card}']").tap()
    assert page.locator("[data-card='pine-crane'] .hd").inner_text() == "C"
    assert violations(page, axe) == []
    # axe leaves out the marks (aria-hidden: the tiles say whose they are in words), so
    # their contrast is measured here: 4.5:1 or more, text against its own background.
    pairs = page.evaluate(
        """() => [...document.querySelectorAll(
            '.card .own:not(:empty), .card .hd:not(:empty), .target .mark, .target')]
          .map(el => { const s = getComputedStyle(el);
                       return [el.className, s.color, s.backgroundColor]; })"""
    )
    assert len(pairs) > 6 + 6  # six targets, each with its mark, and the marked tiles
    for what, fg, bg in pairs:
        assert contrast(fg, bg) >= 4.5, (what, fg, bg)
    context.close()


def contrast(fg: str, bg: str) -> float:
    """WCAG contrast of two opaque CSS rgb() colours."""

    def luminance(css: str) -> float:
        channels = [int(v) / 255 for v in re.findall(r"\d+", css)[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_tokotoko_round_on_the_same_kind_of_grid(phone, server, record_property):
    page = phone
    sid = start(server, page, "tokotoko", ["Aki", "Ben"])
    finger = Finger(page)
    began = time.monotonic()
    # The field first (its target is active), then each hand in turn, moved on by itself.
    for card in ("maple-deer", "pine-chaff-1", "plum-ribbon", "chrysanthemum-chaff-1"):
        finger.tap(f"[data-card='{card}']")
    finger.tap("[data-target='hand-1']")
    for card in ("wisteria-ribbon", "pine-chaff-2"):
        finger.tap(f"[data-card='{card}']")
    assert page.get_attribute("[data-card='pine-chaff-2']", "aria-pressed") == "true"
    finger.tap(".entrybar button[type=submit]")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    report(record_property, "tokotoko", finger, time.monotonic() - began, 0)
    assert finger.max_scroll <= SMALL["height"] / 2
    stored = api(server, f"/api/v1/sessions/{sid}")["rounds"][0]["input"]
    assert sorted(stored["field"]) == ["maple-deer", "pine-chaff-1"]
    assert sorted(stored["players"][0]["hand"]) == ["chrysanthemum-chaff-1", "plum-ribbon"]
    assert sorted(stored["players"][1]["hand"]) == ["pine-chaff-2", "wisteria-ribbon"]


def test_otoroku_hands_by_their_cards_on_one_grid(phone, server, record_property):
    page = phone
    sid = start(server, page, "otoroku", ["Aki", "Ben", "Cho"])
    finger = Finger(page)
    began = time.monotonic()
    finger.tap("details.card-mode summary")
    hands = {0: ["wisteria-ribbon", "iris-bridge"], 1: ["pine-crane", "plum-ribbon"]}
    hands[2] = ["susuki-moon", "cherry-curtain"]
    for seat, cards in hands.items():
        finger.tap(f"[data-target='hand-{seat}']")
        for card in cards:
            finger.tap(f"[data-card='{card}']")
    # One owner a card: Ben's crane tapped for Cho moves to Cho, and back.
    finger.tap("[data-card='pine-crane']")
    assert page.locator("input[name=p2_cards][value='pine-crane']").is_checked()
    assert not page.locator("input[name=p1_cards][value='pine-crane']").is_checked()
    finger.tap("[data-card='pine-crane']")
    finger.tap("[data-target='hand-1']")
    finger.tap("[data-card='pine-crane']")
    assert "Ben: 1 + 2 = 3" in page.locator(".entrybar").inner_text()
    finger.tap(".entrybar button[type=submit]")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    report(record_property, "otoroku", finger, time.monotonic() - began, 0)
    assert finger.max_scroll <= SMALL["height"] / 2
    stored = api(server, f"/api/v1/sessions/{sid}")["rounds"][0]["input"]["players"]
    assert [sorted(p["cards"]) for p in stored] == [sorted(c) for c in hands.values()]


def test_the_grid_is_drawn_from_the_form_again_when_a_draft_is_restored(phone, server):
    page = phone
    start(server, page, "baka", ["Aki", "Ben", "Cho"])
    # What the draft helper does: set the form's own inputs, then say so on the document.
    page.evaluate(
        """() => {
        for (const [name, card] of [['p0_pile', 'pine-crane'], ['p0_pile', 'pine-chaff-2'],
                                    ['p2_pile', 'plum-ribbon'], ['p2_pile', 'plum-chaff-1'],
                                    ['p1_hand', 'susuki-moon']])
          document.querySelector(`input[name=${name}][value='${card}']`).checked = true;
        document.dispatchEvent(new Event('scorekeeper:restored'));
    }"""
    )
    crane = page.locator("[data-card='pine-crane']")
    assert crane.get_attribute("data-own") == "0" and crane.locator(".own").inner_text() == "A"
    assert page.locator("[data-card='pine-chaff-2']").get_attribute("aria-pressed") == "true"
    assert page.locator("[data-card='pine-chaff-1']").get_attribute("aria-pressed") == "false"
    assert page.locator("[data-card='plum-ribbon']").get_attribute("data-own") == "2"
    assert page.locator("[data-card='susuki-moon']").get_attribute("data-hand") == "1"
    # Aki's and Cho's piles have cards: Ben's is the rest, with no question.
    assert page.locator("input[name=rest][value='1']").is_checked()
    assert page.locator("fieldset.rest").is_hidden()
    assert "Ben (the rest): 44 cards" in page.locator(".entrybar").inner_text()


def test_the_lists_behind_the_grid_draw_their_pictures_only_without_script(phone, browser, server):
    # With script the grid stands in for the per-pile lists, whose 192 pictures (4 lists of 48
    # <use> clones) cost a phone most of a second of style work: Lighthouse's mobile figure
    # fell below 95. Without script the lists are the form, and show every picture.
    sid = start(server, phone, "toppa", ["Aki", "Ben"])
    drawn = "[...document.querySelectorAll('.picker svg.pic')].length"
    assert phone.evaluate(drawn) == 0
    assert phone.locator(".deck svg.pic").count() == 48
    context = browser.new_context(viewport=SMALL, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{server}/t/{sid}/rounds/new")
        assert page.evaluate(drawn) == 4 * 48  # two piles and two exposed hands
        crane = page.locator(".picker[data-name=p0_pile] [data-card='pine-crane'] svg.pic")
        assert crane.bounding_box()["width"] > 30
    finally:
        context.close()


def test_the_rest_is_asked_only_once_a_pile_has_cards(phone, server):
    """Check a hand at 360x740: before any card is tapped there is nothing to ask, so "whose
    pile is the rest" waits (it stood under the bar on the first screen, where Lighthouse's
    target-size audit failed it); with both piles tapped and cards left over, it asks."""
    page = phone
    page.goto(f"{server}/check/toppa")
    finger = Finger(page)
    assert page.locator("fieldset.rest").is_hidden()
    finger.tap("[data-target='captured-0']")
    finger.tap("[data-card='pine-crane']")
    assert page.locator("fieldset.rest").is_hidden()  # the other pile is the rest
    finger.tap("[data-target='captured-1']")
    finger.tap("[data-card='pine-ribbon']")
    assert page.locator("fieldset.rest").is_visible()
