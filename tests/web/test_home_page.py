"""The start page (issue 30, part 8): each mistake beside its field, Recent tables once each,
and a new club's time zone left for the phone's script."""

from __future__ import annotations

import re

import pytest

from tests.web.test_pages import app, csrf, errors, new_table  # noqa: F401  (CSRF stays on)


def beside(page: str) -> dict[str, str]:
    """Each field's message, as the page puts it right after the field's label."""
    return {
        m[0]: m[1]
        for m in re.findall(
            r'<input[^>]*id="(\w+)"[^>]*>\s*</label>\s*<p class="error" role="alert">([^<]*)',
            page,
        )
    }


def start(client, game, players, **fields):
    page = client.get("/").get_data(as_text=True)
    data = {"csrf_token": csrf(page), "game": game, "players": "\n".join(players), **fields}
    return client.post("/tables", data=data)


# -- the start page's form: each mistake beside its field ----------------------------------


def test_a_stake_of_zero_is_said_beside_the_stake(client):
    resp = start(client, "tokotoko", ["Aki", "Ben"], stake="0")
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert beside(page) == {"stake": "The stake must be at least 1"}
    assert errors(page) == ["The stake must be at least 1"]  # said once, not by the button
    assert "too small" not in page and "stake:" not in page


@pytest.mark.parametrize(
    ("game", "fields", "said"),
    [
        ("tokan", {"stake": "2000000"}, {"stake": "The stake must be at most 1000000"}),
        # More digits than any bound, beside the field too (test_bounds has every key).
        (
            "tokan",
            {"stake": "9" * 40},
            {"stake": "A number of more than 30 digits is far too large"},
        ),
        # A digit Python reads but int() does not: the same words as any other non-number.
        ("tokotoko", {"stake": "²"}, {"stake": "Write the stake as a whole number, e.g. 5"}),
        (
            "tokan",
            {"tokens": "x"},
            {"tokens": "Write the tokens of each colour as a whole number, e.g. 5"},
        ),
        (
            "otoroku",
            {"tera_zen_percent": "101", "wager": "0", "stones": "0", "length": "12"},
            {
                "tera_zen_percent": "The house fee must be at most 100",
                "wager": "The wager must be at least 1",
                "stones": "The starting stones must be at least 1",
            },
        ),
    ],
)
def test_every_house_rule_and_setting_mistake_is_said_beside_it(client, game, fields, said):
    resp = start(client, game, ["Aki", "Ben", "Cho"], **fields)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert beside(page) == said
    assert sorted(errors(page)) == sorted(said.values())


def test_a_mistake_in_another_games_setting_is_said_beside_it_and_shown(client):
    # Tokotoko's stake while Toppa is chosen: refused beside the field, whose fieldset the
    # page's script keeps shown (``data-has-error``) instead of hiding it with the others.
    resp = start(client, "toppa", ["Aki", "Ben"], stake="0", name="Friday")
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert beside(page) == {"stake": "The stake must be at least 1"}
    fieldset = re.search(r'<fieldset class="rules" data-games="tokotoko tokan"[^>]*>', page)
    assert fieldset and "data-has-error" in fieldset.group(0)
    assert "data-has-error" not in page.replace(fieldset.group(0), "")


def test_the_start_page_says_its_mistakes_in_japanese(client):
    client.set_cookie("lang", "ja")
    page = client.get("/?lang=ja").get_data(as_text=True)
    resp = client.post(
        "/tables",
        data={"csrf_token": csrf(page), "game": "tokotoko", "players": "Aki\nBen", "stake": "0"},
        headers={"Accept-Language": "ja"},
    )
    said = beside(resp.get_data(as_text=True))
    assert said["stake"] != "The stake must be at least 1" and "1" in said["stake"]


# -- the home page: Recent tables, a new club's time zone ----------------------------------


def test_recent_tables_list_each_table_once_most_recent_first(client):
    first = new_table(client, "toppa", ["Aki", "Ben"], name="Friday")
    second = new_table(client, "baka", ["Aki", "Ben", "Cho"], name="Saturday")
    for url in (first, second, first, f"{first}/history", first):
        client.get(url)
    page = client.get("/").get_data(as_text=True)
    recent = re.search(r"Your recent tables.*?</ul>", page, re.S).group(0)
    links = re.findall(r'href="(/t/[^"]+)"', recent)
    assert links == [first, second]
    # The name and the game as one text: "Friday (Toppa)", with its space kept in a button.
    assert "<span>Friday <small>(Toppa)</small></span>" in recent


def test_recent_tables_are_listed_once_even_from_an_older_cookie(client):
    url = new_table(client, "toppa", ["Aki", "Ben"], name="Friday")
    token = url.rsplit("/", 1)[-1]
    with client.session_transaction() as s:
        kept = {"token": token, "name": "Friday", "game": "toppa"}
        s["recent"] = [kept, dict(kept), {"token": "gone", "name": "Old", "game": "toppa"}, kept]
    page = client.get("/").get_data(as_text=True)
    recent = re.search(r"Your recent tables.*?</ul>", page, re.S).group(0)
    assert re.findall(r'href="/t/([^"]+)"', recent) == [token, "gone"]


def test_a_new_clubs_time_zone_is_left_for_the_phones_script(client):
    page = client.get("/").get_data(as_text=True)
    field = re.search(r'<input type="text" name="timezone"[^>]*>', page).group(0)
    assert 'value="UTC"' in field and "data-phone-zone" in field  # UTC without script
    resp = client.post(
        "/c", data={"csrf_token": csrf(page), "members": "Aki\nAki", "timezone": "Asia/Tokyo"}
    )
    field = re.search(r'<input type="text" name="timezone"[^>]*>', resp.get_data(as_text=True))
    assert 'value="Asia/Tokyo"' in field.group(0) and "data-phone-zone" not in field.group(0)
