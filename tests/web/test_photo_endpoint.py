"""POST /api/v1/recognise (issue 33 items 1 and 5): a photo in, the cards it shows out, and a
clear 422 for anything that is not a readable photo. The recogniser is photo-model's: here a
fake stands in for it (``find_cards``), which finds the red patches of a generated photo, so
the wiring is tested (decoding, EXIF orientation, scaling down and boxes back in the photo's
own coordinates) without the model."""

from __future__ import annotations

import io
import logging
import os
import time

import numpy
import pytest
import werkzeug.formparser
from jsonschema import Draft202012Validator
from PIL import Image

import scorekeeper
from scorekeeper import photos, recognise
from scorekeeper.recognise import Found

RED = (220, 20, 20)


class FakeRecogniser:
    """Finds each red patch (R high, G and B low) as a card: 'pine-crane' for the first, in
    reading order; sure of it unless told otherwise. Remembers the image it was given."""

    def __init__(self, cards=("pine-crane",), confidence=0.97):
        self.cards = cards
        self.confidence = confidence
        self.shapes = []

    def __call__(self, image, deck=None):
        assert image.dtype == numpy.uint8 and image.ndim == 3 and image.shape[2] == 3
        self.shapes.append(image.shape)
        b, g, r = image[:, :, 0].astype(int), image[:, :, 1].astype(int), image[:, :, 2].astype(int)
        ys, xs = numpy.nonzero((r > 150) & (g < 90) & (b < 90))
        if not len(xs):
            return []
        x, y = int(xs.min()), int(ys.min())
        box = (x, y, int(xs.max()) - x + 1, int(ys.max()) - y + 1)
        return [Found(card, self.confidence, box, self.confidence < 0.8) for card in self.cards]


@pytest.fixture()
def fake(monkeypatch):
    found = FakeRecogniser()
    monkeypatch.setattr(recognise, "find_cards", found)
    return found


def picture(size=(400, 300), patch=(40, 30, 80, 60), fmt="JPEG", exif=None, mode="RGB"):
    """A generated photo: grey, with a red patch (x, y, w, h) where a card lies."""
    img = Image.new(mode, size, (128, 128, 120) if mode == "RGB" else 0)
    if patch is not None and mode == "RGB":
        x, y, w, h = patch
        img.paste(RED, (x, y, x + w, y + h))
    out = io.BytesIO()
    kwargs = {"exif": exif} if exif is not None else {}
    img.save(out, fmt, **kwargs)
    return out.getvalue()


BOUNDARY = "photo-test-boundary-7a1c"


def multipart(fields, files):
    """A multipart body, made here: werkzeug's test client spools a large one to a temporary
    file it leaves open."""
    out = io.BytesIO()
    for name, value in fields:
        out.write(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode())
        out.write(value.encode() + b"\r\n")
    for name, (data, filename) in files:
        out.write(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
        )
        out.write(data + b"\r\n")
    out.write(f"--{BOUNDARY}--\r\n".encode())
    return out.getvalue()


def post_multipart(client, url, fields=(), files=(), headers=None):
    return client.post(
        url,
        data=multipart(fields, files),
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
        headers=headers or {},
    )


def send(client, data, field="photo", filename="pile.jpg"):
    return post_multipart(client, "/api/v1/recognise", files=[(field, (data, filename))])


def refused(resp, words, status=422):
    assert resp.status_code == status, resp.get_data(as_text=True)
    errors = resp.get_json()["errors"]
    assert len(errors) == 1
    assert words in errors[0]["message"], errors[0]["message"]
    return errors[0]


def test_a_photo_comes_back_as_its_cards_with_boxes_in_its_own_pixels(client, fake):
    resp = send(client, picture())
    assert resp.status_code == 200
    assert resp.get_json() == {
        "cards": [
            {"card": "pine-crane", "confidence": 0.97, "box": [40, 30, 80, 60], "unsure": False}
        ],
        "width": 400,
        "height": 300,
    }


@pytest.mark.parametrize("fmt", ["PNG", "WEBP"])
def test_png_and_webp_are_read_too(client, fake, fmt):
    resp = send(client, picture(fmt=fmt, patch=(100, 50, 60, 90)), filename=f"pile.{fmt}")
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert (body["width"], body["height"]) == (400, 300)
    assert body["cards"][0]["box"] == [100, 50, 60, 90]


def test_a_jpeg_with_a_second_picture_inside_is_read_as_the_jpeg_it_is(client, fake):
    """A phone's HDR photo keeps a second picture (its gain map) in an MPF block, which
    Pillow calls MPO: the first picture is the photo, read as any JPEG (found by a probe:
    it was refused as "Photos in MPO are not read here")."""
    img = Image.new("RGB", (400, 300), (128, 128, 120))
    img.paste(RED, (100, 50, 160, 140))
    out = io.BytesIO()
    img.save(out, "MPO", save_all=True, append_images=[Image.new("RGB", (200, 150))])
    assert Image.open(io.BytesIO(out.getvalue())).format == "MPO"
    resp = send(client, out.getvalue(), filename="IMG_0001.jpg")
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["cards"][0]["box"] == [100, 50, 60, 90]
    assert fake.shapes == [(300, 400, 3)]  # the photo itself, not the picture inside


