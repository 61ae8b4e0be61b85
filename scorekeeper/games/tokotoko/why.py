"""Why a Tokotoko round came out as it did: the winning triple."""

from __future__ import annotations

from scorekeeper.cards import CARD_BY_ID
from scorekeeper.exact import read_stored_amount
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body
from scorekeeper.why import ResultJSON, num, objects, strings, unsigned


def _triple(triple: Body) -> Msg:
    cards = [CARD_BY_ID[c] for c in strings(triple["cards"])]
    return N_(
        "%(a)s + %(b)s + %(c)s = %(sum)s",
        a=N_("%(suit)s %(n)s", suit=cards[0].suit.english, n=cards[0].nagoya),
        b=N_("%(suit)s %(n)s", suit=cards[1].suit.english, n=cards[1].nagoya),
        c=N_("%(suit)s %(n)s", suit=cards[2].suit.english, n=cards[2].nagoya),
        sum=num(triple["sum"]),
    )


def tokotoko_line(result: ResultJSON) -> Msg:
    players = objects(result["players"])
    names = strings(result.get("winners") or [])
    winners = [p for p in players if p["name"] in names]
    pot = unsigned(read_stored_amount(result.get("pot") or "0"))
    if len(winners) == len(players):
        return N_("Everybody ties at %(value)s: every stake goes back.", value=winners[0]["value"])
    if len(winners) == 1:
        w = winners[0]
        counted = objects([w.get("chosen") or w["best"]])[0]
        return N_(
            "%(name)s takes the pot of %(pot)s with %(triple)s, value %(value)s, the highest.",
            name=w["name"],
            pot=pot,
            triple=_triple(counted),
            value=num(w["value"]),
        )
    return N_(
        "%(names)s tie with value %(value)s, the highest, and share the pot of %(pot)s.",
        names=[w["name"] for w in winners],
        value=num(winners[0]["value"]),
        pot=pot,
    )
