"""The JSON the app answers with is written by orjson (``jsonio.Provider``) and reads as the
standard library would have written it: keys in their order, text as UTF-8, and what orjson
does not write itself (dates, an integer beyond 64 bits, text with a lone surrogate) written
the standard library's way."""

from __future__ import annotations

import json
from datetime import datetime

from flask import json as flask_json


def test_answers_keep_their_keys_order_and_text(app):
    with app.app_context():
        text = flask_json.dumps({"z": 1, "a": "花札 ☆", "m": [True, None]})
    assert text == '{"z":1,"a":"花札 ☆","m":[true,null]}'


def test_what_orjson_does_not_write_goes_the_standard_librarys_way(app):
    with app.app_context():
        big = flask_json.dumps({"n": 2**70})
        when = flask_json.dumps({"at": datetime(2026, 11, 23, 21, 4)})
        odd = flask_json.dumps({"s": "a\ud800b"})
    assert json.loads(big) == {"n": 2**70}
    assert json.loads(when) == {"at": "Mon, 23 Nov 2026 21:04:00 GMT"}  # Flask's http date
    assert json.loads(odd) == {"s": "a\ud800b"}


def test_an_api_answer_in_japanese_reads_back(client):
    resp = client.post(
        "/api/v1/sessions", json={"name": "金曜の卓", "game": "toppa", "players": ["花子", "太郎"]}
    )
    assert resp.status_code == 201
    assert resp.mimetype == "application/json"
    data = json.loads(resp.data.decode("utf-8"))
    assert data["name"] == "金曜の卓"
    assert [p["name"] for p in data["players"]] == ["花子", "太郎"]
