"""Numbers of 26 digits and more on the pages (a hostile-page probe, 2026-11-29): Babel's
grouping of digits refused them, so a Japanese page that said one answered 500 (a Tokan
prediction's "more by or less by N?", a round number in a link, a game number); and a
correction's form naming a round id past any the database holds answered 500 in both
languages. Each is answered as its shorter kind is."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper import i18n
from tests.web.test_i18n import JA
from tests.web.test_live import app, resubmit, token  # noqa: F401  (CSRF stays on)
from tests.web.test_pages import csrf, new_table

BIG = "9" * 26


def test_a_number_past_babel_is_grouped_as_the_language_groups(app):  # noqa: F811
    with app.test_request_context(headers=JA):
        assert i18n.number(10**24 - 1) == "999,999,999,999,999,999,999,999"
        assert i18n.number(int(BIG)) == ",".join(["99"] + ["999"] * 8)
        assert i18n.number(-(10**30)) == "-1" + ",000" * 10
        assert i18n.display_amount(Fraction(10**40 + 1, 3)).endswith(",333⅔")


def test_a_tokan_prediction_of_26_digits_is_a_message_in_japanese(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    fields = resubmit(client.get(f"{url}/rounds/new").get_data(as_text=True))
    for path in ("/rounds/new", "/rounds/new/preview"):
        resp = client.post(url + path, data={**fields, "p0_left_n": BIG}, headers=JA)
        assert resp.status_code in (200, 422), (path, resp.status_code)
    # In English it is shortened as every other field's number is.
    page = client.post(url + "/rounds/new", data={**fields, "p0_left_n": BIG}).text
    assert "999999999999… (a number of 26 digits)" in page and BIG not in page


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", f"/rounds/{BIG}"),
        ("get", f"/rounds/{BIG}/edit"),
        ("get", f"/rounds/entry/{BIG}"),
        ("post", f"/rounds/{BIG}/delete"),
        ("post", f"/rounds/entry/{BIG}/delete"),
        ("post", f"/rounds/{BIG}/edit"),
    ],
)
def test_a_round_number_of_26_digits_is_not_found_in_japanese(client, method, path):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    data = {"csrf_token": csrf(client.get(url).get_data(as_text=True))} if method == "post" else {}
    resp = getattr(client, method)(url + path, headers=JA, data=data)
    assert resp.status_code == 404, resp.status_code


def test_a_game_number_of_26_digits_ends_nothing_in_japanese(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    fields = {"csrf_token": csrf(client.get(url).get_data(as_text=True)), "game": "-" + BIG}
    resp = client.post(f"{url}/end", data=fields, headers=JA, follow_redirects=True)
    assert resp.status_code == 200
    session = client.get(f"/api/v1/sessions/{token(url)}").get_json()
    assert session["game_ends"] == []


def test_a_correction_naming_a_round_id_past_the_database_is_a_stale_page(client):
    from tests.web.test_live import MINE, enter

    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    form = resubmit(client.get(f"{url}/rounds/1/edit").get_data(as_text=True))
    for path in ("/rounds/1/edit", "/rounds/1/edit/preview"):
        resp = client.post(url + path, data={**form, "based_on": "999999999999.1"})
        assert resp.status_code < 500, (path, resp.status_code)
