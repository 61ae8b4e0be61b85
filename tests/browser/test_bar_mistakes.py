"""Mistakes while tapping (issue 31 part 3), at 360x740 in Debian's Chromium: the bar says at
once what the server would refuse, in the server's own words, in place of the counts line (so
the bar grows over no tile), and after Save the server's message is the same sentence."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_phone import start_table, tap_cards
from tests.browser.test_tokan_taps import chip, die

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
PINE_3 = (
    "Pine: 3 cards entered; a pile always holds 0, 2 or 4 cards of a month "
    "(cards are captured in pairs)"
)


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, SCREEN)


def bar_box(page) -> dict:
    return page.locator(".entrybar").bounding_box()


def said(page) -> str:
    return page.locator("#bar-mistake").inner_text().strip()


def test_three_pine_cards_in_a_pile_are_named_before_save(phone, server):
    """RULES 4.2: a pile holds 0, 2 or 4 cards of a month."""
    start_table(phone, server, "toppa", ["Aki", "Ben"])
    phone.click("text=Enter round 1")
    bar = phone.locator("#bar-mistake")
    tap_cards(phone, "p0_pile", ["plum-warbler", "plum-ribbon"])
    before = bar_box(phone)
    assert said(phone) == ""
    assert phone.locator(".tally li[data-pile='0']").inner_text() == "Aki: 2 cards · 15 points"
    # The first pine card may wait for its pair; the third is a mistake at once.
    tap_cards(phone, "p0_pile", ["pine-crane"])
    assert said(phone) == ""
    tap_cards(phone, "p0_pile", ["pine-ribbon", "pine-chaff-1"])
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    assert said(phone) == f"Aki's pile: {PINE_3}"
    assert bar.get_attribute("role") == "status"
    assert phone.locator(".tally").evaluate("e => getComputedStyle(e).visibility") == "hidden"
    # In place of the counts line: the bar is no taller, so it covers no more of the grid.
    after = bar_box(phone)
    assert after["height"] <= before["height"] + 1, (before, after)
    print(f"\nToppa bar at 360x740: {before['height']:.0f} px, mistake {after['height']:.0f}")
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "bar-mistake-three-pine-360.png"))
    # A fourth pine card makes the pile right again: the counts come back.
    tap_cards(phone, "p0_pile", ["pine-chaff-2"])
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")
    assert phone.locator(".tally li[data-pile='0']").inner_text() == "Aki: 6 cards · 40 points"
    # Taken out again, and Save: the server refuses it in the very words of the bar.
    tap_cards(phone, "p0_pile", ["pine-chaff-2"])
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    phone.locator(".entrybar button[type=submit]").tap()
    phone.wait_for_load_state()
    assert phone.url.endswith("/new")
    assert phone.locator("#player-0 .error").text_content().strip() == PINE_3
    # The page that comes back says it in the bar too, before any tap.
    assert PINE_3 in said(phone)


def test_the_bar_speaks_japanese_in_the_server_s_words(phone, server):
    table = start_table(phone, server, "toppa", ["Aki", "Ben"])
    path = table.split(server, 1)[1]
    phone.goto(f"{server}/language/ja?next={path}/rounds/new")
    assert phone.locator("html").get_attribute("lang") == "ja"
    tap_cards(phone, "p0_pile", ["pine-crane", "pine-ribbon", "pine-chaff-1"])
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    bar = said(phone)
    assert "松" in bar and "Pine" not in bar
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "bar-mistake-japanese-360.png"))
    phone.locator(".entrybar button[type=submit]").tap()
    phone.wait_for_load_state()
    server_says = phone.locator("#player-0 .error").text_content().strip()
    assert server_says.startswith("松")
    assert bar.endswith(server_says)


def test_an_otoroku_hand_past_its_bust_is_named_before_save(phone, server):
    """R13: a bust hand whose value without its highest card is still over the limit."""
    start_table(phone, server, "otoroku", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter round 1")
    # A hand of one card is said once the next hand has cards (RULES 5.1: 2 to 5 cards).
    phone.locator(".pad[data-for=p0_values] .key[data-value='9']").tap()
    assert said(phone) == ""
    phone.locator(".pad[data-for=p1_values] .key[data-value='10']").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    assert said(phone) == (
        "Aki's hand: A hand holds 2 to 5 cards (one dealt, at least one drawn, at most 5), not 1"
    )
    phone.locator(".pad[data-for=p1_values] .key.back").tap()
    phone.locator(".pad[data-for=p0_values] .key.back").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")
    for value in (9, 8, 7):
        phone.locator(f".pad[data-for=p0_values] .key[data-value='{value}']").tap()
    assert said(phone) == ""  # 24 is buta, a hand that happens
    phone.locator(".pad[data-for=p0_values] .key[data-value='6']").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    bar = said(phone)
    assert "Aki's cards add up to 30" in bar and "over the limit of 15" in bar
    # The dealer's left (the last player) may reach 16: the limit follows the dealer.
    phone.select_option("#dealer", "1")
    phone.wait_for_function(
        "() => document.getElementById('bar-mistake').textContent.includes('limit of 16')"
    )
    phone.locator(".pad[data-for=p0_values] .key.back").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")
    phone.locator(".pad[data-for=p0_values] .key[data-value='6']").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    bar = said(phone)
    for i, values in ((1, (10, 4)), (2, (6, 10))):
        for value in values:
            phone.locator(f".pad[data-for=p{i}_values] .key[data-value='{value}']").tap()
    phone.locator(".entrybar button[type=submit]").tap()
    phone.wait_for_load_state()
    assert phone.url.endswith("/new")
    assert "limit of 16" in bar
    assert phone.locator("#player-0 .error").text_content().strip() == bar


def test_a_tokan_prediction_not_set_is_named_before_save(phone, server):
    start_table(phone, server, "tokan", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter tour 1")
    assert said(phone) == ""  # nothing tapped yet: nothing to say
    for i in range(3):
        phone.locator(die(i, 3)).tap()
        phone.locator(die(i, 4)).tap()
        phone.locator(chip(i, "left", 0)).tap()
        if i != 1:
            phone.locator(chip(i, "right", 0)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    unset = "No prediction against the right neighbour yet: choose one (0 is a prediction too)"
    assert said(phone) == f"Ben: {unset}"
    phone.locator(".entrybar button[type=submit]").tap()
    phone.wait_for_load_state()
    assert phone.url.endswith("/new")
    beside = phone.locator("#player-1 .predict[data-side=right] + .error").text_content()
    assert beside.strip() == unset
    # The page that comes back says it in the bar before any tap; then a whole prediction
    # (one key, "more by 2"): the counts line again. Tokens without "more by" or "less by"
    # come back only from a post made without the keys (test_tokan_tour.py).
    assert said(phone) == f"Ben: {unset}"
    phone.locator(chip(1, "right", 2)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")
    assert phone.locator(".tally li[data-dice='1']").inner_text() == "Ben: 3 + 4 = 7"


def test_the_last_player_s_missing_prediction_is_named_before_save(phone, server):
    """Nothing comes after the last player's right-hand prediction: once everything before it
    is entered, the bar names it (a phone walk saw the bar silent until the server refused)."""
    start_table(phone, server, "tokan", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter tour 1")
    for i in range(3):
        phone.locator(die(i, 3)).tap()
        phone.locator(die(i, 4)).tap()
        phone.locator(chip(i, "left", 0)).tap()
        if i != 2:
            phone.locator(chip(i, "right", 0)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    unset = "No prediction against the right neighbour yet: choose one (0 is a prediction too)"
    assert said(phone) == f"Chie: {unset}"
    phone.locator(chip(2, "right", 1)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")


def test_a_tokan_player_skipped_is_named_once_the_next_one_taps(phone, server):
    """The form is filled in turn: a die or a player left behind is named, in the server's
    words, once something after it is tapped; a player still tapping keeps the dice sum."""
    start_table(phone, server, "tokan", ["Aki", "Ben", "Chie"])
    phone.click("text=Enter tour 1")
    phone.locator(die(0, 5)).tap()
    assert said(phone) == ""
    assert phone.locator(".tally li[data-dice='0']").inner_text() == "Aki: 5 + ?"
    phone.locator(die(1, 2)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    assert said(phone) == "Aki: Enter the other die Aki rolled (each shows 1 to 6) (+2)"
    phone.locator(die(0, 3)).tap()
    phone.locator(chip(0, "left", 0)).tap()
    phone.locator(chip(0, "right", 0)).tap()
    phone.locator(die(1, 2)).tap()
    phone.locator(chip(1, "left", 0)).tap()
    assert said(phone) == ""  # Ben is still on his line
    phone.locator(chip(2, "right", 0)).tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    unset = "No prediction against the right neighbour yet: choose one (0 is a prediction too)"
    assert said(phone) == f"Ben: {unset} (+2)"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_bar_s_mistake_passes_axe_in_both_themes(browser, server, scheme):
    from tests.browser.test_accessibility import axe_script, violations
    from tests.browser.test_grid import contrast

    axe = axe_script()
    context = browser.new_context(
        viewport=SCREEN, is_mobile=True, has_touch=True, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    start_table(page, server, "toppa", ["Aki", "Ben"])
    page.click("text=Enter round 1")
    tap_cards(page, "p0_pile", ["pine-crane", "pine-ribbon", "pine-chaff-1"])
    page.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    assert violations(page, axe) == []
    fg, bg = page.evaluate(
        """() => [getComputedStyle(document.getElementById('bar-mistake')).color,
                  getComputedStyle(document.querySelector('.entrybar')).backgroundColor]"""
    )
    assert contrast(fg, bg) >= 4.5, (fg, bg)
    context.close()


def test_a_tokotoko_field_left_short_is_named_once_a_hand_has_a_card(phone, server):
    start_table(phone, server, "tokotoko", ["Aki", "Ben"])
    phone.click("text=Enter round 1")
    phone.locator(".compact .tile[data-card='pine-crane']").tap()
    assert said(phone) == ""  # the field is still being tapped
    phone.locator("[data-target='hand-0']").tap()
    phone.locator(".compact .tile[data-card='plum-warbler']").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent !== ''")
    assert said(phone) == "The field holds exactly 2 cards, not 1"
    phone.locator("[data-target='field']").tap()
    phone.locator(".compact .tile[data-card='pine-ribbon']").tap()
    phone.wait_for_function("() => document.getElementById('bar-mistake').textContent === ''")
    assert phone.locator(".tally li[data-count='field']").inner_text() == "Field: 2/2"
