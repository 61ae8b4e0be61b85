"""Each game's notes word for word, one round of each kind of explanation.

An engine's ``evaluate`` makes the numbers; each game's ``explain_notes`` makes the notes from
them when a result is shown or stored (issue 40). The rulings' tests check a note's ruling; these
check every line of a result's "why", so that an explanation made apart from the scoring
still says what the scoring did.
"""

from __future__ import annotations

import pytest

from scorekeeper.games import find_game
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B, TEN_CHAFF, suit

HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
TWO_TRIPLETS = [
    "pine-crane",
    "pine-chaff-1",
    "pine-chaff-2",
    "maple-deer",
    "maple-chaff-1",
    "maple-chaff-2",
]


def notes(game: str, body: dict) -> list[tuple[str, str | None]]:
    return [(n["text"], n["ruling"]) for n in find_game(game).evaluate(body).to_dict()["notes"]]


def otoroku(method, cards, *, dealer=0, wager=10, fee=0, wagers=()):
    players = [{"name": f"P{i + 1}", "cards": c} for i, c in enumerate(cards)]
    for p, w in zip(players, wagers, strict=False):
        if w:
            p["wager"] = w
    return {
        "method": method,
        "dealer": dealer,
        "wager": wager,
        "rules": {"tera_zen_percent": fee},
        "players": players,
    }


def tokan(players, *, pot=0, stake=22):
    return {
        "stake": stake,
        "tokens": 11,
        "pot": str(pot),
        "players": [
            {"name": n, "dice": list(d), "left": left, "right": right}
            for n, d, left, right in players
        ],
    }


def tokotoko(hands, field, *, stake=5):
    players = [{"name": f"P{i + 1}", "hand": h} for i, h in enumerate(hands)]
    return {"stake": stake, "field": field, "players": players}


TOPPA = [
    pytest.param(
        {"players": [{"name": "A", "captured": EXAMPLE_A}, {"name": "B"}]},
        [
            (
                "A holds only 115 card points, less than the 170 owed: the exchange cannot be "
                "done, so A scores 115 - 250 (all of B's yaku) - 120 = -255.",
                None,
            ),
            ("A pays B 255; B deals next.", None),
        ],
        id="RULES 8: the exchange cannot be done",
    ),
    pytest.param(
        {"players": [{"name": "A", "captured": HALF_A}, {"name": "B"}]},
        [
            (
                "A's yaku score is higher by 40: B hands over cards worth 40, so A scores "
                "110 + 40 - 120 = 30.",
                None,
            ),
            ("Cards that make exactly 40: Susuki Grass: Full Moon, Willow: Rain Man.", None),
            ("B pays A 30; A deals next.", None),
        ],
        id="an exchange",
    ),
    pytest.param(
        {
            "players": [{"name": "A", "captured": HALF_A}, {"name": "B", "hand": TEN_CHAFF}],
            "dealer": 1,
        },
        [
            (
                "A's yaku score is higher by 10: B hands over cards worth 10, so A scores "
                "110 + 10 - 120 = 0.",
                None,
            ),
            ("Cards that make exactly 10: Bush Clover: Boar.", None),
            ("A score of exactly 0: nobody pays and the dealer keeps the deal.", "R8"),
        ],
        id="R8: a score of 0",
    ),
    pytest.param(
        {"players": [{"name": "A", "captured": HALF_A}, {"name": "B", "hand": TWO_TRIPLETS}]},
        [
            (
                "Equal yaku scores (80): no cards change hands; each scores card points minus 120.",
                None,
            ),
            ("A pays B 10; B deals next.", None),
        ],
        id="equal yaku scores",
    ),
]

BAKA = [
    pytest.param(
        {
            "players": [
                {"name": "A", "captured": EXAMPLE_A},
                {"name": "B", "captured": EXAMPLE_BAKA_B},
                {"name": "C"},
            ],
            "dealer": 0,
            "round": 1,
        },
        [
            (
                "Low Man Out: B has 15 card points (25 or less) and is paid 40 by each of the "
                "other two.",
                None,
            ),
            ("Yaku settle against the average 93⅓ (= 280 / 3), kept exact in thirds.", "R10"),
            ("Card points settle against par 80, arithmetically (no exchange in Baka).", "R11"),
            ("Dealers rotate whatever the result: B deals round 2.", None),
        ],
        id="RULES 8: thirds and Low Man Out",
    ),
    pytest.param(
        {
            "players": [
                {"name": "A", "captured": suit("pine")},
                {"name": "B", "captured": suit("plum")},
                {"name": "C"},
            ],
            "dealer": 2,
            "round": 3,
            "rules": {"yaku_settlement": "pairwise", "low_man_out_forfeits_cards": True},
        },
        [
            (
                "Low Man Out: A has 25 card points (25 or less) and is paid 40 by each of the "
                "other two.",
                "R9",
            ),
            (
                "Low Man Out: B has 15 card points (25 or less) and is paid 40 by each of the "
                "other two.",
                "R9",
            ),
            (
                "Two players are Low Man Out: each is paid independently, so their 40s to "
                "each other cancel.",
                "R9",
            ),
            (
                "Yaku settle pairwise: each player is paid their yaku score by each opponent "
                "(2Y - the other two).",
                None,
            ),
            ("House rule: Low Man Out forfeits everybody's card points this round.", None),
            ("That was round 3: the game is over.", None),
        ],
        id="R9, pairwise, forfeit, round 3",
    ),
]

