"""Otoroku (RULES 5): roles, limits, teyaku, both payout methods and R13-R17."""

from __future__ import annotations

import pytest

from scorekeeper.games import find_game
from scorekeeper.games.otoroku.rules import seat_draw
from scorekeeper.rules import InvalidInput

GAME = find_game("otoroku")


def play(hands, *, method="everyone", dealer=0, wager=10, fee=0, wagers=None):
    players = []
    for i, cards in enumerate(hands):
        p = {"name": f"P{i + 1}", "cards": cards}
        if wagers and wagers[i] is not None:
            p["wager"] = wagers[i]
        players.append(p)
    body = {
        "method": method,
        "dealer": dealer,
        "wager": wager,
        "players": players,
        "rules": {"tera_zen_percent": fee},
    }
    return GAME.evaluate(body).to_dict()


def deltas(r):
    return [p["delta"] for p in r["players"]]


EXAMPLE = [
    ["maple-deer", "wisteria-ribbon"],
    ["bushclover-boar", "susuki-geese"],
    ["peony-butterflies", "maple-ribbon"],
]


def test_worked_example_everyone():
    r = play(EXAMPLE)
    assert [p["role"] for p in r["players"]] == ["dealer", "bettor", "last"]
    assert [p["total"] for p in r["players"]] == [14, 15, 16]
    assert r["players"][2]["teyaku"] == "otoroku"
    assert deltas(r) == ["-10", "-10", "20"]
    assert r["winners"] == ["P3"] and r["next_dealer"] == 2


def test_worked_example_banker():
    r = play(EXAMPLE, method="banker")
    assert deltas(r) == ["-20", "10", "10"]
    assert r["next_dealer"] == 0 and r["house"] == "0"


def test_two_players_the_non_dealer_is_last():
    r = play([[10, 4], [6, 10]], dealer=0)
    assert [p["role"] for p in r["players"]] == ["dealer", "last"]
    assert r["players"][1]["teyaku"] == "otoroku"
    r = play([[10, 4], [6, 10]], dealer=1)
    assert [p["role"] for p in r["players"]] == ["last", "dealer"]
    assert r["players"][1]["buta"] is True  # the dealer's June + October is a bust 16


def test_otoroku_for_a_non_last_player_is_a_bust_16():
    r = play([[10, 4], [6, 10], [7, 8]])
    p2 = r["players"][1]
    assert (p2["role"], p2["teyaku"], p2["buta"], p2["total"]) == ("bettor", None, True, 16)


def test_undefeatable_not_for_the_dealer():
    r = play([[6, 9], [7, 8], [5, 5]])
    assert r["players"][0]["teyaku"] is None and r["players"][0]["total"] == 15
    assert r["winners"] == ["P1", "P2"]  # two plain 15s tie
    r = play([[7, 8], [6, 9], [6, 10]])
    assert r["players"][1]["teyaku"] == "undefeatable"
    assert r["winners"] == ["P2"]  # beats the last player's otoroku


def test_birds_need_the_real_cards_and_the_dealer():
    r = play([["pine-crane", "wisteria-cuckoo"], [7, 8], [9, 7]], method="banker")
    assert r["players"][0]["teyaku"] == "birds"
    # Birds beat a plain 15; the last player's 7 + 9 is otoroku, which beats birds.
    assert deltas(r) == ["0", "-10", "10"]
    r = play([[7, 8], ["pine-crane", "wisteria-cuckoo"], [3, 4]])
    assert r["players"][1]["teyaku"] is None and r["players"][1]["total"] == 5
    r = play([[1, 4], [7, 8], [3, 4]])  # values alone: a plain 5, never birds
    assert r["players"][0]["teyaku"] is None


