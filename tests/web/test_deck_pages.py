"""The deck's pages without script (issue 38): "Teach your deck" from a table's and a club's
page, the 48 faces on the grid with the ones that look like another card flagged, one tap to
swap or to retake a face alone, the deck named and used at a table; a table's pages name the
deck only, and link to its page only on a phone that made it."""

from __future__ import annotations

import re

import pytest

from scorekeeper.cards import CARDS
from scorekeeper.recognise import decks as recogniser
from tests.web.test_decks import (  # noqa: F401 (no_deck_yet: autouse here too)
    IDS,
    LOOKS,
    FakeFace,
    FakeLayout,
    new_club,
    new_table,
    no_deck_yet,
    stored,
)
from tests.web.test_photo_endpoint import picture, post_multipart


@pytest.fixture()
def layout(monkeypatch):
    monkeypatch.setattr(recogniser, "read_layout", FakeLayout())


@pytest.fixture()
def one_face(monkeypatch):
    fake = FakeFace()
    monkeypatch.setattr(recogniser, "read_face", fake)
    return fake


def teach_on_page(client, table=None, club=None, name="Aki's deck"):
    fields = (
        [("name", name)]
        + ([("table", table)] if table else [])
        + ([("club", club)] if club else [])
    )
    resp = post_multipart(client, "/decks", fields, [("photo", (picture(), "deck.jpg"))])
    assert resp.status_code == 302, resp.get_data(as_text=True)[:500]
    return resp.headers["Location"].rsplit("/", 1)[1]


def test_a_table_s_page_teaches_a_deck_and_the_deck_page_shows_48_faces(app, client, layout):
    table = new_table(client)
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert f'href="/decks/new?table={table}"' in page and "Teach your deck" in page
    form = client.get(f"/decks/new?table={table}").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in form and f'value="{table}"' in form
    deck = teach_on_page(client, table=table)
    html = client.get(f"/d/{deck}").get_data(as_text=True)
    faces = re.findall(r'<img src="(/d/[^"]+/faces/([a-z0-9-]+)\.jpg[^"]*)" alt="([^"]+)"', html)
    assert [card for _, card, _ in faces] == IDS  # in grid order
    assert faces[0][2] == "The face taught for Pine: Crane"
    assert client.get(faces[0][0].replace("&amp;", "&")).mimetype == "image/jpeg"
    # The faces that look like another card are flagged, with one tap to swap.
    assert html.count('class="face-cell asks"') == len(LOOKS)
    assert "Swap with Pine: Poetry Ribbon" in html
    # The table reads its photos with the deck; its page names it and, on this phone, links it.
    assert client.get(f"/api/v1/sessions/{table}").get_json()["deck_name"] == "Aki's deck"
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert "Aki’s deck" in page or "Aki&#39;s deck" in page
    assert f'href="/d/{deck}"' in page
    # Another phone sees the name, never the link.
    other = app.test_client()
    assert deck not in other.get(f"/t/{table}").get_data(as_text=True)


def test_one_tap_swaps_a_face_read_in_the_wrong_place(app, client, layout):
    deck = teach_on_page(client)
    before = {card: jpeg for token, card, *_, jpeg in _jpegs(app)}
    resp = client.post(f"/d/{deck}/swap", data={"first": "pine-crane", "second": "pine-ribbon"})
    assert resp.status_code == 302 and resp.headers["Location"].endswith("#pine-crane")
    after = {card: jpeg for token, card, *_, jpeg in _jpegs(app)}
    assert after["pine-crane"] == before["pine-ribbon"]
    assert after["pine-ribbon"] == before["pine-crane"]
    html = client.get(f"/d/{deck}").get_data(as_text=True)
    assert "Swap with Pine: Poetry Ribbon" not in html  # the crane's cell no longer asks
    assert (
        client.post(f"/d/{deck}/swap", data={"first": "pine-crane", "second": "x"}).status_code
        == 422
    )
    # A form without its cards (only one made by hand): asked for, not " is not a card id".
    empty = client.post(f"/d/{deck}/swap", data={})
    assert empty.status_code == 422 and "Choose a card" in empty.get_data(as_text=True)
    assert " is not a card id" not in empty.get_data(as_text=True)


def test_an_expired_swap_goes_back_to_the_deck_whatever_it_names(app, layout):
    # A probe (2026-11-29): an expired form's "first" went into the redirect's fragment as
    # sent, and a line break in it answered 500.
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    deck = client.post("/api/v1/decks", json={"name": "Spare"}).get_json()["id"]
    resp = client.post(f"/d/{deck}/swap", data={"first": "pine-crane\r\nX: 1", "second": "x"})
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/d/{deck}")


def _jpegs(app):
    from scorekeeper.models import DeckFace, db

    with app.app_context():
        return db.session.execute(db.select(DeckFace.id, DeckFace.card, DeckFace.jpeg)).all()


