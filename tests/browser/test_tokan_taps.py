"""Tokan at a dice table (issue 17 part 3, issue 31 part 5, issue 39), at 360x740 in Debian's
Chromium: a prediction left unset refused beside it with nothing stored, and the form without
script ("more" / "less" and the chips 0..N). The tour's gestures are counted in
test_tokan_tour.py; the helpers here drive the keys (a die, a signed prediction)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_phone import start_table

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
PLAYERS = ["Aki", "Ben", "Chie", "Dai"]
# Dice and predictions (left, right: + more, - less) of a tour worked out by hand from RULES 6:
# totals 8, 5, 6, 12; Aki's left neighbour is Ben (the next), the right Dai (the previous).
ROLLS = [(5, 3), (1, 4), (3, 3), (6, 6)]
PREDICTIONS = [(3, -4), (-1, 0), (-6, 2), (0, 5)]


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, SCREEN)


@pytest.fixture()
def bare(browser, request):
    """The phone with script turned off: the form as the server sends it."""
    yield from phone_page(browser, request, SCREEN, java_script_enabled=False)


def die(i: int, face: int) -> str:
    return f"#player-{i} .dice-pad .face[data-face='{face}']"


def chip(i: int, side: str, value: int) -> str:
    """The one key setting a prediction (issue 39): "+3" is "more by 3", "0" a tie."""
    signed = f"{value:+d}" if value else "0"
    return f"#player-{i} [data-predict='{i}:{side}:{signed}']"


def tchip(i: int, side: str, value: int) -> str:
    """Without script: the chip of the number of tokens."""
    return f"#player-{i} label.tchip:has(input[name=p{i}_{side}_n][value='{abs(value)}'])"


def direction(i: int, side: str, value: int) -> str:
    """Without script: "more" or "less", the toggle beside the chips."""
    way = "more" if value > 0 else "less"
    return f"#player-{i} label.pill:has(input[name=p{i}_{side}_dir][value={way}])"


def small_controls(page) -> list[str]:
    """Each control of the round form a finger taps (a button, or the label of a radio or
    checkbox, which is what is tapped) whose box is under 44x44 CSS px."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '#round-form button, #round-form select, #round-form input:not([type=hidden])')]
        .map(e => e.closest('label') || e)
        .filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
        .filter(e => !e.closest('.dice'))  // the radios under the pad, hidden with script
        .filter(e => { const r = e.getBoundingClientRect();
                       return r.width < 44 || r.height < 44; })
        .map(e => { const r = e.getBoundingClientRect();
                    return `${Math.round(r.width)}x${Math.round(r.height)} `
                           + e.outerHTML.slice(0, 70); })""")


def test_an_unset_prediction_is_refused_beside_it_and_nothing_is_stored(phone, server):
    table = start_table(phone, server, "tokan", PLAYERS[:3])
    phone.click("text=Enter tour 1")
    for i, (first, second) in enumerate(ROLLS[:3]):
        phone.locator(die(i, first)).tap()
        phone.locator(die(i, second)).tap()
        phone.locator(chip(i, "left", 0)).tap()
        if i != 1:
            phone.locator(chip(i, "right", 0)).tap()
    phone.click("button:has-text('Save and score')")
    phone.wait_for_load_state()
    assert phone.url.endswith("/new")
    beside = phone.locator("#player-1 .predict[data-side=right] + .error")
    assert "No prediction against the right neighbour yet" in beside.inner_text()
    # What was tapped comes back as it was; the unset prediction stays unset (not 0).
    assert phone.locator("input[name=p1_right_n]:checked").count() == 0
    assert phone.locator("input[name=p1_left_n][value='0']").is_checked()
    assert phone.locator(die(1, 4)).get_attribute("aria-pressed") == "true"
    token = table.rstrip("/").rsplit("/", 1)[1]
    assert phone.request.get(f"{server}/api/v1/sessions/{token}").json()["round_count"] == 0


def test_without_script_more_or_less_is_one_choice_and_the_chips_the_amount(bare, server):
    """The phone walk (issue 31 part 5): beside two pills "more by" / "less by", each level with
    a row of chips (0-5, 6-11), "less by 2" looked impossible. The toggle is one joined control
    saying only "more" / "less", and the line above says the chips are the amount "by". It
    is the form itself: without script, a tour is posted with it (issue 39 keeps it so)."""
    phone = bare
    start_table(phone, server, "tokan", PLAYERS[:3])
    phone.click("text=Enter tour 1")
    assert phone.locator(".predict-pad").first.is_hidden()
    box = phone.locator("#player-0 .predict[data-side=left]")
    more, less = box.locator("label.pill.blue"), box.locator("label.pill.red")
    assert (more.inner_text().strip(), less.inner_text().strip()) == ("more", "less")
    assert box.locator(".how").inner_text() == "more or less, by:"
    assert box.locator(".how").is_visible()
    top, bottom = more.bounding_box(), less.bounding_box()
    # One control: the two halves touch, one above the other, apart from the chips.
    assert abs(top["y"] + top["height"] - bottom["y"]) < 1
    assert top["x"] == bottom["x"] and top["width"] == bottom["width"]
    chips = box.locator(".tchips").bounding_box()
    assert top["x"] + top["width"] < chips["x"]
    phone.screenshot(path=str(SHOTS / "tokan-more-or-less-no-script-360.png"))
    # Either way takes any amount: "less by 2" is one tap of each.
    for i, (first, second) in enumerate(ROLLS[:3]):
        phone.locator(f"#player-{i} label.die:has(input[name=p{i}_d1][value='{first}'])").tap()
        phone.locator(f"#player-{i} label.die:has(input[name=p{i}_d2][value='{second}'])").tap()
        phone.locator(tchip(i, "right", 0)).tap()
        if i:
            phone.locator(tchip(i, "left", 0)).tap()
    phone.locator(direction(0, "left", -2)).tap()
    phone.locator(tchip(0, "left", -2)).tap()
    phone.click("button:has-text('Save and score')")
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    token = phone.url.split("/t/", 1)[1].split("/", 1)[0]
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    assert stored["rounds"][0]["input"]["players"][0]["left"] == -2
