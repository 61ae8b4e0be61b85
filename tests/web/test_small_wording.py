"""Words of issue 30, part 8: Tokan's tie, the settle-up's odd coin, Check a hand's rules."""

from __future__ import annotations

import re

# -- wording: Tokan's tie, the settle-up's odd coin, Check a hand's folded rules -----------


def test_tokan_says_a_prediction_of_0_predicted_a_tie(client):
    from tests.web.test_i18n import JA, text
    from tests.web.test_wording import tokan_claims_table

    # R20: a prediction of 0 claims equal totals; B and C predict 0 on their left.
    url = tokan_claims_table(client)
    en = text(client.get(url + "/rounds/1"))
    assert "predicted a tie, difference" in en
    assert "claimed equal" not in en and "by 0" not in en
    ja = text(client.get(url + "/rounds/1", headers=JA))
    assert "同点と予想、差" in ja and "(0)" not in ja


def test_the_settle_up_says_why_one_of_two_equal_debtors_pays_the_odd_coin(client):
    from tests.web.test_sessions_api import add, create
    from tests.web.test_table_changes import BAKA_ROUND

    # RULES 8 at half a point, two rounds: A owes 18⅓, B 58⅓ and C is owed 76⅔; each loses ⅔
    # in rounding down, and the 2 coins left over go back in seat order (settle.in_coins).
    sid = create(client, "baka", ["A", "B", "C"], point_value="1/2")["id"]
    add(client, sid, BAKA_ROUND)
    add(client, sid, BAKA_ROUND)
    plan = client.get(f"/api/v1/sessions/{sid}/settle").get_json()
    assert (
        "A, B and C each lost ⅔ in rounding down, a tie that seat order breaks"
        in (plan["rounding"])
    )
    assert "the coins left over go back to A and B, seated before C." in plan["rounding"]
    page = client.get(f"/t/{sid}/settle").get_data(as_text=True)
    assert "seated before C" in page


def test_the_odd_coin_between_two_debtors_of_51_and_two_thirds_names_the_rule():
    from fractions import Fraction

    from scorekeeper.settle import in_coins

    # The issue's own case: Aki and Ben both owe 51⅔; Aki, seated first, pays 51 and Ben 52.
    plan = in_coins(
        [("Aki", Fraction(-155, 3)), ("Ben", Fraction(-155, 3)), ("Cho", Fraction(310, 3))]
    )
    assert plan.coins == [("Aki", -51), ("Ben", -52), ("Cho", 103)]
    assert (
        "Aki, Ben and Cho each lost ⅓ in rounding down, a tie that seat order breaks: the coin "
        "left over goes back to Aki, seated before Ben and Cho." in plan.rounding
    )
    assert "Ben pays ⅓ more" in plan.rounding
    # No tie at the cut: nothing to explain.
    plain = in_coins(
        [("Aki", Fraction(-155, 3)), ("Ben", Fraction(-154, 3)), ("Cho", Fraction(103))]
    )
    assert "seat order breaks" not in plain.rounding


def test_check_a_hands_rules_fold_under_a_disclosure_marker(client):
    page = client.get("/check/toppa").get_data(as_text=True)
    assert re.search(
        r'<details class="rules-check"[^>]*>\s*<summary>Players and house rules</summary>', page
    )
    css = client.get("/static/css/app.css").get_data(as_text=True)
    rules = {
        sel.strip(): body
        for sels, body in re.findall(r"([^{}]+)\{([^}]*)\}", css)
        for sel in sels.split(",")
    }
    assert 'content: "▸"' in rules[".rules-check > summary::before"]
    assert 'content: "▾"' in rules[".rules-check[open] > summary::before"]
