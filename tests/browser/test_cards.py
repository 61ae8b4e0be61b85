"""The card pictures on a phone: every card drawn, names whole and readable, rows that fit."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.cards import CARDS, SUITS
from tests.browser.conftest import SHOTS
from tests.browser.test_phone import no_sideways_scroll, start_table, tap_cards

pytestmark = pytest.mark.browser

WIDTHS = (360, 390)

# Per tile of one picker: its card, the picture's box, the drawing the sprite put in it (a
# <use> of another file has a box only once that file has loaded and holds the symbol), and
# its name's size, overflow and words split over two lines (a word in two boxes). Per month
# row: how far its first line of tiles falls short of the row's right edge (an empty column
# would leave a gap).
MEASURE = """name => {
  const split = el => {
    const out = [];
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (node.parentElement.closest('.vh')) continue;
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  };
  const picker = document.querySelector(`.picker[data-name='${name}']`);
  const tiles = [...picker.querySelectorAll('.tile')].map(t => {
    const pic = t.querySelector('svg.pic').getBoundingClientRect();
    const drawn = t.querySelector('svg.pic use').getBBox();
    const label = t.querySelector('.name');
    return {
      card: t.dataset.card || (t.dataset.suit + ' plain'),
      href: t.querySelector('svg.pic use').getAttribute('href'),
      pic: [pic.width, pic.height], drawn: [drawn.width, drawn.height],
      font: parseFloat(getComputedStyle(label).fontSize),
      overflow: label.scrollWidth - label.clientWidth,
      split: split(label),
      tileOverflow: t.scrollWidth - t.clientWidth,
    };
  });
  const rows = [...picker.querySelectorAll('.tiles')].map(row => {
    const kids = [...row.children];
    const top = kids[0].getBoundingClientRect().top;
    const first = kids.filter(k => Math.abs(k.getBoundingClientRect().top - top) < 1);
    const right = Math.max(...first.map(k => k.getBoundingClientRect().right));
    return {gap: row.getBoundingClientRect().right - right, lines: kids.length / first.length};
  });
  return {tiles, rows};
}"""


def phone(browser, width):
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_tile_shows_its_card_drawn_and_named_in_full(browser, server, width):
    context, page = phone(browser, width)
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    page.wait_for_load_state("load")  # the sprite is part of the page's load
    tap_cards(page, "p0_pile", ["pine-crane", "cherry-ribbon", "willow-rainman"], {"plum": 1})
    got = page.evaluate(MEASURE, "p0_pile")
    tiles = got["tiles"]

    specials = [c.id for c in CARDS if c.chaff_group is None]
    assert [t["card"] for t in tiles if " " not in t["card"]] == specials
    assert len(tiles) == len(specials) + sum(1 for s in SUITS if s.id != "willow")
    for t in tiles:
        card = t["card"].replace(" plain", "-chaff-1")
        assert re.fullmatch(r"/static/img/cards\.svg\?v=\w+#" + card, t["href"]), t
        assert t["pic"][0] >= 48 and t["pic"][1] > 70, t  # recognisable: 48 px wide or more
        assert t["drawn"][0] > 30 and t["drawn"][1] > 50, f"nothing drawn for {t}"
        assert t["font"] >= 13, t
        assert t["overflow"] <= 0 and t["tileOverflow"] <= 0, f"text overflows {t}"
        assert t["split"] == [], f"words broken over two lines: {t}"
    # Each month row is filled to its right edge on its first line: no empty column. Only
    # willow (four cards) may take a second line, and only on the narrower phone.
    for suit, row in zip(SUITS, got["rows"], strict=True):
        assert row["gap"] < 2, (suit.id, row)
        assert row["lines"] == 1 or (suit.id == "willow" and width < 390), (suit.id, row)
    assert no_sideways_scroll(page)
    shot(page, f"cards_entry_{width}")
    context.close()


def test_every_card_is_drawn_in_a_result(browser, server):
    # Aki captures the first six months, Ben the rest: the result lists all 48 cards.
    context, page = phone(browser, 390)
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    first_half = [c for c in CARDS if c.month <= 6]
    tap_cards(
        page,
        "p0_pile",
        [c.id for c in first_half if c.chaff_group is None],
        {s.id: 2 for s in SUITS if s.month <= 6},
    )
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    page.wait_for_load_state("load")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.chip svg.pic use')].map(u => {
            const b = u.getBBox(), r = u.closest('svg').getBoundingClientRect();
            return [u.getAttribute('href').split('#')[1],
                    Math.min(b.width, b.height, r.width, r.height)];
        }))""")
    assert sorted(drawn) == sorted(c.id for c in CARDS)
    assert all(size > 20 for size in drawn.values()), drawn
    assert no_sideways_scroll(page)
    shot(page, "cards_result_390")
    context.close()


