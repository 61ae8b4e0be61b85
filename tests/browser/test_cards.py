"""The card pictures on a phone: every card drawn, names whole and readable, rows that fit."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.cards import CARDS, SUITS
from tests.browser.conftest import CEILING, SHOTS
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
    page.set_default_timeout(CEILING)
    return context, page


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# Per tile of the card grid: its card, the picture's box and the drawing the sprite put in it;
# the grid's rows (their tops) and its box.
GRID = """() => {
  const tiles = [...document.querySelectorAll('.deck [data-card]')].map(t => {
    const pic = t.querySelector('svg.pic').getBoundingClientRect();
    const drawn = t.querySelector('svg.pic use').getBBox();
    return {card: t.dataset.card, href: t.querySelector('svg.pic use').getAttribute('href'),
            pic: [pic.width, pic.height], drawn: [drawn.width, drawn.height],
            top: Math.round(t.getBoundingClientRect().top)};
  });
  const grid = document.querySelector('.deckgrid').getBoundingClientRect();
  return {tiles, rows: new Set(tiles.map(t => t.top)).size, height: grid.height};
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_is_its_own_tile_on_the_grid_drawn_whole(browser, server, width):
    context, page = phone(browser, width)
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    page.wait_for_load_state("load")  # the sprite is part of the page's load
    tap_cards(page, "p0_pile", ["pine-crane", "cherry-ribbon", "willow-rainman"], {"plum": 1})
    got = page.evaluate(GRID)
    assert [t["card"] for t in got["tiles"]] == [c.id for c in CARDS]  # plain cards too
    for t in got["tiles"]:
        assert re.fullmatch(r"/static/img/cards\.svg\?v=\w+#" + t["card"], t["href"]), t
        assert t["pic"][0] >= 36 and t["pic"][1] >= 58, t  # the whole card, 36 px or more
        assert t["drawn"][0] > 25 and t["drawn"][1] > 40, f"nothing drawn for {t}"
    # Two months a row: 6 rows of 8 cards, under 450 px at 360 px wide.
    assert got["rows"] == 6
    assert got["height"] < (450 if width == 360 else 500), got["height"]
    assert no_sideways_scroll(page)
    shot(page, f"cards_grid_{width}")
    context.close()


def test_without_script_every_tile_shows_its_card_named_in_full(browser, server):
    context = browser.new_context(
        viewport={"width": 360, "height": 780}, java_script_enabled=False, is_mobile=True
    )
    page = context.new_page()
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    page.wait_for_load_state("load")
    assert page.locator(".deck").count() == 0  # the grid is script's: a <template> without it
    got = page.evaluate(MEASURE, "p0_pile")
    assert [t["card"] for t in got["tiles"]] == [c.id for c in CARDS]  # each its own checkbox
    for t in got["tiles"]:
        assert re.fullmatch(r"/static/img/cards\.svg\?v=\w+#" + t["card"], t["href"]), t
        assert t["pic"][0] >= 48 and t["pic"][1] > 70, t  # recognisable: 48 px wide or more
        assert t["drawn"][0] > 30 and t["drawn"][1] > 50, f"nothing drawn for {t}"
        assert t["font"] >= 13, t
        assert t["overflow"] <= 0 and t["tileOverflow"] <= 0, f"text overflows {t}"
        assert t["split"] == [], f"words broken over two lines: {t}"
    # Each month row (four cards) is filled to its right edge on its first line: no empty
    # column (at 360 px a month takes two lines: this is the fallback, the grid is one screen).
    for suit, row in zip(SUITS, got["rows"], strict=True):
        assert row["gap"] < 2 and row["lines"] <= 2, (suit.id, row)
    assert no_sideways_scroll(page)
    # A pile ticked without script is posted and scored as ticked.
    for card in ("pine-crane", "pine-chaff-2"):
        page.locator(f".picker[data-name='p0_pile'] input[value='{card}']").check(force=True)
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert page.locator(".delta").count() == 2
    shot(page, "cards_entry_nojs_360")
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
    assert field.locator(".tile[data-card='plum-chaff-2'] .val").text_content() == "counts 12"
    assert field.locator(".val").first.is_visible()
    assert page.evaluate(
        "[...document.querySelectorAll('.val')].every(v => v.scrollWidth <= v.clientWidth)"
    )
    assert no_sideways_scroll(page)
    shot(page, "cards_tokotoko_360")
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
    assert bar.is_hidden()  # an empty hand says nothing until its target is tapped
    page.locator("[data-target='hand-0']").tap()
    # expect() waits for the page's script and style sheet (a busy machine is slow to apply
    # them: read at once, the bar once still showed its hidden "(full)").
    expect(bar).to_have_text("Aki's hand: 0 of 10", use_inner_text=True)
    tap_cards(page, "p0_hand", HAND, {"maple": 1})  # 10 cards: Toppa's whole hand
    expect(bar).to_have_text("Aki's hand: 10 of 10 (full)", use_inner_text=True)
    target = page.locator("[data-target='hand-0']")
    assert "10/10" in target.inner_text()
    crane = page.locator("[data-card='pine-crane']")
    assert "shut" in crane.get_attribute("class")
    crane.tap()  # an 11th card: nothing happens
    assert crane.get_attribute("aria-pressed") == "false"
    assert not page.locator("input[name=p0_hand][value='pine-crane']").is_checked()
    expect(bar).to_have_text("Aki's hand: 10 of 10 (full)", use_inner_text=True)
    assert page.locator(".entrybar li[data-hand-of='0'] .full-word").is_visible()
    # Taking one out opens the hand again.
    page.locator("[data-card='maple-chaff-1']").tap()
    expect(bar).to_have_text("Aki's hand: 9 of 10", use_inner_text=True)
    crane.tap()
    assert crane.get_attribute("aria-pressed") == "true"
    assert page.locator("input[name=p0_hand][value='pine-crane']").is_checked()
    # The hand is its own layer: no pile holds these cards.
    assert crane.get_attribute("data-own") is None
    assert crane.get_attribute("data-hand") == "0"
    assert no_sideways_scroll(page)
    shot(page, f"cards_full_hand_{width}")
    context.close()
