"""Settling up: who pays whom so that every running total is cleared, exactly, in few payments.

Pure: no Flask, no database. Balances are exact (``Fraction``) and sum to zero: a positive
balance is owed to its holder, a negative one is owed by them.

The fewest payments that clear ``n`` non-zero balances is ``n - g``, where ``g`` is the
largest number of disjoint groups of them that each sum to zero (every group of ``k`` needs
``k - 1`` payments, and ``k - 1`` always suffice). Up to ``EXACT_UP_TO`` parties the groups
are found by an exact search over subsets; above it, one greedy pass (never more than
``n - 1`` payments, often the fewest too).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.exact import amount_str, display
from scorekeeper.messages import N_, Listed, Msg, Semicolons

EXACT_UP_TO = 10
"""Parties searched exactly: 8 players, the pot and the house (3^10 subsets, instant)."""


@dataclass(frozen=True, slots=True)
class Payment:
    payer: str
    payee: str
    amount: Fraction


def fewest_payments(balances: Sequence[tuple[str, Fraction]]) -> list[Payment]:
    """Payments that bring every balance to zero exactly: the fewest possible up to
    ``EXACT_UP_TO`` parties with a balance, never more than their number less one.

    Deterministic: parties keep the order given (seat order) wherever amounts tie.
    """
    owing = [(name, b) for name, b in balances if b != 0]
    if sum((b for _, b in owing), Fraction(0)) != 0:
        raise ValueError("balances that do not sum to zero cannot be settled")
    if len(owing) <= EXACT_UP_TO:
        groups = zero_sum_groups([b for _, b in owing])
    else:
        groups = [list(range(len(owing)))]
    payments: list[Payment] = []
    for group in groups:
        payments += _greedy([owing[i] for i in group])
    return payments


def zero_sum_groups(amounts: Sequence[Fraction]) -> list[list[int]]:
    """The indices of ``amounts`` (non-zero, summing to zero) split into as many disjoint
    zero-sum groups as possible: an exact search over subsets (``3^n`` steps)."""
    n = len(amounts)
    if n == 0:
        return []
    sums = [Fraction(0)] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    # best[mask]: the most zero-sum groups that ``mask`` (itself summing to zero) splits into;
    # first[mask]: the group holding its lowest index in one such split.
    best: dict[int, int] = {0: 0}
    first: dict[int, int] = {}
    for mask in range(1, 1 << n):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:
            group = sub | low
            if sums[group] == 0 and (mask ^ group) in best:
                count = 1 + best[mask ^ group]
                if count > best.get(mask, 0):
                    best[mask], first[mask] = count, group
            if sub == 0:
                break
            sub = (sub - 1) & rest
    groups = []
    mask = (1 << n) - 1
    while mask:
        group = first[mask]
        groups.append([i for i in range(n) if group >> i & 1])
        mask ^= group
    return groups


def _greedy(parties: Sequence[tuple[str, Fraction]]) -> list[Payment]:
    """Within one zero-sum group: the largest debt pays the largest credit, as much as both
    allow, until all are clear. Each payment clears at least one party and the last clears
    two, so ``k`` parties need at most ``k - 1`` payments."""
    left = [b for _, b in parties]  # by place: two parties may share a name (a table's own)
    everyone = range(len(left))
    payments = []
    while any(left):
        payer = min((k for k in everyone if left[k] < 0), key=lambda k: (left[k], k))
        payee = max((k for k in everyone if left[k] > 0), key=lambda k: (left[k], -k))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(parties[payer][0], parties[payee][0], amount))
        left[payer] += amount
        left[payee] -= amount
    return payments


@dataclass(frozen=True, slots=True)
class CoinPlan:
    """A settle-up in whole coins: the payments, and how each balance was rounded."""

    payments: list[Payment]
    coins: list[tuple[str, int]]
    """Each party's balance in whole coins (they sum to zero)."""
    rounding: Msg
    """Why the coins differ from the exact balances (a message a page translates)."""


