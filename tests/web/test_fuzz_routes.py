"""Hypothesis bodies and form posts (with a valid CSRF token) against every writing route:
only 2xx, 3xx, 400, 404, 409, 413 or 422, and a refused request stores nothing."""

from __future__ import annotations

import io
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper.cards import CARDS
from tests import fuzz_counts
from tests.helpers import SUIT_IDS
from tests.hostile import (
    AMOUNT_TEXT,
    FORM_VALUE,
    HOSTILE,
    NOT_UTF8,
    Raw,
    dump,
    plant,
)

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
        "based_on",
        "field",
        "seq",
        "what",
        "p0",
        "p1",
        "add_name",
        "player",
        "carry",
        "version",
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
    | st.sampled_from(["table", "settings", "rename", "add", "remove", "rematch", "yes"])
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
                    "rename",
                    "add",
                    "remove",
                    "point_value",
                    "version",
                    "carry",
                    "journal",
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
        "/t/{tok}/rounds/new/preview",  # the bar's preview (issue 39): never stores
        "/t/{tok}/rounds/1/edit/preview",
        "/t/{tok}/rounds/9/delete",
        "/t/{tok}/end",
        "/t/{tok}/undo",
        "/t/{tok}/restore",
        "/t/{tok}/continue",
        "/t/{tok}/edit",
        "/t/{tok}/settle",
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
        if resp.status_code >= 400 or url.endswith("/preview"):
            assert snapshot(client, tokens) == before, (url, form)

    check()


