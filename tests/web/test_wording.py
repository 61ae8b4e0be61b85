"""Wording on the pages (review of issue 11, item 6): plurals, lists, signs and Japanese
punctuation as each language writes them."""

from __future__ import annotations

import re

from scorekeeper.games.toppa.yaku import _count_desc
from scorekeeper.messages import N_, Msg, ngettext
from tests.web.test_i18n import JA, JA_POS, api_table, catalogue, text

# A tour where B and C tie at the cut: they share 13 coins, 6 each, and 1 odd coin stays.
TIE = {
    "players": [
        {"name": "A", "dice": [6, 6], "left": 10, "right": 1},
        {"name": "B", "dice": [1, 1], "left": 0, "right": -10},
        {"name": "C", "dice": [1, 1], "left": -10, "right": 0},
    ]
}


def test_a_tie_at_the_cut_lists_the_players_and_counts_the_odd_coin(client):
    url = api_table(client, "tokan", ["A", "B", "C"], [TIE])
    page = text(client.get(url + "/rounds/1"))
    assert "B and C share what is left, 6 each in whole coins; 1 odd coin stays in the pot." in page
    assert "coin(s)" not in page and "B, C share" not in page
    ja = text(client.get(url + "/rounds/1", headers=JA))
    assert "B、Cが残りを分け、1人6枚。割り切れない1枚はポットに残ります。" in ja  # Babel's list


def test_odd_coins_take_the_plural_their_number_asks_for():
    def odd(n):
        return ngettext("%(num)s odd coin stays.", "%(num)s odd coins stay.", n)

    assert [odd(0), odd(1), odd(2)] == [
        "0 odd coins stay.",
        "1 odd coin stays.",
        "2 odd coins stay.",
    ]
    back = Msg.from_json(odd(1).to_json())
    assert back == "1 odd coin stays." and back.plural == "%(num)s odd coins stay."


def test_a_result_stored_with_an_old_wording_reads_as_the_new_one(app):
    from scorekeeper.i18n import translate

    old = {
        "id": "The pot runs short at a tie: %(who)s share what is left, %(each)s each in whole "
        "coins; %(odd)s odd coin(s) stay in the pot.",
        "args": {"who": ["B", "C"], "each": 6, "odd": 1},
    }
    msg = Msg.from_json(old)
    assert msg == (
        "The pot runs short at a tie: B and C share what is left, 6 each in whole coins; "
        "1 odd coin stays in the pot."
    )
    chaff = Msg.from_json(
        {
            "id": "%(n)s chaff: 20 + 10 x %(extra)s beyond %(threshold)s",
            "args": {"n": 12, "extra": 2, "threshold": 10},
        }
    )
    with app.test_request_context(headers=JA):
        assert translate(chaff) == "カス12枚: 20 + 10 × 2 (10枚を超えた分)"


def test_a_multiplication_is_written_with_a_times_sign():
    assert _count_desc(12, 10, False) == "12 chaff: 20 + 10 × 2 beyond 10"
    for po in JA_POS.values():
        assert " x " not in po.read_text(encoding="utf-8").replace("msgid", ""), po


def test_japanese_puts_no_space_between_a_name_and_its_particle():
    spaced = [
        m.string
        for m in catalogue()
        if isinstance(m.string, str) and re.search(r"%\((card|name)\)s [がはの]", m.string)
    ]
    assert spaced == []


def tokan_claims_table(client) -> str:
    """A Tokan tour with claims of more (A: 3), less (B: 2) and a tie (B and C: 0, R20)."""
    return api_table(
        client,
        "tokan",
        ["A", "B", "C"],
        [
            {
                "players": [
                    {"name": "A", "dice": [6, 6], "left": 3, "right": 0},
                    {"name": "B", "dice": [1, 2], "left": 0, "right": -2},
                    {"name": "C", "dice": [3, 3], "left": 0, "right": 0},
                ]
            }
        ],
    )


def test_a_tokan_claim_and_its_difference_are_joined_as_japanese_joins_them(client):
    url = tokan_claims_table(client)
    ja = text(client.get(url + "/rounds/1", headers=JA))
    assert "3多いと予想、差 +9" in ja and "予想, " not in ja
    assert "claimed more by 3, difference +9" in text(client.get(url + "/rounds/1"))


def test_the_pile_bar_counts_cards_and_points_as_each_language_writes_them(client):
    url = api_table(client, "toppa", ["A", "B"], [])
    ja = text(client.get(url + "/rounds/new", headers=JA))
    assert "48枚・240点" in ja and "枚 ·" not in ja
    en = client.get(url + "/rounds/new").get_data(as_text=True)
    assert "48 cards · 240 points" in en
    assert 'data-t-one="{n} card · {pts} points"' in en
    assert 'data-t-many="{n} cards · {pts} points"' in en
    # Each exposed hand against the hand's size, for the script to count up (hidden while empty).
    assert re.search(r"<li data-limit=\"10\" data-pickers=\"p0_hand\"[^>]*hidden>", en)
    assert '<b>A</b>\'s hand: <span class="n">0</span> of 10' in en


def test_standings_leave_names_in_the_text_colour(client):
    url = api_table(client, "toppa", ["A", "B"], [{"players": [{"captured": []}, {}]}])
    page = client.get(url).get_data(as_text=True)
    rows = re.findall(r"<tr class=\"([^\"]*)\" data-seat=", page)
    assert rows and not any(re.search(r"\b(pos|neg)\b", r) for r in rows), rows
    assert re.search(r'<td data-total="-?\d+" class="(pos|neg)">', page)
    # The history colours the number, not the name.
    assert re.search(r"<span>A <span class=\"(pos|neg)\">", page)


def test_times_show_a_numeric_hour():
    from tests.web.test_i18n import ROOT

    script = (ROOT / "static" / "js" / "times.js").read_text()
    assert 'hour: "2-digit"' not in script
    # Every format's hour (a time today, another day, a club's night with its weekday).
    assert script.count("hour:") == script.count('hour: "numeric"') == 3


def test_n_marks_the_message_unchanged():
    assert N_("%(n)s chaff", n=3) == "3 chaff"
