"""Changing a table and settling up on a phone (Debian's Chromium at 390x844)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.browser.test_phone import no_sideways_scroll, start_table, totals
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B

pytestmark = pytest.mark.browser


def test_a_rename_and_a_player_added_to_a_tokan_table_between_games(page, server):
    table = start_table(page, server, "tokan", ["Aki", "Ben", "Cy"])
    page.click("text=Change the table")
    page.fill("input[name=p1]", "Benjamin")
    page.click("text=Rename")
    page.wait_for_url(table)
    page.click("text=Change the table")
    page.fill("input[name=add_name]", "Dai")
    page.click("text=Add to the table")
    page.wait_for_url(table)
    # The standings are sorted by total: read each player's name in seat order.
    names = page.evaluate(
        """[...document.querySelectorAll('table.standings tr[data-seat]')]
             .sort((a, b) => a.dataset.seat - b.dataset.seat)
             .map(tr => tr.querySelector('th').childNodes)
             .map(nodes => [...nodes].filter(n => n.nodeType === 3).map(n => n.textContent)
                                     .join('').trim())"""
    )
    assert names == ["Aki", "Benjamin", "Cy", "Dai"]
    # The entry form seats the four of them.
    page.click("text=Enter tour")
    page.wait_for_url(re.compile(r"/rounds/new$"))  # the click waits only for the commit
    assert "Dai" in page.inner_text("main") and "Benjamin" in page.inner_text("main")
    page.goto(table + "/history")
    entries = page.locator("ol.journal li").all_inner_texts()
    assert any("Ben renamed Benjamin" in e for e in entries)
    assert any("Dai joins" in e for e in entries)
    # The times are shown in the phone's clock (rewritten by static/js/times.js).
    assert page.locator("time.local").count() >= 2
    assert " UTC" not in page.locator("ol.journal time").first.inner_text()
    assert no_sideways_scroll(page)


def test_settle_up_a_baka_table_with_thirds(page, server):
    table = start_table(page, server, "baka", ["Aki", "Ben", "Cy"], point_value="1/2")
    sid = table.rsplit("/", 1)[1]
    body = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}
    for _ in range(2):
        resp = page.request.post(f"{server}/api/v1/sessions/{sid}/rounds", data=body)
        assert resp.status == 201
    page.goto(table)
    owed = dict(zip(["Aki", "Ben", "Cy"], map(Fraction, totals(page)), strict=True))
    assert owed["Aki"].denominator == 3  # thirds
    page.click("text=Settle up")
    page.wait_for_url(re.compile(r"/settle$"))  # loaded: every payment is on the page
    paid = dict.fromkeys(owed, Fraction(0))
    for item in page.locator("ul.payments:not(.coins) li").all():
        points = Fraction(item.get_attribute("data-points"))
        paid[item.get_attribute("data-from")] -= points
        paid[item.get_attribute("data-to")] += points
    assert paid == owed
    assert "largest remainder" in page.inner_text("main")
    assert no_sideways_scroll(page)
    page.click("text=Record: everyone has paid")
    page.wait_for_url(table)
    assert totals(page) == ["0", "0", "0"]
    assert re.search(r"Settled up", page.inner_text("main"))
