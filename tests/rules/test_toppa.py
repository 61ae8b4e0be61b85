"""Toppa and Baka (RULES 4): yaku tables, settlements and rulings R3-R12."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.games import find_game
from scorekeeper.games.toppa.rules import Rules, dekiyaku, exchange_suggestion, first_dealer, teyaku
from scorekeeper.rules import InvalidInput
from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B, TEN_CHAFF, rest_of_deck, suit

TOPPA = find_game("toppa")
BAKA = find_game("baka")


def yaku_map(found):
    return {y.id: y.points for y in found}


def toppa(a_pile, *, rules=None, hands=(None, None), dealer=0, b_pile=None):
    players = [{"name": "A", "captured": a_pile}, {"name": "B"}]
    if b_pile is not None:
        players[1]["captured"] = b_pile
    for p, h in zip(players, hands, strict=True):
        if h is not None:
            p["hand"] = h
    body = {"players": players, "dealer": dealer}
    if rules:
        body["rules"] = rules
    return TOPPA.evaluate(body).to_dict()


def deltas(result):
    return [Fraction(p["delta"]) for p in result["players"]]


# -- dekiyaku tables (RULES 4.4) ---------------------------------------------------------

BRIGHTS5 = ["pine-crane", "cherry-curtain", "susuki-moon", "willow-rainman", "paulownia-phoenix"]
DRY4 = ["pine-crane", "cherry-curtain", "susuki-moon", "paulownia-phoenix"]
NON_WILLOW_RIBBONS = [
    "pine-ribbon",
    "plum-ribbon",
    "cherry-ribbon",
    "wisteria-ribbon",
    "iris-ribbon",
    "peony-ribbon",
    "bushclover-ribbon",
    "chrysanthemum-ribbon",
    "maple-ribbon",
]
CHAFF = [
    "pine-chaff-1",
    "pine-chaff-2",
    "plum-chaff-1",
    "plum-chaff-2",
    "cherry-chaff-1",
    "cherry-chaff-2",
    "wisteria-chaff-1",
    "wisteria-chaff-2",
    "iris-chaff-1",
    "iris-chaff-2",
    "peony-chaff-1",
    "peony-chaff-2",
    "bushclover-chaff-1",
    "bushclover-chaff-2",
    "susuki-chaff-1",
    "susuki-chaff-2",
    "chrysanthemum-chaff-1",
    "chrysanthemum-chaff-2",
    "maple-chaff-1",
    "maple-chaff-2",
    "paulownia-chaff-1",
    "paulownia-chaff-2",
    "paulownia-chaff-3",
]  # 23: every chaff card but the willow lightning


@pytest.mark.parametrize(
    ("pile", "rules", "expected"),
    [
        (BRIGHTS5, Rules(), {"five-brights": 60}),
        (BRIGHTS5, Rules(yaku_values="low"), {"five-brights": 40}),
        (DRY4, Rules(), {"four-brights": 40}),
        (DRY4, Rules(yaku_values="low"), {"four-brights": 30}),
        (
            ["willow-rainman", "pine-crane", "cherry-curtain", "susuki-moon"],
            Rules(),
            {"rainy-four-brights": 20},
        ),
        (
            ["willow-rainman", "pine-crane", "paulownia-phoenix", "susuki-moon"],
            Rules(yaku_values="low"),
            {"rainy-four-brights": 20},
        ),
        (["willow-rainman", "pine-crane", "cherry-curtain"], Rules(), {}),
        (["pine-crane", "cherry-curtain", "susuki-moon"], Rules(), {}),
    ],
    ids=[
        "five",
        "five-low",
        "four",
        "four-low",
        "rainy-four",
        "rainy-four-low",
        "rain-plus-two",
        "three-dry",
    ],
)
def test_bright_yaku_only_the_best_counts(pile, rules, expected):
    assert yaku_map(dekiyaku(pile, TOPPA.variant, rules)) == expected


def test_boar_deer_butterfly_is_a_house_rule():
    bdb = ["bushclover-boar", "maple-deer", "peony-butterflies"]
    assert yaku_map(dekiyaku(bdb, TOPPA.variant)) == {"boar-deer-butterfly": 20}
    assert yaku_map(dekiyaku(bdb, TOPPA.variant, Rules(boar_deer_butterfly=False))) == {}


def test_poetry_and_blue_ribbons():
    pile = [
        "pine-ribbon",
        "plum-ribbon",
        "cherry-ribbon",
        "peony-ribbon",
        "chrysanthemum-ribbon",
        "maple-ribbon",
    ]
    assert yaku_map(dekiyaku(pile, TOPPA.variant)) == {"poetry-ribbons": 20, "blue-ribbons": 20}


@pytest.mark.parametrize(
    ("pile", "low", "expected"),
    [
        # R6: 7 ribbons make the real seven: 40.
        (NON_WILLOW_RIBBONS[3:] + ["willow-ribbon"], False, {"real-seven-ribbons": 40}),
        (NON_WILLOW_RIBBONS[3:] + ["willow-ribbon"], True, {"real-seven-ribbons": 30}),
        # 8 ribbons: 40 + 10.
        (NON_WILLOW_RIBBONS[2:] + ["willow-ribbon"], False, {"real-seven-ribbons": 50}),
        # 7 ribbons and the swallow, a willow card: 40 + 10 (R6 counts W).
        (NON_WILLOW_RIBBONS[2:] + ["willow-swallow"], False, {"real-seven-ribbons": 50}),
        # 7 ribbons with all three other willow cards: 40 + 30.
        (
            NON_WILLOW_RIBBONS[2:] + ["willow-rainman", "willow-swallow", "willow-lightning"],
            False,
            {"real-seven-ribbons": 70},
        ),
        # 6 ribbons and the swallow: seven ribbons (tan), 20.
        (NON_WILLOW_RIBBONS[3:] + ["willow-swallow"], False, {"seven-ribbons": 20}),
        (NON_WILLOW_RIBBONS[3:] + ["willow-swallow"], True, {"seven-ribbons": 20}),
        # 5 ribbons + willow ribbon (6 ribbons) + rain man + lightning: 8 cards, 20 + 10.
        (
            NON_WILLOW_RIBBONS[4:] + ["willow-ribbon", "willow-rainman", "willow-lightning"],
            False,
            {"seven-ribbons": 30},
        ),
        # 4 ribbons + all 4 willow: R = 5, W = 3, 8 cards: 30; never both yaku.
        (
            NON_WILLOW_RIBBONS[5:]
            + ["willow-ribbon", "willow-rainman", "willow-swallow", "willow-lightning"],
            False,
            {"seven-ribbons": 30},
        ),
        # 6 ribbons alone: nothing.
        (NON_WILLOW_RIBBONS[3:], False, {}),
    ],
    ids=[
        "real7",
        "real7-low",
        "real8",
        "real7+swallow",
        "real7+3willow",
        "tan7",
        "tan7-low",
        "tan8",
        "tan-willow-ribbon",
        "six",
    ],
)
def test_r6_ribbon_counting(pile, low, expected):
    rules = Rules(yaku_values="low" if low else "high")
    found = yaku_map(dekiyaku(pile, TOPPA.variant, rules))
    found.pop("poetry-ribbons", None)
    found.pop("blue-ribbons", None)
    assert found == expected


@pytest.mark.parametrize(
    ("pile", "game", "willow_as_chaff", "expected"),
    [
        (CHAFF[:12], "toppa", False, 20),
        (CHAFF[:11], "toppa", False, None),
        # R7: the lightning is not chaff for the chaff yaku by default...
        (CHAFF[:11] + ["willow-lightning"], "toppa", False, None),
        # ...but with willow_as_chaff every willow card counts.
        (CHAFF[:11] + ["willow-lightning"], "toppa", True, 20),
        (CHAFF[:10] + ["willow-ribbon", "willow-swallow"], "toppa", True, 20),
        (CHAFF[:15], "toppa", False, 50),
        (CHAFF[:10], "baka", False, 20),
        (CHAFF[:9], "baka", False, None),
        (CHAFF[:9] + ["willow-lightning"], "baka", False, None),
        (CHAFF[:9] + ["willow-lightning"], "baka", True, 20),
        (CHAFF[:16], "baka", False, 80),
    ],
    ids=[
        "toppa-12",
        "toppa-11",
        "toppa-11+lightning",
        "toppa-11+lightning-wac",
        "toppa-10+2willow-wac",
        "toppa-15",
        "baka-10",
        "baka-9",
        "baka-9+lightning",
        "baka-9+lightning-wac",
        "baka-16",
    ],
)
def test_r7_chaff_thresholds(pile, game, willow_as_chaff, expected):
    found = yaku_map(
        dekiyaku(pile, find_game(game).variant, Rules(willow_as_chaff=willow_as_chaff))
    )
    assert found.get("chaff") == expected


def test_willow_as_chaff_still_counts_willow_for_ribbons():
    """R7: with willow_as_chaff a willow card counts as chaff *in addition to* its R6 part."""
    pile = NON_WILLOW_RIBBONS[3:] + ["willow-swallow"] + CHAFF[:11]
    found = yaku_map(dekiyaku(pile, TOPPA.variant, Rules(willow_as_chaff=True)))
    assert found["seven-ribbons"] == 20
    assert found["chaff"] == 20


def test_rows_need_all_four_cards():
    assert yaku_map(dekiyaku(suit("wisteria", "iris", "bushclover"), TOPPA.variant)) == {
        "wisteria-row": 20,
        "iris-row": 20,
        "bush-clover-row": 20,
    }
    assert yaku_map(dekiyaku(suit("wisteria")[:3], TOPPA.variant)) == {}


# -- teyaku (RULES 4.3) ------------------------------------------------------------------

NINE_CHAFF = TEN_CHAFF[:9]


def test_triplet_alone_may_be_exposed():
    assert yaku_map(teyaku(["pine-crane", "pine-chaff-1", "pine-chaff-2"], TOPPA.variant)) == {
        "triplet": 20
    }


def test_r3_two_triplets_count_twice():
    hand = [
        "pine-crane",
        "pine-chaff-1",
        "pine-chaff-2",
        "plum-warbler",
        "plum-chaff-1",
        "plum-chaff-2",
    ]
    found = teyaku(hand, TOPPA.variant)
    assert [y.id for y in found] == ["triplet", "triplet"]
    assert sum(y.points for y in found) == 40


@pytest.mark.parametrize(
    ("tenth", "expected"),
    [
        ("maple-ribbon", "one-ribbon"),
        ("willow-ribbon", "one-ribbon"),
        ("maple-deer", "one-animal"),
        ("willow-swallow", "one-animal"),
        ("willow-rainman", "one-bright"),
        ("pine-crane", "one-bright"),
        ("willow-lightning", "empty-hand"),  # the lightning is chaff in teyaku
        ("maple-chaff-1", "empty-hand"),
    ],
)
def test_group_b_teyaku_whole_toppa_hand(tenth, expected):
    found = yaku_map(teyaku([*NINE_CHAFF, tenth], TOPPA.variant))
    assert found == {expected: 30 if expected == "empty-hand" else 20}


def test_group_b_needs_the_whole_hand():
    assert teyaku(NINE_CHAFF, TOPPA.variant) == ()


def test_r4_baka_hand_of_seven():
    assert yaku_map(teyaku(NINE_CHAFF[:7], BAKA.variant)) == {"empty-hand": 30}
    assert yaku_map(teyaku([*NINE_CHAFF[:6], "maple-deer"], BAKA.variant)) == {"one-animal": 20}
    # Six chaff and a bright in Toppa is not a whole hand: nothing.
    assert teyaku([*NINE_CHAFF[:6], "pine-crane"], TOPPA.variant) == ()


def test_r5_triplet_and_empty_hand_add_up():
    hand = ["paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-3", *NINE_CHAFF[:7]]
    found = yaku_map(teyaku(hand, TOPPA.variant))
    assert found == {"triplet": 20, "empty-hand": 30}


# -- worked examples (RULES 8) -----------------------------------------------------------


def test_worked_example_toppa_settlement_cannot_be_done():
    r = toppa(EXAMPLE_A)
    a, b = r["players"]
    assert a["card_points"] == 115 and b["card_points"] == 125
    assert {y["id"]: y["points"] for y in a["dekiyaku"]} == {
        "five-brights": 60,
        "poetry-ribbons": 20,
    }
    assert {y["id"]: y["points"] for y in b["dekiyaku"]} == {
        "boar-deer-butterfly": 20,
        "blue-ribbons": 20,
        "real-seven-ribbons": 50,
        "chaff": 100,
        "wisteria-row": 20,
        "iris-row": 20,
        "bush-clover-row": 20,
    }
    assert (a["yaku_total"], b["yaku_total"]) == (80, 250)
    assert r["settlement"] == "short"
    assert (a["delta"], b["delta"]) == ("-255", "255")
    assert r["winner"] == "B" and r["next_dealer"] == 1


def test_worked_example_baka_thirds_and_low_man_out():
    """RULES 8 Baka example; R10: thirds are exact values, shown as -18⅓."""
    r = BAKA.evaluate(
        {
            "players": [
                {"name": "A", "captured": EXAMPLE_A},
                {"name": "B", "captured": EXAMPLE_BAKA_B},
                {"name": "C"},
            ]
        }
    ).to_dict()
    a, b, c = r["players"]
    assert [p["card_points"] for p in (a, b, c)] == [115, 15, 110]
    assert [p["yaku_total"] for p in (a, b, c)] == [80, 20, 180]
    assert {y["id"]: y["points"] for y in c["dekiyaku"]} == {
        "boar-deer-butterfly": 20,
        "blue-ribbons": 20,
        "seven-ribbons": 20,
        "chaff": 80,
        "wisteria-row": 20,
        "bush-clover-row": 20,
    }
    assert [p["low_man_out"] for p in (a, b, c)] == [False, True, False]
    assert [p["delta"] for p in (a, b, c)] == ["-55/3", "-175/3", "230/3"]
    assert [p["delta_display"] for p in (a, b, c)] == ["-18⅓", "-58⅓", "+76⅔"]


def test_r10_baka_yaku_settle_in_exact_thirds():
    """R10: Y_i - (Y1 + Y2 + Y3) / 3 stays an exact third, never a float or a rounded figure.

    Worked by hand from RULES 4.4 and 4.6 (default house rules):
    A pine, plum, cherry: 2 brights + warbler + 3 ribbons = 65 card points; poetry 20.
    B wisteria, iris: 2 animals + 2 ribbons = 30; wisteria and iris rows, 40.
    C the rest: moon, rain man, phoenix, 6 animals, 5 ribbons = 145; boar-deer-butterfly 20,
    blue 20, seven ribbons (5 ribbons + 3 other willow = 8) 30, chaff (13, lightning
    aside; Baka counts from 10) 50, bush clover row 20: 140.
    Nobody is at 25 or less. Yaku 200, average 200/3:
    A 20 - 200/3 = -140/3, B 40 - 200/3 = -80/3, C 140 - 200/3 = 220/3;
    cards A -15, B -50, C +65; results A -185/3, B -230/3, C 415/3.
    """
    result = BAKA.evaluate(
        {
            "players": [
                {"name": "A", "captured": suit("pine", "plum", "cherry")},
                {"name": "B", "captured": suit("wisteria", "iris")},
                {"name": "C"},
            ]
        }
    )
    assert result.deltas == (Fraction(-185, 3), Fraction(-230, 3), Fraction(415, 3))
    assert all(type(d) is Fraction for d in result.deltas)
    assert sum(result.deltas) == 0
    r = result.to_dict()
    assert [p["card_points"] for p in r["players"]] == [65, 30, 145]
    assert [p["yaku_total"] for p in r["players"]] == [20, 40, 140]
    assert [p["low_man_out"] for p in r["players"]] == [False, False, False]
    assert [{s["step"]: s["amount"] for s in p["parts"]} for p in r["players"]] == [
        {"low_man_out": "0", "yaku": "-140/3", "cards": "-15"},
        {"low_man_out": "0", "yaku": "-80/3", "cards": "-50"},
        {"low_man_out": "0", "yaku": "220/3", "cards": "65"},
    ]
    assert [p["delta"] for p in r["players"]] == ["-185/3", "-230/3", "415/3"]
    assert [p["delta_display"] for p in r["players"]] == ["-61⅔", "-76⅔", "+138⅓"]
    assert "R10" in [n["ruling"] for n in r["notes"]]


# -- Toppa settlement (RULES 4.5) --------------------------------------------------------
# A holds pine..peony (110 card points; poetry, chaff 12, wisteria and iris rows: 80);
# B the rest (130; seven ribbons by R6 with 4 ribbons + 3 willow, bush clover row: 40).
HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
HALF_B = rest_of_deck(HALF_A)


def test_exchange_when_the_lower_player_can_pay():
    r = toppa(HALF_A)
    a, b = r["players"]
    assert (a["card_points"], b["card_points"]) == (110, 130)
    assert (a["yaku_total"], b["yaku_total"]) == (80, 40)
    assert r["settlement"] == "exchange"
    # D = 40, B can hand over 40: A scores 110 + 40 - 120 = 30.
    assert deltas(r) == [30, -30]
    assert r["winner"] == "A" and r["next_dealer"] == 0
    cards = r["exchange_cards"]
    assert cards and set(cards) <= set(HALF_B)
    from scorekeeper.games.toppa.deck import POINTS

    assert sum(POINTS[c] for c in cards) == 40


def test_willow_as_chaff_turns_the_exchange_round():
    r = toppa(HALF_A, rules={"willow_as_chaff": True})
    a, b = r["players"]
    # B's chaff: 11 + 4 willow = 15 -> 50; B's yaku 20 + 50 + 20 = 90 against A's 80.
    assert b["yaku_total"] == 90
    assert deltas(r) == [-20, 20]
    assert r["winner"] == "B" and r["next_dealer"] == 1


def test_equal_yaku_no_exchange():
    two_triplets = [
        "pine-crane",
        "pine-chaff-1",
        "pine-chaff-2",
        "maple-deer",
        "maple-chaff-1",
        "maple-chaff-2",
    ]
    r = toppa(HALF_A, hands=(None, two_triplets))
    assert [p["yaku_total"] for p in r["players"]] == [80, 80]
    assert r["settlement"] == "none"
    assert deltas(r) == [-10, 10]
    assert r["winner"] == "B"


def test_r8_score_of_zero_nobody_pays_dealer_keeps_deal():
    ten_chaff = TEN_CHAFF
    r = toppa(HALF_A, hands=(None, ten_chaff), dealer=1)
    # B: 40 + empty hand 30 = 70; D = 10; A: 110 + 10 - 120 = 0.
    assert [p["yaku_total"] for p in r["players"]] == [80, 70]
    assert deltas(r) == [0, 0]
    assert r["winner"] is None
    assert r["next_dealer"] == 1
    assert any(n["ruling"] == "R8" for n in r["notes"])


def test_short_settlement_uses_whole_opponent_yaku():
    # A holds only pine and plum (40 points, no yaku); B the rest: rainy four 20, BDB 20,
    # blue 20, real seven 40 + 10 x (8 + 3 - 7) = 80, chaff 19 -> 90, three rows 60 = 290.
    r = toppa(suit("pine", "plum"))
    a, b = r["players"]
    assert (a["card_points"], b["card_points"]) == (40, 200)
    assert b["yaku_total"] == 290
    assert r["settlement"] == "short"
    assert deltas(r) == [40 - 290 - 120, -(40 - 290 - 120)]


def test_the_rest_goes_to_either_player():
    left_out_b = toppa(HALF_A)
    left_out_a = TOPPA.evaluate({"players": [{"name": "A"}, {"name": "B", "captured": HALF_B}]})
    assert deltas(left_out_b) == list(left_out_a.deltas)


# -- Baka settlement (RULES 4.6) ---------------------------------------------------------
# B and C each hold one row (15 card points, 20 yaku): both are Low Man Out.
TWO_LOW = [
    suit(
        "wisteria",
        "bushclover",
        "pine",
        "plum",
        "cherry",
        "peony",
        "susuki",
        "chrysanthemum",
        "maple",
        "willow",
        "paulownia",
    ),
    suit("iris"),
    None,
]


def baka(piles, rules=None, dealer=0, round_no=1):
    players = []
    for name, pile in zip("ABC", piles, strict=True):
        p = {"name": name}
        if pile is not None:
            p["captured"] = pile
        players.append(p)
    body = {"players": players, "dealer": dealer, "round": round_no}
    if rules:
        body["rules"] = rules
    return BAKA.evaluate(body).to_dict()


def test_r9_two_low_players_paid_independently():
    piles = [rest_of_deck(suit("iris"), suit("wisteria")), suit("iris"), suit("wisteria")]
    r = baka(piles)
    a, b, c = r["players"]
    assert [p["card_points"] for p in (a, b, c)] == [210, 15, 15]
    assert [p["yaku_total"] for p in (a, b, c)] == [330, 20, 20]
    assert [p["low_man_out"] for p in (a, b, c)] == [False, True, True]
    # LMO: A -80, B +40, C +40; yaku: 620/3, -310/3, -310/3; cards 130, -65, -65.
    assert [p["delta"] for p in (a, b, c)] == ["770/3", "-385/3", "-385/3"]
    parts = {p["name"]: {s["step"]: s["amount"] for s in p["parts"]} for p in r["players"]}
    assert parts["B"]["low_man_out"] == "40" and parts["A"]["low_man_out"] == "-80"


def test_low_man_out_forfeits_cards_option():
    piles = [rest_of_deck(suit("iris"), suit("wisteria")), suit("iris"), suit("wisteria")]
    r = baka(piles, rules={"low_man_out_forfeits_cards": True})
    assert [p["delta"] for p in r["players"]] == ["380/3", "-190/3", "-190/3"]


def test_forfeit_option_changes_nothing_without_a_low_man():
    piles = [HALF_A, suit("bushclover", "susuki", "chrysanthemum"), None]
    plain = baka(piles)
    forfeit = baka(piles, rules={"low_man_out_forfeits_cards": True})
    assert not any(p["low_man_out"] for p in plain["players"])
    assert [p["delta"] for p in plain["players"]] == [p["delta"] for p in forfeit["players"]]


def test_pairwise_yaku_settlement():
    piles = [rest_of_deck(suit("iris"), suit("wisteria")), suit("iris"), suit("wisteria")]
    r = baka(piles, rules={"yaku_settlement": "pairwise"})
    assert [p["delta"] for p in r["players"]] == ["670", "-335", "-335"]


def test_pairwise_on_worked_example():
    r = baka([EXAMPLE_A, EXAMPLE_BAKA_B, None], rules={"yaku_settlement": "pairwise"})
    # yaku 80 / 20 / 180 pairwise: -40, -220, +260; LMO -40, +80, -40; cards +35, -65, +30.
    assert [p["delta"] for p in r["players"]] == ["-45", "-205", "250"]


def test_r11_baka_never_uses_the_short_settlement():
    # A with pine and plum only: 40 card points, no yaku, far below the others' yaku.
    r = baka([suit("pine", "plum"), suit("iris"), None])
    assert "settlement" not in r
    total = sum(Fraction(p["delta"]) for p in r["players"])
    assert total == 0
    a = r["players"][0]
    parts = {s["step"]: Fraction(s["amount"]) for s in a["parts"]}
    assert parts["cards"] == 40 - 80


@pytest.mark.parametrize(("dealer", "round_no", "next_dealer"), [(0, 1, 1), (1, 2, 2), (2, 1, 0)])
def test_baka_dealers_rotate_whatever_the_result(dealer, round_no, next_dealer):
    r = baka([EXAMPLE_A, EXAMPLE_BAKA_B, None], dealer=dealer, round_no=round_no)
    assert r["next_dealer"] == next_dealer
    assert r["game_over"] is False


def test_baka_round_three_ends_the_game():
    r = baka([EXAMPLE_A, EXAMPLE_BAKA_B, None], dealer=2, round_no=3)
    assert r["game_over"] is True


# -- validation (RULES 4.2) --------------------------------------------------------------


def errors_of(game, body):
    with pytest.raises(InvalidInput) as info:
        find_game(game).evaluate(body)
    return [(v.field, v.message) for v in info.value.violations]


def test_odd_count_of_a_month_names_the_month():
    pile = [*HALF_A]
    pile.remove("pine-chaff-2")
    errs = errors_of("toppa", {"players": [{"captured": pile}, {}]})
    assert (
        "players.0.captured",
        "Pine: 3 cards entered; a pile always holds 0, 2 or 4 cards of a month "
        "(cards are captured in pairs)",
    ) in errs


def test_piles_must_cover_the_deck():
    errs = errors_of("toppa", {"players": [{"captured": suit("pine")}, {"captured": suit("plum")}]})
    assert errs[0][0] == "players"
    assert "40 are in no pile" in errs[0][1]


def test_a_card_in_two_piles():
    errs = errors_of(
        "baka", {"players": [{"captured": suit("pine")}, {"captured": suit("pine", "plum")}, {}]}
    )
    # One message per card entered twice, naming the card and both places, and no
    # follow-on: B's pile still holds its pine cards as entered, so no odd month either.
    assert errs == [
        ("players.1.captured", f"{name} is entered twice: in P1's pile and P2's pile")
        for name in (
            "The Crane",
            "The Pine Poetry Ribbon",
            "Pine plain card 1",
            "Pine plain card 2",
        )
    ]


def test_a_missing_card_is_named_not_given_by_id():
    errs = errors_of(
        "toppa",
        {"players": [{"captured": suit("pine")}, {"captured": rest_of_deck(suit("pine"))[2:]}]},
    )
    assert errs == [
        (
            "players",
            "All 48 cards are captured by the end of a round, but 2 are in no pile: the Bush "
            "Warbler and the Plum Blossom Poetry Ribbon. Add them, or leave one pile out to "
            "give it the rest",
        )
    ]


def test_only_one_pile_may_be_left_out():
    errs = errors_of("baka", {"players": [{"captured": suit("pine")}, {}, {}]})
    assert [f for f, _ in errs] == ["players.2.captured"]


def test_misdeal_four_of_a_month_in_hand():
    errs = errors_of("toppa", {"players": [{"captured": HALF_A, "hand": suit("pine")}, {}]})
    assert errs == [
        (
            "players.0.hand",
            "Misdeal: P1's hand holds all four Pine cards; the cards must be dealt "
            "again and this round cannot be scored",
        )
    ]


def test_hand_too_long_and_card_in_two_hands():
    errs = errors_of(
        "baka",
        {
            "players": [
                {"captured": suit("pine"), "hand": NINE_CHAFF[:8]},
                {"captured": suit("plum"), "hand": ["pine-chaff-1"]},
                {},
            ]
        },
    )
    fields = [f for f, _ in errs]
    assert "players.0.hand" in fields and "players.1.hand" in fields


def test_unknown_card_and_bad_rule():
    errs = errors_of(
        "toppa",
        {
            "rules": {"yaku_values": "huge", "kiss": True},
            "players": [{"captured": ["pine-crain"]}, {}],
        },
    )
    fields = {f for f, _ in errs}
    assert {"rules.yaku_values", "rules.kiss", "players.0.captured"} <= fields


# -- first dealer (RULES 4.7, R12) -------------------------------------------------------


def test_first_dealer_october_to_december_count_zero():
    draw = first_dealer([["susuki-moon", "maple-deer"], ["chrysanthemum-cup", "willow-ribbon"]])
    assert draw.totals == (8, 9)
    assert draw.dealer == 1


def test_r12_tie_draws_again():
    draw = first_dealer(
        [
            ["pine-crane", "susuki-moon"],
            ["plum-warbler", "bushclover-boar"],
            ["maple-deer", "paulownia-phoenix"],
        ]
    )
    assert draw.totals == (9, 9, 0)
    assert draw.dealer is None and draw.redraw == (0, 1)


def test_first_dealer_needs_equal_draws():
    with pytest.raises(InvalidInput):
        first_dealer([["pine-crane"], ["plum-warbler", "susuki-moon"]])


def test_exchange_suggestion_none_when_no_exact_set():
    assert exchange_suggestion(["pine-crane"], 10) is None
    assert exchange_suggestion(["pine-crane", "plum-warbler"], 30) == ("pine-crane", "plum-warbler")


# -- the variant: what Toppa and Baka differ in (issue 32) -----------------------------------


def test_the_engine_reads_the_variant_not_the_games_name():
    # Toppa's engine scored under another id and other numbers: a par of 100, a chaff yaku
    # from 10 cards (R7) and an empty hand of 7 cards (R4). An engine that looked a number up
    # by the game's name would fail here or score Toppa's numbers.
    from dataclasses import replace

    from scorekeeper.games.toppa import rules as engine

    par_100 = replace(engine.TOPPA, id="house-toppa", par=100)
    r = engine.score(engine.parse({"players": [{"name": "A", "captured": HALF_A}, {}]}, par_100))
    assert r.to_dict()["game"] == "house-toppa"
    assert [p.card_points for p in r.players] == [110, 130]
    # A's yaku are 80, B's 40 (as in Toppa): B hands over 40, A scores 110 + 40 - 100.
    assert r.settlement == "exchange" and r.deltas == (50, -50)
    house = replace(par_100, chaff_threshold=10, hand_size=7)
    assert yaku_map(dekiyaku(CHAFF[:10], house)) == {"chaff": 20}
    assert yaku_map(dekiyaku(CHAFF[:10], TOPPA.variant)) == {}
    assert yaku_map(teyaku(NINE_CHAFF[:7], house)) == {"empty-hand": 30}
    assert yaku_map(teyaku(NINE_CHAFF[:7], TOPPA.variant)) == {}


def test_baka_is_toppas_engine_with_bakas_numbers():
    # RULES 4.6: three players, par 80, 7-card hands, chaff from 10 (R7), games of 3 rounds.
    assert (BAKA.variant.players, BAKA.variant.par, BAKA.variant.hand_size) == (3, 80, 7)
    assert (BAKA.variant.chaff_threshold, BAKA.variant.rounds) == (10, 3)
    assert (TOPPA.variant.players, TOPPA.variant.par, TOPPA.variant.hand_size) == (2, 120, 10)
    assert (TOPPA.variant.chaff_threshold, TOPPA.variant.rounds) == (12, None)
    assert BAKA.rule_options == BAKA.variant.rule_options
    assert set(TOPPA.rule_options) < set(BAKA.rule_options)


def test_every_house_rule_is_offered_by_the_game_it_is_for():
    # RULES 4.4 and 4.6: Toppa offers the yaku values, Boar-Deer-Butterfly and willow as chaff;
    # Baka those and its own two. Each game names its rules (house_rules.py), so a rule added
    # for one game is offered by it, and a rule offered by neither is a mistake.
    from scorekeeper.games.toppa.house_rules import RULE_OPTIONS

    offered = {g: [o.key for o in find_game(g).rule_options] for g in ("toppa", "baka")}
    assert offered["toppa"] == ["yaku_values", "boar_deer_butterfly", "willow_as_chaff"]
    assert offered["baka"] == offered["toppa"] + ["yaku_settlement", "low_man_out_forfeits_cards"]
    assert {o.key for o in RULE_OPTIONS} == set(offered["toppa"]) | set(offered["baka"])
