"""Many photos at once (issue 38 item 5): a process reads at most ``PHOTO_READERS`` photos at
once (``photos.reading_slot``). A photo that finds every reader busy for ``PHOTO_WAIT`` seconds
is answered ``503`` with ``Retry-After`` rather than queued, by the API and by the round form
(which says so beside the photo's field and stores nothing), so that a flood of photos never
holds up other tables' rounds. The readers are held here from other threads, as other phones'
photos would hold them."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from jsonschema import Draft202012Validator

import scorekeeper
from scorekeeper import photos, recognise
from tests.web.test_pages import entry_form, new_table
from tests.web.test_photo_endpoint import FakeRecogniser, picture, send
from tests.web.test_photo_form import photo_post, rounds_of, ticked

BUSY = "The server is busy reading other photos: try again in a moment."


@pytest.fixture()
def app(tmp_path):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "photo-busy",
            "SQLALCHEMY_DATABASE_URI": url,
            "PHOTO_READERS": 2,
            "PHOTO_WAIT": 0.2,
        }
    )  # CSRF stays on, as on the pages


@pytest.fixture()
def fake(monkeypatch):
    found = FakeRecogniser()
    monkeypatch.setattr(recognise, "find_cards", found)
    return found


@contextmanager
def held(app, readers: int) -> Iterator[None]:
    """``readers`` of the app's photo readers held by other threads (other phones' photos)
    until the block ends."""
    taken = threading.Barrier(readers + 1)
    done = threading.Event()

    def hold() -> None:
        with app.app_context(), photos.reading_slot():
            taken.wait()
            done.wait(30)

    threads = [threading.Thread(target=hold) for _ in range(readers)]
    for t in threads:
        t.start()
    taken.wait(30)
    try:
        yield
    finally:
        done.set()
        for t in threads:
            t.join(30)


def test_a_photo_while_every_reader_is_busy_is_a_503_with_retry_after(app, fake):
    client = app.test_client()
    with held(app, 2):
        started = time.monotonic()
        resp = send(client, picture())
        waited = time.monotonic() - started
    assert resp.status_code == 503, resp.get_data(as_text=True)
    assert int(resp.headers["Retry-After"]) >= 1
    assert resp.get_json() == {"errors": [{"field": "", "message": BUSY}]}
    assert fake.shapes == []  # not read, not even decoded
    assert waited < 5  # it waited PHOTO_WAIT for a reader, not until one was free
    # The description says so, and the answer fits it.
    spec = client.get("/api/v1/openapi.json").get_json()
    answer = spec["paths"]["/api/v1/recognise"]["post"]["responses"]["503"]
    assert "Retry-After" in answer["headers"]
    assert answer["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Errors"
    }
    schema = {"$ref": "#/$defs/Errors", "$defs": spec["components"]["schemas"]}
    Draft202012Validator(schema).validate(resp.get_json())
    # A reader free again: the same photo is read.
    assert send(client, picture()).status_code == 200


def test_one_reader_free_is_enough(app, fake):
    client = app.test_client()
    with held(app, 1):
        resp = send(client, picture())
    assert resp.status_code == 200, resp.get_json()


def test_the_round_form_says_busy_beside_the_photo_field_and_stores_nothing(app, fake):
    client = app.test_client()
    table = new_table(client, "toppa", ["Aki", "Ben"])
    url, base = entry_form(client, table)
    with held(app, 2):
        resp = photo_post(client, url, base)
    page = resp.get_data(as_text=True)
    assert resp.status_code == 503, page
    assert int(resp.headers["Retry-After"]) >= 1
    assert re.search(rf'id="photo-error"><p class="error" role="alert">{re.escape(BUSY)}', page)
    assert ticked(page, "p0_pile") == {"pine-crane"}  # what was entered is kept
    assert 'class="photo-said"' not in page
    assert rounds_of(app, table) == 0
    assert fake.shapes == []


def test_check_a_hand_says_busy_too(app, fake):
    client = app.test_client()
    with held(app, 2):
        resp = photo_post(client, "/check/toppa", {"n": "2", "yaku_values": "high"})
    assert resp.status_code == 503
    assert resp.headers["Retry-After"].isdigit()
    assert BUSY in resp.get_data(as_text=True)


def test_a_reading_inside_another_on_the_same_thread_takes_no_second_reader(app):
    # A taught deck's endpoint may hold a reader for a whole request and read each photo
    # inside it: one reader, never a wait on itself.
    app.config["PHOTO_READERS"] = 1
    with app.app_context(), photos.reading_slot(), photos.reading_slot():
        pass
    with app.app_context(), photos.reading_slot():
        pass  # and it was given back


def test_a_deck_s_form_says_busy_beside_its_photo_and_keeps_its_name(app, fake):
    """A probe (2026-11-29): a deck's forms answered a bare 503 error page and lost what was
    typed; they now say it beside the photo's field, as the round form does."""
    from tests.web.test_photo_endpoint import post_multipart

    client = app.test_client()
    form = client.get("/decks/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)
    assert token is not None
    fields = [("csrf_token", token.group(1)), ("name", "Aki's deck")]
    with held(app, 2):
        resp = post_multipart(client, "/decks", fields, [("photo", (picture(), "deck.jpg"))])
    page = resp.get_data(as_text=True)
    assert resp.status_code == 503, page
    assert resp.headers["Retry-After"].isdigit()
    assert re.search(rf'id="photo-error"><p class="error" role="alert">{re.escape(BUSY)}', page)
    assert 'value="Aki&#39;s deck"' in page  # what was typed is kept
