"""Why an Otoroku round came out as it did: each hand against the dealer, and the house."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.exact import read_stored_amount
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body
from scorekeeper.why import ResultJSON, delta, num, objects, strings, unsigned


def otoroku_line(result: ResultJSON, hand_label: Callable[[Body], str]) -> Msg:
    players = objects(result["players"])
    if result.get("void"):
        return N_("Every hand is buta: the round is void, nobody pays and the dealer deals again.")
    if result.get("method") == "banker":
        dealer = next(p for p in players if p.get("role") == "dealer")
        outcomes: list[Msg] = []
        for p in players:
            if p is dealer:
                continue
            hand = hand_label(p)
            d = delta(p)
            if d > 0:
                outcomes.append(
                    N_(
                        "%(name)s with %(hand)s wins %(n)s",
                        name=p["name"],
                        hand=hand,
                        n=unsigned(d),
                    )
                )
            elif d < 0:
                outcomes.append(
                    N_(
                        "%(name)s with %(hand)s loses %(n)s",
                        name=p["name"],
                        hand=hand,
                        n=unsigned(d),
                    )
                )
            else:
                outcomes.append(
                    N_("%(name)s with %(hand)s gets the wager back", name=p["name"], hand=hand)
                )
        line = N_(
            "Against the dealer %(dealer)s's %(hand)s: %(outcomes)s.",
            dealer=dealer["name"],
            hand=hand_label(dealer),
            outcomes=outcomes,
        )
        house = read_stored_amount(result.get("house") or "0")
        if house:
            line = N_("%(line)s The house takes %(n)s.", line=line, n=unsigned(house))
        return line
    pot = sum(num(p.get("wager") or 0) for p in players)
    winners = [p for p in players if p["name"] in strings(result.get("winners") or [])]
    if len(winners) == 1:
        w = winners[0]
        return N_(
            "%(name)s has the strongest hand, %(hand)s, and takes the pot of %(pot)s.",
            name=w["name"],
            hand=hand_label(w),
            pot=pot,
        )
    return N_(
        "%(names)s tie with the strongest hand, %(hand)s, and share the pot of %(pot)s.",
        names=[w["name"] for w in winners],
        hand=hand_label(winners[0]),
        pot=pot,
    )