def test_a_month_s_plain_cards_come_back_as_the_recogniser_gave_them(client, monkeypatch):
    monkeypatch.setattr(
        recognise, "find_cards", FakeRecogniser(("pine-chaff-1", "pine-chaff-2"), 0.5)
    )
    body = send(client, picture()).get_json()
    assert [(c["card"], c["confidence"], c["unsure"]) for c in body["cards"]] == [
        ("pine-chaff-1", 0.5, True),
        ("pine-chaff-2", 0.5, True),
    ]


def test_a_huge_photo_is_scaled_down_to_be_read_never_refused(client, fake):
    # 48 megapixels, as a phone's largest: the recogniser sees it at most MAX_SIDE a side,
    # and the box comes back in the photo's own pixels.
    data = picture(size=(8000, 6000), patch=(2000, 1000, 800, 1200))
    assert len(data) <= photos.MAX_BYTES
    started = time.perf_counter()
    resp = send(client, data)
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert (body["width"], body["height"]) == (8000, 6000)
    assert max(fake.shapes[0][:2]) <= recognise.MAX_SIDE
    x, y, w, h = body["cards"][0]["box"]
    # Scaled down and up again: within a few of the photo's pixels.
    assert abs(x - 2000) <= 12 and abs(y - 1000) <= 12
    assert abs(w - 800) <= 24 and abs(h - 1200) <= 24
    assert time.perf_counter() - started < 10


def test_a_decompression_bomb_is_refused_before_it_is_decoded(client, fake, monkeypatch):
    # A PNG of 20,000 x 20,000 one-colour pixels: a few hundred kB that would decode to
    # 400 million pixels. Refused by its declared size; nothing is decoded.
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, "PNG")
    data = out.getvalue()
    assert len(data) < 1024 * 1024
    loads = []
    real_load = Image.Image.load
    monkeypatch.setattr(Image.Image, "load", lambda self: loads.append(self) or real_load(self))
    refused(send(client, data, filename="bomb.png"), "too many pixels")
    assert loads == [] and fake.shapes == []


def test_a_photo_over_the_pixel_limit_but_under_pillow_s_own_is_refused_too(client, fake):
    out = io.BytesIO()
    Image.new("1", (8_000, 7_000)).save(out, "PNG")  # 56 megapixels
    error = refused(send(client, out.getvalue(), filename="big.png"), "(56 megapixels; at most 50)")
    assert error["field"] == "photo"


