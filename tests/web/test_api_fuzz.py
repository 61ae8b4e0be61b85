"""No generated body ever makes the scoring API answer 500 (API.md: never a 500)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import CARDS
from tests.hostile import AMOUNT_TEXT, HOSTILE, NOT_UTF8, dump, plant

CARD_IDS = [c.id for c in CARDS]
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(CARD_IDS)
    | st.integers(0, 12)
)
JSONISH = st.recursive(
    LEAF,
    lambda inner: (
        st.lists(inner, max_size=12)
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
                    "stake",
                    "field",
                    "chosen",
                    "dealer",
                    "round",
                    "wager",
                    "rules",
                    "method",
                    "pot",
                    "tokens",
                    "tera_zen_percent",
                    "yaku_values",
                    "willow_as_chaff",
                ]
            )
            | st.text(max_size=5),
            inner,
            max_size=8,
        )
    ),
    max_leaves=60,
)
PLAYERS_BODY = st.fixed_dictionaries(
    {
        "players": st.lists(
            st.dictionaries(
                st.sampled_from(
                    [
                        "name",
                        "captured",
                        "hand",
                        "cards",
                        "dice",
                        "left",
                        "right",
                        "chosen",
                        "wager",
                    ]
                ),
                st.lists(st.sampled_from(CARD_IDS) | st.integers(-2, 12), max_size=14)
                | st.integers(-12, 12)
                | st.text(max_size=6),
                max_size=6,
            ),
            max_size=8,
        ),
    },
    optional={
        "stake": LEAF,
        "field": st.lists(st.sampled_from(CARD_IDS), max_size=3),
        "dealer": LEAF,
        "round": LEAF,
        "wager": LEAF,
        "pot": LEAF,
        "method": LEAF,
        "rules": JSONISH,
        "tokens": LEAF,
    },
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(["tokotoko", "toppa", "baka", "otoroku", "tokan"]),
    body=JSONISH | PLAYERS_BODY,
)
def test_scoring_api_never_500(app, game, body):
    # The stateless API stores nothing, so sharing one app across examples is sound.
    client = app.test_client()
    resp = client.post(
        f"/api/v1/score/{game}", data=json.dumps(body), content_type="application/json"
    )
    assert resp.status_code in (200, 400, 422), resp.get_data(as_text=True)
    if resp.status_code != 200:
        errors = resp.get_json()["errors"]
        assert errors and all(e["message"] for e in errors)


# Hostile values (issue 9): huge, negative and non-finite numbers, text that cannot be stored,
# deep nesting and bytes that are not UTF-8, anywhere in a body or planted into a good one.
GOOD = {
    "tokotoko": {
        "stake": 5,
        "field": ["pine-chaff-2", "maple-deer"],
        "players": [
            {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
            {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
        ],
    },
    "toppa": {"players": [{"captured": CARD_IDS[:8]}, {}]},
    "baka": {"players": [{"captured": CARD_IDS[:8]}, {"captured": CARD_IDS[8:16]}, {}]},
    "otoroku": {"wager": 10, "players": [{"cards": [3, 4]}, {"cards": [7, 8]}]},
    "tokan": {"pot": "0", "players": [{"dice": [1, 1], "left": 0, "right": 0}] * 3},
}
KEYS = ["stake", "wager", "pot", "tokens", "dealer", "round", "method", "rules", "zz", "players"]
PATHS = (
    [(k,) for k in KEYS]
    + [
        ("players", i, k)
        for i in (0, 2)
        for k in ("name", "hand", "captured", "cards", "dice", "left", "right", "wager", "chosen")
    ]
    + [("players", 0, "dice", 1), ("players", 0, "cards", 0), ("rules", "tera_zen_percent")]
)
HOSTILE_JSON = st.recursive(
    LEAF | HOSTILE,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner),
    max_leaves=12,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(["tokotoko", "toppa", "baka", "otoroku", "tokan"]),
    path=st.sampled_from(PATHS),
    value=HOSTILE | AMOUNT_TEXT,
    whole=HOSTILE_JSON,
    planted=st.booleans(),
    bad=st.none() | NOT_UTF8,
)
def test_scoring_api_never_500_on_hostile_values(app, game, path, value, whole, planted, bad):
    client = app.test_client()
    text = dump(plant(GOOD[game], path, value) if planted else whole).encode()
    if bad is not None:
        text = text.replace(b'"', b'"' + bad, 1)
    resp = client.post(f"/api/v1/score/{game}", data=text, content_type="application/json")
    assert resp.status_code in (200, 400, 422), resp.get_data(as_text=True)[:300]
    if resp.status_code != 200:
        errors = resp.get_json()["errors"]
        assert errors and all(e["message"] and len(e["message"]) < 1000 for e in errors)
