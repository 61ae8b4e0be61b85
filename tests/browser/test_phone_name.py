"""Who did what, on two phones at 390x844 (issue 19 part 4): each phone names itself once
on the table's page, every round it enters carries the name, and the history says which
phone did what."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_two_phones import enter_round, phones  # noqa: F401

pytestmark = pytest.mark.browser


def name_phone(page, table, name):
    page.goto(table)
    question = page.locator("form.name-phone")
    assert question.is_visible()  # asked while the phone has no name
    question.locator("input[name=device]").fill(name)
    with page.expect_navigation():
        question.locator("button[type=submit]").tap()
    assert re.search(r"/t/[\w-]+$", page.url)  # back on the table's page
    assert page.locator("form.name-phone").count() == 0  # asked once
    assert page.locator(".foot .phone").inner_text() == f"This phone: {name}"


def test_the_history_says_which_phone_did_what(phones, server):  # noqa: F811
    from tests.browser.test_phone import start_table

    a, b = phones
    table = start_table(a, server, "toppa", ["Aki", "Ben"])
    name_phone(a, table, "Aki's phone")
    name_phone(b, table, "ベンの携帯")
    enter_round(a, table)
    enter_round(b, table)
    a.goto(table + "/history")
    entries = a.locator("ol.journal li").all_inner_texts()
    assert "by ベンの携帯" in entries[0] and "round 2" in entries[0]
    assert "by Aki's phone" in entries[1] and "round 1" in entries[1]
    # The name stays on the phone: a new page of the same phone still has it.
    other = a.context.new_page()
    other.goto(server + "/")
    assert other.locator(".foot .phone").inner_text() == "This phone: Aki's phone"
