"""Tokan (RULES 6): predictions, token limits, reclaiming stakes, R18-R21."""

from __future__ import annotations

import pytest

from scorekeeper.games import find_game
from scorekeeper.games.tokan.rules import achieved, split_pot
from scorekeeper.rules import InvalidInput

GAME = find_game("tokan")


def tour(players, pot="0", stake=22, tokens=11):
    body = {
        "stake": stake,
        "tokens": tokens,
        "pot": pot,
        "players": [
            {"name": n, "dice": d, "left": left, "right": right} for n, d, left, right in players
        ],
    }
    return GAME.evaluate(body).to_dict()


@pytest.mark.parametrize(
    ("mine", "theirs", "prediction", "ok", "gain", "pay"),
    [
        (8, 5, 3, True, 3, 0),  # source: 8 against 5, claimed +3
        (6, 9, -2, True, 2, 0),  # source: 6 against 9, claimed -2 (R19: meaning, not colour)
        (8, 6, -1, False, 0, 3),  # source: 8 against 6, claimed -1, pays |-1 - 2|
        (7, 7, 0, True, 0, 0),  # R20: 0 achieved only on equal totals
        (7, 5, 0, False, 0, 2),
        (5, 7, 0, False, 0, 2),
    ],
)
def test_worked_examples_and_r20(mine, theirs, prediction, ok, gain, pay):
    from scorekeeper.games.tokan.rules import Prediction

    p = Prediction(prediction, mine - theirs)
    assert (p.achieved, p.gain, p.pay) == (ok, gain, pay)
    assert achieved(prediction, mine - theirs) is ok


def test_r19_less_claims_are_read_by_meaning_and_use_red_tokens():
    """R19: -N claims "their total beats mine by at least N", whatever the token colour.

    Seats A, B, C: left neighbour is the next (A -> B -> C -> A), right the previous.
    A 6, B 9, C 8.
    A left (B): d = -3, "less by 2" achieved, takes 2; right (C): d = -2, "less by 3"
      missed, pays |-3 - -2| = 1. Net +1.
    B left (C): d = +1, "more by 1" achieved, takes 1; right (A): d = +3, "more by 4"
      missed, pays 1. Net 0.
    C left (A): d = +2, "less by 1" missed, pays |-1 - 2| = 3; right (B): d = -1, "less by 1"
      achieved, takes 1. Net -2.
    Pot 66 + 5 paid - 4 taken = 67; each takes back 22 (A, B, C), 1 coin carries over.
    """
    r = tour([("A", [3, 3], -2, -3), ("B", [4, 5], 1, 4), ("C", [2, 6], -1, -1)])
    a, b, c = r["players"]
    sides = [(p["left"], p["right"]) for p in (a, b, c)]
    assert [(x["difference"], x["achieved"], x["gain"], x["pay"]) for s in sides for x in s] == [
        (-3, True, 2, 0),
        (-2, False, 0, 1),
        (1, True, 1, 0),
        (3, False, 0, 1),
        (2, False, 0, 3),
        (-1, True, 1, 0),
    ]
    assert [p["net"] for p in (a, b, c)] == [1, 0, -2]
    assert [p["delta"] for p in (a, b, c)] == ["1", "0", "-2"]
    assert (r["pot_after"], r["pot_change"]) == ("1", "1")
    # Token limits follow the meaning too: "less" spends red tokens, "more" blue ones.
    ok = tour([("A", [3, 3], 11, -11), ("B", [4, 5], 0, 0), ("C", [2, 6], 0, 0)])
    assert len(ok["players"]) == 3
    with pytest.raises(InvalidInput) as info:
        tour([("A", [3, 3], -6, -6), ("B", [4, 5], 6, 6), ("C", [2, 6], 0, 0)])
    # A: 12 red needed; B: 12 blue needed; each beside both predictions spending them.
    fields = [v.field for v in info.value.violations]
    assert fields == ["players.0.left", "players.0.right", "players.1.left", "players.1.right"]
    less, _, more, _ = info.value.violations
    assert "'less' by 12" in less.message and "11 red tokens" in less.message
    assert "'more' by 12" in more.message and "11 blue tokens" in more.message
    with pytest.raises(InvalidInput) as info:
        tour([("A", [3, 3], -1, 12), ("B", [4, 5], -12, 0), ("C", [2, 6], 0, 0)])
    # Only the prediction spending the colour is at fault: A's right, B's left.
    assert [v.field for v in info.value.violations] == ["players.0.right", "players.1.left"]


def test_r20_a_zero_prediction_needs_equal_totals():
    """R20: 0 is achieved only on equal totals; missed, it pays |0 - d| = |d|.

    A 4, B 6, C 4, everybody predicts 0 on both sides (A -> B -> C -> A on the left).
    A left (B) d = -2 missed, pays 2; A right (C) d = 0 achieved, takes 0.
    B left (C) d = +2 missed, pays 2; B right (A) d = +2 missed, pays 2.
    C left (A) d = 0 achieved; C right (B) d = -2 missed, pays 2.
    Nets A -2, B -4, C -2; pot 66 + 8 = 74: A and C (tied) take 22 each, then B 22;
    8 coins carry over. Deltas A -2, B -4, C -2.
    """
    r = tour([("A", [1, 3], 0, 0), ("B", [2, 4], 0, 0), ("C", [2, 2], 0, 0)])
    a, b, c = r["players"]
    sides = [(p["left"], p["right"]) for p in (a, b, c)]
    assert [(x["difference"], x["achieved"], x["pay"]) for s in sides for x in s] == [
        (-2, False, 2),
        (0, True, 0),
        (2, False, 2),
        (2, False, 2),
        (0, True, 0),
        (-2, False, 2),
    ]
    assert [p["net"] for p in (a, b, c)] == [-2, -4, -2]
    assert [p["reclaimed"] for p in (a, b, c)] == [22, 22, 22]
    assert [p["delta"] for p in (a, b, c)] == ["-2", "-4", "-2"]
    assert (r["pot_before"], r["pot_after"]) == ("0", "8")
    assert [n["ruling"] for n in r["notes"]].count("R20") == 6


