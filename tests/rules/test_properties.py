"""Hypothesis properties of every game (RULES 7 conservation, seat symmetry, RULES 3 best)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.games import find_game
from scorekeeper.games.tokotoko.rules import DECK as TOKOTOKO_DECK
from scorekeeper.rules import InvalidInput
from tests.helpers import SUIT_IDS

RULES = st.fixed_dictionaries(
    {
        "yaku_values": st.sampled_from(["high", "low"]),
        "boar_deer_butterfly": st.booleans(),
        "willow_as_chaff": st.booleans(),
        "yaku_settlement": st.sampled_from(["average", "pairwise"]),
        "low_man_out_forfeits_cards": st.booleans(),
    }
)


@st.composite
def piles(draw, players: int):
    """A legal end of round: each month's 4 cards split among the players in pairs."""
    out = [[] for _ in range(players)]
    for s in SUIT_IDS:
        cards = draw(st.permutations([c.id for c in CARDS if c.suit.id == s]))
        first, second = draw(st.sampled_from(range(players))), draw(st.sampled_from(range(players)))
        out[first] += cards[:2]
        out[second] += cards[2:]
    return out


def body_for(game, pile_list, rules, dealer, leave_out):
    players = [{"name": f"N{i}", "captured": p} for i, p in enumerate(pile_list)]
    if leave_out is not None:
        del players[leave_out]["captured"]
    return {"players": players, "rules": rules, "dealer": dealer}


@given(data=st.data(), game=st.sampled_from(["toppa", "baka"]))
def test_piles_sum_to_240_and_results_to_zero(data, game):
    n = 2 if game == "toppa" else 3
    pile_list = data.draw(piles(n))
    rules = data.draw(RULES)
    leave_out = data.draw(st.none() | st.sampled_from(range(n)))
    dealer = data.draw(st.sampled_from(range(n)))
    r = find_game(game).evaluate(body_for(game, pile_list, rules, dealer, leave_out))
    d = r.to_dict()
    assert sum(p["card_points"] for p in d["players"]) == 240
    assert sum(r.deltas) == 0
    assert all(isinstance(x, Fraction) for x in r.deltas)
    if game == "baka":
        assert all((3 * x).denominator == 1 for x in r.deltas)  # R10: thirds at most


@given(data=st.data(), game=st.sampled_from(["toppa", "baka"]))
def test_reordering_seats_permutes_the_result(data, game):
    n = 2 if game == "toppa" else 3
    pile_list = data.draw(piles(n))
    rules = data.draw(RULES)
    dealer = data.draw(st.sampled_from(range(n)))
    shift = data.draw(st.sampled_from(range(1, n)))
    base = find_game(game).evaluate(body_for(game, pile_list, rules, dealer, None))
    rotated_piles = pile_list[shift:] + pile_list[:shift]
    rotated = find_game(game).evaluate(
        body_for(game, rotated_piles, rules, (dealer - shift) % n, None)
    )
    # Rotation moves player i to position i - shift: the same money, renamed seats.
    expected = list(base.deltas[shift:] + base.deltas[:shift])
    assert list(rotated.deltas) == expected
    assert (rotated.next_dealer + shift) % n == base.next_dealer


@given(data=st.data())
def test_a_baka_round_with_another_dealer_or_round_pays_the_same(data):
    """What a replay reuses (``seat_outcome``) when an early round is deleted: a Baka
    round's payments (RULES 4.6: Low Man Out, yaku against the average, R10, and card points
    against par, R11) read neither the dealer nor the round of the game; only who deals next
    (dealers rotate regardless of results) and whether the game is over follow them."""
    from scorekeeper.games.toppa.rules import BAKA
    from scorekeeper.games.toppa.shortcut import seat_outcome

    game = find_game("baka")
    pile_list = data.draw(piles(3))
    rules = data.draw(RULES)
    leave_out = data.draw(st.none() | st.sampled_from(range(3)))
    body = body_for("baka", pile_list, rules, data.draw(st.sampled_from(range(3))), leave_out)
    body["round"] = data.draw(st.integers(1, 3))
    other = {
        **body,
        "dealer": data.draw(st.sampled_from(range(3))),
        "round": data.draw(st.integers(1, 3)),
    }
    before, after = game.evaluate(body), game.evaluate(other)
    assert after.deltas == before.deltas
    assert seat_outcome(BAKA, before.outcome, other["dealer"], other["round"]) == after.outcome


@given(data=st.data())
def test_a_pile_and_its_complement_score_the_same_either_way(data):
    a, b = data.draw(piles(2))
    game = find_game("toppa")
    one = game.evaluate({"players": [{"captured": a}, {}]})
    other = game.evaluate({"players": [{}, {"captured": b}]})
    assert one.deltas == other.deltas


