"""Why a Toppa or Baka round came out as it did: the settlement, Low Man Out and the yaku."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.exact import read_stored_amount
from scorekeeper.games.toppa.variant import BAKA, TOPPA
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import Body
from scorekeeper.why import ResultJSON, delta, num, objects, semicolons, unsigned


def toppa_line(result: ResultJSON) -> Msg:
    players = objects(result["players"])
    a, b = players[0], players[1]
    ya, yb = num(a["yaku_total"]), num(b["yaku_total"])
    winner = next((p for p in players if delta(p) > 0), None)
    loser = next((p for p in players if delta(p) < 0), None)
    if ya == yb:
        if winner is None or loser is None:
            return N_(
                "Equal yaku (%(yaku)s each), no exchange, and 120 card points each: nobody "
                "pays (R8).",
                yaku=ya,
            )
        return N_(
            "Equal yaku (%(yaku)s each), no exchange: %(winner)s has %(points)s card points, "
            "%(n)s over 120, and %(loser)s pays that.",
            yaku=ya,
            winner=winner["name"],
            points=num(winner["card_points"]),
            n=num(winner["card_points"]) - TOPPA.par,
            loser=loser["name"],
        )
    high, low = (a, b) if ya > yb else (b, a)
    d = abs(ya - yb)
    if result.get("settlement") == "short":
        return N_(
            "%(high)s's yaku beat %(low)s's by %(d)s, more than %(low)s's %(points)s card "
            "points: the exchange cannot be done, so %(low)s pays %(high)s %(n)s "
            "(%(points)s − %(yaku)s − 120).",
            high=high["name"],
            low=low["name"],
            d=d,
            points=num(low["card_points"]),
            yaku=num(high["yaku_total"]),
            n=unsigned(delta(low)),
        )
    if winner is None or loser is None:
        return N_(
            "%(high)s's yaku beat %(low)s's by %(d)s: %(low)s hands over cards worth %(d)s, "
            "which leaves both at 120 card points: nobody pays (R8).",
            high=high["name"],
            low=low["name"],
            d=d,
        )
    return N_(
        "%(high)s's yaku beat %(low)s's by %(d)s: %(low)s hands over cards worth %(d)s, "
        "which leaves %(winner)s %(n)s over 120, and %(loser)s pays that.",
        high=high["name"],
        low=low["name"],
        d=d,
        winner=winner["name"],
        loser=loser["name"],
        n=unsigned(delta(winner)),
    )


def _step(player: Body, step: str) -> Fraction | None:
    for part in objects(player.get("parts") or []):
        if part.get("step") == step:
            return read_stored_amount(part["amount"])
    return None


def baka_line(result: ResultJSON) -> Msg:
    players = objects(result["players"])
    words: list[Msg] = []
    low = [p for p in players if p.get("low_man_out")]
    if low:
        # Built before the sentence: Babel 2.19 extracts no message marked inside another's
        # arguments.
        who = [
            N_("%(name)s (%(n)s card points)", name=p["name"], n=num(p["card_points"])) for p in low
        ]
        words.append(N_("Low Man Out: %(who)s, paid 40 by each other player", who=who))
    yaku = [num(p["yaku_total"]) for p in players]
    listed = [N_("%(name)s %(n)s", name=p["name"], n=y) for p, y in zip(players, yaku, strict=True)]
    if any(yaku):
        average = Fraction(sum(yaku), len(yaku))
        first = _step(players[0], "yaku")
        if first is None or first == yaku[0] - average:
            words.append(
                N_(
                    "yaku %(list)s, each against their average %(average)s",
                    list=listed,
                    average=unsigned(average),
                )
            )
        else:
            words.append(N_("yaku %(list)s, each paid by every other player", list=listed))
    else:
        words.append(N_("nobody has a yaku"))
    cards = [_step(p, "cards") for p in players]
    counted = [num(p["card_points"]) - BAKA.par for p in players]
    if low and all(not c for c in cards) and any(counted):  # the forfeit house rule
        words.append(N_("card points do not count this round (Low Man Out)"))
    else:
        words.append(
            N_(
                "card points %(list)s, each against 80",
                list=[
                    N_("%(name)s %(n)s", name=p["name"], n=num(p["card_points"])) for p in players
                ],
            )
        )
    return N_("%(parts)s.", parts=semicolons(words)).capitalized()
