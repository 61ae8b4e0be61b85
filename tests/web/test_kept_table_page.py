"""The table's page is kept whole once rendered (``views/kept_pages.py``; issue 9's table
pages at 16 connections): each visitor's forms carry their own CSRF token, which the server
accepts, and every write, a phone's name, a deck renamed or deleted and the page's language
show at once."""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape

import pytest

from scorekeeper.recognise import decks as recogniser
from tests.helpers import EXAMPLE_A
from tests.web.test_deck_pages import teach_on_page
from tests.web.test_decks import FakeLayout, new_table, no_deck_yet  # noqa: F401 (autouse)
from tests.web.test_i18n import JA, text

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def _tokens(page: str) -> set[str]:
    found = set(TOKEN.findall(page))
    assert found, "no form with a CSRF token on the table's page"
    return found


@pytest.fixture()
def guarded(tmp_path):
    """An app whose forms are checked for their CSRF token, as served."""
    import os

    import scorekeeper

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'k.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "kept", "SQLALCHEMY_DATABASE_URI": url}
    )


def test_a_kept_table_page_carries_each_visitors_token_which_is_accepted(guarded):
    first, second = guarded.test_client(), guarded.test_client()
    sid = new_table(first)
    page = f"/t/{sid}"
    rendered = first.get(page).get_data(as_text=True)
    kept = first.get(page).get_data(as_text=True)  # the kept one
    theirs = second.get(page).get_data(as_text=True)
    (mine,), (again,), (other,) = _tokens(rendered), _tokens(kept), _tokens(theirs)
    assert other not in (mine, again)
    # The same page but for the token: nothing else of a visitor is in it.
    assert TOKEN.sub("", rendered) == TOKEN.sub("", kept) == TOKEN.sub("", theirs)
    # Each visitor's token, taken from the kept page, is the one the server accepts.
    named = second.post("/device", data={"csrf_token": other, "device": "Ben phone", "next": page})
    assert named.status_code == 303, text(named)
    refused = first.post("/device", data={"csrf_token": other, "device": "Aki phone"})
    assert refused.status_code == 422 and "had expired" in text(refused)  # another's token
    assert "Ben’s phone" in text(second.get(page)) or "Ben phone" in text(second.get(page))
    assert "Name this phone" in text(first.get(page))  # the first phone has no name yet


def test_every_write_shows_on_the_kept_page_at_once(client):
    sid = new_table(client)
    page = f"/t/{sid}"
    assert "No round yet" in text(client.get(page))
    entered = client.post(
        f"/api/v1/sessions/{sid}/rounds", json={"players": [{"captured": EXAMPLE_A}, {}]}
    )
    assert entered.status_code == 201
    after = text(client.get(page))
    assert "No round yet" not in after and "Round 2 next" in after
    total = _total(client, page, 0)
    assert total
    corrected = client.put(
        f"/api/v1/sessions/{sid}/rounds/1", json={"players": [{}, {"captured": EXAMPLE_A}]}
    )
    assert corrected.status_code == 200
    assert _total(client, page, 0) == -total  # the pile moved to Ben
    gone = client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    assert gone.status_code == 200
    assert "No round yet" in text(client.get(page))
    back = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": gone.get_json()["version"]})
    assert back.status_code == 200
    assert _total(client, page, 0) == -total
    renamed = client.patch(f"/api/v1/sessions/{sid}", json={"name": "Saturday"})
    assert renamed.status_code == 200, renamed.get_json()
    assert "Saturday" in text(client.get(page))
    # In the language the visitor reads, each kept on its own.
    assert "スタンディング" in text(client.get(page, headers=JA)) or "順位" in text(
        client.get(page, headers=JA)
    )
    assert "Standings" in text(client.get(page))


def _total(client, page: str, seat: int) -> Fraction:
    """The total of the player at ``seat`` in the standings."""
    html = client.get(page).get_data(as_text=True)
    row = re.search(rf'data-seat="{seat}">.*?data-total="([^"]+)"', html, re.S)
    assert row, f"no total for seat {seat}"
    return Fraction(row.group(1))


def test_a_deck_renamed_or_deleted_shows_on_the_kept_page(client, monkeypatch):
    monkeypatch.setattr(recogniser, "read_layout", FakeLayout())
    sid = new_table(client)
    page = f"/t/{sid}"
    deck = teach_on_page(client, table=sid, name="Aki deck")
    assert "Aki deck" in _shown(client, page)
    assert client.post(f"/d/{deck}/name", data={"name": "Renamed"}).status_code == 302
    assert "Renamed" in _shown(client, page)  # naming a deck moves no table version
    assert client.post(f"/d/{deck}/delete").status_code == 302
    words = _shown(client, page)
    assert "Renamed" not in words and "usual pictures" in words


def _shown(client, page: str) -> str:
    """The page's words once any notice flashed after a write has been said (a page with a
    notice is never kept: the second view is the one kept)."""
    client.get(page)
    return text(client.get(page))


def test_a_head_request_leaves_no_page_for_a_get(client):
    """A HEAD's language links leave out the query string (``i18n.language_links``): its page
    is never kept for the GETs after it."""
    sid = new_table(client)
    page = f"/t/{sid}?from=qr"
    assert client.head(page).status_code == 200
    html = client.get(page).get_data(as_text=True)
    assert re.findall(r'href="/language/ja\?next=([^"]*)"', html) == [f"/t/{sid}?from%3Dqr"]


def test_a_name_that_looks_like_the_token_s_place_is_shown_as_typed(client):
    """Where a kept page had its CSRF token is marked by text no player can type."""
    from scorekeeper.views import kept_pages

    mark = kept_pages._CSRF_MARK
    for name in (mark, "@@scorekeeper-csrf-token@@"):
        resp = client.post(
            "/api/v1/sessions", json={"name": name, "game": "toppa", "players": ["Aki", name]}
        )
        if resp.status_code != 201:
            continue  # not a name a table takes: nothing to show
        page = f"/t/{resp.get_json()['id']}"
        for html in (
            client.get(page).get_data(as_text=True),
            client.get(page).get_data(as_text=True),
        ):
            assert html.count(escape(name)) >= 2 and mark not in html
