"""Why a Toppa or Baka round scored as it did: the notes of its result, in the players' words."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.exact import display
from scorekeeper.games.toppa.variant import LOW_MAN_OUT_PAYMENT
from scorekeeper.messages import N_
from scorekeeper.rules.common import Note

if TYPE_CHECKING:
    from scorekeeper.games.toppa.entry import Input


def exchange_notes(
    inp: Input,
    points: Sequence[int],
    yaku: Sequence[int],
    h: int,
    settlement: str,
    scores: Sequence[int],
    exchange: tuple[str, ...] | None,
) -> tuple[Note, ...]:
    """Why a Toppa round scored as it did (``h`` the player with the higher yaku score)."""
    par = inp.variant.par
    names = [p.name for p in inp.players]
    lo = 1 - h
    d = yaku[h] - yaku[lo]
    notes: list[Note] = []
    if settlement == "none":
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
    elif settlement == "exchange":
        notes += _exchange(names, points, h, d, par, scores, exchange)
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


def low_man_out_notes(
    inp: Input,
    points: Sequence[int],
    yaku: Sequence[int],
    low: Sequence[bool],
    forfeit: bool,
    next_dealer: int,
) -> tuple[Note, ...]:
    """Why a Baka round scored as it did: Low Man Out, yaku, card points, the next deal."""
    names = [p.name for p in inp.players]
    notes = _low_men(names, points, low)
    notes.append(_yaku(inp, yaku))
    if forfeit:
        notes.append(
            Note(N_("House rule: Low Man Out forfeits everybody's card points this round."))
        )
    else:
        notes.append(
            Note(
                N_(
                    "Card points settle against par %(par)s, arithmetically (no exchange in Baka).",
                    par=inp.variant.par,
                ),
                "R11",
            )
        )
    if inp.round < (inp.variant.rounds or 0):
        notes.append(
            Note(
                N_(
                    "Dealers rotate whatever the result: %(name)s deals round %(round)s.",
                    name=names[next_dealer],
                    round=inp.round + 1,
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


def _yaku(inp: Input, yaku: Sequence[int]) -> Note:
    if inp.rules.yaku_settlement == "pairwise":
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
