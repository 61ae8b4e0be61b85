"""Tokan's round form (issue 39 item 1): a refused Save keeps every value entered and marks
the prediction to fix; one key per prediction ("+3" is "more by 3") over the form's radios;
the neighbours named where a Tokan table is seated."""

from __future__ import annotations

import re

import pytest

from tests.web.test_entering import summary
from tests.web.test_pages import app, entry_form, new_table, tokan_tour_form  # noqa: F401

NAMES = ["Aki", "Ben", "Chie"]


def _fieldset(page: str, i: int) -> str:
    return page.split(f'id="player-{i}"', 1)[1].split("</fieldset>", 1)[0]


def _predict(page: str, i: int, side: str) -> str:
    """One prediction's box (its radios and keys), as the page sends it."""
    box = page.split(f'id="p{i}_{side}"', 1)[1]
    return re.split(r'<div class="predict[ "]|</fieldset>', box, maxsplit=1)[0]


def _checked(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="(\w+)" checked>', page)


def test_a_refused_tour_keeps_every_value_entered_and_marks_the_one_to_fix(client):
    """Today "'More by' or 'less by' 2? Choose one" came back with the 2 gone: the player
    had to find and tap it again. Every die, direction and number comes back as posted."""
    url = new_table(client, "tokan", NAMES)
    form_url, data = tokan_tour_form(client, url, NAMES)
    data.update({"p0_d1": "5", "p0_d2": "2", "p0_left_n": "2", "p0_right_n": "3"})
    data.update({"p0_right_dir": "less", "p1_left_n": "4", "p1_left_dir": "more"})
    data.pop("p0_left_dir")  # 2, without "more by" or "less by"
    data.pop("p2_right_n")  # "more" tapped, no number
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert _checked(page, "p0_left_n") == ["2"]  # kept, though it could not be read
    assert _checked(page, "p0_left_dir") == []
    assert (_checked(page, "p0_d1"), _checked(page, "p0_d2")) == (["5"], ["2"])
    assert (_checked(page, "p0_right_n"), _checked(page, "p0_right_dir")) == (["3"], ["less"])
    assert (_checked(page, "p1_left_n"), _checked(page, "p1_left_dir")) == (["4"], ["more"])
    assert (_checked(page, "p2_right_n"), _checked(page, "p2_right_dir")) == ([], ["more"])
    assert _checked(page, "p2_left_n") == ["0"]
    # The summary (role=alert, at the top) links each mistake to its prediction, and the
    # message stands right after that prediction, which is marked.
    assert 'id="error-summary" tabindex="-1" role="alert"' in page
    assert summary(page) == [
        ("p0_left", "Aki: “More by” or “less by” 2? Choose one"),
        (
            "p2_right",
            "Chie: No prediction against the right neighbour yet: choose one "
            "(0 is a prediction too)",
        ),
    ]
    aki = _fieldset(page, 0)
    left = aki.split('id="p0_left"', 1)[1].split('id="p0_right"', 1)[0]
    assert "“More by” or “less by” 2? Choose one" in left
    assert 'class="predict chips invalid" id="p0_left"' in aki
    assert 'class="predict chips" id="p0_right"' in aki
    assert 'aria-invalid="true"' in _predict(page, 0, "left")
    assert 'aria-invalid="true"' not in _predict(page, 0, "right")


def test_too_many_tokens_come_back_as_entered(client):
    url = new_table(client, "tokan", NAMES)
    form_url, data = tokan_tour_form(client, url, NAMES)
    data.update({"p1_left_n": "8", "p1_right_n": "5"})  # 13 blue tokens of 11
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert "Ben claims &#39;more&#39; by 13 in all, but holds only 11 blue tokens" in page
    assert (_checked(page, "p1_left_n"), _checked(page, "p1_left_dir")) == (["8"], ["more"])
    assert (_checked(page, "p1_right_n"), _checked(page, "p1_right_dir")) == (["5"], ["more"])


def _marked(page: str, i: int) -> list[str]:
    """The predictions of player ``i`` the refused page marks as the ones to fix."""
    return [s for s in ("left", "right") if f'invalid" id="p{i}_{s}"' in page]


def test_too_many_tokens_mark_every_prediction_that_spends_them(client):
    """More blue (or red) tokens than a player holds: the mistake stands beside each
    prediction spending that colour, the one that alone is at fault too, and the summary
    says it once. It was always put beside the left one for blue and the right for red."""
    url = new_table(client, "tokan", NAMES)
    form_url, data = tokan_tour_form(client, url, NAMES)
    blue = "Ben claims 'more' by 13 in all, but holds only 11 blue tokens"
    red = "Chie claims 'less' by 12 in all, but holds only 11 red tokens"
    data.update({"p1_left_n": "8", "p1_right_n": "5"})  # both spend Ben's blue tokens
    data.update({"p2_left_n": "12", "p2_left_dir": "less"})  # Chie's left alone: 12 red
    resp = client.post(form_url, data=data)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True).replace("&#39;", "'")
    assert _marked(page, 1) == ["left", "right"]
    assert _marked(page, 2) == ["left"]
    assert blue in _predict(page, 1, "left") and blue in _predict(page, 1, "right")
    assert red in _predict(page, 2, "left") and red not in _predict(page, 2, "right")
    assert [m for _, m in summary(page)] == [blue, red]
    assert summary(page)[1][0] == "p2_left"
    # The bar's answer from the server names the same mistakes, once each.
    resp = client.post(form_url + "/preview", data=data)
    said = [(m["at"], m["text"]) for m in resp.get_json()["mistakes"]]
    assert said == [("p1_left", blue), ("p2_left", red)]


