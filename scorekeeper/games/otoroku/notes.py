"""Why an Otoroku round scored as it did: the notes of its result, in the players' words.

``explain_notes`` makes them from a scored round (``rules.RoundResult``, which asks for
them only when its result is shown or stored for showing): the payout reads none of this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from scorekeeper.games.otoroku.hands import (
    ROLE_NAMES,
    TEYAKU_NAMES,
    Hand,
    limit_for,
    turn_order_from_right,
)
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Note


class PlayerFigures(Protocol):
    """What the notes read of a player's result (``rules.PlayerResult``)."""

    @property
    def name(self) -> str: ...
    @property
    def role(self) -> str: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def wager(self) -> int: ...
    @property
    def outcome(self) -> str | None: ...
    @property
    def fee(self) -> int: ...


class RoundFigures(Protocol):
    """What the notes read of a round's result (``rules.RoundResult``)."""

    @property
    def method(self) -> str: ...
    @property
    def dealer(self) -> int: ...
    @property
    def players(self) -> Sequence[PlayerFigures]: ...
    @property
    def void(self) -> bool: ...
    @property
    def tera_zen_percent(self) -> int: ...


def explain_notes(result: RoundFigures) -> tuple[Note, ...]:
    """Why a round scored as it did: teyaku and buta hands, then the payout (RULES 5.4-5.6)."""
    notes = _hand_notes(result.players)
    if result.void:
        notes.append(
            Note(
                N_(
                    "Every hand is buta: the round is void, no money moves and the same "
                    "dealer deals again."
                )
            )
        )
    elif result.method == "everyone":
        notes.append(_everyone(result))
    else:
        notes += _banker(result)
    return tuple(notes)


def _hand_notes(players: Sequence[PlayerFigures]) -> list[Note]:
    """A note for each hand with a teyaku, and for each buta hand."""
    notes: list[Note] = []
    for p in players:
        h = p.hand
        if h.teyaku:
            notes.append(
                Note(
                    N_(
                        "%(name)s (%(role)s) claims %(teyaku)s.",
                        name=p.name,
                        role=ROLE_NAMES[p.role],
                        teyaku=TEYAKU_NAMES[h.teyaku],
                    )
                )
            )
        elif h.buta:
            notes.append(
                Note(
                    N_(
                        "%(name)s is buta: %(total)s is over the limit of %(limit)s.",
                        name=p.name,
                        total=h.total,
                        limit=limit_for(p.role),
                    )
                )
            )
    return notes


def _everyone(result: RoundFigures) -> Note:
    """Who takes the pot (RULES 5.4), or how the tied winners split it (R15)."""
    players = result.players
    n = len(players)
    pot = players[0].wager * n
    best = max(p.hand.strength for p in players)
    order = turn_order_from_right(n, result.dealer)
    tied = [players[i].name for i in order if players[i].hand.strength == best]
    if len(tied) == 1:
        return Note(
            N_(
                "%(name)s has the strongest hand and takes the pot of %(pot)s; "
                "%(name)s deals next.",
                name=tied[0],
                pot=pot,
            )
        )
    return Note(
        N_(
            "%(who)s tie and split the pot of %(pot)s; odd units go one each from the "
            "dealer's right (the dealer counts last), and "
            "%(name)s, nearest the dealer's right, deals next.",
            who=tied,
            pot=pot,
            name=tied[0],
        ),
        "R15",
    )


def _banker(result: RoundFigures) -> list[Note]:
    """Each bettor against the dealer, from the dealer's right (RULES 5.5, R16)."""
    players = result.players
    d = result.dealer
    notes: list[Note] = []
    for i in turn_order_from_right(len(players), d):
        if i == d:
            continue
        p = players[i]
        why = _against_dealer(p.outcome, p.hand, players[d].hand, p.name)
        ruling = "R16" if p.outcome == "tie" and p.hand.teyaku else None
        if p.outcome == "win":
            notes.append(Note(_paid(why, p.wager, p.fee, result.tera_zen_percent), ruling))
        elif p.outcome == "lose":
            notes.append(Note(N_("%(why)s: pays %(wager)s.", why=why, wager=p.wager)))
        else:
            notes.append(Note(N_("%(why)s.", why=why), ruling))
    notes.append(Note(N_("The dealer, %(name)s, keeps the deal.", name=players[d].name)))
    return notes


def _against_dealer(outcome: str | None, h: Hand, dealer_hand: Hand, name: str) -> Msg:
    """Why a bettor's hand won, lost or tied against the dealer's (RULES 5.5, R16)."""
    mine, theirs = h.label, dealer_hand.label
    if outcome == "tie":
        return N_(
            "%(name)s ties the dealer at %(mine)s (15 or more): wager back", name=name, mine=mine
        )
    if outcome == "win" and dealer_hand.buta:
        return N_("%(name)s wins: the dealer is buta", name=name)
    if outcome == "win":
        return N_(
            "%(name)s beats the dealer's %(theirs)s with %(mine)s",
            name=name,
            theirs=theirs,
            mine=mine,
        )
    return _lost(h, dealer_hand, name)


def _lost(h: Hand, dealer_hand: Hand, name: str) -> Msg:
    """Why a bettor lost the wager to the dealer."""
    mine, theirs = h.label, dealer_hand.label
    if h.buta and dealer_hand.buta:
        return N_(
            "%(name)s is buta and loses the wager to the dealer "
            "(even though the dealer is buta too)",
            name=name,
        )
    if h.buta:
        return N_("%(name)s is buta and loses the wager to the dealer", name=name)
    if h.strength < dealer_hand.strength:
        return N_(
            "%(name)s loses: %(mine)s against the dealer's %(theirs)s",
            name=name,
            mine=mine,
            theirs=theirs,
        )
    return N_(
        "%(name)s ties the dealer at %(mine)s, under 15: the dealer wins", name=name, mine=mine
    )


def _paid(why: Msg, wager: int, fee: int, percent: int) -> Msg:
    """A winning bettor's note: paid the wager, less the house fee if any."""
    if not fee:
        return N_("%(why)s: paid %(wager)s.", why=why, wager=wager)
    return N_(
        "%(why)s: paid %(wager)s less the house fee of %(fee)s (%(percent)s%%, rounded down).",
        why=why,
        wager=wager,
        fee=fee,
        percent=percent,
    )
