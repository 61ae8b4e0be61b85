"""Messages players understand (issue 17 part 9): every mistake of a form is said at once,
not one, then the next only after another Save."""

from __future__ import annotations

from tests.web.test_entering import _otoroku_values, _tokan_tour, summary
from tests.web.test_pages import app, entry_form, new_table, pile_fields  # noqa: F401


def test_otoroku_says_a_value_it_cannot_read_and_the_rules_mistakes_at_once(client):
    # P1's "x" is no card value (the form's own mistake); P2 holds one card and P3 eleven as
    # a value (the rules' mistakes): all three at once, each beside its player.
    form_url, data = _otoroku_values(client, "3 x", "5", "11 2")
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    said = summary(resp.get_data(as_text=True))
    assert [anchor for anchor, _ in said] == ["player-0", "player-1", "player-2"]
    assert "'x' is not a card value" in said[0][1]
    assert "A hand holds 2 to 5 cards" in said[1][1]
    assert "11 is not a card value" in said[2][1]


def test_tokan_says_an_unset_prediction_and_a_die_too_many_at_once(client):
    url, form_url, data = _tokan_tour(client)
    data["p0_left_n"] = ""  # the form's mistake
    data["p2_d1"] = "7"  # the rules': no die shows 7
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    said = summary(resp.get_data(as_text=True))
    assert [anchor for anchor, _ in said] == ["p0_left", "player-2"]
    assert "7 is not a die" in said[1][1]


def test_baka_says_a_plain_card_count_and_an_odd_month_at_once(client):
    url = new_table(client, "baka", ["Aki", "Ben", "Chie"])
    form_url, base = entry_form(client, url)
    data = {**base, **pile_fields("p0_pile", ["pine-crane", "pine-ribbon"])}
    data.update({**pile_fields("p1_pile", ["plum-warbler"]), "rest": "2"})
    data["p0_pile_chaff_susuki"] = "lots"  # the form cannot read it
    resp = client.post(form_url, data=data)  # and Ben's one plum card: the rules' mistake
    assert resp.status_code == 422
    said = summary(resp.get_data(as_text=True))
    assert [anchor for anchor, _ in said] == ["player-0", "player-1"]
    assert "'lots' is not a count" in said[0][1]
    assert "Plum Blossom: 1 card entered" in said[1][1]


def test_the_checker_says_every_mistake_at_once(client):
    data = {"n": "3", "p0_values": "3 x", "p1_values": "5", "p2_values": "2 2"}
    resp = client.post("/check/otoroku", data=data)
    assert resp.status_code == 422
    said = summary(resp.get_data(as_text=True))
    assert [anchor for anchor, _ in said] == ["player-0", "player-1"]
