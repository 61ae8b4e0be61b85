"""The start page (issue 30, part 8): each mistake beside its field, Recent tables once each,
and a new club's time zone left for the phone's script."""

from __future__ import annotations

import html
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
    # The games that share the stake field: Tokotoko and Tokan, and any game added with one.
    fieldset = re.search(r'<fieldset class="rules" data-games="tokotoko tokan[^"]*"[^>]*>', page)
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


def summary_of(page: str) -> tuple[str, list[tuple[str, str]]]:
    """The new-table form's opening (what follows its CSRF field) and its summary's lines,
    each as the field it links to and its words."""
    form = re.search(r'<form method="post" action="/tables".*?</form>', page, re.S).group(0)
    after = form.split('name="csrf_token" type="hidden"', 1)[1].split(">", 1)[1].lstrip()
    box = re.search(r'<div class="error-summary".*?</div>', form, re.S)
    assert box, "no summary of mistakes in the form"
    lines = [
        (href, html.unescape(re.sub(r"<[^>]+>", "", words)))
        for href, words in re.findall(r'<li><a href="#([^"]*)">(.*?)</a></li>', box.group(0))
    ]
    return after, lines


def test_a_refused_table_names_every_mistake_in_a_summary_first_in_its_form(client):
    # Issue 39 item 5: three players for Toppa and 1/0 as money, said at the top of the form
    # (role=alert, which the page's script focuses), each in the server's words, each
    # linking to its field; the page's other sections after the form; nothing stored.
    from sqlalchemy import func, select

    from scorekeeper.models import Table, db

    new_table(client, "toppa", ["Aki", "Ben"], name="Earlier")  # a recent table to move down
    with client.application.app_context():  # (the PostgreSQL run keeps other tests' tables)
        tables = db.session.scalar(select(func.count()).select_from(Table))
    resp = start(client, "toppa", ["Aki", "Ben", "Cho"], point_value="1/0")
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    after, lines = summary_of(page)
    assert after.startswith('<div class="error-summary" id="error-summary" tabindex="-1"')
    assert 'role="alert"' in after.split(">", 1)[0]
    assert lines == [
        ("players", "Players: Toppa is played by exactly 2 players, not 3"),
        ("point_value", "Money per point: '1/0' divides by zero"),
    ]
    assert "There are 2 problems" in page
    for field, _ in lines:
        assert f'id="{field}"' in page
    assert page.index("error-summary") < page.index("Your recent tables")
    with client.application.app_context():
        assert db.session.scalar(select(func.count()).select_from(Table)) == tables  # "Earlier"


def test_the_summary_names_a_house_rule_once_and_comes_in_japanese(client):
    resp = start(client, "otoroku", ["Aki", "Ben", "Cho"], stones="0", first_dealer="4")
    _, lines = summary_of(resp.get_data(as_text=True))
    assert lines == [
        ("first_dealer", "First dealer: There are 3 players: the first dealer is 1 to 3"),
        ("stones", "The starting stones must be at least 1"),  # the message names its field itself
    ]
    client.set_cookie("lang", "ja")
    page = client.get("/").get_data(as_text=True)
    data = {"csrf_token": csrf(page), "game": "toppa", "players": "Aki\nBen\nCho"}
    _, lines = summary_of(client.post("/tables", data=data).get_data(as_text=True))
    assert len(lines) == 1 and lines[0][0] == "players"
    assert "Players" not in lines[0][1] and "Toppa" not in lines[0][1]


def test_a_summary_only_when_refused(client):
    page = client.get("/").get_data(as_text=True)
    assert "error-summary" not in page
    moved = client.post("/tables", data={"csrf_token": csrf(page), "move": "show"})
    assert moved.status_code == 200 and "error-summary" not in moved.get_data(as_text=True)


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


def test_recent_tables_show_each_tables_players_and_the_day_it_started(client):
    # Issue 39 item 7: two Friday tables told apart by who played and when.
    from datetime import datetime

    from scorekeeper.models import Table, db

    first = new_table(client, "toppa", ["Aki", "Ben"], name="Friday")
    second = new_table(client, "baka", ["Aki", "Ben", "Cho"], name="Friday")
    with client.application.app_context():
        t = db.session.scalar(db.select(Table).where(Table.token == first.rsplit("/", 1)[-1]))
        t.created_at = datetime(2026, 11, 20, 19, 30)
        db.session.commit()
    page = client.get("/").get_data(as_text=True)
    recent = re.search(r"Your recent tables.*?</ul>", page, re.S).group(0)
    items = re.findall(
        r'<li><a class="button secondary recent-table" href="([^"]+)">(.*?)</a>', recent, re.S
    )
    assert [href for href, _ in items] == [second, first]
    metas = [
        re.search(r'<small class="meta">(.*?)</small>', body, re.S).group(1) for _, body in items
    ]
    assert metas[0].startswith("Aki, Ben, Cho · started <time datetime=")
    assert metas[1].startswith('Aki, Ben · started <time datetime="2026-11-20T19:30:00Z" data-day>')
    ja = client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "Aki、Ben · 開始 <time" in ja


def test_a_recent_table_follows_a_rename_and_one_gone_keeps_its_name(client):
    url = new_table(client, "toppa", ["Aki", "Ben"], name="Friday")
    token = url.rsplit("/", 1)[-1]
    with client.session_transaction() as s:
        s["recent"] = [
            {"token": token, "name": "Old name", "game": "toppa"},
            {"token": "gone", "name": "Old", "game": "toppa"},
        ]
    recent = re.search(r"Your recent tables.*?</ul>", client.get("/").get_data(as_text=True), re.S)
    assert "<span>Friday <small>(Toppa)</small></span>" in recent.group(0)
    assert "Old name" not in recent.group(0)
    gone = re.search(r'href="/t/gone">(.*?)</a>', recent.group(0), re.S).group(1)
    assert gone == "<span>Old <small>(Toppa)</small></span>"  # nothing more to say of it


def test_a_new_clubs_time_zone_is_left_for_the_phones_script(client):
    page = client.get("/").get_data(as_text=True)
    field = re.search(r'<input type="text" id="timezone" name="timezone"[^>]*>', page).group(0)
    assert 'value="UTC"' in field and "data-phone-zone" in field  # UTC without script
    resp = client.post(
        "/c", data={"csrf_token": csrf(page), "members": "Aki\nAki", "timezone": "Asia/Tokyo"}
    )
    field = re.search(
        r'<input type="text" id="timezone" name="timezone"[^>]*>', resp.get_data(as_text=True)
    )
    assert 'value="Asia/Tokyo"' in field.group(0) and "data-phone-zone" not in field.group(0)


def test_money_per_point_can_be_typed_as_a_fraction_on_a_phone(client):
    """A hostile probe of the pages: the point value asked for "10 or 1/2" with a decimal
    keyboard (inputmode="decimal"), which on an iPhone has no "/", so 1/2 could not be
    typed. The field takes the phone's text keyboard on every page that asks for it."""
    import re

    sid = client.post(
        "/api/v1/sessions", json={"game": "toppa", "players": ["Aki", "Ben"]}
    ).get_json()["id"]
    club = client.post("/api/v1/clubs", json={"name": "J", "members": ["Aki", "Ben"]}).get_json()
    for url in ("/", f"/t/{sid}/edit", f"/c/{club['id']}"):
        page = client.get(url).get_data(as_text=True)
        [field] = re.findall(r'<input[^>]*name="point_value"[^>]*>', page)
        assert "inputmode" not in field, (url, field)
