"""The start page's form on a 360x740 phone (issue 30, part 8): a mistake is said beside its
field, and a field of another game with a mistake stays in sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, phone_page

pytestmark = pytest.mark.browser


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, {"width": 360, "height": 740})


def test_a_stake_typed_for_another_game_is_refused_in_sight(phone, server):
    page = phone
    page.goto(server + "/")
    page.select_option("select.game-select", "tokotoko")
    page.fill("input[name=stake]", "0")
    page.select_option("select.game-select", "toppa")  # the stake's fieldset hides
    expect(page.locator("input[name=stake]")).to_be_hidden()
    page.fill("textarea[name=players]", "Aki\nBen")
    page.click("text=Start the table")
    error = page.locator("label:has(input[name=stake]) + p.error")
    expect(error).to_have_text("The stake must be at least 1")
    expect(error).to_be_visible()
    expect(page.locator("input[name=stake]")).to_be_visible()
    error.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= 360")


def test_who_deals_first_is_asked_only_for_a_game_with_a_dealer(phone, server):
    # A walk at phone size (11-29): Tokan's form asked for a first dealer, and Tokan has none.
    page = phone
    page.goto(server + "/")
    dealer = page.locator("input[name=first_dealer]")
    page.select_option("select.game-select", "tokan")
    expect(dealer).to_be_hidden()
    page.select_option("select.game-select", "otoroku")
    expect(dealer).to_be_visible()


def refuse_a_table(page, server) -> None:
    """Open a table first (so that Recent tables stands above the form), then try one that
    the server refuses twice over: three players for Toppa, and 1/0 as money."""
    page.goto(server + "/")
    page.select_option("select.game-select", "toppa")
    page.fill("textarea[name=players]", "Aki\nBen")
    page.click("text=Start the table")
    page.wait_for_url("**/t/*")
    page.goto(server + "/")
    page.select_option("select.game-select", "toppa")
    page.fill("textarea[name=players]", "Aki\nBen\nCho")
    page.fill("input[name=point_value]", "1/0")
    page.click("text=Start the table")


SUMMARY_IN_VIEW = """() => {
  const box = document.getElementById('error-summary').getBoundingClientRect();
  return box.top >= 0 && box.top < innerHeight / 2;
}"""


def test_a_refused_table_puts_its_summary_in_view_with_the_focus(phone, server):
    # Issue 39 item 5: the summary at the top of the form has the focus (a screen reader
    # reads it, the page scrolls to it), each mistake in the server's words.
    refuse_a_table(phone, server)
    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_text(
        [
            "Players: Toppa is played by exactly 2 players, not 3",
            "Money per point: '1/0' divides by zero",
        ]
    )
    assert phone.evaluate(SUMMARY_IN_VIEW)
    phone.screenshot(path=str(SHOTS / "start-refused-360x740.png"))
    # Its link takes the finger to the field.
    summary.locator("a[href='#point_value']").click()
    expect(phone.locator("#point_value")).to_be_in_viewport()
    assert phone.evaluate("document.documentElement.scrollWidth <= 360")


def test_without_script_the_summary_is_on_the_first_screen(browser, request, server):
    pages = phone_page(browser, request, {"width": 360, "height": 740}, java_script_enabled=False)
    page = next(pages)
    try:
        refuse_a_table(page, server)
        expect(page.locator("#error-summary li")).to_have_count(2)
        assert page.evaluate(SUMMARY_IN_VIEW)
    finally:
        next(pages, None)
