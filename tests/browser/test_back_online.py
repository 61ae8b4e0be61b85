"""Issue 39 item 3 on a 360x740 phone with the network cut (Playwright's offline mode): a round
saved without a signal comes back as this phone's own. When the signal returns, the "No signal"
notice goes within a second, the round is sent, the form it was entered on is cleared for the
next round, the page says it was sent (never that it came "from another phone"), and the
history shows the time it was played, not the time it was sent."""

from __future__ import annotations

import time
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, phone_page
from tests.browser.test_draft import PHONE_360, new_table, picked, tap
from tests.browser.test_offline_queue import (
    FIRST,
    QUEUE,
    SECOND,
    SETTLED,
    ready_offline,
    rounds_stored,
    save_offline,
    session,
)

pytestmark = pytest.mark.browser

FORMAT = "%Y-%m-%dT%H:%M:%SZ"
# Every live notice any page of this tab shows, kept across its navigations (sessionStorage).
NOTICES = """
new MutationObserver(() => {
  document.querySelectorAll('.live-notice, .sent-notice').forEach(n => {
    const seen = JSON.parse(sessionStorage.getItem('__notices') || '[]');
    if (!seen.includes(n.textContent)) {
      seen.push(n.textContent);
      sessionStorage.setItem('__notices', JSON.stringify(seen));
    }
  });
}).observe(document, {childList: true, subtree: true, characterData: true});
"""
SEEN = "() => JSON.parse(sessionStorage.getItem('__notices') || '[]')"


@pytest.fixture()
def phone(browser, request):
    yield from phone_page(browser, request, PHONE_360)


def kept_offline(phone, server) -> tuple[str, float]:
    """A round saved without a signal on the round form, which stays open; the phone's clock
    then moves on a few seconds before the signal returns (so that the time it was played and
    the time it was sent differ). The table, and when the round was kept (s since 1970)."""
    table = new_table(server)
    phone.add_init_script(NOTICES)
    ready_offline(phone, table)
    phone.context.set_offline(True)
    phone.goto(table + "/rounds/new")
    assert phone.locator(".offline-copy").is_visible()  # "No signal: this is the copy..."
    save_offline(phone, FIRST)
    kept = phone.evaluate(QUEUE)[0]["at"]
    phone.wait_for_function(f"() => Date.now() - {kept} > 3000")
    return table, kept / 1000


def back_online(phone) -> float:
    """The signal back: seconds until the "No signal" notice is gone."""
    start = time.monotonic()
    phone.context.set_offline(False)
    expect(phone.locator(".offline-copy")).to_have_count(0)
    return time.monotonic() - start


def test_a_round_kept_offline_comes_back_as_this_phones_own_with_its_time(phone, server):
    table, kept = kept_offline(phone, server)
    took = back_online(phone)
    print(f"\n'No signal' gone {took:.2f} s after the signal came back")
    assert took < 1.0, took
    rounds_stored(table, 1)
    phone.wait_for_function(SETTLED)

    # The form it was entered on is the next round's now, cleared, and says what was sent.
    expect(phone.locator("main h1")).to_have_text("Enter round 2")
    sent = phone.locator("#sent-notice")
    expect(sent).to_contain_text(
        "Round 1, kept on this phone without a signal, was sent and saved."
    )
    assert not any(picked(phone, FIRST))
    assert phone.locator("#round-form input[name=expected_number]").input_value() == "2"
    phone.screenshot(path=str(SHOTS / "test_back_online_sent.png"))
    phone.wait_for_function("() => document.getElementById('live').dataset.version === '1'")
    seen = phone.evaluate(SEEN)
    assert not [t for t in seen if "another phone" in t], seen

    # The history shows when it was played (the Save without a signal), not when it was sent.
    stored = session(table)["rounds"][0]["at"]
    played = datetime.strptime(stored, FORMAT).timestamp() - datetime(1970, 1, 1).timestamp()
    # Whole seconds each way (the Date header read, the time written) and half a slow
    # round trip: within 2 s of the tap. Truncating both once made it 1.8 s early.
    assert abs(played - kept) <= 2.0, (stored, kept)
    phone.goto(table + "/history")
    line = phone.locator("ol.history li.round").first
    assert line.locator("time").get_attribute("datetime") == stored
    sent_at = phone.locator("ol.journal li").first.locator("time").get_attribute("datetime")
    assert sent_at != stored  # the journal keeps when it was sent
    assert datetime.strptime(sent_at, FORMAT) > datetime.strptime(stored, FORMAT)


def test_the_next_rounds_form_is_not_told_its_own_round_came_from_another_phone(phone, server):
    """Kept, then on to the next round's form: when the first is sent, that form keeps what is
    tapped on it and its number, and says the first was sent from this phone."""
    table, _ = kept_offline(phone, server)
    phone.locator(".draft-kept a", has_text="Enter the next round").click()
    phone.locator("h1", has_text="Enter round 2").wait_for()
    tap(phone, SECOND[0])
    assert back_online(phone) < 1.0
    rounds_stored(table, 1)
    phone.wait_for_function(SETTLED)
    expect(phone.locator("#sent-notice")).to_contain_text("Round 1, kept on this phone")
    # The poll has seen the table's new version: its own round, not another phone's.
    phone.wait_for_function("() => document.getElementById('live').dataset.version === '1'")
    assert phone.locator("main h1").inner_text() == "Enter round 2"
    assert picked(phone, [SECOND[0]]) == [True]
    assert phone.locator("#round-form input[name=expected_number]").input_value() == "2"
    seen = phone.evaluate(SEEN)
    assert not [t for t in seen if "another phone" in t], seen
