"""One line that says why a round came out as it did, and yaku cards grouped for a tile each.

The round page puts this line under each player's change, on the first screen after Save:
Toppa's settlement, Baka's Low Man Out and yaku payments, Otoroku's hands against the
dealer, Tokan's pot and Tokotoko's winning triple. Every figure comes from the stored
result (RULES.md is what it must agree with); the words are messages the page translates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.cards import CARD_BY_ID, Card
from scorekeeper.codec import read_stored_amount
from scorekeeper.exact import display
from scorekeeper.messages import N_, Msg

Result = Mapping[str, Any]

TOPPA_PAR = 120
BAKA_PAR = 80


def explained(line: Callable[[Result], Msg]) -> Callable[[Result], Msg | None]:
    """``line`` that answers None, rather than fail, for a result that is no round (a game's
    end) or that it cannot read (an old or odd result: the detail on the page still explains
    it)."""

    def safe(result: Result) -> Msg | None:
        if result.get("end") or not result.get("players"):
            return None
        try:
            return line(result)
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, StopIteration):
            return None

    return safe


def _delta(player: Mapping[str, Any]) -> Fraction:
    return read_stored_amount(player.get("delta", "0"))


def _shown(value: Fraction | int) -> str:
    """An amount without its sign ("93⅓")."""
    return display(abs(Fraction(value)))


def toppa_line(result: Result) -> Msg:
    players = result["players"]
    a, b = players[0], players[1]
    ya, yb = int(a["yaku_total"]), int(b["yaku_total"])
    winner = next((p for p in players if _delta(p) > 0), None)
    loser = next((p for p in players if _delta(p) < 0), None)
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
            points=int(winner["card_points"]),
            n=int(winner["card_points"]) - TOPPA_PAR,
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
            points=int(low["card_points"]),
            yaku=int(high["yaku_total"]),
            n=_shown(_delta(low)),
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
        n=_shown(_delta(winner)),
    )


def _step(player: Mapping[str, Any], step: str) -> Fraction | None:
    for part in player.get("parts") or ():
        if part.get("step") == step:
            return read_stored_amount(part["amount"])
    return None


def baka_line(result: Result) -> Msg:
    players = result["players"]
    words: list[Msg] = []
    low = [p for p in players if p.get("low_man_out")]
    if low:
        words.append(
            N_(
                "Low Man Out: %(who)s, paid 40 by each other player",
                who=[
                    N_("%(name)s (%(n)s card points)", name=p["name"], n=int(p["card_points"]))
                    for p in low
                ],
            )
        )
    yaku = [int(p["yaku_total"]) for p in players]
    listed = [N_("%(name)s %(n)s", name=p["name"], n=y) for p, y in zip(players, yaku, strict=True)]
    if any(yaku):
        average = Fraction(sum(yaku), len(yaku))
        first = _step(players[0], "yaku")
        if first is None or first == yaku[0] - average:
            words.append(
                N_(
                    "yaku %(list)s, each against their average %(average)s",
                    list=listed,
                    average=_shown(average),
                )
            )
        else:
            words.append(N_("yaku %(list)s, each paid by every other player", list=listed))
    else:
        words.append(N_("nobody has a yaku"))
    cards = [_step(p, "cards") for p in players]
    counted = [int(p["card_points"]) - BAKA_PAR for p in players]
    if low and all(not c for c in cards) and any(counted):  # the forfeit house rule
        words.append(N_("card points do not count this round (Low Man Out)"))
    else:
        words.append(
            N_(
                "card points %(list)s, each against 80",
                list=[
                    N_("%(name)s %(n)s", name=p["name"], n=int(p["card_points"])) for p in players
                ],
            )
        )
    return N_("%(parts)s.", parts=_semicolons(words)).capitalized()


def _semicolons(words: Sequence[Msg]) -> Msg:
    """Clauses joined by "; " (each translated on its own)."""
    out = words[0]
    for w in words[1:]:
        out = N_("%(first)s; %(then)s", first=out, then=w)
    return out


def otoroku_line(result: Result, hand_label: Callable[[Mapping[str, Any]], str]) -> Msg:
    players = result["players"]
    if result.get("void"):
        return N_("Every hand is buta: the round is void, nobody pays and the dealer deals again.")
    if result.get("method") == "banker":
        dealer = next(p for p in players if p.get("role") == "dealer")
        outcomes: list[Msg] = []
        for p in players:
            if p is dealer:
                continue
            hand = hand_label(p)
            d = _delta(p)
            if d > 0:
                outcomes.append(
                    N_("%(name)s with %(hand)s wins %(n)s", name=p["name"], hand=hand, n=_shown(d))
                )
            elif d < 0:
                outcomes.append(
                    N_("%(name)s with %(hand)s loses %(n)s", name=p["name"], hand=hand, n=_shown(d))
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
            line = N_("%(line)s The house takes %(n)s.", line=line, n=_shown(house))
        return line
    pot = sum(int(p.get("wager") or 0) for p in players)
    winners = [p for p in players if p["name"] in (result.get("winners") or [])]
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


def tokan_line(result: Result) -> Msg:
    players = result["players"]
    before = read_stored_amount(result.get("pot_before") or "0")
    held = before + sum(int(p["stake"]) for p in players)
    settled = held + sum(int(p["pay"]) for p in players) - sum(int(p["gain"]) for p in players)
    after = read_stored_amount(result.get("pot_after") or "0")
    short = [p for p in players if int(p["reclaimed"]) < int(p["stake"])]
    if not short:
        return N_(
            "The pot held %(held)s with the stakes and %(settled)s after the predictions: "
            "everybody took back their stake, and %(after)s carries over to the next tour.",
            held=_shown(held),
            settled=_shown(settled),
            after=_shown(after),
        )
    return N_(
        "The pot held %(held)s with the stakes and %(settled)s after the predictions: it ran "
        "short, so %(who)s; %(after)s carries over to the next tour.",
        held=_shown(held),
        settled=_shown(settled),
        who=[
            N_(
                "%(name)s took back %(n)s of %(stake)s",
                name=p["name"],
                n=int(p["reclaimed"]),
                stake=int(p["stake"]),
            )
            for p in short
        ],
        after=_shown(after),
    )


def _triple(triple: Mapping[str, Any]) -> Msg:
    cards = [CARD_BY_ID[c] for c in triple["cards"]]
    return N_(
        "%(a)s + %(b)s + %(c)s = %(sum)s",
        a=N_("%(suit)s %(n)s", suit=cards[0].suit.english, n=cards[0].nagoya),
        b=N_("%(suit)s %(n)s", suit=cards[1].suit.english, n=cards[1].nagoya),
        c=N_("%(suit)s %(n)s", suit=cards[2].suit.english, n=cards[2].nagoya),
        sum=int(triple["sum"]),
    )


def tokotoko_line(result: Result) -> Msg:
    players = result["players"]
    names = result.get("winners") or []
    winners = [p for p in players if p["name"] in names]
    pot = _shown(read_stored_amount(result.get("pot") or "0"))
    if len(winners) == len(players):
        return N_("Everybody ties at %(value)s: every stake goes back.", value=winners[0]["value"])
    if len(winners) == 1:
        w = winners[0]
        counted = w.get("chosen") or w["best"]
        return N_(
            "%(name)s takes the pot of %(pot)s with %(triple)s, value %(value)s, the highest.",
            name=w["name"],
            pot=pot,
            triple=_triple(counted),
            value=int(w["value"]),
        )
    return N_(
        "%(names)s tie with value %(value)s, the highest, and share the pot of %(pot)s.",
        names=[w["name"] for w in winners],
        value=int(winners[0]["value"]),
        pot=pot,
    )


@dataclass(frozen=True, slots=True)
class CardTile:
    """One tile of a yaku's cards: a card, or ``count`` interchangeable plain cards."""

    card: Card
    count: int
    label: str


def card_tiles(ids: Sequence[str]) -> list[CardTile]:
    """A yaku's cards as tiles: the special cards one each, every plain (chaff) card of the
    numbered kind together in one tile with a count ("Chaff × 21"), after the others."""
    cards = [CARD_BY_ID[c] for c in ids if c in CARD_BY_ID]
    plain = [c for c in cards if c.chaff_group]
    tiles = [CardTile(c, 1, c.label) for c in cards if not c.chaff_group]
    if len(plain) == 1:
        tiles.append(CardTile(plain[0], 1, plain[0].label))
    elif plain:
        suits = {c.suit.id for c in plain}
        label = (
            N_("%(suit)s: Chaff × %(n)s", suit=plain[0].suit.english, n=len(plain))
            if len(suits) == 1
            else N_("Chaff × %(n)s", n=len(plain))
        )
        tiles.append(CardTile(plain[0], len(plain), label))
    return tiles
