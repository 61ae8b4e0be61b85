"""Why a Toppa or Baka round scored as it did: the notes of its result, in the players' words.

``explain_notes`` makes them from a scored round (``result.RoundResult``, which asks for
them only when its result is shown or stored for showing): the settlement reads none of this.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.exact import display
from scorekeeper.games.toppa.house_rules import Rules
from scorekeeper.games.toppa.variant import LOW_MAN_OUT_PAYMENT, Variant
from scorekeeper.messages import N_
from scorekeeper.rules.common import Note


class PlayerFigures(Protocol):
    """What the notes read of a player's result (``result.PlayerResult``)."""

    @property
    def name(self) -> str: ...
    @property
    def card_points(self) -> int: ...
    @property
    def yaku_total(self) -> int: ...
    @property
    def delta(self) -> Fraction: ...
    @property
    def low_man_out(self) -> bool: ...


class RoundFigures(Protocol):
    """What the notes read of a round's result (``result.RoundResult``)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> Sequence[PlayerFigures]: ...
    @property
    def next_dealer(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def settlement(self) -> str | None: ...
    @property
    def exchange(self) -> tuple[str, ...] | None: ...


def explain_notes(result: RoundFigures) -> tuple[Note, ...]:
    """Why a round scored as it did: Toppa's exchange (RULES 4.5) or Baka's settlement (4.6)."""
    names = [p.name for p in result.players]
    points = [p.card_points for p in result.players]
    yaku = [p.yaku_total for p in result.players]
    if result.variant.exchange:
        scores = [int(p.delta) for p in result.players]
        return _exchange_notes(result, names, points, yaku, scores)
    low = [p.low_man_out for p in result.players]
    return _low_man_out_notes(result, names, points, yaku, low)


def _exchange_notes(
    result: RoundFigures,
    names: Sequence[str],
    points: Sequence[int],
    yaku: Sequence[int],
    scores: Sequence[int],
) -> tuple[Note, ...]:
    """Why a Toppa round scored as it did."""
    par = result.variant.par
    h = 0 if yaku[0] >= yaku[1] else 1  # the higher yaku score (either, when equal)
    lo = 1 - h
    d = yaku[h] - yaku[lo]
    notes: list[Note] = []
    if result.settlement == "none":
        notes.append(
            Note(
                N_(
                    "Equal yaku scores (%(yaku)s): no cards change hands; "
                    "each scores card points minus %(par)s.",
                    yaku=yaku[0],
                    par=par,
                )
            )
        )
    elif result.settlement == "exchange":
        notes += _exchange(names, points, h, d, par, scores, result.exchange)
    else:
        notes.append(
            Note(
                N_(
                    "%(low)s holds only %(points)s card points, less than the %(d)s owed: the "
                    "exchange cannot be done, so %(low)s scores %(points)s - %(yaku)s "
                    "(all of %(high)s's yaku) - %(par)s = %(score)s.",
                    low=names[lo],
                    high=names[h],
                    points=points[lo],
                    d=d,
                    yaku=yaku[h],
                    par=par,
                    score=scores[lo],
                )
            )
        )
    notes.append(_payment(names, scores))
    return tuple(notes)


def _exchange(
    names: Sequence[str],
    points: Sequence[int],
    h: int,
    d: int,
    par: int,
    scores: Sequence[int],
    exchange: tuple[str, ...] | None,
) -> list[Note]:
    notes = [
        Note(
            N_(
                "%(high)s's yaku score is higher by %(d)s: %(low)s hands over cards worth "
                "%(d)s, so %(high)s scores %(points)s + %(d)s - %(par)s = %(score)s.",
                high=names[h],
                low=names[1 - h],
                d=d,
                points=points[h],
                par=par,
                score=scores[h],
            )
        )
    ]
    if exchange:
        notes.append(
            Note(
                N_(
                    "Cards that make exactly %(d)s: %(cards)s.",
                    d=d,
                    cards=[CARD_BY_ID[c].label for c in exchange],
                )
            )
        )
    return notes


def _payment(names: Sequence[str], scores: Sequence[int]) -> Note:
    if scores[0] == 0:
        return Note(N_("A score of exactly 0: nobody pays and the dealer keeps the deal."), "R8")
    w = 0 if scores[0] > 0 else 1
    return Note(
        N_(
            "%(loser)s pays %(winner)s %(score)s; %(winner)s deals next.",
            loser=names[1 - w],
            winner=names[w],
            score=scores[w],
        )
    )


def _low_man_out_notes(
    result: RoundFigures,
    names: Sequence[str],
    points: Sequence[int],
    yaku: Sequence[int],
    low: Sequence[bool],
) -> tuple[Note, ...]:
    """Why a Baka round scored as it did: Low Man Out, yaku, card points, the next deal."""
    notes = _low_men(names, points, low)
    notes.append(_yaku(result.rules, yaku))
    if result.rules.low_man_out_forfeits_cards and any(low):
        notes.append(
            Note(N_("House rule: Low Man Out forfeits everybody's card points this round."))
        )
    else:
        notes.append(
            Note(
                N_(
                    "Card points settle against par %(par)s, arithmetically (no exchange in Baka).",
                    par=result.variant.par,
                ),
                "R11",
            )
        )
    if result.round < (result.variant.rounds or 0):
        notes.append(
            Note(
                N_(
                    "Dealers rotate whatever the result: %(name)s deals round %(round)s.",
                    name=names[result.next_dealer],
                    round=result.round + 1,
                )
            )
        )
    else:
        notes.append(Note(N_("That was round 3: the game is over.")))
    return tuple(notes)


def _low_men(names: Sequence[str], points: Sequence[int], low: Sequence[bool]) -> list[Note]:
    """A note for each Low Man Out, and one more when two are (R9)."""
    many = sum(low) > 1
    notes = [
        Note(
            N_(
                "Low Man Out: %(name)s has %(points)s card points (25 or less) and is paid "
                "%(payment)s by each of the other two.",
                name=names[j],
                points=points[j],
                payment=LOW_MAN_OUT_PAYMENT,
            ),
            "R9" if many else None,
        )
        for j in range(len(names))
        if low[j]
    ]
    if many:
        notes.append(
            Note(
                N_(
                    "Two players are Low Man Out: each is paid independently, so their "
                    "40s to each other cancel."
                ),
                "R9",
            )
        )
    return notes


def _yaku(rules: Rules, yaku: Sequence[int]) -> Note:
    if rules.yaku_settlement == "pairwise":
        return Note(
            N_(
                "Yaku settle pairwise: each player is paid their yaku score by each "
                "opponent (2Y - the other two)."
            )
        )
    total_yaku = sum(yaku)
    return Note(
        N_(
            "Yaku settle against the average %(average)s (= %(total)s / 3), kept exact in thirds.",
            average=display(Fraction(total_yaku, 3)),
            total=total_yaku,
        ),
        "R10",
    )
