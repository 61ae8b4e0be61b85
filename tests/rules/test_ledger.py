"""The table ledger (RULES 7): replays from entries; reusing earlier results changes nothing."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.ledger import PriorScore, TableSpec, made_result
from tests.helpers import EXAMPLE_A, score_in_order, suit

PILES = [
    EXAMPLE_A,
    suit("pine", "plum", "cherry", "wisteria", "iris", "peony"),
    suit("pine", "plum"),
    suit("susuki", "maple", "willow"),
    [],
]


def table(game):
    """A Toppa or Baka table's spec, and its round with the ``i``-th of ``PILES`` as the
    first player's pile (and an empty second pile in Baka)."""
    players = ("A", "B") if game == "toppa" else ("A", "B", "C")

    def entry(i):
        ps = [{"captured": PILES[i]}] + [{} for _ in players[1:]]
        if game == "baka":
            ps[1] = {"captured": []}
        return ("round", {"players": ps})

    return TableSpec(game, players, first_dealer=0), entry


@given(
    game=st.sampled_from(["toppa", "baka"]),
    picks=st.lists(st.sampled_from(range(len(PILES))), min_size=2, max_size=12),
    fix=st.sampled_from(range(len(PILES))),
)
def test_correction_with_reuse_equals_a_fresh_replay(game, picks, fix):
    spec, entry = table(game)

    entries = [entry(i) for i in picks]
    first = score_in_order(spec, entries)
    corrected = [entry(fix)] + entries[1:]
    earlier = [None] + [
        PriorScore(s.body, made_result(s), s.outcome, s.deltas, e[1]["players"])
        for s, e in zip(first[1:], entries[1:], strict=True)
    ]
    reused = score_in_order(spec, corrected, None, 1, earlier)
    fresh = score_in_order(spec, corrected)
    assert [(s.body, made_result(s), s.deltas, s.after) for s in reused] == [
        (s.body, made_result(s), s.deltas, s.after) for s in fresh
    ]
    # RULES 7: the running totals are the sum of the rounds.
    totals = [sum((s.deltas[i] for s in fresh), Fraction(0)) for i in range(len(spec.players))]
    assert list(fresh[-1].after.totals) == totals
    assert sum(totals) == 0


def test_baka_round_numbers_follow_position_in_the_game():
    spec = TableSpec("baka", ("A", "B", "C"), first_dealer=2)
    body = {"players": [{"captured": EXAMPLE_A}, {"captured": []}, {}]}
    steps = score_in_order(spec, [("round", body)] * 4)
    assert [(s.game_no, s.game_round, s.dealer) for s in steps] == [
        (1, 1, 2),
        (1, 2, 0),
        (1, 3, 1),
        (2, 1, 2),
    ]


@given(
    game=st.sampled_from(["toppa", "baka"]),
    picks=st.lists(st.sampled_from(range(len(PILES))), min_size=2, max_size=8),
    others=st.lists(st.sampled_from(range(len(PILES))), min_size=8, max_size=8),
)
def test_an_earlier_score_of_other_players_is_never_reused(game, picks, others):
    """A stored body leaves its players to its entry (``Game.stored_body``), so two bodies
    stored alike may come from entries of other players' cards: an earlier score is reused
    only for the same entry's players, and a replay handed scores of other entries (as after
    a correction) still equals a fresh one."""
    spec, entry = table(game)

    entries = [entry(i) for i in picks]
    wrong = [entry(others[k]) for k in range(len(picks))]
    scored = score_in_order(spec, wrong)
    assert all("players" not in s.body for s in scored)  # left to the entry
    earlier = [
        PriorScore(s.body, made_result(s), s.outcome, s.deltas, e[1]["players"])
        for s, e in zip(scored, wrong, strict=True)
    ]
    reused = score_in_order(spec, entries, None, 1, earlier)
    fresh = score_in_order(spec, entries)
    assert [(s.deltas, s.after) for s in reused] == [(s.deltas, s.after) for s in fresh]