OTOROKU = [
    pytest.param(
        otoroku("everyone", [[10, 4], [7, 8], [6, 10]]),
        [
            ("P3 (last) claims Otoroku (おとろく).", None),
            ("P3 has the strongest hand and takes the pot of 30; P3 deals next.", None),
        ],
        id="RULES 8: everyone",
    ),
    pytest.param(
        otoroku("banker", [[10, 4], [7, 8], [6, 10]]),
        [
            ("P3 (last) claims Otoroku (おとろく).", None),
            ("P2 beats the dealer's 14 with 15: paid 10.", None),
            ("P3 beats the dealer's 14 with Otoroku (おとろく): paid 10.", None),
            ("The dealer, P1, keeps the deal.", None),
        ],
        id="RULES 8: banker",
    ),
    pytest.param(
        otoroku("everyone", [[4, 10], [5, 7, 2]], dealer=1, wager=1),
        [
            (
                "P1, P2 tie and split the pot of 2; odd units go one each from the dealer's "
                "right (the dealer counts last), and P1, nearest the dealer's right, deals "
                "next.",
                "R15",
            )
        ],
        id="R15: a tie",
    ),
    pytest.param(
        otoroku("everyone", [[10, 9], [8, 9], [10, 7]]),
        [
            ("P1 is buta: 19 is over the limit of 15.", None),
            ("P2 is buta: 17 is over the limit of 15.", None),
            ("P3 is buta: 17 is over the limit of 16.", None),
            (
                "Every hand is buta: the round is void, no money moves and the same dealer "
                "deals again.",
                None,
            ),
        ],
        id="a void round",
    ),
    pytest.param(
        otoroku(
            "banker",
            [[7, 8], [9, 6], [5, 2], [10, 9], [6, 9]],
            wager=25,
            fee=10,
            wagers=(None, 30),
        ),
        [
            ("P2 (bettor) claims Undefeatable (makezu 負けず).", None),
            ("P4 is buta: 19 is over the limit of 15.", None),
            ("P5 (last) claims Undefeatable (makezu 負けず).", None),
            (
                "P2 beats the dealer's 15 with Undefeatable (makezu 負けず): paid 30 less the "
                "house fee of 3 (10%, rounded down).",
                None,
            ),
            ("P3 loses: 7 against the dealer's 15: pays 25.", None),
            ("P4 is buta and loses the wager to the dealer: pays 25.", None),
            (
                "P5 beats the dealer's 15 with Undefeatable (makezu 負けず): paid 25 less the "
                "house fee of 2 (10%, rounded down).",
                None,
            ),
            ("The dealer, P1, keeps the deal.", None),
        ],
        id="banker: the house fee, a loss, a buta bettor",
    ),
    pytest.param(
        otoroku("banker", [[10, 9], [3, 2], [10, 8]]),
        [
            ("P1 is buta: 19 is over the limit of 15.", None),
            ("P3 is buta: 18 is over the limit of 16.", None),
            ("P2 wins: the dealer is buta: paid 10.", None),
            (
                "P3 is buta and loses the wager to the dealer (even though the dealer is buta "
                "too): pays 10.",
                None,
            ),
            ("The dealer, P1, keeps the deal.", None),
        ],
        id="banker: the dealer buta",
    ),
    pytest.param(
        otoroku("banker", [[1, 2, 3, 4, 5], [1, 2, 3, 4, 2], [1, 9]]),
        [
            ("P1 (dealer) claims Five Low (goshita gomai 五下五枚).", None),
            ("P2 (bettor) claims Five Low (goshita gomai 五下五枚).", None),
            ("P3 (last) claims 14.5.", None),
            (
                "P2 ties the dealer at Five Low (goshita gomai 五下五枚) (15 or more): wager back.",
                "R16",
            ),
            (
                "P3 loses: 14.5 against the dealer's Five Low (goshita gomai 五下五枚): pays 10.",
                None,
            ),
            ("The dealer, P1, keeps the deal.", None),
        ],
        id="R16: equal teyaku tie",
    ),
    pytest.param(
        otoroku("banker", [[1, 8], [2, 4, 3]], wager=1),
        [
            ("P2 ties the dealer at 9, under 15: the dealer wins: pays 1.", None),
            ("The dealer, P1, keeps the deal.", None),
        ],
        id="banker: a tie under 15",
    ),
]

