"""Settling up (issue 10 item 5): exact payments, the fewest possible, and whole coins."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.settle import fewest_payments, in_coins


def brute_force_fewest(amounts: list[Fraction]) -> int:
    """n - (most disjoint zero-sum groups), found by trying every way to split the set."""
    nonzero = [a for a in amounts if a]
    best = 0

    def split(items: list[int], groups: int) -> None:
        nonlocal best
        if not items:
            best = max(best, groups)
            return
        first, rest = items[0], items[1:]
        for size in range(len(rest) + 1):
            for others in itertools.combinations(rest, size):
                group = (first, *others)
                if sum(nonzero[i] for i in group) == 0:
                    split([i for i in rest if i not in others], groups + 1)

    split(list(range(len(nonzero))), 0)
    return len(nonzero) - best


def clears(balances: list[tuple[str, Fraction]], payments) -> bool:
    left = dict(balances)
    for p in payments:
        assert p.amount > 0
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    return all(v == 0 for v in left.values())


amount = st.fractions(min_value=-500, max_value=500, max_denominator=6)


@st.composite
def tables(draw, max_players=8):
    """Balances summing to zero, often made of smaller groups that each sum to zero (where a
    plain greedy pass can need more payments than the fewest)."""
    n = draw(st.integers(2, max_players))
    values: list[Fraction] = []
    while len(values) < n:
        size = draw(st.integers(2, max(2, n - len(values))))
        size = min(size, n - len(values)) if n - len(values) >= 2 else 1
        group = draw(st.lists(amount, min_size=size - 1, max_size=size - 1))
        values += [*group, -sum(group, Fraction(0))]
    values = values[:n]
    values[-1] -= sum(values, Fraction(0))
    order = draw(st.permutations(range(n)))
    return [(f"P{i}", values[k]) for i, k in enumerate(order)]


@given(tables())
def test_payments_clear_every_total_exactly_and_are_the_fewest(balances):
    payments = fewest_payments(balances)
    assert clears(balances, payments)
    assert len(payments) <= len(balances) - 1
    assert len(payments) == brute_force_fewest([b for _, b in balances])


@given(tables(max_players=16))
def test_above_the_exact_search_never_more_than_players_less_one(balances):
    payments = fewest_payments(balances)
    assert clears(balances, payments)
    assert len(payments) <= len(balances) - 1


def test_groups_that_cancel_need_fewer_payments_than_greedy_alone():
    # One greedy pass over everyone needs 4 payments here; {-5, -5, 10} and {-6, 6} need 3.
    balances = [(n, Fraction(v)) for n, v in zip("ABCDE", (-6, -5, -5, 6, 10), strict=True)]
    payments = fewest_payments(balances)
    assert len(payments) == 3
    assert clears(balances, payments)


@given(tables())
def test_coins_are_whole_sum_to_zero_and_stay_within_a_coin(balances):
    plan = in_coins(balances)
    assert sum(c for _, c in plan.coins) == 0
    for (_, exact), (_, coin) in zip(balances, plan.coins, strict=True):
        assert abs(coin - exact) < 1
    assert clears([(n, Fraction(c)) for n, c in plan.coins], plan.payments)
    assert all(p.amount.denominator == 1 for p in plan.payments)


def test_baka_thirds_rounding_names_who_absorbs_what():
    # RULES 8 Baka example: -55/3, -175/3, +230/3; money at 1/2 a point.
    money = [("A", Fraction(-55, 6)), ("B", Fraction(-175, 6)), ("C", Fraction(230, 6))]
    plan = in_coins(money)
    assert dict(plan.coins) == {"A": -9, "B": -29, "C": 38}
    assert "largest remainder" in plan.rounding
    assert "C receives ⅓ less" in plan.rounding
    assert "A pays ⅙ less" in plan.rounding


def test_two_parties_of_one_name_are_still_settled():
    """A table kept from before names were checked may hold a player called "the pot" beside
    the pot: the settle-up still clears every balance (it keyed parties by name, lost one
    and found no one to pay)."""
    balances = [("the pot", Fraction(5)), ("B", Fraction(-3)), ("the pot", Fraction(-2))]
    payments = fewest_payments(balances)
    assert [(p.payer, p.payee, p.amount) for p in payments] == [
        ("B", "the pot", 3),
        ("the pot", "the pot", 2),
    ]
    plan = in_coins([("the pot", Fraction(7, 3)), ("the pot", Fraction(-7, 3))])
    assert plan.coins == [("the pot", 2), ("the pot", -2)]
