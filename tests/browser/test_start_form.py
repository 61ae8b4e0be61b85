"""The start page's form on a 360x740 phone (issue 30, part 8): a mistake is said beside its
field, and a field of another game with a mistake stays in sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import phone_page

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