def test_a_tour_with_a_short_pot():
    # A 8, B 5, C 6. A: +3 left (B) achieved, -1 right (C) missed by 3: net 0.
    # B: -1 left (C) achieved, -3 right (A) achieved: net 4. C: 0 left (A) missed 2,
    # +2 right (B) missed 1: net -3. Pot 66 + 6 - 7 = 65: B 22, A 22, C only 21.
    r = tour([("A", [3, 5], 3, -1), ("B", [2, 3], -1, -3), ("C", [4, 2], 0, 2)])
    a, b, c = r["players"]
    assert [p["net"] for p in (a, b, c)] == [0, 4, -3]
    assert [p["reclaimed"] for p in (a, b, c)] == [22, 22, 21]
    assert [p["delta"] for p in (a, b, c)] == ["0", "4", "-4"]
    assert r["pot_after"] == "0"


def test_tie_at_the_cut_shares_whole_coins_and_leaves_odd_coins():
    # A 12, B 2, C 2. A gains 10 + 1; B and C gain 10 each. Pot 66 - 31 = 35.
    # A takes 22; B and C tie on 10 and share 13: 6 each, 1 coin stays.
    r = tour([("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0)])
    assert [p["reclaimed"] for p in r["players"]] == [22, 6, 6]
    assert [p["delta"] for p in r["players"]] == ["11", "-6", "-6"]
    assert r["pot_after"] == "1"


def test_r18_pot_carries_over_and_stake_is_paid_each_tour():
    first = tour([("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0)])
    second = tour(
        [("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 0, 0)], pot=first["pot_after"]
    )
    # All zero predictions achieved: everybody reclaims the stake; the carried coin stays.
    assert [p["delta"] for p in second["players"]] == ["0", "0", "0"]
    assert second["pot_before"] == "1" and second["pot_after"] == "1"


def test_token_limits():
    with pytest.raises(InvalidInput) as info:
        tour([("A", [3, 5], 6, 6), ("B", [2, 3], -1, -3), ("C", [4, 2], -6, -6)])
    fields = [v.field for v in info.value.violations]
    # Each beside both predictions that spend the colour (A's blue, C's red).
    assert fields == ["players.0.left", "players.0.right", "players.2.left", "players.2.right"]
    # 11 blue and 11 red at once is within the limits.
    r = tour([("A", [3, 5], 11, -11), ("B", [2, 3], 0, 0), ("C", [4, 2], 0, 0)])
    assert len(r["players"]) == 3


@pytest.mark.parametrize(
    ("players", "field"),
    [
        ([("A", [3, 7], 0, 0), ("B", [2, 3], 0, 0), ("C", [4, 2], 0, 0)], "players.0.dice"),
        ([("A", [3], 0, 0), ("B", [2, 3], 0, 0), ("C", [4, 2], 0, 0)], "players.0.dice"),
        ([("A", [3, 3], 0, 0), ("B", [2, 3], 0, 0)], "players"),
        ([("A", [3, 3], "x", 0), ("B", [2, 3], 0, 0), ("C", [4, 2], 0, 0)], "players.0.left"),
        ([("A", [3, 3], 0, 0), ("A", [2, 3], 0, 0), ("C", [4, 2], 0, 0)], "players.1.name"),
    ],
)
def test_validation(players, field):
    with pytest.raises(InvalidInput) as info:
        tour(players)
    assert field in [v.field for v in info.value.violations]


def test_r21_split_the_pot_at_the_end():
    shares, odd = split_pot(23, ["A", "B", "C"])
    assert shares == {"A": 7, "B": 7, "C": 7} and odd == 2


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([None, None], "Enter both dice A rolled (each shows 1 to 6)"),
        ([3, None], "Enter the other die A rolled (each shows 1 to 6)"),
        ([7, None], "7 is not a die: each die shows 1 to 6"),
        ([7, 0], "7 and 0 are not dice: each die shows 1 to 6"),
        ([3], "Each player rolls exactly 2 dice, not 1"),
    ],
)
def test_a_players_dice_get_one_message_however_many_are_wrong(dice, message):
    # An empty tour used to say "None is not a die" twice per player.
    with pytest.raises(InvalidInput) as info:
        tour([("A", dice, 0, 0), ("B", [2, 3], 0, 0), ("C", [4, 2], 0, 0)])
    assert [(v.field, v.message) for v in info.value.violations] == [("players.0.dice", message)]


@pytest.mark.parametrize(
    ("seated", "words"), [(1, "Only 1 player would stay"), (2, "Only 2 players would stay")]
)
def test_too_few_players_left_are_counted_in_words_that_fit(seated, words):
    # RULES §6: under 3 players left, the game ends. A hostile-input probe (2026-11-29) saw
    # "Only 1 players would stay".
    with pytest.raises(InvalidInput) as info:
        find_game("tokan").check_seats(seated)
    assert info.value.violations[0].message.startswith(words + ": Tokan needs 3")
