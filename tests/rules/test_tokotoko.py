"""Tokotoko (RULES 3): Nagoya values, the best of four triples, R1 and R2."""

from __future__ import annotations

import pytest

from scorekeeper.games import find_game
from scorekeeper.games.tokotoko.rules import all_triples, best_triple
from scorekeeper.rules import InvalidInput

GAME = find_game("tokotoko")


def play(players, field=("pine-chaff-1", "willow-lightning"), stake=5):
    return GAME.evaluate({"stake": stake, "field": list(field), "players": players}).to_dict()


def test_worked_example_source_round():
    r = play(
        [
            {"name": "P1", "hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
            {"name": "P2", "hand": ["pine-chaff-1", "wisteria-ribbon"]},
        ],
        field=("pine-chaff-2", "maple-deer"),
    )
    p1, p2 = r["players"]
    assert p1["best"] == {
        "cards": ["plum-ribbon", "pine-chaff-2", "maple-deer"],
        "sum": 23,
        "value": 3,
    }
    assert sorted((t["sum"], t["value"]) for t in p1["triples"]) == [
        (20, 0),
        (22, 2),
        (23, 3),
        (31, 1),
    ]
    assert p2["best"]["sum"] == 6 and p2["value"] == 6
    assert r["winners"] == ["P2"]
    assert (p1["delta"], p2["delta"]) == ("-5", "5")
    assert r["pot"] == "10"


def test_r1_tie_splits_pot_leftover_to_first_in_turn_order():
    # Field pine 1 + willow 2. P1 and P2 hold cherry 3 + iris 5: best 3+5+1 = 9.
    # P3 holds two maple (10): best 10+1+2 = 13 -> 3. Pot 15 split 8 / 7.
    r = play(
        [
            {"name": "P1", "hand": ["cherry-chaff-1", "iris-chaff-1"]},
            {"name": "P2", "hand": ["cherry-chaff-2", "iris-chaff-2"]},
            {"name": "P3", "hand": ["maple-chaff-1", "maple-chaff-2"]},
        ]
    )
    assert [p["value"] for p in r["players"]] == [9, 9, 3]
    assert r["winners"] == ["P1", "P2"]
    assert [p["delta"] for p in r["players"]] == ["3", "2", "-5"]
    assert any(n["ruling"] == "R1" for n in r["notes"])


def test_r1_leftover_follows_the_list_not_the_names():
    r = play(
        [
            {"name": "P3", "hand": ["maple-chaff-1", "maple-chaff-2"]},
            {"name": "P2", "hand": ["cherry-chaff-2", "iris-chaff-2"]},
            {"name": "P1", "hand": ["cherry-chaff-1", "iris-chaff-1"]},
        ]
    )
    assert [p["delta"] for p in r["players"]] == ["-5", "3", "2"]


def test_r2_everybody_ties_everybody_gets_stake_back():
    r = play(
        [
            {"name": "P1", "hand": ["cherry-chaff-1", "iris-chaff-1"]},
            {"name": "P2", "hand": ["cherry-chaff-2", "iris-chaff-2"]},
        ]
    )
    assert [p["delta"] for p in r["players"]] == ["0", "0"]
    assert any(n["ruling"] == "R2" for n in r["notes"])


def test_chosen_triple_counts_even_when_worse():
    # P1's best is 9 (cherry + iris + pine) but they chose cherry + iris + willow = 10 -> 0.
    r = play(
        [
            {
                "name": "P1",
                "hand": ["cherry-chaff-1", "iris-chaff-1"],
                "chosen": ["cherry-chaff-1", "iris-chaff-1", "willow-lightning"],
            },
            {"name": "P2", "hand": ["maple-chaff-1", "maple-chaff-2"]},
        ]
    )
    assert r["players"][0]["best"]["value"] == 9
    assert r["players"][0]["value"] == 0
    assert r["winners"] == ["P2"]


def test_phoenix_counts_six_and_paulownia_chaff_is_refused():
    assert (
        best_triple(("paulownia-phoenix", "peony-chaff-1"), ("pine-chaff-1", "plum-chaff-1")).value
        == 9
    )  # 6 + 11 + 12 = 29
    with pytest.raises(InvalidInput) as info:
        GAME.evaluate(
            {
                "stake": 1,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [
                    {"hand": ["paulownia-chaff-2", "maple-deer"]},
                    {"hand": ["iris-bridge", "iris-ribbon"]},
                ],
            }
        )
    (v,) = info.value.violations
    assert v.field == "players.0.hand"
    assert "paulownia chaff are removed" in v.message


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"stake": 1, "field": ["pine-chaff-1"], "players": []}, "field"),
        (
            {
                "stake": 0,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [
                    {"hand": ["iris-bridge", "iris-ribbon"]},
                    {"hand": ["maple-deer", "maple-ribbon"]},
                ],
            },
            "stake",
        ),
        (
            {
                "stake": 1,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [
                    {"hand": ["iris-bridge", "pine-chaff-1"]},
                    {"hand": ["maple-deer", "maple-ribbon"]},
                ],
            },
            "players.0.hand",
        ),
        (
            {
                "stake": 1,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [
                    {"hand": ["iris-bridge", "iris-ribbon", "iris-chaff-1"]},
                    {"hand": ["maple-deer", "maple-ribbon"]},
                ],
            },
            "players.0.hand",
        ),
        (
            {
                "stake": 1,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [
                    {
                        "hand": ["iris-bridge", "iris-ribbon"],
                        "chosen": ["iris-bridge", "iris-ribbon", "maple-deer"],
                    },
                    {"hand": ["maple-deer", "maple-ribbon"]},
                ],
            },
            "players.0.chosen",
        ),
        (
            {
                "stake": 1,
                "field": ["pine-chaff-1", "plum-chaff-1"],
                "players": [{"hand": ["iris-bridge", "iris-ribbon"]}],
            },
            "players",
        ),
    ],
    ids=["field-size", "stake-zero", "card-twice", "hand-size", "chosen-foreign", "one-player"],
)
def test_validation_names_the_field(body, field):
    with pytest.raises(InvalidInput) as info:
        GAME.evaluate(body)
    assert field in [v.field for v in info.value.violations]


def test_four_triples():
    triples = all_triples(("plum-ribbon", "chrysanthemum-chaff-1"), ("pine-chaff-2", "maple-deer"))
    assert len(triples) == 4
    assert len({frozenset(t.cards) for t in triples}) == 4
