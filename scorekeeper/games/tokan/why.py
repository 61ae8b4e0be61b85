"""Why a Tokan tour came out as it did: the predictions and the pot."""

from __future__ import annotations

from scorekeeper.exact import read_stored_amount
from scorekeeper.messages import N_, Msg
from scorekeeper.why import ResultJSON, num, objects, unsigned


def tokan_line(result: ResultJSON) -> Msg:
    players = objects(result["players"])
    before = read_stored_amount(result.get("pot_before") or "0")
    held = before + sum(num(p["stake"]) for p in players)
    settled = held + sum(num(p["pay"]) for p in players) - sum(num(p["gain"]) for p in players)
    after = read_stored_amount(result.get("pot_after") or "0")
    short = [p for p in players if num(p["reclaimed"]) < num(p["stake"])]
    if not short:
        return N_(
            "The pot held %(held)s with the stakes and %(settled)s after the predictions: "
            "everybody took back their stake, and %(after)s carries over to the next tour.",
            held=unsigned(held),
            settled=unsigned(settled),
            after=unsigned(after),
        )
    # Each player's words built before the sentence that lists them: Babel 2.19 no longer
    # extracts a message marked inside another message's arguments.
    who = [
        N_(
            "%(name)s took back %(n)s of %(stake)s",
            name=p["name"],
            n=num(p["reclaimed"]),
            stake=num(p["stake"]),
        )
        for p in short
    ]
    return N_(
        "The pot held %(held)s with the stakes and %(settled)s after the predictions: it ran "
        "short, so %(who)s; %(after)s carries over to the next tour.",
        held=unsigned(held),
        settled=unsigned(settled),
        who=who,
        after=unsigned(after),
    )
