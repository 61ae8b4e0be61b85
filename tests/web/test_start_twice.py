"""Start tapped twice opens one table (a noticed item of 2026-11-29, migration 0015): the home
page's start form and a club's each carry a random ``start_id``; the table they open keeps
it, and the same form sent again lands on that table instead of opening a second one."""

from __future__ import annotations

import html
import re

from sqlalchemy import func, select

from scorekeeper.models import Table, db
from tests.web.test_club_pages import club_api, start_club
from tests.web.test_i18n import text

START_ID = re.compile(r'name="start_id"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="start_id"')
AGAIN = "This form started this table already (Start tapped twice?)"


def start_id(page: str) -> str:
    found = START_ID.search(page)
    assert found, "the start form carries no start_id"
    return found.group(1) or found.group(2)


def tables_named(client, name: str) -> int:
    with client.application.app_context():
        return int(db.session.scalar(select(func.count()).where(Table.name == name)) or 0)


def home_form(client, name: str) -> dict[str, str]:
    page = client.get("/").get_data(as_text=True)
    return {"start_id": start_id(page), "game": "toppa", "players": "Aki\nBen", "name": name}


def test_the_home_page_s_start_sent_twice_opens_one_table(client):
    form = home_form(client, "Twice at home")
    first = client.post("/tables", data=form)
    assert first.status_code == 302, text(first)
    again = client.post("/tables", data=form)
    assert again.status_code == 302, text(again)
    assert again.headers["Location"] == first.headers["Location"]
    assert tables_named(client, "Twice at home") == 1
    landed = html.unescape(client.get(again.headers["Location"]).get_data(as_text=True))
    assert AGAIN in landed


def test_each_drawing_of_the_form_starts_its_own_table(client):
    # Two tables on purpose (the start page opened again): two ids, two tables.
    a, b = home_form(client, "Two on purpose"), home_form(client, "Two on purpose")
    assert a["start_id"] != b["start_id"]
    assert client.post("/tables", data=a).status_code == 302
    assert client.post("/tables", data=b).status_code == 302
    assert tables_named(client, "Two on purpose") == 2


def test_a_refused_form_keeps_its_id_and_opens_one_table_once_mended(client):
    form = home_form(client, "Mended")
    refused = client.post("/tables", data={**form, "players": "Aki"})
    assert refused.status_code == 422
    assert start_id(refused.get_data(as_text=True)) == form["start_id"]
    assert client.post("/tables", data=form).status_code == 302
    assert client.post("/tables", data=form).status_code == 302
    assert tables_named(client, "Mended") == 1


def test_a_tampered_or_missing_id_opens_a_table_as_before(client):
    for i, sent in enumerate(["", "x", "a" * 65, "<script>" * 3, "é" * 20]):
        form = {**home_form(client, f"Tampered {i}"), "start_id": sent}
        assert client.post("/tables", data=form).status_code == 302
        assert client.post("/tables", data=form).status_code == 302
        assert tables_named(client, f"Tampered {i}") == 2  # no id kept: nothing to land on


def test_a_club_s_open_a_table_sent_twice_opens_one_table(client):
    token, _ = start_club(client)
    page = client.get(f"/c/{token}").get_data(as_text=True)
    form = {
        "start_id": start_id(page),
        "game": "toppa",
        "member": ["Aki", "Ben"],
        "first_dealer": "1",
        "name": "Club twice",
    }
    first = client.post(f"/c/{token}/tables", data=form)
    assert first.status_code == 302, text(first)
    again = client.post(f"/c/{token}/tables", data=form)
    assert again.headers["Location"] == first.headers["Location"]
    assert len(club_api(client, token)["tables"]) == 1
    assert AGAIN in html.unescape(client.get(again.headers["Location"]).get_data(as_text=True))
    # The same id sent to the home page is another form's: it opens a table of its own.
    home = {
        "start_id": form["start_id"],
        "game": "toppa",
        "players": "Aki\nBen",
        "name": "Club twice",
    }
    assert client.post("/tables", data=home).status_code == 302
    assert tables_named(client, "Club twice") == 2


def test_two_sends_at_the_same_moment_keep_the_first_table(app):
    """The second send looked before the first was kept: the unique id refuses its table
    when it is kept, and the answer is the first one (nothing of the second stored)."""
    from scorekeeper.tables import service
    from scorekeeper.tables.checks import check_table

    body = {"name": "Same moment", "game": "toppa", "players": ["Aki", "Ben"]}
    with app.app_context():
        first = service.open_new_table(check_table(dict(body)), start_id="s" * 22)
        assert service.commit_opened("s" * 22, None) is None
        token = first.token
    with app.app_context():
        service.open_new_table(check_table(dict(body)), start_id="s" * 22)
        landed = service.commit_opened("s" * 22, None)
        assert landed is not None and landed.token == token
        count = db.session.scalar(select(func.count()).where(Table.name == "Same moment"))
        assert count == 1


def test_two_phones_on_a_kept_club_page_each_start_their_own_table(client):
    """A review (2026-11-29): the club page is kept whole (``views.kept_pages``) and every
    phone loading it got the same start id: the second phone's Start landed on the first
    phone's table. Each copy of a kept page draws its form's id again."""
    token, _ = start_club(client)
    client.get(f"/c/{token}")  # the club's notice said: the page is kept from now on
    a = start_id(client.get(f"/c/{token}").get_data(as_text=True))
    b = start_id(client.get(f"/c/{token}").get_data(as_text=True))
    assert a != b
    for sid, name in ((a, "Phone A's"), (b, "Phone B's")):
        form = {"start_id": sid, "game": "toppa", "member": ["Aki", "Ben"], "name": name}
        assert (
            client.post(f"/c/{token}/tables", data={**form, "first_dealer": "1"}).status_code == 302
        )
    assert tables_named(client, "Phone A's") == tables_named(client, "Phone B's") == 1
    assert len(club_api(client, token)["tables"]) == 2