def test_a_truncated_jpeg_is_a_damaged_photo(client, fake):
    data = picture(size=(800, 600))
    refused(send(client, data[: len(data) // 2]), "damaged or cut short")
    assert fake.shapes == []


def test_exif_rotation_turns_the_width_height_and_boxes(client, fake):
    # Stored 400 x 200 with the patch at its top left; EXIF 6 says "turn a quarter clockwise
    # to show": shown 200 x 400, the patch at the top right.
    exif = Image.Exif()
    exif[0x0112] = 6
    data = picture(size=(400, 200), patch=(0, 0, 60, 40), exif=exif)
    body = send(client, data).get_json()
    assert (body["width"], body["height"]) == (200, 400)
    assert body["cards"][0]["box"] == [160, 0, 40, 60]
    assert fake.shapes[0][:2] == (400, 200)


@pytest.mark.parametrize(
    ("data", "filename", "words"),
    [
        (b"%PDF-1.4 not a picture at all", "pile.pdf", "not a photo"),
        (b"", "pile.jpg", "empty"),
        (None, "pile.gif", "Photos in GIF are not read here"),
        (None, "pile.bmp", "Photos in BMP are not read here"),
    ],
)
def test_what_is_not_a_readable_photo_is_a_clear_422(client, fake, data, filename, words):
    if data is None:
        out = io.BytesIO()
        Image.new("RGB", (20, 20)).save(out, filename.rsplit(".", 1)[1].upper())
        data = out.getvalue()
    error = refused(send(client, data, filename=filename), words)
    assert error["field"] == "photo"
    assert fake.shapes == []


def test_a_photo_over_12_mb_is_refused_with_a_clear_message(client, fake):
    # Just over 12 MB: the body fits, the photo does not.
    refused(send(client, os.urandom(photos.MAX_BYTES + 1)), "larger than 12 MB")
    # Far over: the body itself is refused before it is read (API.md: 413), in the same
    # words, at the photo's field (it said "The data value transmitted exceeds the capacity
    # limit." at no field: found by a probe).
    resp = send(client, os.urandom(photos.MAX_BYTES + 1024 * 1024))
    assert resp.status_code == 413
    assert resp.get_json()["errors"] == [
        {
            "field": "photo",
            "message": "The photo is larger than 12 MB: take it again at a smaller size.",
        }
    ]
    # A page's form says it too, on the error page, in the reader's language.
    page = post_multipart(
        client,
        "/check/toppa",
        files=[("photo", (os.urandom(photos.MAX_BYTES + 1024 * 1024), "pile.jpg"))],
        headers={"Accept-Language": "ja"},
    )
    assert page.status_code == 413
    assert "写真が12MBを超えています" in page.get_data(as_text=True)
    # A body too large that carries no photo keeps the general words.
    plain = client.post(
        "/api/v1/sessions", data=b"x" * (300 * 1024), content_type="application/json"
    )
    assert plain.status_code == 413 and plain.get_json()["errors"][0]["field"] == ""


def test_a_photo_too_large_for_a_round_form_leads_back_to_its_table(client, fake):
    """A hostile-page probe (2026-11-29): a photo over the body limit on a table's round form
    (no script) answered a page whose only way on was "Back to the start page": it leads
    back to the table too, and says the browser's Back keeps what was entered."""
    sid = client.post(
        "/api/v1/sessions", json={"name": "t", "game": "toppa", "players": ["Aki", "Ben"]}
    ).get_json()["id"]
    page = post_multipart(
        client,
        f"/t/{sid}/rounds/new",
        files=[("photo", (os.urandom(photos.MAX_BYTES + 1024 * 1024), "pile.jpg"))],
    )
    assert page.status_code == 413
    text = page.get_data(as_text=True)
    assert f'href="/t/{sid}"' in text and "Back to the table" in text
    assert "Back button takes you back to the form as you left it" in text


def test_the_wrong_field_name_or_no_body_is_a_422_that_says_what_is_missing(client, fake):
    error = refused(send(client, picture(), field="image"), "Choose a photo of the cards")
    assert error["field"] == "photo"
    refused(client.post("/api/v1/recognise"), "Choose a photo of the cards")
    refused(client.post("/api/v1/recognise", json={"photo": "x"}), "Choose a photo")


def test_get_is_not_allowed(client):
    resp = client.get("/api/v1/recognise")
    assert resp.status_code == 405
    assert resp.get_json()["errors"]


def test_the_photo_stays_in_memory_and_out_of_the_log(client, fake, monkeypatch, caplog):
    # werkzeug keeps an upload over 500 kB in a temporary file unless told otherwise.
    def no_files(*args, **kwargs):
        raise AssertionError("the photo was written to a temporary file")

    monkeypatch.setattr(werkzeug.formparser, "SpooledTemporaryFile", no_files, raising=False)
    monkeypatch.setattr(werkzeug.formparser, "TemporaryFile", no_files, raising=False)
    data = picture(size=(3000, 2000), patch=(10, 10, 50, 50), fmt="PNG")
    big = data + b"\0" * max(0, 700 * 1024 - len(data))  # trailing bytes PNG readers skip
    caplog.set_level(logging.DEBUG)
    resp = send(client, big, filename="secret-pile-of-aki.png")
    assert resp.status_code == 200, resp.get_json()
    # A refused one is not logged either.
    assert send(client, b"GIF89a-broken", filename="secret-pile-of-aki.gif").status_code == 422
    logged = caplog.text + "".join(str(r.__dict__) for r in caplog.records)
    assert "secret-pile" not in logged
    assert "PNG" not in logged and "GIF89a" not in logged


def test_the_answer_fits_the_openapi_description(client, fake):
    spec = client.get("/api/v1/openapi.json").get_json()
    post = spec["paths"]["/api/v1/recognise"]["post"]
    schema = post["responses"]["200"]["content"]["application/json"]["schema"]
    Draft202012Validator(schema).validate(send(client, picture()).get_json())
    errors = post["responses"]["422"]["content"]["application/json"]["schema"]
    resolved = {**errors, "$defs": spec["components"]["schemas"]}
    resolved["$ref"] = "#/$defs/Errors"
    Draft202012Validator(resolved).validate(send(client, b"no").get_json())


def test_photos_are_rate_limited_per_address(tmp_path, fake):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    app = scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "photo-limit",
            "SQLALCHEMY_DATABASE_URI": url,
            "RATELIMIT_ENABLED": True,
            "RATELIMIT_RECOGNISE": "2 per minute",
        }
    )
    client = app.test_client()
    assert [send(client, picture()).status_code for _ in range(2)] == [200, 200]
    resp = send(client, picture())
    assert resp.status_code == 429
    assert resp.headers["Retry-After"].isdigit()
