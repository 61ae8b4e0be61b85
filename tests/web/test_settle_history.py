"""A settle-up's line in a table's history says who paid whom (issue 39 item 7): "Aki paid
Ben 140 points", each payment as it was recorded, exact (thirds stay thirds), with its money
at a table that has a point value ("= 70")."""

from __future__ import annotations

import html
import re

from tests.helpers import EXAMPLE_A
from tests.web.test_i18n import JA
from tests.web.test_sessions_api import add, create
from tests.web.test_table_changes import BAKA_ROUND, POT_TOUR


def payments_of(page: str) -> list[list[str]]:
    """Each settle-up's line in a history, newest first, as the words of its payments."""
    out = []
    for item in re.findall(r'<li class="round settle".*?</li>', page, re.S):
        line = re.search(r'<span class="deltas settled">(.*?)</span>\s*</a>', item, re.S)
        assert line, "a settle-up without its line"
        out.append([html.unescape(p) for p in re.findall(r"<span>([^<]*)</span>", line.group(1))])
    return out


def test_a_settle_up_says_who_paid_whom(client):
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    owed = client.get(f"/api/v1/sessions/{sid}/settle").get_json()["payments"]
    assert owed == [{"from": "Aki", "to": "Ben", "points": "255"}]
    client.post(f"/api/v1/sessions/{sid}/settle")
    for url in (f"/t/{sid}", f"/t/{sid}/history"):
        assert payments_of(client.get(url).get_data(as_text=True)) == [["Aki paid Ben 255 points"]]


