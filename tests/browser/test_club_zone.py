"""Issue 30, part 8, on a 360x740 phone in Tokyo: a new club takes the phone's time zone,
and its tables say the day they started beside the time."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import phone_page

pytestmark = pytest.mark.browser

PHONE_360 = {"width": 360, "height": 740}


@pytest.fixture()
def tokyo(browser, request):
    yield from phone_page(browser, request, PHONE_360, timezone_id="Asia/Tokyo")


def test_a_new_club_takes_the_phones_time_zone_and_names_its_tables_days(tokyo, server):
    page = tokyo
    page.goto(server + "/")
    zone = page.locator("input[name=timezone]")
    # Filled by the page's script from Intl (the page itself says UTC), and still editable.
    expect(zone).to_have_value("Asia/Tokyo")
    assert zone.is_editable()
    page.fill("input[name=club_name]", f"Tokyo club {uuid.uuid4().hex[:4]}")
    page.fill("textarea[name=members]", "Aki, Ben")
    page.click("text=Start the club")
    page.wait_for_url(re.compile(r"/c/[\w-]+$"))
    token = page.url.rsplit("/", 1)[-1]
    club = page.request.get(f"{server}/api/v1/clubs/{token}").json()
    assert club["timezone"] == "Asia/Tokyo"

    page.select_option("#open-table select[name=game]", "toppa")
    page.check("#open-table input[name=member][value=Aki]")
    page.check("#open-table input[name=member][value=Ben]")
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    page.goto(f"{server}/c/{token}#tables")
    started = page.locator(".club-tables time").first
    # Today's table too: its weekday and date beside the time ("Fri 27 Nov, 15:57").
    expect(started).to_have_class(re.compile(r"\blocal\b"))
    # Today's table too: its weekday and date beside the time ("Fri, Nov 27, 4:57 PM"), the
    # time in the phone's zone (Tokyo is UTC+9), not UTC.
    shown = started.inner_text()
    assert re.search(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b", shown), shown
    assert re.search(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b", shown), shown
    utc = started.get_attribute("datetime")
    tokyo_hour = (int(utc[11:13]) + 9) % 24
    assert re.search(rf"\b{tokyo_hour % 12 or 12}:{utc[14:16]}\b", shown), (shown, utc)
    assert "UTC" not in shown
    assert page.evaluate("document.documentElement.scrollWidth <= 360")
