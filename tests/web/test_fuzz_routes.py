"""Hypothesis bodies and form posts (with a valid CSRF token) against every writing route:
only 2xx, 3xx, 400, 404, 409, 413 or 422, and a refused request stores nothing."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper.cards import CARDS
from tests import fuzz_counts
from tests.helpers import SUIT_IDS

ALLOWED = {200, 201, 302, 303, 400, 404, 409, 413, 422}
CARD_IDS = [c.id for c in CARDS]
FIELD_NAMES = (
    [
        "rest",
        "dealer",
        "stake",
        "wager",
        "round",
        "n",
        "pot",
        "tokens",
        "method",
        "game",
        "players",
        "name",
        "point_value",
        "first_dealer",
        "length",
        "stones",
        "tera_zen_percent",
        "yaku_values",
        "submission_id",
        "expected_number",
        "field",
    ]
    + [
        f"p{i}_{k}"
        for i in range(4)
        for k in (
            "pile",
            "hand",
            "cards",
            "values",
            "name",
            "seated",
            "d1",
            "d2",
            "left_dir",
            "left_n",
            "right_dir",
            "right_n",
            "leave",
            "wager",
        )
    ]
    + [f"p0_pile_chaff_{s}" for s in SUIT_IDS[:4]]
    + [f"d{i}" for i in range(3)]
)
VALUE = (
    st.sampled_from(CARD_IDS)
    | st.integers(-3, 60).map(str)
    | st.text(max_size=8)
    | st.sampled_from(["", "more", "less", "hand-0", "field-1", "1/3", "toppa", "tokan"])
)
FORM = st.dictionaries(
    st.sampled_from(FIELD_NAMES), st.lists(VALUE, min_size=1, max_size=4), max_size=12
)
JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-5, 50)
    | st.text(max_size=6)
    | st.sampled_from(CARD_IDS)
)
JSON_BODY = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(
                [
                    "players",
                    "name",
                    "captured",
                    "hand",
                    "cards",
                    "dice",
                    "left",
                    "right",
                    "kind",
                    "game",
                    "rules",
                    "settings",
                    "submission_id",
                    "expected_number",
                    "field",
                    "stake",
                    "dealer",
                    "wager",
                    "format",
                    "rounds",
                    "input",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


def setup_app(tmp_path):
    import os

    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'f.sqlite'}"
    app = scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "fuzz", "SQLALCHEMY_DATABASE_URI": url}
    )
    client = app.test_client()
    tokens = {}
    for game, players in (
        ("toppa", ["A", "B"]),
        ("baka", ["A", "B", "C"]),
        ("tokotoko", ["A", "B"]),
        ("otoroku", ["A", "B", "C"]),
        ("tokan", ["A", "B", "C"]),
    ):
        resp = client.post("/api/v1/sessions", json={"game": game, "players": players})
        tokens[game] = resp.get_json()["id"]
    sid = tokens["toppa"]
    client.post(
        f"/api/v1/sessions/{sid}/rounds", json={"players": [{"captured": CARD_IDS[:4]}, {}]}
    )
    page = client.get("/").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    return app, client, tokens, csrf


def snapshot(client, tokens):
    return {g: client.get(f"/api/v1/sessions/{t}").get_json() for g, t in tokens.items()}


def test_form_posts_never_fail_or_half_store(tmp_path):
    app, client, tokens, csrf = setup_app(tmp_path)
    routes = [
        "/tables",
        "/import",
        "/check/{game}",
        "/check/draw/{game}",
        "/t/{tok}/rounds/new",
        "/t/{tok}/rounds/1/edit",
        "/t/{tok}/rounds/9/delete",
        "/t/{tok}/end",
    ]

    @settings(
        max_examples=250,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(route=st.sampled_from(routes), game=st.sampled_from(sorted(tokens)), form=FORM)
    def check(route, game, form):
        fuzz_counts["form posts"] = fuzz_counts.get("form posts", 0) + 1
        url = route.format(game=game, tok=tokens[game])
        before = snapshot(client, tokens)
        resp = client.post(url, data={**form, "csrf_token": csrf})
        assert resp.status_code in ALLOWED, (url, form, resp.status_code)
        if resp.status_code >= 400:
            assert snapshot(client, tokens) == before, (url, form)

    check()


def test_api_bodies_never_fail_or_half_store(tmp_path):
    app, client, tokens, _ = setup_app(tmp_path)
    routes = [
        ("POST", "/api/v1/sessions"),
        ("POST", "/api/v1/sessions/import"),
        ("POST", "/api/v1/sessions/{tok}/rounds"),
        ("PUT", "/api/v1/sessions/{tok}/rounds/1"),
        ("POST", "/api/v1/score/{game}"),
    ]

    @settings(
        max_examples=250,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        route=st.sampled_from(routes),
        game=st.sampled_from(sorted(tokens)),
        body=JSON_BODY
        | st.fixed_dictionaries(
            {"players": st.lists(JSON_BODY, max_size=4)}, optional={"kind": st.just("end")}
        ),
    )
    def check(route, game, body):
        fuzz_counts["API bodies"] = fuzz_counts.get("API bodies", 0) + 1
        method, path = route
        url = path.format(game=game, tok=tokens[game])
        before = snapshot(client, tokens)
        resp = client.open(
            url, method=method, data=json.dumps(body), content_type="application/json"
        )
        assert resp.status_code in ALLOWED, (url, body, resp.status_code, resp.get_data())
        if resp.status_code >= 400:
            assert snapshot(client, tokens) == before, (url, body)

    check()