def test_a_face_is_retaken_alone_from_its_card_s_page(app, client, layout, one_face):
    deck = teach_on_page(client)
    html = client.get(f"/d/{deck}/cards/maple-deer").get_data(as_text=True)
    assert 'name="photo"' in html and 'capture="environment"' in html
    assert "Maple: Deer" in html
    before = dict((c, j) for _, c, j in _jpegs(app))
    resp = post_multipart(
        client, f"/d/{deck}/cards/maple-deer", files=[("photo", (picture(), "c.jpg"))]
    )
    assert resp.status_code == 302 and resp.headers["Location"].endswith("#maple-deer")
    after = dict((c, j) for _, c, j in _jpegs(app))
    assert after["maple-deer"] != before["maple-deer"]
    assert {c for c in IDS if after[c] != before[c]} == {"maple-deer"}
    one_face.found = 2
    resp = post_multipart(
        client, f"/d/{deck}/cards/maple-deer", files=[("photo", (picture(), "c.jpg"))]
    )
    assert resp.status_code == 422
    assert "2 cards found: take this card alone" in resp.get_data(as_text=True)
    assert client.get(f"/d/{deck}/cards/pine-unicorn").status_code == 404


def test_a_layout_that_is_not_six_rows_of_eight_says_so_beside_the_photo(client, monkeypatch):
    monkeypatch.setattr(recogniser, "read_layout", FakeLayout(recogniser.LayoutError(46)))
    resp = post_multipart(client, "/decks", [("name", "Mine")], [("photo", (picture(), "d.jpg"))])
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert "46 cards found: lay out all 48, six rows of eight" in html
    assert 'aria-invalid="true" aria-describedby="photo-error"' in html


def test_a_club_s_deck_from_its_page_and_read_only_views_name_it_only(client, layout):
    club = new_club(client)
    page = client.get(f"/c/{club}").get_data(as_text=True)
    assert f'href="/decks/new?club={club}"' in page
    deck = teach_on_page(client, club=club, name="Club deck")
    club_json = client.get(f"/api/v1/clubs/{club}").get_json()
    assert club_json["deck"] == deck
    assert f'href="/d/{deck}"' in client.get(f"/c/{club}").get_data(as_text=True)
    view = client.get(club_json["view_url"]).get_data(as_text=True)
    assert "Club deck" in view and deck not in view
    table = new_table(client, club=club)
    table_view = client.get(client.get(f"/api/v1/sessions/{table}").get_json()["view_url"])
    assert "Club deck" in table_view.get_data(as_text=True)
    assert deck not in table_view.get_data(as_text=True)


def test_the_deck_is_named_used_at_a_table_by_its_link_and_deleted(app, client, layout):
    deck = teach_on_page(client, name="")
    assert client.post(f"/d/{deck}/name", data={"name": "Renamed"}).status_code == 302
    assert client.get(f"/api/v1/decks/{deck}").get_json()["name"] == "Renamed"
    assert client.post(f"/d/{deck}/name", data={"name": "n" * 61}).status_code == 422
    table = new_table(client)
    resp = client.post(f"/d/{deck}/use", data={"place": f"http://localhost/t/{table}"})
    assert resp.status_code == 302
    assert client.get(f"/api/v1/sessions/{table}").get_json()["deck_name"] == "Renamed"
    resp = client.post(f"/d/{deck}/use", data={"place": "http://localhost/t/" + "n" * 32})
    assert resp.status_code == 422 and "Paste the link" in resp.get_data(as_text=True)
    assert client.post(f"/d/{deck}/delete").status_code == 302
    assert client.get(f"/d/{deck}").status_code == 404
    assert client.get(f"/api/v1/sessions/{table}").get_json()["deck_name"] is None
    assert stored(app) == []


def test_the_deck_pages_are_in_japanese_too(client, layout):
    deck = teach_on_page(client)
    client.set_cookie("lang", "ja")
    html = client.get(f"/d/{deck}").get_data(as_text=True)
    assert "松に鶴" in html or "松" in html
    assert "Tap a face to retake it alone" not in html
    assert len(CARDS) == 48


def test_a_dice_game_s_table_offers_no_deck(client):
    # A walk at phone size (11-29): a Tokan table offered "Teach your deck"; its are dice.
    resp = client.post("/api/v1/sessions", json={"game": "tokan", "players": ["A", "B", "C"]})
    tokan = resp.get_json()
    page = client.get(f"/t/{tokan['id']}").get_data(as_text=True)
    assert "Teach your deck" not in page and "/decks/new" not in page
    assert client.get(tokan["view_url"].replace("http://localhost", "")).status_code == 200


def test_a_refused_deck_form_keeps_what_was_typed_and_a_deck_without_photo_is_untaught(
    client, layout
):
    """A hostile-page probe (2026-11-29): a table link refused on the deck's page came back
    as an empty field, a name too long came back as the old name, and a deck made without
    a photo was greeted "Your deck is taught" with no face taught."""
    deck = teach_on_page(client)
    typo = "https://score.example/t/ABCDEFGHtypo"
    page = client.post(f"/d/{deck}/use", data={"place": typo}).get_data(as_text=True)
    assert f'name="place" value="{typo}"' in page
    long_name = "n" * 61
    page = client.post(f"/d/{deck}/name", data={"name": long_name}).get_data(as_text=True)
    assert f'name="name" maxlength="60" value="{long_name}"' in page
    made = post_multipart(client, "/decks", [("name", "Bare")], [])
    assert made.status_code == 302
    landed = client.get(made.headers["Location"]).get_data(as_text=True)
    assert "Your deck is made: teach it every face with a photo of its layout." in landed
    assert "Your deck is taught" not in landed
