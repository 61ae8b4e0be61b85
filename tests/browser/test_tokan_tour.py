"""Tokan without scrolling about (issue 39 item 1), at 360x740 in Debian's Chromium with
touch taps: a four-player tour (two dice and two signed predictions each) in at most 25
gestures with Save, scrolls counted. A control is tapped only where the player sees it: a
control out of view (or under the sticky bar) first costs a scroll, one per swipe of at most
a screen. Each prediction is one key ("+3" is "more by 3"), under its neighbour's name; the
block of the next player comes into view by itself once a player is done."""

from __future__ import annotations

import math
import re
import time

import pytest

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_phone import start_table
from tests.browser.test_tokan_taps import PLAYERS, PREDICTIONS, ROLLS, die, small_controls

pytestmark = pytest.mark.browser

SCREEN = {"width": 360, "height": 740}
SWIPE = 600  # the most one swipe of a thumb scrolls at 740 px high


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, SCREEN)


def key(i: int, side: str, value: int) -> str:
    signed = f"{value:+d}" if value else "0"
    return f"#player-{i} [data-predict='{i}:{side}:{signed}']"


class Gestures:
    """Taps and scrolls as a player makes them: a tap only on a control in plain view."""

    def __init__(self, page):
        self.page, self.taps, self.scrolls = page, 0, 0

    def settle(self) -> None:
        """Waits for the page's own (smooth) scrolling to stop."""
        last = None
        for _ in range(40):
            now = self.page.evaluate("window.scrollY")
            if now == last:
                return
            last = now
            self.page.wait_for_timeout(60)

    def off_screen(self, selector: str) -> float:
        """How far (px) the control is from where it could be tapped: 0 when it is in view,
        above the sticky bar, and the element a tap at its middle reaches."""
        return self.page.locator(selector).evaluate("""e => {
            const r = e.getBoundingClientRect();
            const bar = document.querySelector('.entrybar');
            const floor = bar && !bar.contains(e) ? bar.getBoundingClientRect().top
                                                    : window.innerHeight;
            if (r.top < 0) return -r.top;
            if (r.bottom > floor) return r.bottom - floor;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit && (hit === e || e.contains(hit)) ? 0 : 1;
        }""")

    def __call__(self, selector: str) -> None:
        self.settle()
        away = self.off_screen(selector)
        if away:
            self.scrolls += max(1, math.ceil(away / SWIPE))
            self.page.locator(selector).evaluate("e => e.scrollIntoView({block: 'center'})")
            self.settle()
            assert self.off_screen(selector) == 0
        self.page.locator(selector).tap()
        self.taps += 1

    @property
    def n(self) -> int:
        return self.taps + self.scrolls


def name_the_phone(phone, table: str) -> None:
    """A phone without a name is asked for one on its first write (issue 19): once. Every
    tour after that is the form without it, measured here."""
    phone.goto(table)
    phone.fill(".name-phone input[name=device]", "Aki's phone")
    phone.click(".name-phone button[type=submit]")


