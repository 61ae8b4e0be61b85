"""No generated body ever makes the scoring API answer 500 (API.md: never a 500)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import CARDS

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
