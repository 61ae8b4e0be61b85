"""High card's rules: two players each pick one card; the higher month wins the stake.

Pure, like every game's engine: a JSON-shaped body in (``parse``), a frozen result of the
numbers out (``score``), and why it scored so made from them (``explain_notes``) only when
the result is shown (``to_dict``). Equal months: nobody pays.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.cards import ALL_IDS, CARD_BY_ID
from scorekeeper.exact import amount_str
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_
from scorekeeper.rules.common import Body, CardClaims, Note, Option, Outcome, Reader

GAME = "highcard"
TITLE = N_("High card")
PLAYERS = 2
MIN_PLAYERS = MAX_PLAYERS = PLAYERS
DECK = ALL_IDS
STAKE = Option(
    "stake", "int", 1, N_("Stake"), minimum=1, maximum=1000, what=N_("a stake in whole units")
)
SETTINGS = (STAKE,)
BOUNDS = (STAKE.bound(),)
KEYS = frozenset({"stake", "players"})
PLAYER_KEYS = frozenset({"name", "card"})


@dataclass(frozen=True, slots=True)
class Input:
    stake: int
    names: tuple[str, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundResult:
    stake: int
    names: tuple[str, ...]
    cards: tuple[str, ...]
    deltas: tuple[Fraction, ...]

    @property
    def outcome(self) -> Outcome:
        return Outcome()

    def to_dict(self) -> JSONObject:
        return {
            "game": GAME,
            "players": [
                {"name": n, "card": c, "month": CARD_BY_ID[c].month, "delta": amount_str(d)}
                for n, c, d in zip(self.names, self.cards, self.deltas, strict=True)
            ],
            "notes": [n.to_dict() for n in explain_notes(self)],
        }


def parse(data: Body) -> Input:
    r = Reader()
    stake = r.within(data, "stake", BOUNDS[0], default=1) or 1
    claims = CardClaims(r)
    names, cards = [], []
    for i, p in enumerate(r.players(data, PLAYERS, PLAYERS, TITLE)):
        names.append(r.name(p, f"players.{i}.name", i))
        path = f"players.{i}.card"
        picked = r.card_ids([p["card"]], path, ALL_IDS) if p.get("card") else []
        if not p.get("card"):
            r.add(path, N_("Pick a card"))
        elif claims.claim(picked[0], f"players.{i}.card", names[-1]):
            cards.append(picked[0])
    r.unique_names(names)
    r.raise_if_any()
    return Input(stake, tuple(names), tuple(cards))


def score(inp: Input) -> RoundResult:
    a, b = (CARD_BY_ID[c].month for c in inp.cards)
    win = Fraction(inp.stake if a > b else -inp.stake if b > a else 0)
    return RoundResult(inp.stake, inp.names, inp.cards, (win, -win))


def explain_notes(result: RoundResult) -> tuple[Note, ...]:
    return (Note(N_("The higher month wins the stake.")),)


def evaluate(data: Body) -> RoundResult:
    return score(parse(data))
