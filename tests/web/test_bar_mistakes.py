"""The round form's bar says the mistakes the server would refuse before Save (issue 31 part 3):
the page carries the server's own messages for them, in the page's language, with placeholders
the script fills in; filled in, each is the very message the server refuses the round with."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.web.test_pages import app, entry_form, new_table, pile_fields  # noqa: F401
from tests.web.test_pages import errors as raw_errors

JA = {"Accept-Language": "ja,en-US;q=0.7,en;q=0.3"}


def bar_messages(page: str) -> dict:
    found = re.search(
        r'<script type="application/json" id="bar-messages">(.*?)</script>', page, re.S
    )
    assert found, "no bar messages on the page"
    return json.loads(found.group(1))


def fill(template: str, **values: object) -> str:
    """What the page's script does with a message (static/js/counts.js ``fill``)."""
    for k, v in values.items():
        template = template.replace("{" + k + "}", str(v))
    return template


def errors(page: str) -> list[str]:
    return [html.unescape(m) for m in raw_errors(page)]


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_a_pile_with_three_pine_cards_is_refused_in_the_bar_s_words(client, headers):
    """RULES 4.2: a pile holds 0, 2 or 4 cards of a month."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    page = client.get(f"{url}/rounds/new", headers=headers).get_data(as_text=True)
    words = bar_messages(page)
    assert 'id="bar-mistake" role="status" aria-live="polite"' in page
    form_url, base = entry_form(client, url)
    data = {**base, **pile_fields("p0_pile", ["pine-crane", "pine-ribbon", "pine-chaff-1"])}
    data["rest"] = "1"
    resp = client.post(form_url, data=data, headers=headers)
    assert resp.status_code == 422
    said = errors(resp.get_data(as_text=True))
    assert said == [fill(words["odd_many"], suit=words["months"]["1"], k=3)]
    if headers:
        assert words["months"]["1"] == "松"
        assert said[0].startswith("松")
        assert fill(words["pile"], name="Aki") != "Aki's pile"
    else:
        assert words["months"]["1"] == "Pine"
        assert said == [
            "Pine: 3 cards entered; a pile always holds 0, 2 or 4 cards of a month "
            "(cards are captured in pairs)"
        ]
        assert fill(words["pile"], name="Aki") == "Aki's pile"


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_one_card_of_a_month_and_a_misdeal_in_the_bar_s_words(client, headers):
    url = new_table(client, "baka", ["Aki", "Ben", "Chie"])
    words = bar_messages(client.get(f"{url}/rounds/new", headers=headers).get_data(as_text=True))
    form_url, base = entry_form(client, url)
    hand = ["pine-crane", "pine-ribbon", "pine-chaff-1", "pine-chaff-2"]
    data = {**base, **pile_fields("p0_pile", ["plum-warbler"]), "rest": "2", "p1_pile": []}
    data["p1_hand"] = [c for c in hand if "chaff" not in c]
    data["p1_hand_chaff_pine"] = "2"
    resp = client.post(form_url, data=data, headers=headers)
    assert resp.status_code == 422
    said = errors(resp.get_data(as_text=True))
    assert fill(words["odd_one"], suit=words["months"]["2"], k=1) in said
    assert fill(words["misdeal"], name="Ben", suit=words["months"]["1"]) in said


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_an_otoroku_hand_past_its_bust_is_refused_in_the_bar_s_words(client, headers):
    """R13: a bust hand whose value without its highest card is still over the limit."""
    url = new_table(client, "otoroku", ["Aki", "Ben", "Chie"])
    words = bar_messages(client.get(f"{url}/rounds/new", headers=headers).get_data(as_text=True))
    form_url, base = entry_form(client, url)
    data = {**base, "wager": "10", "dealer": "0"}
    data.update({"p0_name": "Aki", "p0_values": "9 8 7 6"})
    data.update({"p1_name": "Ben", "p1_values": "3 4 1 2 5 1"})
    data.update({"p2_name": "Chie", "p2_values": "10 6"})
    resp = client.post(form_url, data=data, headers=headers)
    assert resp.status_code == 422
    said = errors(resp.get_data(as_text=True))
    # Aki is the dealer (limit 15); Chie, on the dealer's left, the last player.
    assert fill(words["past_the_bust"], name="Aki", total=30, top=9, without=21, limit=15) in said
    assert fill(words["hand_size"], n=6) in said
    summary = html.unescape(resp.get_data(as_text=True).split('id="error-summary"', 1)[1])
    where = fill(words["hand"], name="Ben")
    assert re.sub(r"<[^>]+>", "", summary).count(f"{where}: {fill(words['hand_size'], n=6)}") == 1
    assert fill(words["month_too_often"], month=1, k=2) not in said  # only over 4


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_a_tokan_prediction_not_set_is_refused_in_the_bar_s_words(client, headers):
    names = ["Aki", "Ben", "Chie", "Dai", "Emi"]
    url = new_table(client, "tokan", names)
    words = bar_messages(client.get(f"{url}/rounds/new", headers=headers).get_data(as_text=True))
    form_url, base = entry_form(client, url)
    data = {**base}
    for i, name in enumerate(names):
        data.update({f"p{i}_seated": "1", f"p{i}_name": name, f"p{i}_d1": "3", f"p{i}_d2": "4"})
        data.update({f"p{i}_left_n": "0", f"p{i}_right_n": "0"})
    del data["p1_right_n"]
    data["p2_left_n"] = "2"
    del data["p3_d2"]
    for field in ("d1", "d2", "left_n", "right_n"):
        del data[f"p4_{field}"]
    resp = client.post(form_url, data=data, headers=headers)
    assert resp.status_code == 422
    said = errors(resp.get_data(as_text=True))
    assert said == [
        words["unset_right"],
        fill(words["which_way"], n=2),
        fill(words["dice_one"], name="Dai"),
        fill(words["nothing_yet"], name="Emi"),
    ]
    if headers:
        assert "0" in words["unset_right"] and "right neighbour" not in words["unset_right"]


@pytest.mark.parametrize("headers", [{}, JA], ids=["en", "ja"])
def test_a_tokotoko_field_or_hand_short_is_refused_in_the_bar_s_words(client, headers):
    url = new_table(client, "tokotoko", ["Aki", "Ben"])
    words = bar_messages(client.get(f"{url}/rounds/new", headers=headers).get_data(as_text=True))
    form_url, base = entry_form(client, url)
    data = {**base, "stake": "10", "field": ["pine-crane", ""]}
    data.update({"p0_hand": ["", ""], "p1_hand": ["plum-warbler", "cherry-curtain"]})
    resp = client.post(form_url, data=data, headers=headers)
    assert resp.status_code == 422
    said = errors(resp.get_data(as_text=True))
    assert said == [fill(words["field_size"], n=1), fill(words["hand_size"], n=0)]