def test_a_four_player_tour_takes_at_most_25_gestures_scrolls_counted(phone, server):
    table = start_table(phone, server, "tokan", PLAYERS)
    name_the_phone(phone, table)
    phone.click("text=Enter tour 1")
    phone.wait_for_load_state("load")
    assert not phone.locator("#device").count()
    assert phone.locator("#round-form input[type=radio]:checked").count() == 0
    # Each prediction says whom it is against, by name (the left neighbour is the next in
    # the list, the right the previous: RULES 2), over its keys.
    for i, _ in enumerate(PLAYERS):
        for side, other in (("left", PLAYERS[(i + 1) % 4]), ("right", PLAYERS[i - 1])):
            name = phone.locator(f"#p{i}_{side} .nb")
            assert name.inner_text() == other and name.is_visible()
    assert small_controls(phone) == []
    keys = phone.locator("#round-form .predict-pad .pk, #round-form .dice-pad .face")
    assert keys.count() == 4 * (2 * 23 + 6)
    sizes = keys.evaluate_all("ks => ks.map(k => [k.offsetWidth, k.offsetHeight])")
    assert min(w for w, _ in sizes) >= 44 and min(h for _, h in sizes) >= 44
    SHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SHOTS / "tokan-tour-start-360.png"))
    act = Gestures(phone)
    started = time.monotonic()
    for i, (first, second) in enumerate(ROLLS):
        act(die(i, first))
        act(die(i, second))
        for side, value in zip(("left", "right"), PREDICTIONS[i], strict=True):
            act(key(i, side, value))
        if i == 1:
            act.settle()
            phone.screenshot(path=str(SHOTS / "tokan-tour-third-player-360.png"))
    assert phone.locator(key(0, "right", -4)).get_attribute("aria-pressed") == "true"
    assert phone.locator(".tally li[data-dice='3']").inner_text() == "Dai: 6 + 6 = 12"
    assert phone.locator("#bar-mistake").inner_text() == ""
    act("button:has-text('Save and score')")
    phone.wait_for_url(re.compile(r"/rounds/1$"))
    seconds = time.monotonic() - started
    print(
        f"\nTokan tour, 4 players at 360x740: {act.n} gestures = {act.taps} taps "
        f"(Save included) + {act.scrolls} scrolls, {seconds:.1f} s"
    )
    assert act.taps == 4 * 4 + 1
    assert act.n <= 25
    # What the player must touch next was always on screen, or the page brought it there.
    assert act.scrolls == 0
    token = table.rstrip("/").rsplit("/", 1)[1]
    stored = phone.request.get(f"{server}/api/v1/sessions/{token}").json()
    players = stored["rounds"][0]["input"]["players"]
    assert [p["dice"] for p in players] == [list(r) for r in ROLLS]
    assert [(p["left"], p["right"]) for p in players] == PREDICTIONS


def marked(phone, i: int, how: str) -> list[str]:
    """Player ``i``'s predictions marked as the ones to fix (``how``: "over" by the page's
    script, "invalid" by the server's refused page)."""
    return phone.locator(f"#player-{i} .predict.{how}").evaluate_all(
        "boxes => boxes.map(b => b.dataset.side)"
    )


def test_the_bar_says_too_many_tokens_in_the_servers_words_before_save(phone, server):
    start_table(phone, server, "tokan", PLAYERS[:3])
    phone.click("text=Enter tour 1")
    phone.wait_for_load_state("load")
    bar, act = phone.locator("#bar-mistake"), Gestures(phone)
    # Aki claims 13 blue tokens of 11: said at once, and his block stays to be put right.
    for selector in (die(0, 6), die(0, 2), key(0, "left", 8), key(0, "right", 5)):
        act(selector)
    act.settle()
    assert bar.inner_text() == "Aki claims 'more' by 13 in all, but holds only 11 blue tokens"
    # Both predictions spend his blue tokens: both are marked, either may be lowered.
    assert marked(phone, 0, "over") == ["left", "right"]
    assert act.off_screen(key(0, "right", -5)) == 0
    act(key(0, "right", -5))  # put right: the page moves on to Ben
    act.settle()
    assert act.off_screen(die(1, 6)) == 0 and act.off_screen(key(1, "right", -11)) == 0
    assert act.scrolls == 0 and bar.inner_text() == ""
    assert marked(phone, 0, "over") == []
    for i in range(1, 3):
        phone.locator(die(i, 3)).tap()
        phone.locator(die(i, 4)).tap()
        phone.locator(key(i, "left", 0)).tap()
        phone.locator(key(i, "right", 0)).tap()
    assert bar.inner_text() == ""
    phone.locator(key(1, "left", 8)).tap()
    phone.locator(key(1, "right", 5)).tap()  # 13 blue tokens of the 11 Ben holds
    said = "Ben claims 'more' by 13 in all, but holds only 11 blue tokens"
    assert bar.inner_text() == said  # the words name him: no "Ben:" before them
    phone.locator(key(1, "right", -5)).tap()  # one tap puts it right
    assert bar.inner_text() == ""
    phone.locator(key(2, "left", -9)).tap()
    phone.locator(key(2, "right", -3)).tap()
    red = "Chie claims 'less' by 12 in all, but holds only 11 red tokens"
    assert bar.inner_text() == red
    assert marked(phone, 2, "over") == ["left", "right"]
    # Save anyway: the server says the same, and marks the same two predictions, and every
    # key comes back as tapped.
    phone.click("button:has-text('Save and score')")
    phone.wait_for_selector("#error-summary")
    phone.wait_for_load_state("load")
    assert red in phone.locator("#error-summary").inner_text()
    assert marked(phone, 2, "invalid") == ["left", "right"]
    assert phone.locator(key(2, "left", -9)).get_attribute("aria-pressed") == "true"
    assert phone.locator(key(1, "right", -5)).get_attribute("aria-pressed") == "true"


