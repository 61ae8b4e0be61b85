"""Tokan at the speed of dice (issue 17 part 3), at 360x740 in Debian's Chromium: a four-player
tour entered by taps only (the dice on each player's pad, each prediction one chip), the form's
height, and a prediction left unset refused beside it with nothing stored."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.conftest import CEILING
from tests.browser.test_phone import start_table

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
PLAYERS = ["Aki", "Ben", "Chie", "Dai"]
# Dice and predictions (left, right: + more, - less) of a tour worked out by hand from RULES 6:
# totals 8, 5, 6, 12; Aki's left neighbour is Ben (the next), the right Dai (the previous).
ROLLS = [(5, 3), (1, 4), (3, 3), (6, 6)]
PREDICTIONS = [(3, -4), (-1, 0), (-6, 2), (0, 5)]


@pytest.fixture()
def phone(browser):
    context = browser.new_context(
        viewport=SCREEN, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(CEILING)
    yield page
    context.close()


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


def test_a_four_player_tour_by_taps_fits_one_and_a_half_screens(phone, server):
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
    tap("button:has-text('Save and score')")
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    seconds = time.monotonic() - started
    print(
        f"\nTokan, 4 players at 360x740: form {height} px ({height / 740:.2f} screens; "
        f"{asked} px the first time, asking the phone's name), "
        f"{tap.n} taps including Save, {seconds:.1f} s"
    )
    assert height <= 1.5 * 740
    nonzero = sum(1 for pair in PREDICTIONS for value in pair if value)
    assert tap.n == 4 * 2 + 4 * 2 + nonzero + 1
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
