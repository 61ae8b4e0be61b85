"""The first screen after Save, and Undo that asks first (issue 17 parts 4 and 6), in
Debian's Chromium at 360x740."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import CEILING
from tests.browser.test_phone import start_table
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}


@pytest.fixture()
def phone(browser):
    context = browser.new_context(
        viewport=SCREEN, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    pg = context.new_page()
    pg.set_default_timeout(CEILING)
    yield pg
    context.close()


@pytest.fixture()
def phone_without_js(browser):
    context = browser.new_context(viewport=SCREEN, java_script_enabled=False)
    pg = context.new_page()
    pg.set_default_timeout(CEILING)
    yield pg
    context.close()


def on_first_screen(page, selector):
    """Every element matching ``selector`` is drawn, wholly within the first 740 px of the
    page, while the page is scrolled to its top."""
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.top + window.scrollY, r.bottom + window.scrollY, r.width, r.height]; })"
    )
    assert boxes, f"nothing matches {selector}"
    for top, bottom, width, height in boxes:
        assert width > 0 and height > 0, f"{selector} is not drawn"
        assert top >= 0 and bottom <= SCREEN["height"], f"{selector} ends at {bottom:.0f} px"
    return max(b[1] for b in boxes)


FIRST_SCREEN = (  # the round's own result (an earlier version's, further down, is not)
    "ul.changes:has(~ .round-actions) li",
    "p.why-line:has(~ .round-actions)",
    ".round-actions a.button.big",
    ".round-actions a.button.secondary",
    ".round-actions details.confirm > summary",
)


def assert_first_screen(page):
    assert page.evaluate("window.scrollY") == 0
    bottoms = [on_first_screen(page, s) for s in FIRST_SCREEN]
    return max(bottoms)


def fill_pile(page, cards):
    """Aki's pile as the form takes it without a script (each card's own checkbox in Aki's
    list), then the grid drawn again from the form, so the test does not depend on taps."""
    page.evaluate(
        """cards => {
            for (const id of cards)
                document.querySelector(`input[name=p0_pile][value="${id}"]`).checked = true;
            document.dispatchEvent(new Event('scorekeeper:restored'));
        }""",
        cards,
    )


def test_after_save_the_result_and_next_round_are_on_the_first_screen(phone, server):
    page = phone
    table = start_table(page, server, "toppa", ["Aki", "Ben"])
    page.goto(table + "/rounds/new")
    fill_pile(page, EXAMPLE_A)
    page.click("button:has-text('Save and score')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    bottom = assert_first_screen(page)
    print(f"toppa: the first screen's last button ends at {bottom:.0f} px")
    changes = page.locator("ul.changes:has(~ .round-actions)").inner_text()
    assert changes.split() == ["Aki", "-255", "Ben", "+255"]
    why = page.locator("p.why-line:has(~ .round-actions)").inner_text()
    assert "Ben's yaku beat Aki's by 170" in why and "Aki pays Ben 255" in why
    assert page.locator(".round-actions a.button.big").inner_text() == "Next round"
    assert page.locator(".round-actions a.button.secondary").inner_text() == "Correct"
    # Delete still asks first.
    page.locator(".round-actions details.confirm > summary").tap()
    assert page.locator("button:has-text('Yes, delete round 1')").is_visible()
    # A correction leads to the same first screen (with its notice above).
    page.locator(".round-actions a.button.secondary").tap()
    page.wait_for_url(re.compile(r"/rounds/1/edit$"))
    page.click("button:has-text('Save correction')")
    page.wait_for_url(re.compile(r"/rounds/1$"))
    assert page.locator(".flash", has_text="corrected").is_visible()
    assert_first_screen(page)
    page.locator(".round-actions a.button.big").tap()
    page.wait_for_url(re.compile(r"/rounds/new$"))


ROUNDS = {
    "baka": (
        ["Aki", "Ben", "Cy"],
        {},
        {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]},
    ),
    "tokan": (
        ["Aki", "Ben", "Cy", "Dai"],
        {},
        {
            "players": [
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -6, "right": -5},
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -1, "right": -1},
            ]
        },
    ),
    "otoroku": (
        ["P1", "P2", "P3", "P4", "P5"],
        {"method": "banker", "wager": 10},
        {
            "dealer": 0,
            "wager": 10,
            "players": [
                {"cards": ["maple-deer", "wisteria-ribbon"]},
                {"cards": ["bushclover-boar", "susuki-geese"]},
                {"cards": ["pine-crane", "iris-bridge"]},
                {"cards": ["cherry-curtain", "plum-warbler", "pine-ribbon"]},
                {"cards": ["peony-butterflies", "maple-ribbon"]},
            ],
        },
    ),
    "tokotoko": (
        ["P1", "P2"],
        {},
        {
            "stake": 5,
            "field": ["pine-chaff-2", "maple-deer"],
            "players": [
                {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
                {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
            ],
        },
    ),
}


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_every_game_fits_its_first_screen(phone, server, game):
    players, rules, body = ROUNDS[game]
    made = phone.request.post(
        f"{server}/api/v1/sessions",
        data={"name": "t", "game": game, "players": players, "rules": rules},
    )
    assert made.status, made.text()
    sid = made.json()["id"]
    entered = phone.request.post(f"{server}/api/v1/sessions/{sid}/rounds", data=body)
    assert entered.status == 201, entered.text()
    phone.goto(f"{server}/t/{sid}/rounds/1")
    bottom = assert_first_screen(phone)
    print(f"{game}: the first screen's last button ends at {bottom:.0f} px")


def totals(page, server, sid):
    got = page.request.get(f"{server}/api/v1/sessions/{sid}").json()
    return [p["total"] for p in got["players"]], got["version"]


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_undo_in_the_history_asks_before_anything_changes(phone, phone_without_js, server, script):
    page = phone if script else phone_without_js
    made = page.request.post(
        f"{server}/api/v1/sessions", data={"name": "t", "game": "toppa", "players": ["Aki", "Ben"]}
    )
    sid = made.json()["id"]
    for pile in (EXAMPLE_A, EXAMPLE_A):  # Aki -255 twice
        page.request.post(
            f"{server}/api/v1/sessions/{sid}/rounds",
            data={"dealer": 0, "players": [{"captured": pile}, {}]},
        )
    before = totals(page, server, sid)
    assert before == (["-510", "510"], 2)
    page.goto(f"{server}/t/{sid}/history")
    page.locator("a[href$='/undo/1']").click()
    page.wait_for_url(re.compile(r"/undo/1$"))
    question = page.locator(".undo-change").inner_text()
    assert question == "Round 1 will be deleted; the totals go back to Aki -255, Ben +255."
    on_first_screen(page, ".undo-change")
    on_first_screen(page, "button:has-text('Yes, undo it')")
    assert totals(page, server, sid) == before  # asking changed nothing
    page.click("button:has-text('Yes, undo it')")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    assert totals(page, server, sid) == (["-255", "255"], 3)
