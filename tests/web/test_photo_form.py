"""'From a photo' on the round form without script (issue 33 item 3): the form posts the photo
with the cards already entered; the server reads it and draws the same form again with the
cards found ticked in the chosen pile or hand (never a card twice; a plain card already taken
becomes its month's free one), the unsure ones marked with a class and a text mark, and a line
saying how many to check. Nothing is saved. The recogniser is a fake here (photo-model's)."""

from __future__ import annotations

import os
import re

import pytest

import scorekeeper
from scorekeeper import recognise
from scorekeeper.models import Table
from scorekeeper.recognise import Found
from tests.web.test_pages import csrf, entry_form, new_table
from tests.web.test_photo_endpoint import picture, post_multipart

FOUND = [
    Found("pine-crane", 0.99, (0, 0, 10, 10), False),  # already in this pile: not twice
    Found("cherry-curtain", 0.99, (10, 0, 10, 10), False),  # in Ben's pile: left there
    Found("pine-chaff-1", 0.95, (20, 0, 10, 10), False),  # taken by Ben: the month's free one
    Found("maple-deer", 0.5, (30, 0, 10, 10), True),  # unsure
    Found("maple-chaff-1", 0.6, (40, 0, 10, 10), True),  # unsure
    Found("iris-bridge", 0.97, (50, 0, 10, 10), False),
]


@pytest.fixture()
def app(tmp_path):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "photo-form", "SQLALCHEMY_DATABASE_URI": url}
    )  # CSRF stays on, as on the pages


@pytest.fixture()
def fake(monkeypatch):
    monkeypatch.setattr(recognise, "find_cards", lambda image, deck=None: list(FOUND))


def ticked(page, name):
    return set(re.findall(rf'name="{name}" value="([^"]+)" checked', page))


def unsure_tiles(page):
    return set(re.findall(r'class="tile[^"]* unsure" data-card="([^"]+)"', page))


def photo_post(client, url, base, target="p0_pile", data=None, rest="1"):
    fields = [(k, v) for k, v in base.items()]
    fields += [("p0_pile", "pine-crane"), ("p1_pile", "cherry-curtain")]
    fields += [("p1_pile", "pine-chaff-1"), ("rest", rest)]
    fields += [("photo_target", target), ("photo_read", "1")]
    photo = picture() if data is None else data
    return post_multipart(client, url, fields, [("photo", (photo, "pile.jpg"))])


def rounds_of(app, url):
    with app.app_context():
        return Table.query.filter_by(token=url.rsplit("/", 1)[1]).one().round_count


def test_a_photo_fills_the_chosen_pile_without_doubling_and_saves_nothing(app, client, fake):
    # Baka: three piles, Cho's the rest of the deck.
    table = new_table(client, "baka", ["Aki", "Ben", "Cho"])
    url, base = entry_form(client, table)
    resp = photo_post(client, url, base, rest="2")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200, page
    assert ticked(page, "p0_pile") == {
        "pine-crane",
        "pine-chaff-2",
        "maple-deer",
        "maple-chaff-1",
        "iris-bridge",
    }
    assert ticked(page, "p1_pile") == {"cherry-curtain", "pine-chaff-1"}
    # The unsure ones: a class and a text mark on their tiles, and a line to say how many.
    assert unsure_tiles(page) == {"maple-deer", "maple-chaff-1"}
    assert page.count('<span class="unsure-mark">?') == 2
    assert "The photo added 4 cards." in page and "2 cards to check" in page
    # The form is still the same form: its tokens are kept, and nothing was saved.
    assert csrf(page)  # a fresh token: the form can be saved as it comes back
    assert f'value="{base["submission_id"]}"' in page
    assert rounds_of(app, table) == 0


