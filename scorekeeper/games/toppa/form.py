"""The pile form of Toppa and Baka: each pile's count and card points in the bar, and the
pile that is "the rest of the deck"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.games.toppa.deck import POINTS
from scorekeeper.games.toppa.house_rules import Rules
from scorekeeper.games.toppa.variant import Variant
from scorekeeper.games.toppa.yaku import dekiyaku, teyaku
from scorekeeper.messages import Msg


@dataclass(frozen=True, slots=True)
class Tally:
    """What the entry page's bar shows of a pile or hand: its cards and their points."""

    count: int
    points: int


def tally(cards: Sequence[object] | None) -> Tally:
    """The count and the Toppa points of a list of card ids (anything else is skipped)."""
    ids = [c for c in cards or () if isinstance(c, str) and c in POINTS]
    return Tally(len(ids), sum(POINTS[c] for c in ids))


def rest_index(players: Sequence[object], n: int) -> int:
    """Whose pile is "the rest of the deck" on a pile form: the first entered player with
    no captured pile, else the last player."""
    for i, p in enumerate(players[:n]):
        if isinstance(p, Mapping) and "captured" not in p:
            return i
    return n - 1


def pile_tallies(players: Sequence[object], n: int, deck: frozenset[str]) -> list[Tally]:
    """Each pile's tally on a pile form; the rest of the deck's is what the others leave."""
    rest = rest_index(players, n)
    piles = [
        tally(p.get("captured")) if i != rest and isinstance(p, Mapping) else Tally(0, 0)
        for i, p in enumerate(list(players[:n]) + [{}] * (n - len(players)))
    ]
    whole = tally(sorted(deck))
    piles[rest] = Tally(
        whole.count - sum(t.count for t in piles), whole.points - sum(t.points for t in piles)
    )
    return piles


# -- the bar's lines, as the server words them (issue 39) -----------------------------------

YakuName = Callable[[str], str]


def pile_words(count: int, points: object) -> Msg:
    """A pile's cards and points, in the words of the bar's template."""
    return Msg(
        "%(n)s card · %(pts)s points",
        {"num": count, "n": count, "pts": str(points)},
        plural="%(n)s cards · %(pts)s points",
    )


def scored_lines(players: Sequence[object], yaku_name: YakuName) -> list[list[Msg | str]]:
    """Each player's line as a scored round's result shows them: the captured pile's cards
    and card points, then the teyaku and dekiyaku by name."""
    lines = []
    for p in players:
        p = p if isinstance(p, Mapping) else {}
        captured = p.get("captured")
        count = len(captured) if isinstance(captured, list) else 0
        names = [
            yaku_name(str(y.get("id")))
            for key in ("teyaku", "dekiyaku")
            for y in p.get(key) or ()
            if isinstance(y, Mapping)
        ]
        lines.append([pile_words(count, p.get("card_points", 0)), *names])
    return lines


def entered_lines(
    players: Sequence[object], variant: Variant, rules: Rules, yaku_name: YakuName
) -> list[list[Msg | str]]:
    """Each player's line as far as the piles and hands go: the cards and points of the
    pile (the rest of the deck's is what the others leave), and the yaku the exposed hand
    and the pile make already (the rest's are said once the round scores)."""
    n = len(players)
    rest = rest_index(players, n)
    lines = []
    for i, t in enumerate(pile_tallies(players, n, frozenset(POINTS))):
        entered = players[i]
        p = entered if isinstance(entered, Mapping) else {}
        hand = _cards(p.get("hand"))
        made = list(teyaku(hand, variant))
        if i != rest:
            made += dekiyaku(_cards(p.get("captured")), variant, rules)
        lines.append([pile_words(t.count, t.points), *(yaku_name(y.id) for y in made)])
    return lines


def _cards(cards: object) -> list[str]:
    """The card ids of an entered pile or hand, each once (anything else is skipped)."""
    if not isinstance(cards, list):
        return []
    return list(dict.fromkeys(c for c in cards if isinstance(c, str) and c in POINTS))
