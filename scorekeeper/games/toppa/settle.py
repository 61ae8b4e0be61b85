"""Settling a Toppa or Baka round: Toppa's exchange of captured cards (RULES 4.5) and Baka's
Low Man Out, yaku and card points, kept exact in thirds (RULES 4.6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from scorekeeper.cards import in_deck_order
from scorekeeper.games.toppa.deck import DECK_IN_ORDER, POINTS, card_points
from scorekeeper.games.toppa.entry import Input
from scorekeeper.games.toppa.result import PlayerResult, RoundResult
from scorekeeper.games.toppa.variant import LOW_MAN_OUT_LIMIT, LOW_MAN_OUT_PAYMENT
from scorekeeper.games.toppa.yaku import Yaku, dekiyaku, teyaku


@dataclass(slots=True)
class Scored:
    """What both settlements start from: each player's pile, card points and yaku."""

    piles: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    tey: tuple[tuple[Yaku, ...], ...]
    dek: tuple[tuple[Yaku, ...], ...]
    yaku: tuple[int, ...]
    """Each player's yaku score, teyaku and dekiyaku together."""

    def player(
        self,
        inp: Input,
        i: int,
        delta: Fraction,
        parts: tuple[tuple[str, Fraction], ...],
        low_man_out: bool = False,
    ) -> PlayerResult:
        return PlayerResult(
            inp.players[i].name,
            self.piles[i],
            self.points[i],
            self.tey[i],
            self.dek[i],
            delta,
            low_man_out,
            parts,
        )


def resolve_piles(inp: Input) -> tuple[tuple[str, ...], ...]:
    """Each player's pile, the left-out one being the rest of the deck."""
    entered = {c for p in inp.players if p.pile is not None for c in p.pile}
    rest = tuple(c for c in DECK_IN_ORDER if c not in entered)
    return tuple(tuple(in_deck_order(p.pile)) if p.pile is not None else rest for p in inp.players)


def score(inp: Input) -> RoundResult:
    """A round's result."""
    variant = inp.variant
    piles = resolve_piles(inp)
    tey = tuple(teyaku(p.hand, variant) for p in inp.players)
    dek = tuple(dekiyaku(pile, variant, inp.rules) for pile in piles)
    scored = Scored(
        piles=piles,
        points=tuple(card_points(p) for p in piles),
        tey=tey,
        dek=dek,
        yaku=tuple(
            sum(y.points for y in t) + sum(y.points for y in d)
            for t, d in zip(tey, dek, strict=True)
        ),
    )
    if variant.exchange:
        return _settle_exchange(inp, scored)
    return _settle_arithmetic(inp, scored)


def _settle_exchange(inp: Input, s: Scored) -> RoundResult:
    """Toppa (RULES 4.5): the lower yaku score hands over cards worth the difference."""
    par = inp.variant.par
    points, yaku = s.points, s.yaku
    h = 0 if yaku[0] >= yaku[1] else 1  # the higher yaku score (either, when equal)
    lo = 1 - h
    d = yaku[h] - yaku[lo]
    scores = [0, 0]
    if d == 0:
        settlement = "none"
        scores = [points[0] - par, points[1] - par]
    elif points[lo] >= d:
        settlement = "exchange"
        scores[h] = points[h] + d - par
        scores[lo] = -scores[h]
    else:
        settlement = "short"
        scores[lo] = points[lo] - yaku[h] - par
        scores[h] = -scores[lo]
    w = 0 if scores[0] > 0 else 1  # the winner, unless a score of exactly 0
    exchange = exchange_suggestion(s.piles[lo], d) if settlement == "exchange" else None
    deltas = (Fraction(scores[0]), Fraction(scores[1]))
    return RoundResult(
        variant=inp.variant,
        rules=inp.rules,
        players=tuple(s.player(inp, i, deltas[i], parts=(("score", deltas[i]),)) for i in range(2)),
        winner=None if scores[0] == 0 else inp.players[w].name,
        next_dealer=inp.dealer if scores[0] == 0 else w,
        dealer=inp.dealer,
        round=inp.round,
        settlement=settlement,
        exchange=exchange,
    )


def exchange_suggestion(pile: Iterable[str], owed: int) -> tuple[str, ...] | None:
    """Cards of ``pile`` worth exactly ``owed`` points, as few as possible; None if none."""
    by_points: dict[int, list[str]] = {20: [], 10: [], 5: []}
    for c in in_deck_order(pile):
        pts = POINTS[c]
        if pts:
            by_points[pts].append(c)
    if owed == 0:
        return ()
    best: tuple[int, int, int] | None = None
    for a, b in product(range(len(by_points[20]) + 1), range(len(by_points[10]) + 1)):
        rest = owed - 20 * a - 10 * b
        if rest < 0 or rest % 5:
            continue
        fives = rest // 5
        if fives > len(by_points[5]):
            continue
        if best is None or a + b + fives < sum(best):
            best = (a, b, fives)
    if best is None:
        return None
    a, b, fives = best
    return tuple(by_points[20][:a] + by_points[10][:b] + by_points[5][:fives])


def _settle_arithmetic(inp: Input, s: Scored) -> RoundResult:
    """Baka (RULES 4.6): Low Man Out, yaku and card points, each settled in thirds."""
    rules = inp.rules
    n = inp.variant.players
    points = s.points
    low = [points[i] <= LOW_MAN_OUT_LIMIT for i in range(n)]
    lmo = _low_man_out(low)

    total_yaku = sum(s.yaku)
    if rules.yaku_settlement == "pairwise":
        yk = [Fraction(n * s.yaku[i] - total_yaku) for i in range(n)]
    else:
        avg = Fraction(total_yaku, n)
        yk = [Fraction(s.yaku[i]) - avg for i in range(n)]

    forfeit = rules.low_man_out_forfeits_cards and any(low)
    par = inp.variant.par
    cp = [Fraction(0)] * n if forfeit else [Fraction(points[i] - par) for i in range(n)]

    deltas = [lmo[i] + yk[i] + cp[i] for i in range(n)]
    results = tuple(
        s.player(
            inp,
            i,
            deltas[i],
            low_man_out=low[i],
            parts=(("low_man_out", lmo[i]), ("yaku", yk[i]), ("cards", cp[i])),
        )
        for i in range(n)
    )
    best = max(deltas)
    winner = inp.players[deltas.index(best)].name
    next_dealer = (inp.dealer + 1) % n
    return RoundResult(
        variant=inp.variant,
        rules=inp.rules,
        players=results,
        winner=winner if deltas.count(best) == 1 and best > 0 else None,
        next_dealer=next_dealer,
        dealer=inp.dealer,
        round=inp.round,
    )


def _low_man_out(low: Sequence[bool]) -> list[Fraction]:
    """Each player's Low Man Out payments: each low player is paid by every other (R9)."""
    n = len(low)
    lmo = [Fraction(0)] * n
    for j in range(n):
        if low[j]:
            for k in range(n):
                if k != j:
                    lmo[j] += LOW_MAN_OUT_PAYMENT
                    lmo[k] -= LOW_MAN_OUT_PAYMENT
    return lmo