def test_a_photo_into_an_exposed_hand_and_on_a_correction(app, client, fake):
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    page = photo_post(client, url, base, target="p1_hand").get_data(as_text=True)
    # Hands are a layer of their own: pine-crane is in Aki's pile and still in Ben's hand.
    assert "pine-crane" in ticked(page, "p1_hand")
    assert "pine-chaff-1" in ticked(page, "p1_hand")
    from tests.helpers import EXAMPLE_A
    from tests.web.test_pages import pile_fields

    client.post(url, data={**base, **pile_fields("p0_pile", EXAMPLE_A), "rest": "1"})
    assert rounds_of(app, table) == 1
    edit, base = entry_form(client, table, number=1)
    resp = photo_post(client, edit, base)
    assert resp.status_code == 200
    assert "maple-deer" in ticked(resp.get_data(as_text=True), "p0_pile")
    assert rounds_of(app, table) == 1


def test_a_photo_on_check_a_hand(client, fake):
    resp = photo_post(client, "/check/toppa", {"n": "2", "yaku_values": "high"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200, page
    assert "iris-bridge" in ticked(page, "p0_pile")
    assert "2 cards to check" in page
    assert 'class="result' not in page  # read, not scored: the player checks first


def test_an_unreadable_photo_is_said_beside_the_field_and_the_cards_are_kept(app, client, fake):
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    resp = photo_post(client, url, base, data=b"not a photo")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert re.search(
        r'id="photo-error"><p class="error" role="alert">This file is not a photo', page
    )
    assert ticked(page, "p0_pile") == {"pine-crane"}
    assert rounds_of(app, table) == 0


def test_a_refused_photo_is_named_in_the_page_s_language_in_the_summary(client, fake):
    """A hostile-page probe (2026-11-29): a Japanese page's summary named the field in
    English ("Photo: 写真が空です...")."""
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    fields = [*base.items(), ("p0_pile", "pine-crane"), ("rest", "1")]
    fields += [("photo_target", "p0_pile"), ("photo_read", "1")]
    ja = {"Accept-Language": "ja"}
    resp = post_multipart(client, url, fields, [("photo", (b"not a photo", "p.jpg"))], ja)
    assert resp.status_code == 422
    summary = resp.get_data(as_text=True).split('id="error-summary"')[1].split("</div>")[0]
    assert "写真" in summary and "Photo" not in summary


def test_a_photo_for_no_target_of_this_form_is_refused(client, fake):
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    resp = photo_post(client, url, base, target="p7_pile")
    assert resp.status_code == 422
    assert "Choose whose cards the photo shows." in resp.get_data(as_text=True)


def test_the_form_s_photos_count_with_the_api_s_against_the_limit(tmp_path, fake):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'l.sqlite'}"
    app = scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "photo-limit",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": True,
            "RATELIMIT_RECOGNISE": "2 per minute",
        }
    )
    client = app.test_client()
    api = post_multipart(client, "/api/v1/recognise", files=[("photo", (picture(), "a.jpg"))])
    assert api.status_code == 200
    assert photo_post(client, "/check/toppa", {"n": "2"}).status_code == 200
    over = photo_post(client, "/check/toppa", {"n": "2"})
    assert over.status_code == 429
    assert over.headers["Retry-After"].isdigit()
    # Checking a hand without a photo is not limited by it.
    assert client.post("/check/toppa", data={"n": "2", "rest": "1"}).status_code in (200, 422)


def test_enter_in_a_field_still_saves_the_form_s_first_submit_is_save(client):
    # Implicit submission (Enter in the phone's name) takes the form's first submit control:
    # it must be Save, never "Read the photo".
    table = new_table(client, "toppa", ["Aki", "Ben"])
    for url in (f"{table}/rounds/new", "/check/toppa"):
        page = client.get(url).get_data(as_text=True)
        form = page[page.index('id="round-form"') :]
        first = re.search(r'<(?:button|input)[^>]*type="submit"[^>]*>', form).group(0)
        assert "photo_read" not in first, first
        assert 'name="photo_read"' in form and 'formenctype="multipart/form-data"' in form
