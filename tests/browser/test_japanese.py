"""The interface in Japanese on a phone (issue 11 items 5 and 7): Chromium asking for Japanese
at 360 and 390 px gets every page in Japanese, with no sideways scroll and no text spilling out
of a card tile."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CEILING, SHOTS
from tests.browser.test_phone import tap_cards
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser

ROUNDS = {
    "toppa": (["アキ", "ベン"], {"players": [{"captured": EXAMPLE_A}, {}]}),
    "baka": (
        ["アキ", "ベン", "チエ"],
        {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]},
    ),
    "tokotoko": (
        ["P1", "P2"],
        {
            "field": ["pine-chaff-2", "maple-deer"],
            "players": [
                {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
                {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
            ],
        },
    ),
    "otoroku": (
        ["P1", "P2", "P3"],
        {"players": [{"cards": [7, 8]}, {"cards": [6, 10]}, {"cards": [10, 4]}]},
    ),
    "tokan": (
        ["A", "B", "C"],
        {
            "players": [
                {"name": "A", "dice": [3, 5], "left": 3, "right": -1},
                {"name": "B", "dice": [2, 3], "left": -1, "right": -3},
                {"name": "C", "dice": [4, 2], "left": 0, "right": 2},
            ]
        },
    ),
}
# What each page must show in Japanese, beyond <html lang="ja">.
SAID = {
    "/": "卓で点数をつける",
    "/check/": "手を確認",
    "table": "順位",
    "new": "を入力",
    "round": "結果",
    "history": "操作の記録",
    "check": "プレイヤーとローカルルール",
    "edit": "名前と金額",
    "settle": "記録: 全員が支払った",
}

ENGLISH = (
    "no dice yet",
    "no cards yet",
    "nobody",
    "Leader",
    "Settle up",
    "Change the table",
    "in the deck",
    "Plain",
    "Copy link",
    " points",
    " cards",
    "Field",
    "Detail",
    "Result",
)

SPILLS = """() => [...document.querySelectorAll('.tile')]
    .filter(t => t.offsetParent !== null)
    .filter(t => {
        const box = t.getBoundingClientRect();
        const out = [...t.querySelectorAll('.face, .face *')].some(e => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
        });
        const face = t.querySelector('.face');
        return out || (face && face.scrollWidth > face.clientWidth + 1);
    })
    .map(t => t.outerHTML.slice(0, 120))"""


def japanese_table(context, server, game):
    players, body = ROUNDS[game]
    made = context.request.post(
        server + "/api/v1/sessions", data={"name": "金曜の卓", "game": game, "players": players}
    )
    assert made.status == 201, made.text()
    sid = made.json()["id"]
    added = context.request.post(f"{server}/api/v1/sessions/{sid}/rounds", data=body)
    assert added.status == 201, added.text()
    return f"/t/{sid}"


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_every_page_in_japanese_fits_the_phone(browser, server, game, width):
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        locale="ja-JP",
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    table = japanese_table(context, server, game)
    pages = {
        "/": "/",
        "/check/": "/check/",
        "table": table,
        "new": f"{table}/rounds/new",
        "round": f"{table}/rounds/1",
        "history": f"{table}/history",
        "check": f"/check/{game}",
        "edit": f"{table}/edit",
        "settle": f"{table}/settle",
    }
    for what, url in pages.items():
        page.goto(server + url)
        assert page.evaluate("document.documentElement.lang") == "ja", url
        assert page.get_by_text(SAID[what]).first.is_visible(), f"{url}: no {SAID[what]!r}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), url
        assert page.evaluate(SPILLS) == [], f"{url}: text spills out of a card tile"
        # Words the scripts and the newer pages write are Japanese too, once the scripts ran.
        shown = page.inner_text("main")
        left = [w for w in ENGLISH if w in shown]
        assert left == [], f"{url}: English words on a Japanese page: {left}"
        # The switch at the foot of the page names both languages in themselves.
        assert page.locator("nav.languages a[lang=en]", has_text="English").is_visible(), url
    SHOTS.mkdir(exist_ok=True)
    page.goto(server + pages["new"])
    page.screenshot(path=str(SHOTS / f"japanese-{game}-{width}.png"), full_page=True)
    context.close()


def test_the_switch_turns_the_pages_to_japanese_and_is_remembered(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(server + "/check/")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.locator("nav.languages a[lang=ja]").click()
    page.wait_for_url(server + "/check/")
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.goto(server + "/")
    assert page.get_by_text("卓で点数をつける").is_visible()
    page.locator("nav.languages a[lang=en]").click()  # waits only until the page is committed
    expect(page.get_by_text("Keep score at the table")).to_be_visible()
    context.close()


def japanese_phone(browser, width):
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        locale="ja-JP",
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    return context, page


@pytest.mark.parametrize("width", [360, 390])
def test_another_phone_s_round_and_the_stale_choice_in_japanese(browser, server, width):
    """The live notice (its words from the page, put together by live.js) and the choice a
    stale save offers, in Japanese, on a phone that is not scrolled sideways."""
    context, page = japanese_phone(browser, width)
    made = context.request.post(
        server + "/api/v1/sessions",
        data={"name": "金曜の卓", "game": "toppa", "players": ["アキ", "ベン"]},
    )
    sid = made.json()["id"]
    table = f"{server}/t/{sid}"
    page.goto(table + "/rounds/new")
    assert page.locator("h1").inner_text() == "第1回を入力"
    tap_cards(page, "p0_pile", ["plum-warbler", "plum-ribbon"])
    other = {"players": [{"captured": EXAMPLE_A}, {}]}
    assert context.request.post(f"{server}/api/v1/sessions/{sid}/rounds", data=other).status == 201
    note = page.locator(".live-notice")
    note.wait_for()  # its timing: test_two_phones.py, by the page's clock
    assert "第1回が別の端末から入力されました:" in note.inner_text()
    assert note.locator("a", has_text="見る").get_attribute("href").endswith("/rounds/1")
    assert note.locator("button.button").inner_text() == "第2回として入力を続ける"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"japanese-live-notice-{width}.png"))

    # Saved without choosing: the stale page shows theirs, keeps mine, and asks.
    page.locator("#round-form button[type=submit]").click()
    stale = page.locator("section.stale")
    stale.wait_for()
    assert "第1回はすでに別の端末から入力されました" in stale.inner_text()
    assert stale.locator("a", has_text="自分の入力を捨てる").is_visible()
    assert stale.locator("button", has_text="自分の入力を第2回として保存").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SHOTS / f"japanese-stale-{width}.png"), full_page=True)
    stale.locator("button", has_text="自分の入力を第2回として保存").click()
    page.wait_for_url(f"{table}/rounds/2")
    assert page.locator("h1").inner_text().startswith("第2回")
    context.close()


def test_the_table_s_share_buttons_speak_japanese(browser, server):
    context, page = japanese_phone(browser, 390)
    table = japanese_table(context, server, "toppa")
    page.goto(server + table)
    copy = page.locator("button[data-copy]")
    assert copy.inner_text() == "リンクをコピー"
    copy.click()
    status = page.locator(".share-status")
    status.wait_for()
    assert status.inner_text() in (
        "リンクをコピーしました。",
        "リンクを選択しました: メニューからコピーしてください。",
    )
    context.close()