def test_a_number_kept_without_its_direction_shows_on_both_keys(phone, server):
    """A refused Save (here a post made without the script's keys) keeps "2" with neither
    "more" nor "less": both +2 and -2 show it, beside the message, until one is tapped."""
    start_table(phone, server, "tokan", PLAYERS[:3])
    phone.click("text=Enter tour 1")
    phone.wait_for_load_state("load")
    for i in range(3):
        phone.locator(die(i, 2)).tap()
        phone.locator(die(i, 5)).tap()
        phone.locator(key(i, "left", 0)).tap()
        phone.locator(key(i, "right", 0)).tap()
    phone.evaluate("""() => {
        document.querySelector('input[name=p0_left_n][value="2"]').checked = true; }""")
    phone.click("button:has-text('Save and score')")
    phone.wait_for_selector("#error-summary")
    phone.wait_for_load_state("load")
    # The bar says it before any tap, as the server did.
    assert phone.locator("#bar-mistake").inner_text() == (
        "Aki: “More by” or “less by” 2? Choose one"
    )
    for value in (2, -2):
        assert "half" in (phone.locator(key(0, "left", value)).get_attribute("class") or "")
        assert phone.locator(key(0, "left", value)).get_attribute("aria-pressed") == "false"
    assert "Choose one" in phone.locator("#p0_left + .error").inner_text()
    phone.locator(key(0, "left", -2)).tap()
    assert phone.locator(key(0, "left", -2)).get_attribute("aria-pressed") == "true"
    assert "half" not in (phone.locator(key(0, "left", 2)).get_attribute("class") or "")
    assert phone.locator("#bar-mistake").inner_text() == ""


def test_the_start_page_names_each_tokan_players_neighbours(phone, server):
    """As the names are typed, the seat list names each one's left neighbour (the next) and
    right (the previous) for Tokan, whom they predict against; not for another game."""
    phone.goto(server + "/")
    phone.select_option("select[name=game]", "tokan")
    phone.fill("textarea[name=players]", "\n".join(PLAYERS))
    lines = phone.locator(".seat-list .seat-nb")
    assert lines.all_inner_texts() == [
        "left neighbour Ben, right neighbour Dai",
        "left neighbour Chie, right neighbour Aki",
        "left neighbour Dai, right neighbour Ben",
        "left neighbour Aki, right neighbour Chie",
    ]
    phone.locator(".seat-list button[aria-label='Move Dai up']").tap()  # Dai before Chie
    assert lines.nth(0).inner_text() == "left neighbour Ben, right neighbour Chie"
    phone.locator(".seat-order").screenshot(path=str(SHOTS / "tokan-seats-360.png"))
    phone.select_option("select[name=game]", "baka")
    assert lines.count() == 0