def in_coins(balances: Sequence[tuple[str, Fraction]]) -> CoinPlan:
    """Round the balances to whole coins by largest remainder, then settle those.

    Every balance is first rounded down; that leaves a few coins over (fewer than the
    parties), which go back one each to the balances that lost the largest fractions, ties
    in the order given (seat order). So each party ends less than a coin from its exact
    balance, the coins sum to zero, and the rule names who absorbs what.
    """
    floors = [(name, math.floor(b)) for name, b in balances]
    over = -sum(f for _, f in floors)
    ranked = sorted(
        range(len(balances)),
        key=lambda k: (-(balances[k][1] - floors[k][1]), k),
    )
    bumped = {k for k in ranked[:over] if balances[k][1] != floors[k][1]}
    coins = [(name, f + (1 if k in bumped else 0)) for k, (name, f) in enumerate(floors)]
    payments = fewest_payments([(name, Fraction(c)) for name, c in coins])
    tie = _tie(balances, ranked, over)
    return CoinPlan(payments, coins, _rounding_words(balances, coins, over, tie))


def _tie(balances: Sequence[tuple[str, Fraction]], ranked: Sequence[int], over: int) -> Msg | None:
    """Why one party and not another gets a coin back when both lost the same fraction in
    rounding down (both owe 51⅔): seat order decides, as ``in_coins`` ranks them."""
    if not 0 < over < len(ranked):
        return None
    lost = [b - math.floor(b) for _, b in balances]
    cut = lost[ranked[over - 1]]
    if cut == 0 or lost[ranked[over]] != cut:
        return None  # the coins left over end where the fractions differ: no tie to break
    tied = [k for k in ranked if lost[k] == cut]  # in seat order (``ranked`` keeps it)
    back = [balances[k][0] for k in tied if k in ranked[:over]]
    rest = [balances[k][0] for k in tied if k not in ranked[:over]]
    if over == 1:
        return N_(
            "%(tied)s each lost %(size)s in rounding down, a tie that seat order breaks: the "
            "coin left over goes back to %(back)s, seated before %(rest)s.",
            tied=Listed([balances[k][0] for k in tied]),
            size=display(cut),
            back=Listed(back),
            rest=Listed(rest),
        )
    return N_(
        "%(tied)s each lost %(size)s in rounding down, a tie that seat order breaks: the "
        "coins left over go back to %(back)s, seated before %(rest)s.",
        tied=Listed([balances[k][0] for k in tied]),
        size=display(cut),
        back=Listed(back),
        rest=Listed(rest),
    )


def _rounding_words(
    balances: Sequence[tuple[str, Fraction]],
    coins: Sequence[tuple[str, int]],
    over: int,
    tie: Msg | None = None,
) -> Msg:
    """How the coins differ from the exact balances, and why (a message a page translates)."""
    moved = [(name, b, c - b) for (name, b), (_, c) in zip(balances, coins, strict=True) if c != b]
    if not moved:
        return N_("Every balance is a whole number of coins: nothing was rounded.")
    parts = []
    for name, b, diff in moved:
        size = display(abs(diff))
        if b > 0 and diff > 0:
            parts.append(N_("%(name)s receives %(size)s more", name=name, size=size))
        elif b > 0:
            parts.append(N_("%(name)s receives %(size)s less", name=name, size=size))
        elif diff > 0:
            parts.append(N_("%(name)s pays %(size)s less", name=name, size=size))
        else:
            parts.append(N_("%(name)s pays %(size)s more", name=name, size=size))
    if over == 1:
        rule = N_(
            "Rounded to whole coins by largest remainder: every balance is first rounded down, "
            "and the 1 coin this leaves over goes back to the balance that lost the largest "
            "fraction (ties in seat order), so nobody is a whole coin away from the exact amount."
        )
    elif over:
        rule = N_(
            "Rounded to whole coins by largest remainder: every balance is first rounded down, "
            "and the %(n)s coins this leaves over go back one each to the balances that lost "
            "the largest fractions (ties in seat order), so nobody is a whole coin away from the "
            "exact amount.",
            n=over,
        )
    else:
        rule = N_("Every balance is rounded down to whole coins, which already sum to zero.")
    if tie is not None:
        return N_(
            "%(rule)s %(tie)s Against the exact amounts: %(parts)s.",
            rule=rule,
            tie=tie,
            parts=Semicolons(parts),
        )
    return N_("%(rule)s Against the exact amounts: %(parts)s.", rule=rule, parts=Semicolons(parts))


def payments_json(
    payments: Sequence[Payment], point_value: Fraction | None
) -> list[dict[str, str]]:
    """Payments as API.md shows them: ``points``, and ``money`` when the table has a value."""
    out = []
    for p in payments:
        item = {"from": p.payer, "to": p.payee, "points": amount_str(p.amount)}
        if point_value is not None:
            item["money"] = amount_str(p.amount * point_value)
        out.append(item)
    return out