def test_r14_five_low_beats_the_last_players_16():
    r = play([[4, 5], [1, 2, 3, 4, 5], ["susuki-geese", "susuki-chaff-1"]])
    assert r["players"][1]["teyaku"] == "five-low"
    assert r["players"][2]["total"] == 16 and r["players"][2]["teyaku"] is None
    assert r["winners"] == ["P2"]
    assert deltas(r) == ["-10", "20", "-10"]


def test_five_low_must_not_bust():
    r = play([[4, 5], [2, 3, 3, 4, 5], [7, 8]])
    assert r["players"][1]["buta"] is True and r["players"][1]["teyaku"] is None


def test_fourteen_and_a_half_between_14_and_15():
    r = play([[4, 10], [1, 9], [7, 8]])
    assert r["players"][1]["teyaku"] == "fourteen-and-a-half"
    assert r["winners"] == ["P3"]
    r = play([[4, 10], [1, 9], [7, 7]])
    assert r["winners"] == ["P2"]


def test_fourteen_equals_a_plain_14():
    r = play([[1, 10], [1, 5], [6, 8]], method="banker")
    assert [p["teyaku"] for p in r["players"]] == ["fourteen", "fourteen", None]
    # P2's 14 equals the dealer's 14, under 15: dealer wins. P3's plain 14 likewise.
    assert deltas(r) == ["20", "-10", "-10"]


@pytest.mark.parametrize(
    ("cards", "dealer", "rejected"),
    [
        ([10, 9, 8], 0, True),  # 27 - 10 = 17 > 15: kept drawing after busting
        ([9, 8, 7], 0, False),  # 24 - 9 = 15: busted on the last card
        ([10, 7, 9], 0, True),  # 26 - 10 = 16 > 15 for a bettor
        ([10, 7, 9], 2, False),  # ...but 16 is the last player's limit
    ],
)
def test_r13_bust_hand_that_kept_drawing_is_rejected(cards, dealer, rejected):
    hands = [[3, 4], cards, [2, 2]]
    if rejected:
        with pytest.raises(InvalidInput) as info:
            play(hands, dealer=dealer)
        (v,) = info.value.violations
        assert v.field == "players.1.cards"
        assert "cannot happen" in v.message
    else:
        r = play(hands, dealer=dealer)
        assert r["players"][1]["buta"] is True


def test_banker_ties_at_15_and_below():
    r = play([[7, 8], [6, 9], [5, 10], [4, 4]], method="banker", dealer=0)
    # P2 undefeatable wins; P3 15 ties the dealer's 15 (wager back); P4 (last) 8 loses.
    assert deltas(r) == ["0", "10", "0", "-10"]
    assert [p["outcome"] for p in r["players"]] == [None, "win", "tie", "lose"]
    r = play([[4, 10], [5, 9], [7, 7]], method="banker")
    # equal 14s under 15: the dealer wins both.
    assert deltas(r) == ["20", "-10", "-10"]