def test_thirds_and_several_payments_each_said_exactly(client):
    # RULES 8, two Baka rounds: Aki owes 36⅔ and Ben 116⅔, both to Cho: two payments, the
    # larger first (as the settle-up recorded them).
    sid = create(client, "baka", ["Aki", "Ben", "Cho"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    add(client, sid, BAKA_ROUND)
    client.post(f"/api/v1/sessions/{sid}/settle")
    page = client.get(f"/t/{sid}/history").get_data(as_text=True)
    # The money beside the points (point value 1/2): a probe (11-29) found the history said
    # "Ben paid Cho 116⅔" at a table where Ben handed over 58⅓.
    assert payments_of(page) == [
        ["Ben paid Cho 116⅔ points = 58⅓", "Aki paid Cho 36⅔ points = 18⅓"]
    ]
    ja = client.get(f"/t/{sid}", headers=JA).get_data(as_text=True)
    assert payments_of(ja) == [["BenがChoに116⅔点を支払い = 58⅓", "AkiがChoに36⅔点を支払い = 18⅓"]]
    # Settled again after another round: each settle-up keeps its own payments.
    add(client, sid, BAKA_ROUND)
    client.post(f"/api/v1/sessions/{sid}/settle")
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert payments_of(page) == [
        ["Ben paid Cho 58⅓ points = 29⅙", "Aki paid Cho 18⅓ points = 9⅙"],
        ["Ben paid Cho 116⅔ points = 58⅓", "Aki paid Cho 36⅔ points = 18⅓"],
    ]


def test_the_pot_pays_and_is_paid_by_name(client):
    sid = create(client, "tokan", ["Aki", "Ben", "Cho"])["id"]
    add(client, sid, POT_TOUR)
    owed = client.get(f"/api/v1/sessions/{sid}/settle").get_json()["payments"]
    client.post(f"/api/v1/sessions/{sid}/settle")
    lines = payments_of(client.get(f"/t/{sid}").get_data(as_text=True))[0]
    assert len(lines) == len(owed) and any(" paid the pot " in line for line in lines)


def test_the_settle_page_says_what_paying_the_pot_or_the_house_means(client):
    # RULES R21: a split leaves its odd coins in the pot, which the settle-up then clears.
    # A walk at phone size (11-29): "Dai pays the pot 2" left a table asking whether Dai
    # hands over 2 more coins, and whom "the house" is.
    sid = create(client, "tokan", ["Aki", "Ben", "Cho"])["id"]
    add(client, sid, POT_TOUR)
    page = html.unescape(re.sub(r"<[^>]+>", "", client.get(f"/t/{sid}/settle").text))
    assert " pays the pot " in page
    assert "a payment to the pot is made already, as those coins are there" in page
    assert "The house is what the fee" not in page
    assert "A tour corrected later shows as a balance" in page  # Tokan plays tours
    oto = create(
        client,
        "otoroku",
        ["Aki", "Ben", "Cho"],
        rules={"tera_zen_percent": 10},
        settings={"method": "banker", "wager": 15},
    )["id"]
    add(client, oto, {"players": [{"cards": [3, 4]}, {"cards": [9, 8]}, {"cards": [9, 5]}]})
    page = html.unescape(re.sub(r"<[^>]+>", "", client.get(f"/t/{oto}/settle").text))
    assert " pays the house " in page and "The house is what the fee (tera-zen)" in page


def test_whole_coins_are_not_a_second_list_when_they_would_repeat_the_payments(client):
    """A walk at phone size (11-29): with no point value and whole balances, "In whole coins"
    listed the exact payments a second time. It is said once; thirds (RULES 8) or a point
    value still give their own list of coins."""

    def words(sid: str) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", client.get(f"/t/{sid}/settle").text))

    toppa = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, toppa, {"players": [{"captured": EXAMPLE_A}, {}]})
    page = words(toppa)
    assert page.count("Aki pays Ben 255") == 1
    assert "In whole coins" not in page
    assert "a coin is a point. Every balance is a whole number of coins" in page
    priced = create(client, "toppa", ["Aki", "Ben"], point_value="1/2")["id"]
    add(client, priced, {"players": [{"captured": EXAMPLE_A}, {}]})
    assert "In whole coins" in words(priced)
    thirds = create(client, "baka", ["Aki", "Ben", "Cho"])["id"]
    add(client, thirds, BAKA_ROUND)
    page = words(thirds)
    assert "In whole coins" in page and "Rounded to whole coins" in page


def test_a_settle_up_s_page_deletes_this_settle_up_and_says_what_follows(client):
    """A hostile-page probe (2026-11-29): a recorded settle-up's page offered "Delete a
    settle-up", said later rounds would move up one (none does), and a second tap said
    "Cannot delete: That was deleted already"."""
    from tests.web.test_round_numbers import _delete_form

    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": EXAMPLE_A}, {}]})
    client.post(f"/api/v1/sessions/{sid}/settle")
    page = html.unescape(client.get(f"/t/{sid}/rounds/entry/2").get_data(as_text=True))
    assert "Delete this settle-up" in page and "Yes, delete this settle-up" in page
    assert "The totals after it are recomputed." in page and "move up one" not in page
    action, fields = _delete_form(client, f"/t/{sid}/rounds/entry/2")
    assert client.post(action, data=fields).status_code == 302
    again = html.unescape(client.post(action, data=fields, follow_redirects=True).text)
    assert "That was deleted already (the button was tapped twice?)" in again
    assert "Cannot delete" not in again


def test_a_settle_up_s_coins_survive_an_export_and_import(client):
    """A probe (2026-11-29): an imported settle-up lost the whole coins it suggested (its
    ``coins``), so the export of the imported table differed from the original's."""
    sid = create(client, "baka", ["Aki", "Ben", "Cho"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    client.post(f"/api/v1/sessions/{sid}/settle")
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    settled = [r for r in exported["rounds"] if r.get("kind") == "settle"]
    assert settled and settled[0]["input"]["coins"]  # thirds: coins differ from payments
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 201, resp.get_json()
    again = client.get(f"/api/v1/sessions/{resp.get_json()['id']}/export.json").get_json()
    assert [r for r in again["rounds"] if r.get("kind") == "settle"] == settled