@st.composite
def tokotoko_round(draw):
    n = draw(st.integers(2, 8))
    cards = draw(st.permutations(sorted(TOKOTOKO_DECK)))
    field = cards[:2]
    players = [{"name": f"P{i}", "hand": cards[2 + 2 * i : 4 + 2 * i]} for i in range(n)]
    stake = draw(st.integers(1, 50))
    return {"stake": stake, "field": field, "players": players}


@given(tokotoko_round())
def test_tokotoko_best_triple_and_zero_sum(body):
    r = find_game("tokotoko").evaluate(body)
    d = r.to_dict()
    assert sum(r.deltas) == 0
    for p in d["players"]:
        assert all(p["best"]["value"] >= t["value"] for t in p["triples"])
        assert p["best"]["value"] == sum(CARD_BY_ID[c].nagoya for c in p["best"]["cards"]) % 10


@given(tokotoko_round(), st.randoms())
def test_tokotoko_renaming_and_reordering(body, rnd):
    game = find_game("tokotoko")
    base = game.evaluate(body)
    renamed = {**body, "players": [{**p, "name": f"X{i}"} for i, p in enumerate(body["players"])]}
    assert game.evaluate(renamed).deltas == base.deltas
    order = list(range(len(body["players"])))
    rnd.shuffle(order)
    shuffled = {**body, "players": [body["players"][i] for i in order]}
    again = game.evaluate(shuffled)
    winners = len(base.to_dict()["winners"])
    if (body["stake"] * len(order)) % winners == 0:  # R1's leftover follows the list order
        assert list(again.deltas) == [base.deltas[i] for i in order]
    else:
        assert sorted(again.deltas) == sorted(base.deltas)


@st.composite
def otoroku_round(draw):
    n = draw(st.integers(2, 7))
    deck = [c.id for c in CARDS if c.month <= 10]
    cards = draw(st.permutations(deck))
    hands, pos = [], 0
    for _ in range(n):
        k = draw(st.integers(2, 5))
        hands.append(cards[pos : pos + k])
        pos += k
    as_values = draw(st.booleans())
    players = []
    for i, h in enumerate(hands):
        cards_in = [CARD_BY_ID[c].month for c in h] if as_values else h
        players.append({"name": f"P{i}", "cards": cards_in, "wager": draw(st.integers(1, 40))})
    method = draw(st.sampled_from(["everyone", "banker"]))
    if method == "everyone":
        for p in players:
            del p["wager"]
    return {
        "method": method,
        "dealer": draw(st.integers(0, n - 1)),
        "wager": draw(st.integers(1, 40)),
        "players": players,
        "rules": {"tera_zen_percent": draw(st.integers(0, 30))},
    }


@given(otoroku_round(), st.integers(1, 6))
def test_otoroku_zero_sum_with_house_and_rotation(body, shift):
    game = find_game("otoroku")
    try:
        r = game.evaluate(body)
    except InvalidInput:
        assume(False)
    assert sum(r.deltas) + r.house == 0
    assert r.house >= 0
    n = len(body["players"])
    shift %= n
    rotated = {
        **body,
        "players": body["players"][shift:] + body["players"][:shift],
        "dealer": (body["dealer"] - shift) % n,
    }
    r2 = game.evaluate(rotated)
    assert list(r2.deltas) == list(r.deltas[shift:] + r.deltas[:shift])
    assert r2.house == r.house


@st.composite
def tokan_tour(draw):
    n = draw(st.integers(3, 8))
    players = []
    for i in range(n):
        left = draw(st.integers(-11, 11))
        right_range = st.integers(-11 - min(left, 0), 11 - max(left, 0))
        players.append(
            {
                "name": f"P{i}",
                "dice": [draw(st.integers(1, 6)), draw(st.integers(1, 6))],
                "left": left,
                "right": draw(right_range),
            }
        )
    return {"stake": 22, "tokens": 11, "pot": str(draw(st.integers(0, 60))), "players": players}


@given(tokan_tour(), st.integers(1, 7))
def test_tokan_conservation_and_rotation(body, shift):
    game = find_game("tokan")
    r = game.evaluate(body)
    assert sum(r.deltas) + r.pot_change == 0
    assert r.pot_after >= 0
    assert all(0 <= p.reclaimed <= 22 for p in r.players)
    n = len(body["players"])
    shift %= n
    rotated = {**body, "players": body["players"][shift:] + body["players"][:shift]}
    r2 = game.evaluate(rotated)
    assert list(r2.deltas) == list(r.deltas[shift:] + r.deltas[:shift])
    assert r2.pot_after == r.pot_after
