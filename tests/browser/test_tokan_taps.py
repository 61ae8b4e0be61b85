"""Tokan at a dice table (issue 17 part 3, issue 31 part 5), at 360x740 in Debian's Chromium: a
four-player tour entered by taps only (the dice on each player's pad, each prediction one chip)
in at most 25 taps with Save, every control a finger taps at least 44x44 CSS px, the form at
most 2.5 screens high, and a prediction left unset refused beside it with nothing stored."""

from __future__ import annotations

import re
import time

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


class Taps:
    """Taps on the page, counted."""

    def __init__(self, page):
        self.page, self.n = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.n += 1


def die(i: int, face: int) -> str:
    return f"#player-{i} .dice-pad .face[data-face='{face}']"


def chip(i: int, side: str, value: int) -> str:
    return f"#player-{i} label.tchip:has(input[name=p{i}_{side}_n][value='{abs(value)}'])"


def direction(i: int, side: str, value: int) -> str:
    way = "more" if value > 0 else "less"
    return f"#player-{i} label.pill:has(input[name=p{i}_{side}_dir][value={way}])"


def predict(tap, i: int, side: str, value: int) -> None:
    """A prediction as a player sets it: more or less (not for 0), then the tokens."""
    if value:
        tap(direction(i, side, value))
    tap(chip(i, side, value))


def form_height(page) -> int:
    return page.evaluate("document.scrollingElement.scrollHeight")


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


def test_a_four_player_tour_by_taps_with_big_controls_fits_two_and_a_half_screens(phone, server):
    table = start_table(phone, server, "tokan", PLAYERS)
    phone.click("text=Enter tour 1")
    # A phone without a name is asked for one on its first write, at the form's foot (issue
    # 19): once. Every tour after that is the form without it, measured here.
    asked = form_height(phone)
    phone.goto(table)
    phone.fill(".name-phone input[name=device]", "Aki's phone")
    phone.click(".name-phone button[type=submit]")
    phone.click("text=Enter tour 1")
    assert not phone.locator("#device").count()
    height = form_height(phone)
    assert height < asked <= height + 120
    # Every control is big enough for a finger at a dice table (issue 31 part 5).
    assert phone.locator("#player-3 .predict[data-side=left] .tchip").count() == 12
    assert small_controls(phone) == []
    # Nothing is chosen before the players tap: no die, no prediction (0 included).
    assert phone.locator("#round-form input[type=radio]:checked").count() == 0
    tap = Taps(phone)
    started = time.monotonic()
    for i, (first, second) in enumerate(ROLLS):
        tap(die(i, first))
        tap(die(i, second))
        for side, value in zip(("left", "right"), PREDICTIONS[i], strict=True):
            predict(tap, i, side, value)
    assert phone.locator(".tally li[data-dice='2']").inner_text() == "Chie: 3 + 3 = 6"
    assert phone.locator(die(2, 3)).get_attribute("aria-pressed") == "true"
    assert small_controls(phone) == []
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "tokan-tour-form-360.png"), full_page=True)
    tap("button:has-text('Save and score')")
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    seconds = time.monotonic() - started
    print(
        f"\nTokan, 4 players at 360x740: form {height} px ({height / 740:.2f} screens; "
        f"{asked} px the first time, asking the phone's name), "
        f"{tap.n} taps including Save, {seconds:.1f} s"
    )
    assert height <= 2.5 * 740
    nonzero = sum(1 for pair in PREDICTIONS for value in pair if value)
    assert tap.n == 4 * 2 + 4 * 2 + nonzero + 1
    assert 4 * 2 + 4 * 2 + 8 + 1 <= 25  # even with no prediction of 0
    # Stored as entered: the API's entry of round 1.
    token = table.rstrip("/").rsplit("/", 1)[1]
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    players = stored["rounds"][0]["input"]["players"]
    assert [p["dice"] for p in players] == [list(r) for r in ROLLS]
    assert [(p["left"], p["right"]) for p in players] == PREDICTIONS


def test_an_unset_prediction_is_refused_beside_it_and_nothing_is_stored(phone, server):
    table = start_table(phone, server, "tokan", PLAYERS[:3])
    phone.click("text=Enter tour 1")
    for i, (first, second) in enumerate(ROLLS[:3]):
        phone.locator(die(i, first)).tap()
        phone.locator(die(i, second)).tap()
        phone.locator(chip(i, "left", 0)).tap()
        if i != 1:
            phone.locator(chip(i, "right", 0)).tap()
        else:
            phone.locator(direction(i, "right", 2)).tap()  # "more by", and no number tapped
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


def test_more_or_less_is_one_choice_and_the_chips_are_the_amount_for_either(phone, server):
    """The phone walk (issue 31 part 5): beside two pills "more by" / "less by", each level with
    a row of chips (0-5, 6-11), "less by 2" looked impossible. The toggle is one joined control
    saying only "more" / "less", and the line above says the chips are the amount "by"."""
    start_table(phone, server, "tokan", PLAYERS)
    phone.click("text=Enter tour 1")
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
    # Either way takes any amount: "less by 2" is one tap of each.
    phone.locator(direction(0, "left", -2)).tap()
    phone.locator(chip(0, "left", -2)).tap()
    assert phone.locator("input[name=p0_left_dir][value=less]").is_checked()
    assert phone.locator("input[name=p0_left_n][value='2']").is_checked()
    phone.screenshot(path=str(SHOTS / "tokan-more-or-less-360.png"))