def test_tokotoko_tiles_show_the_nagoya_value(browser, server):
    context, page = phone(browser, 360)
    start_table(page, server, "tokotoko", ["P1", "P2"])
    page.click("text=Enter round 1")
    field = page.locator(".picker.grid")  # the one grid every hand is entered from
    # Willow counts 2 and paulownia 6 in the Nagoya order (RULES 3), not 11 and 12.
    assert field.locator(".tile[data-value='willow-swallow'] .val").text_content() == "counts 2"
    assert field.locator(".tile.chaff[data-value^='plum'] .val").text_content() == "counts 12"
    assert field.locator(".val").first.is_visible()
    assert page.evaluate(
        "[...document.querySelectorAll('.val')].every(v => v.scrollWidth <= v.clientWidth)"
    )
    assert no_sideways_scroll(page)
    shot(page, "cards_tokotoko_360")
    context.close()


# Per plain-card tile of one picker: the tile's box, the count field's and each step button's.
STEPPERS = """name => [...document.querySelectorAll(
    `.picker[data-name='${name}'] .tile.chaff`)].map(t => {
  const box = el => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  };
  return {suit: t.dataset.suit, tile: box(t), field: box(t.querySelector('input[type=number]')),
          steps: [...t.querySelectorAll('.step')].filter(b => !b.hidden).map(box)};
})"""

# A Toppa pile picker with + count − stacked under each plain-card tile was about 3,350 px
# tall at 360 px (3,250 at 390); the count above − and + side by side saves 46 px a month.
PILE_HEIGHT = {360: 2950, 390: 2850}


@pytest.mark.parametrize("width", WIDTHS)
def test_plain_cards_count_in_one_line_with_minus_and_plus_side_by_side(browser, server, width):
    context, page = phone(browser, width)
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tap_cards(page, "p0_pile", ["pine-crane"], {"pine": 1, "paulownia": 2})
    tiles = page.evaluate(STEPPERS, "p0_pile")
    assert len(tiles) == 11  # every month but willow has plain cards
    for t in tiles:
        left, top, w, h = t["field"]
        (ml, mt, mw, mh), (pl, pt, pw, ph) = t["steps"]
        assert abs(w - t["tile"][2]) < 1, t  # the count: the tile's whole width, on one line
        assert mt > top + h - 1 and abs(mt - pt) < 1, t  # − and + on one line under it
        assert ml < pl and mw >= 44 and pw >= 44 and mh >= 44 and ph >= 44 and h >= 44, t
    height = page.locator(".picker[data-name='p0_pile']").bounding_box()["height"]
    assert height < PILE_HEIGHT[width], height
    assert no_sideways_scroll(page)
    shot(page, f"cards_steppers_{width}")
    context.close()


def test_without_script_a_plain_card_count_is_its_number_field_alone(browser, server):
    context = browser.new_context(
        viewport={"width": 360, "height": 780}, java_script_enabled=False, is_mobile=True
    )
    page = context.new_page()
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tiles = page.evaluate(STEPPERS, "p0_pile")
    assert tiles and all(t["steps"] == [] for t in tiles)
    assert all(t["field"][3] >= 44 and abs(t["field"][2] - t["tile"][2]) < 1 for t in tiles)
    shot(page, "cards_steppers_nojs_360")
    context.close()


HAND = [
    "pine-ribbon",
    "plum-ribbon",
    "plum-warbler",
    "cherry-curtain",
    "wisteria-ribbon",
    "iris-ribbon",
    "peony-ribbon",
    "bushclover-ribbon",
    "susuki-geese",
]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_full_exposed_hand_takes_no_more_taps(browser, server, width):
    context, page = phone(browser, width)
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    bar = page.locator(".entrybar li[data-hand-of='0']")
    assert bar.is_hidden()  # an empty hand says nothing until its picker is opened
    page.locator("#hand-0 summary").tap()
    # expect() waits for the page's script and style sheet (a busy machine is slow to apply
    # them: read at once, the bar once still showed its hidden "(full)").
    expect(bar).to_have_text("Aki's hand: 0 of 10", use_inner_text=True)
    tap_cards(page, "p0_hand", HAND, {"maple": 1})  # 10 cards: Toppa's whole hand
    expect(bar).to_have_text("Aki's hand: 10 of 10 (full)", use_inner_text=True)
    hand = page.locator(".picker[data-name='p0_hand']")
    crane = hand.locator(".tile[data-card='pine-crane']")
    assert "shut" in crane.get_attribute("class") and crane.locator("input").is_disabled()
    assert hand.locator(".tile.chaff[data-suit='pine'] .step[data-step='1']").is_disabled()
    crane.click(force=True)  # an 11th card: nothing happens
    assert not crane.locator("input").is_checked()
    expect(bar).to_have_text("Aki's hand: 10 of 10 (full)", use_inner_text=True)
    assert page.locator(".entrybar li[data-hand-of='0'] .full-word").is_visible()
    # Taking one out opens the hand again.
    hand.locator(".tile.chaff[data-suit='maple'] .step[data-step='-1']").tap()
    expect(bar).to_have_text("Aki's hand: 9 of 10", use_inner_text=True)
    assert not crane.locator("input").is_disabled()
    crane.tap()
    assert crane.locator("input").is_checked()
    assert no_sideways_scroll(page)
    shot(page, f"cards_full_hand_{width}")
    context.close()
