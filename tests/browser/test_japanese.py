"""The interface in Japanese on a phone (issue 11 items 5 and 7): Chromium asking for Japanese
at 360 and 390 px gets every page in Japanese, with no sideways scroll and no text spilling out
of a card tile."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS
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
}

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
    page.set_default_timeout(10_000)
    table = japanese_table(context, server, game)
    pages = {
        "/": "/",
        "/check/": "/check/",
        "table": table,
        "new": f"{table}/rounds/new",
        "round": f"{table}/rounds/1",
        "history": f"{table}/history",
        "check": f"/check/{game}",
    }
    for what, url in pages.items():
        page.goto(server + url)
        assert page.evaluate("document.documentElement.lang") == "ja", url
        assert page.get_by_text(SAID[what]).first.is_visible(), f"{url}: no {SAID[what]!r}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), url
        assert page.evaluate(SPILLS) == [], f"{url}: text spills out of a card tile"
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
    page.locator("nav.languages a[lang=en]").click()
    assert page.get_by_text("Keep score at the table").is_visible()
    context.close()