def test_each_prediction_has_one_key_per_signed_number_naming_its_neighbour(client):
    """The keys the page's script shows over the radios: "+3" sets "more by 3" in one tap
    (data-predict="<seat>:<side>:<signed n>"), under the neighbour's name."""
    url = new_table(client, "tokan", NAMES)
    page = client.get(f"{url}/rounds/new").get_data(as_text=True)
    left = _predict(page, 1, "left")
    keys = re.findall(r'data-predict="([^"]+)"', left)
    more, less = [f"1:left:+{n}" for n in range(1, 12)], [f"1:left:-{n}" for n in range(1, 12)]
    assert keys == [*more, "1:left:0", *less]
    # Ben's left neighbour is the next in the list (Chie), his right the previous (Aki).
    assert '<b class="nb" data-side="left">Chie</b>' in left
    assert '<b class="nb" data-side="right">Aki</b>' in _predict(page, 1, "right")
    # The dice keys keep their markup.
    assert re.search(r'<div class="dice-pad" hidden data-for="1"', page)
    assert 'data-face="6"' in _fieldset(page, 1)


def _seat_lines(page: str) -> list[str]:
    """The seat list's lines as text: each name, and its neighbours where shown."""
    block = page.split('class="seat-list"', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li>(.*?)<button", block, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in items]


def test_seating_a_tokan_table_names_each_players_neighbours(client):
    """The start page's seat list (here as the "Show the seat order" button posts it, without
    script) and the table's seats before the first tour: the left neighbour is the next in
    the list, the right the previous (RULES 2), whom each one predicts against."""
    page = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    form = {"csrf_token": token.group(1), "players": "Aki\nBen\nChie\nDai", "move": "show"}
    shown = client.post("/tables", data={**form, "game": "tokan"}).get_data(as_text=True)
    assert _seat_lines(shown) == [
        "Aki left neighbour Ben, right neighbour Dai",
        "Ben left neighbour Chie, right neighbour Aki",
        "Chie left neighbour Dai, right neighbour Ben",
        "Dai left neighbour Aki, right neighbour Chie",
    ]
    # Another game has no neighbours to name.
    other = client.post("/tables", data={**form, "game": "baka"}).get_data(as_text=True)
    assert _seat_lines(other) == ["Aki", "Ben", "Chie", "Dai"]
    # The table's own seats, before its first tour.
    url = new_table(client, "tokan", NAMES)
    edit = client.get(f"{url}/edit").get_data(as_text=True)
    assert _seat_lines(edit) == [
        "Aki left neighbour Ben, right neighbour Chie",
        "Ben left neighbour Chie, right neighbour Aki",
        "Chie left neighbour Aki, right neighbour Ben",
    ]


@pytest.mark.parametrize("typed", ["²", "①", "9" * 5000])
def test_a_number_of_tokens_no_one_can_read_comes_back_refused_not_a_500(client, typed):
    """A prediction's number typed as a digit ``int()`` cannot read (a superscript or a
    circled digit, five thousand digits): the tour is refused beside the field and the form
    drawn again, on a new tour and on a correction alike. (A full-width digit reads as its
    digit, as typed on a Japanese keyboard.)"""
    url = new_table(client, "tokan", NAMES)
    form_url, data = tokan_tour_form(client, url, NAMES)
    assert client.post(form_url, data=data).status_code == 302  # tour 1, to correct below
    for form_url, data in (tokan_tour_form(client, url, NAMES), _correction(client, url)):
        data.update({"p0_left_n": typed, "p0_left_dir": "more"})
        resp = client.post(form_url, data=data)
        assert resp.status_code == 422, resp.status_code
        assert 'class="predict chips invalid" id="p0_left"' in resp.get_data(as_text=True)


def _correction(client, url):
    """Tour 1's correction form, filled in as ``tokan_tour_form`` fills a new tour's."""
    _, tour = tokan_tour_form(client, url, NAMES)
    form_url, base = entry_form(client, url, number=1)
    return form_url, {**{k: v for k, v in tour.items() if k.startswith("p")}, **base}


def test_a_tour_sent_with_names_in_other_capitals_shows_on_its_correction_form(client):
    """A review (2026-11-29): the ledger finds a tour's players by name case aside, but the
    correction form matched the stored names exactly, so a tour sent as "AKI" came up blank."""
    sid = client.post(
        "/api/v1/sessions", json={"game": "tokan", "players": ["Aki", "Ben", "Cy"]}
    ).get_json()["id"]
    tour = [("AKI", [6, 6]), ("ben", [1, 2]), ("CY", [3, 4])]
    body = {"players": [{"name": n, "dice": d, "left": 1, "right": -1} for n, d in tour]}
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json=body).status_code == 201
    page = client.get(f"/t/{sid}/rounds/1/edit").get_data(as_text=True)
    assert [_checked(page, f"p{i}_d1") for i in range(3)] == [["6"], ["1"], ["3"]]