def test_api_bodies_never_fail_or_half_store(tmp_path):
    app, client, tokens, _ = setup_app(tmp_path)
    routes = [
        ("POST", "/api/v1/sessions"),
        ("POST", "/api/v1/sessions/import"),
        ("POST", "/api/v1/sessions/{tok}/rounds"),
        ("PUT", "/api/v1/sessions/{tok}/rounds/1"),
        ("POST", "/api/v1/sessions/{tok}/undo"),
        ("POST", "/api/v1/score/{game}"),
        ("PATCH", "/api/v1/sessions/{tok}"),
        ("POST", "/api/v1/sessions/{tok}/settle"),
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


# -- hostile values on every writing route (issue 9) --------------------------------------------
# Huge, negative and non-finite numbers, text that cannot be stored, deep nesting and bytes
# that are not UTF-8, planted into otherwise good bodies and forms so they reach the code that
# stores. After every request, refused or not, each table still reads: its session, its page
# and its export.

HALF = [c.id for c in CARDS if c.month <= 6]
ROUND_BODIES = {
    "toppa": {"players": [{"captured": HALF}, {}]},
    "baka": {"players": [{"captured": HALF[:12]}, {"captured": HALF[12:]}, {}]},
    "tokotoko": {
        "stake": 5,
        "field": ["pine-chaff-2", "maple-deer"],
        "players": [
            {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
            {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
        ],
    },
    "otoroku": {"wager": 10, "players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [5, 5]}]},
    "tokan": {"players": [{"dice": [1, 1], "left": 0, "right": 0} for _ in range(3)]},
}
ROUND_PATHS = (
    [
        (k,)
        for k in (
            "stake",
            "wager",
            "pot",
            "tokens",
            "dealer",
            "round",
            "method",
            "rules",
            "zz",
            "submission_id",
            "expected_number",
            "kind",
            "field",
            "players",
        )
    ]
    + [
        ("players", i, k)
        for i in (0, 1, 3)
        for k in (
            "name",
            "captured",
            "hand",
            "cards",
            "dice",
            "left",
            "right",
            "chosen",
            "wager",
            "zz",
        )
    ]
    + [("players", 0, "dice", 0), ("players", 1, "cards", 0), ("field", 0), ("rules", "zz")]
)
TABLE_BODIES = {
    game: {"name": "Friday", "game": game, "players": players}
    for game, players in (
        ("toppa", ["A", "B"]),
        ("tokotoko", ["A", "B"]),
        ("otoroku", ["A", "B", "C"]),
        ("tokan", ["A", "B", "C"]),
    )
}
TABLE_PATHS = [
    ("name",),
    ("players", 0),
    ("players", 5),
    ("point_value",),
    ("first_dealer",),
    ("zz",),
    ("rules",),
    ("settings",),
    ("settings", "stake"),
    ("settings", "wager"),
    ("settings", "tokens"),
    ("settings", "stones"),
    ("rules", "tera_zen_percent"),
    ("stake",),
]
IMPORT_PATHS = [
    ("totals", 0),
    ("totals",),
    ("pot",),
    ("house",),
    ("name",),
    ("players", 0),
    ("point_value",),
    ("rounds",),
    ("rounds", 0, "number"),
    ("rounds", 0, "deltas", 0),
    ("rounds", 0, "input", "zz"),
    ("rounds", 0, "input", "players", 0, "dice", 0),
    ("rounds", 0, "input", "players", 0, "name"),
    ("rounds", 1, "kind"),
    ("rounds", 1, "input"),
    ("rounds", 0, "at"),
    ("journal",),
    ("journal", 0, "at"),
    ("journal", 0, "summary"),
]
PATCH_BODY = {"name": "Friday", "settings": {}, "rename": {}}
PATCH_PATHS = [
    ("name",),
    ("point_value",),
    ("settings", "stake"),
    ("settings", "length"),
    ("rename", "A"),
    ("rename",),
    ("add",),
    ("add", 0),
    ("remove", 0),
    ("zz",),
]
BAD_BYTES = "\x01BAD\x01"


def hostile_setup(tmp_path):
    app, client, tokens, csrf = setup_app(tmp_path)
    for game, body in ROUND_BODIES.items():
        if game != "toppa":
            resp = client.post(f"/api/v1/sessions/{tokens[game]}/rounds", json=body)
            assert resp.status_code == 201, resp.get_json()
    exported = client.get(f"/api/v1/sessions/{tokens['tokan']}/export.json").get_json()
    return app, client, tokens, csrf, exported


def still_reads(client, tokens, game):
    """Every table answers its session; the one written to also its page and export."""
    state = {}
    for g, tok in tokens.items():
        resp = client.get(f"/api/v1/sessions/{tok}")
        assert resp.status_code == 200, (g, resp.status_code)
        state[g] = resp.get_json()
    for url in (f"/t/{tokens[game]}", f"/t/{tokens[game]}/export.json"):
        assert client.get(url).status_code == 200, url
    return state


def body_bytes(body, bad):
    data = dump(body).encode()
    return data.replace(BAD_BYTES.encode(), bad) if bad else data


VALUE = HOSTILE | st.sampled_from([Raw('"' + BAD_BYTES + '"')]) | AMOUNT_TEXT


def test_hostile_api_bodies_never_fail_and_tables_still_read(tmp_path):
    app, client, tokens, _, exported = hostile_setup(tmp_path)

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        route=st.sampled_from(
            ["rounds", "correct", "create", "import", "score", "delete", "undo", "patch", "settle"]
        ),
        patch_path=st.sampled_from(PATCH_PATHS),
        game=st.sampled_from(sorted(tokens)),
        round_path=st.sampled_from(ROUND_PATHS),
        table_path=st.sampled_from(TABLE_PATHS),
        import_path=st.sampled_from(IMPORT_PATHS),
        value=VALUE,
        bad=NOT_UTF8,
        number=st.integers(-5, 2**70) | st.sampled_from([2**31, 2**63, 2**64]),
    )
    def check(route, game, patch_path, round_path, table_path, import_path, value, bad, number):
        fuzz_counts["hostile API bodies"] = fuzz_counts.get("hostile API bodies", 0) + 1
        tok = tokens[game]
        method = "POST"
        if route in ("rounds", "correct", "score"):
            body = plant(ROUND_BODIES[game], round_path, value)
            url = {
                "rounds": f"/api/v1/sessions/{tok}/rounds",
                "correct": f"/api/v1/sessions/{tok}/rounds/{number}",
                "score": f"/api/v1/score/{game}",
            }[route]
            method = "PUT" if route == "correct" else "POST"
        elif route == "create":
            body = plant(TABLE_BODIES.get(game, TABLE_BODIES["toppa"]), table_path, value)
            url = "/api/v1/sessions"
        elif route == "import":
            body = plant(exported, import_path, value)
            url = "/api/v1/sessions/import"
        elif route == "undo":
            body = {"seq": value}
            url = f"/api/v1/sessions/{tok}/undo"
        elif route == "patch":
            body, method = plant(PATCH_BODY, patch_path, value), "PATCH"
            url = f"/api/v1/sessions/{tok}"
        elif route == "settle":
            body = {"version": value}
            url = f"/api/v1/sessions/{tok}/settle"
        else:
            body, method = {}, "DELETE"
            url = f"/api/v1/sessions/{tok}/rounds/{number}"
        before = still_reads(client, tokens, game)
        resp = client.open(
            url, method=method, data=body_bytes(body, bad), content_type="application/json"
        )
        assert resp.status_code in ALLOWED, (url, resp.status_code, resp.get_data()[:300])
        if resp.status_code >= 400:
            errors = resp.get_json()["errors"]
            assert errors and all(e["message"] for e in errors)
        after = still_reads(client, tokens, game)
        if resp.status_code >= 400:
            assert after == before, url

    check()


ROUND_FORMS = {
    "toppa": {"rest": "1", "p0_pile": [c for c in HALF if "chaff" not in c]},
    "baka": {"rest": "2", "p0_pile": ["pine-crane"], "p1_pile": ["plum-ribbon"]},
    "tokotoko": {
        "stake": "5",
        "field": ["maple-deer"],
        "field_chaff_pine": "1",
        "p0_hand": ["plum-ribbon"],
        "p0_hand_chaff_chrysanthemum": "1",
        "p1_hand": ["wisteria-ribbon"],
        "p1_hand_chaff_pine": "1",
    },
    "otoroku": {
        "wager": "10",
        **{f"p{i}_name": n for i, n in enumerate("ABC")},
        **{f"p{i}_values": v for i, v in enumerate(("3 4", "7 8", "5 5"))},
    },
    "tokan": {
        **{f"p{i}_name": n for i, n in enumerate("ABC")},
        **{f"p{i}_seated": "1" for i in range(3)},
        **{f"p{i}_d{d}": "1" for i in range(3) for d in (1, 2)},
        **{f"p{i}_{s}_n": "0" for i in range(3) for s in ("left", "right")},
    },
}
FORM_KEYS = [
    "based_on",
    "stake",
    "wager",
    "pot",
    "dealer",
    "rest",
    "n",
    "tokens",
    "submission_id",
    "expected_number",
    "p0_wager",
    "p1_values",
    "p0_d1",
    "p1_left_n",
    "p2_right_n",
    "p0_pile_chaff_pine",
    "field_chaff_pine",
    "p0_name",
    "p0_seated",
    "name",
    "players",
    "point_value",
    "first_dealer",
    "stones",
    "tera_zen_percent",
]


def test_hostile_form_posts_never_fail_and_tables_still_read(tmp_path):
    app, client, tokens, csrf, exported = hostile_setup(tmp_path)
    routes = [
        "/tables",
        "/import",
        "/check/{game}",
        "/t/{tok}/rounds/new",
        "/t/{tok}/rounds/1/edit",
        "/t/{tok}/rounds/{number}/edit",
        "/t/{tok}/rounds/{number}/delete",
        "/t/{tok}/end",
        "/t/{tok}/undo",
        "/t/{tok}/restore",
        "/t/{tok}/edit",
        "/t/{tok}/settle",
    ]

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        route=st.sampled_from(routes),
        game=st.sampled_from(sorted(tokens)),
        key=st.sampled_from(FORM_KEYS),
        value=FORM_VALUE,
        number=st.integers(2, 2**70),
        import_path=st.sampled_from(IMPORT_PATHS),
        file_value=HOSTILE,
        bad=NOT_UTF8,
    )
    def check(route, game, key, value, number, import_path, file_value, bad):
        fuzz_counts["hostile form posts"] = fuzz_counts.get("hostile form posts", 0) + 1
        url = route.format(game=game, tok=tokens[game], number=number)
        form = dict(ROUND_FORMS[game])
        if route == "/tables":
            form = {"game": game, "players": "A\nB\nC", "name": "Friday"}
        form[key] = value
        form["csrf_token"] = csrf
        if route == "/import":
            content = body_bytes(plant(exported, import_path, file_value), bad)
            form = {"csrf_token": csrf, "file": (io.BytesIO(content), "t.json")}
        before = still_reads(client, tokens, game)
        resp = client.post(url, data=form)
        assert resp.status_code in ALLOWED, (url, form, resp.status_code)
        after = still_reads(client, tokens, game)
        if resp.status_code >= 400:
            assert after == before, (url, form)

    check()