TOKAN = [
    pytest.param(
        tokan([("A", (4, 4), 3, 0), ("B", (2, 3), -2, 0), ("C", (6, 6), 0, -1)], pot=5),
        [
            ("3 players each put 22 in the pot, on top of 5 carried over: it holds 71.", "R18"),
            ("After the predictions are settled the pot holds 85.", None),
            ("A's prediction of 0 on the right is missed: the totals differ by 4.", "R20"),
            ("B's prediction of 0 on the right is missed: the totals differ by 3.", "R20"),
            ("C's prediction of 0 on the left is missed: the totals differ by 4.", "R20"),
            ("Everybody takes back their stake, best net result first.", None),
            ("The pot carries 19 to the next tour.", None),
        ],
        id="a carried pot, predictions of 0 missed",
    ),
    pytest.param(
        tokan([("A", (6, 6), 5, 5), ("B", (1, 1), 0, -1), ("C", (1, 1), 1, 0)], stake=3),
        [
            ("3 players each put 3 in the pot: it holds 9.", "R18"),
            ("After the predictions are settled the pot holds 9.", None),
            ("B's prediction of 0 on the left is achieved: the totals are equal.", "R20"),
            ("C's prediction of 0 on the right is achieved: the totals are equal.", "R20"),
            ("Everybody takes back their stake, best net result first.", None),
            ("The pot carries 0 to the next tour.", None),
        ],
        id="predictions of 0 achieved",
    ),
    pytest.param(
        tokan([("P0", (5, 6), 4, 6), ("P1", (1, 6), -1, -4), ("P2", (5, 3), 3, 1)], stake=1),
        [
            ("3 players each put 1 in the pot: it holds 3.", "R18"),
            ("After the predictions are settled the pot holds 2.", None),
            (
                "The pot runs short: P2 takes back only 0, and the players after take nothing.",
                None,
            ),
            ("The pot carries 0 to the next tour.", None),
        ],
        id="the pot runs short",
    ),
    pytest.param(
        tokan([("P0", (4, 2), 3, -5), ("P1", (2, 1), -5, -3), ("P2", (5, 6), 5, 5)], pot=10),
        [
            (
                "3 players each put 22 in the pot, on top of 10 carried over: it holds 76.",
                "R18",
            ),
            ("After the predictions are settled the pot holds 50.", None),
            (
                "The pot runs short at a tie: P0 and P1 share what is left, 14 each in whole "
                "coins; 0 odd coins stay in the pot.",
                None,
            ),
            ("The pot carries 0 to the next tour.", None),
        ],
        id="the pot runs short at a tie",
    ),
    pytest.param(
        tokan([("P0", (6, 1), 2, 1), ("P1", (4, 1), -1, -2), ("P2", (5, 1), -1, 1)], stake=5),
        [
            ("3 players each put 5 in the pot: it holds 15.", "R18"),
            ("After the predictions are settled the pot holds 7.", None),
            (
                "The pot runs short at a tie: P0 and P1 share what is left, 3 each in whole "
                "coins; 1 odd coin stays in the pot.",
                None,
            ),
            ("The pot carries 1 to the next tour.", None),
        ],
        id="short at a tie, the player after taking nothing",
    ),
]

TOKOTOKO = [
    pytest.param(
        tokotoko(
            [["plum-ribbon", "chrysanthemum-chaff-1"], ["pine-chaff-1", "wisteria-ribbon"]],
            ["pine-chaff-2", "maple-deer"],
        ),
        [
            ("Each of the 2 players put up 5: the pot is 10.", None),
            ("P2 has the highest value, 6, and takes the pot of 10.", None),
        ],
        id="RULES 8",
    ),
    pytest.param(
        tokotoko(
            [
                ["pine-ribbon", "bushclover-ribbon"],
                ["peony-chaff-1", "bushclover-chaff-1"],
                ["wisteria-chaff-2", "cherry-curtain"],
            ],
            ["maple-ribbon", "pine-chaff-1"],
            stake=3,
        ),
        [
            ("Each of the 3 players put up 3: the pot is 9.", None),
            (
                "P1, P2 tie on 9 and split the pot: 4 each, and the 1 unit(s) left over go one "
                "each to the first tied winner(s) in turn order.",
                "R1",
            ),
        ],
        id="R1: a tie with units left over",
    ),
    pytest.param(
        tokotoko(
            [["chrysanthemum-cup", "cherry-chaff-2"], ["chrysanthemum-chaff-1", "cherry-curtain"]],
            ["peony-butterflies", "wisteria-cuckoo"],
            stake=3,
        ),
        [
            ("Each of the 2 players put up 3: the pot is 6.", None),
            ("Everybody's hand is worth 8: everybody takes their stake back.", "R2"),
        ],
        id="R2: everybody ties",
    ),
]


@pytest.mark.parametrize(("body", "expected"), TOPPA)
def test_toppa_notes(body, expected):
    assert notes("toppa", body) == expected


@pytest.mark.parametrize(("body", "expected"), BAKA)
def test_baka_notes(body, expected):
    assert notes("baka", body) == expected


@pytest.mark.parametrize(("body", "expected"), OTOROKU)
def test_otoroku_notes(body, expected):
    assert notes("otoroku", body) == expected


@pytest.mark.parametrize(("body", "expected"), TOKAN)
def test_tokan_notes(body, expected):
    assert notes("tokan", body) == expected


@pytest.mark.parametrize(("body", "expected"), TOKOTOKO)
def test_tokotoko_notes(body, expected):
    assert notes("tokotoko", body) == expected
