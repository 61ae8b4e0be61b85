"""Issue 30, part 5, on a 360x740 phone: Baka's third round (RULES 4.6: three rounds a game)
says the game is over on the first screen of its result, with "Start game 2" and "See the
totals", without scrolling."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_draft import PHONE_360, api_round, new_table
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser

BAKA = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, PHONE_360, service_workers="block")


def on_first_screen(page, locator) -> None:
    box = locator.bounding_box()
    assert box, "not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_360["height"], box


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_baka_round_3_says_the_game_is_over_above_the_fold(phone, server, lang):
    table = new_table(server, "baka", ("Aki", "Ben", "Cho"))
    for _ in range(3):
        api_round(table, BAKA)
    if lang == "ja":
        phone.context.add_cookies([{"name": "lang", "value": "ja", "url": server}])
    phone.goto(table + "/rounds/3")
    box = phone.locator("section.game-over")
    box.wait_for()
    if lang == "en":  # RULES 8, Baka, three times: Cho +76⅔ a round
        assert box.locator("h2").inner_text() == "Game 1 is over — Cho wins the game with +230"
    start = phone.locator(".round-actions a.button.big")
    totals = phone.locator(".round-actions a.button.secondary").first
    for shown in (box, start, totals):
        on_first_screen(phone, shown)
    for tapped in (start, totals):
        size = tapped.bounding_box()
        assert size and size["width"] >= 44 and size["height"] >= 44, size
    phone.screenshot(path=str(SHOTS / f"test_game_end_baka_{lang}.png"))
    if lang == "en":
        assert start.inner_text() == "Start game 2"
        start.click()
        phone.locator("h1", has_text="Enter round 4").wait_for()
        assert "Round 1 of 3 in game 2." in phone.locator("#game-round").inner_text()