def test_r16_equal_teyaku_tie():
    r = play([[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [7, 8]], method="banker")
    assert r["players"][1]["outcome"] == "tie"
    assert any(n["ruling"] == "R16" for n in r["notes"])


def test_bettor_buta_loses_even_when_the_dealer_is_buta():
    r = play([[9, 8], [10, 6], [5, 5]], method="banker")
    assert [p["buta"] for p in r["players"]] == [True, True, False]
    assert deltas(r) == ["0", "-10", "10"]


def test_house_fee_rounds_down():
    r = play([[3, 4], [7, 8], [9, 5]], method="banker", wager=15, fee=10)
    # Each winning bettor: 15 - floor(1.5) = 14; dealer pays 30; house takes 2.
    assert deltas(r) == ["-30", "14", "14"]
    assert r["house"] == "2"


def test_per_bettor_wagers():
    r = play([[3, 4], [7, 8], [9, 5]], method="banker", wager=10, wagers=[None, 30, 5])
    assert deltas(r) == ["-35", "30", "5"]


def test_void_round_when_everyone_is_buta():
    for method in ("everyone", "banker"):
        r = play([[9, 8], [10, 7], [10, 8]], method=method, dealer=1)
        assert r["void"] is True
        assert deltas(r) == ["0", "0", "0"]
        assert r["next_dealer"] == 1


def test_r15_tie_split_from_the_dealers_right():
    # Dealer P2 (index 1); the last player is P1. Order from the dealer's right: P3, P4, P1, P2.
    r = play([[7, 8], [6, 9], [3, 7], [5, 10]], dealer=1)
    assert [p["role"] for p in r["players"]] == ["last", "dealer", "bettor", "bettor"]
    # P1, P2 (dealer, no undefeatable: plain 15) and P4 tie on 15: pot 40 -> 14, 13, 13.
    assert deltas(r) == ["3", "3", "-10", "4"]
    assert r["next_dealer"] == 3


def test_kabufuda_values_and_deck_limits():
    with pytest.raises(InvalidInput) as info:
        play([[5, 5], [5, 5], [5, 4]])
    # RULES §1: Otoroku's deck holds 4 cards of each month 1-10.
    # Said at the hand that takes the month past 4 (not at "players", which the round form
    # can show beside nothing: a hostile-input probe, 2026-11-29).
    assert [(v.field, v.message) for v in info.value.violations if "appears" in v.message] == [
        ("players.2.cards", "Month 5 appears 5 times, but the deck has only 4 cards of a month")
    ]
    with pytest.raises(InvalidInput) as info:
        play([["willow-rainman", 3], [5, 5], [5, 4]])
    assert "players.0.cards" in [v.field for v in info.value.violations]
    with pytest.raises(InvalidInput):
        play([[11, 3], [5, 5], [5, 4]])
    with pytest.raises(InvalidInput):
        play([[3], [5, 5], [5, 4]])
    with pytest.raises(InvalidInput):
        play([[1, 1, 1, 1, 2, 2], [5, 5], [5, 4]])


def test_seat_draw_rules():
    d = seat_draw(["maple-deer", "pine-chaff-1", "pine-crane", "iris-ribbon"])
    # Pine crane (bright) before pine chaff; then iris; maple last (the last player).
    assert d.order == (2, 1, 3, 0)
    d = seat_draw(["pine-chaff-1", "pine-chaff-2", "iris-ribbon"])
    assert d.order is None and d.redraw == ((0, 1),)


def test_r17_two_chaff_of_one_month_draw_again():
    # Two plain cards of maple cannot be ranked (same month, same type): no seating yet,
    # and those two players draw again.
    d = seat_draw(["maple-chaff-1", "pine-ribbon", "maple-chaff-2", "iris-chaff-1"])
    assert d.order is None and d.redraw == ((0, 2),)
    # Two such ties at once: each pair draws again.
    d = seat_draw(["pine-chaff-1", "maple-chaff-1", "pine-chaff-2", "maple-chaff-2"])
    assert d.order is None and d.redraw == ((0, 2), (1, 3))
    # Not R17: a chaff and a ribbon of one month rank by type (ribbon first), and chaff of
    # different months rank by month. Pine ribbon deals, pine chaff next, iris chaff last.
    d = seat_draw(["pine-chaff-1", "iris-chaff-1", "pine-ribbon"])
    assert d.order == (2, 0, 1) and d.redraw == ()


def test_banker_wagers_may_all_be_per_bettor():
    body = {
        "method": "banker",
        "dealer": 0,
        "players": [
            {"name": "P1", "cards": [3, 4]},
            {"name": "P2", "cards": [7, 8], "wager": 4},
            {"name": "P3", "cards": [2, 2], "wager": 6},
        ],
    }
    r = GAME.evaluate(body).to_dict()
    assert deltas(r) == ["2", "4", "-6"]
    del body["players"][2]["wager"]
    with pytest.raises(InvalidInput) as info:
        GAME.evaluate(body)
    assert [v.field for v in info.value.violations] == ["wager"]
