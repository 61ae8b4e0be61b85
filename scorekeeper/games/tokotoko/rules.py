"""Tokotoko: the best three-card kabu from two hand cards and two shared field cards.

RULES.md section 3. A triple is worth the ones digit of its Nagoya values' sum; the
highest value takes the pot of stake x players, ties split it (R1, R2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.cards import ALL_IDS, CARD_BY_ID, Card
from scorekeeper.exact import amount_str
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg
from scorekeeper.rules.common import (
    Body,
    CardClaims,
    InvalidInput,
    Note,
    Option,
    Outcome,
    Reader,
    split_evenly,
)

GAME = "tokotoko"
TITLE = N_("Tokotoko")
#: The 45-card deck: the full deck without Paulownia's three plain cards (RULES 1).
DECK: frozenset[str] = ALL_IDS - {f"paulownia-chaff-{n}" for n in (1, 2, 3)}

#: The table's stake per round (a round may give its own).
STAKE = Option(
    "stake",
    "int",
    1,
    N_("Stake"),
    hint=N_("per round"),
    minimum=1,
    maximum=1_000_000,
    what=N_("a stake in whole units"),
)
SETTINGS = (STAKE,)
#: A round's own stake, within the same bounds as the table's.
ROUND_STAKE = STAKE.bound()
BOUNDS = (ROUND_STAKE,)
#: What a round's body may hold, and each of its players.
KEYS = frozenset({"stake", "field", "players"})
PLAYER_KEYS = frozenset({"name", "hand", "chosen"})


def left_out(card: Card) -> str:
    """Why a card is not in Tokotoko's deck (RULES 1)."""
    return N_(
        "%(card)s is not used in Tokotoko: the three paulownia chaff are removed from its deck",
        card=card.name,
    ).capitalized()


MIN_PLAYERS, MAX_PLAYERS = 2, 21


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    hand: tuple[str, str]
    chosen: tuple[str, str, str] | None = None


@dataclass(frozen=True, slots=True)
class Input:
    stake: int
    field: tuple[str, str]
    players: tuple[PlayerInput, ...]


@dataclass(frozen=True, slots=True)
class Triple:
    cards: tuple[str, str, str]
    sum: int

    @property
    def value(self) -> int:
        return self.sum % 10

    def to_dict(self) -> JSONObject:
        return {"cards": list(self.cards), "sum": self.sum, "value": self.value}


def triple(cards: tuple[str, str, str]) -> Triple:
    return Triple(cards, sum(CARD_BY_ID[c].nagoya for c in cards))


def all_triples(hand: tuple[str, str], field: tuple[str, str]) -> tuple[Triple, ...]:
    """The four triples a player can make: both hand cards with either field card, then
    either hand card with both field cards."""
    h1, h2 = hand
    f1, f2 = field
    return (
        triple((h1, h2, f1)),
        triple((h1, h2, f2)),
        triple((h1, f1, f2)),
        triple((h2, f1, f2)),
    )


def best_triple(hand: tuple[str, str], field: tuple[str, str]) -> Triple:
    """The highest-valued triple; on equal values the first in ``all_triples`` order."""
    options = all_triples(hand, field)
    return max(options, key=lambda t: t.value)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    hand: tuple[str, str]
    triples: tuple[Triple, ...]
    best: Triple
    chosen: Triple | None
    value: int
    delta: Fraction

    def to_dict(self) -> JSONObject:
        return {
            "name": self.name,
            "hand": list(self.hand),
            "best": self.best.to_dict(),
            "triples": [t.to_dict() for t in self.triples],
            "chosen": self.chosen.to_dict() if self.chosen else None,
            "value": self.value,
            "delta": amount_str(self.delta),
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    pot: int

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def outcome(self) -> Outcome:
        return Outcome()

    def to_dict(self) -> JSONObject:
        return {
            "game": GAME,
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "pot": amount_str(self.pot),
            "notes": [n.to_dict() for n in explain_notes(self)],
        }


def field_size(n: object) -> Msg:
    """The field not of its 2 cards (the round form's bar says it too)."""
    return N_("The field holds exactly 2 cards, not %(n)s", n=n)


def hand_size(n: object) -> Msg:
    """A hand not of its 2 cards (the round form's bar says it too)."""
    return N_("A hand holds exactly 2 cards, not %(n)s", n=n)


def _field(r: Reader, data: Body, ledger: CardClaims) -> list[str]:
    """The 2 field cards, each claimed once."""
    raw_field = r.items(data, "field", "field", what=N_("a list of the 2 field cards"))
    field = r.card_ids(raw_field, "field", DECK, left_out)
    if raw_field is not None and len(raw_field) != 2:
        r.add("field", field_size(len(raw_field)))
    return [c for c in field if ledger.claim(c, "field", N_("the field"))]


def _hand(r: Reader, p: Body, i: int, name: str, ledger: CardClaims) -> list[str]:
    """A player's 2 hand cards, each claimed once."""
    path = f"players.{i}.hand"
    raw_hand = r.items(p, "hand", path, what=N_("a list of the 2 hand cards"))
    hand = r.card_ids(raw_hand, path, DECK, left_out)
    if raw_hand is not None and len(raw_hand) != 2:
        r.add(path, hand_size(len(raw_hand)))
    place = N_("%(name)s's hand", name=name)
    return [c for c in hand if ledger.claim(c, path, place)]


def _chosen(
    r: Reader, p: Body, i: int, name: str, hand: list[str], field: list[str]
) -> tuple[str, str, str] | None:
    """The 3 cards a player chose from their hand and the field, if they chose."""
    cpath = f"players.{i}.chosen"
    raw_chosen = r.items(p, "chosen", cpath, required=False, what=N_("a list of 3 cards"))
    if raw_chosen is None or len(raw_chosen) == 0:
        return None
    picked = r.card_ids(raw_chosen, cpath, DECK, left_out)
    available = set(hand) | set(field)
    if len(raw_chosen) != 3:
        r.add(cpath, N_("A chosen hand is exactly 3 cards, not %(n)s", n=len(raw_chosen)))
    elif len(set(picked)) != len(picked):
        r.add(cpath, N_("A chosen hand is 3 different cards"))
    for c in picked:
        if c not in available and len(hand) == 2 and len(field) == 2:
            r.add(
                cpath,
                N_(
                    "%(card)s is neither in %(name)s's hand nor on the field, so it "
                    "cannot be chosen",
                    card=CARD_BY_ID[c].name,
                    name=name,
                ).capitalized(),
            )
    if len(picked) == 3 and len(set(picked)) == 3:
        return (picked[0], picked[1], picked[2])
    return None


def parse(data: Body) -> Input:
    """Read a JSON-shaped body; raises ``InvalidInput`` with every problem found."""
    r = Reader()
    stake = r.within(data, "stake", ROUND_STAKE) or 1
    ledger = CardClaims(r)
    field = _field(r, data, ledger)

    players: list[PlayerInput] = []
    names: list[str] = []
    raw_players = r.players(data, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    for i, p in enumerate(raw_players):
        name = r.name(p, f"players.{i}.name", i)
        names.append(name)
        hand = _hand(r, p, i, name, ledger)
        chosen = _chosen(r, p, i, name, hand, field)
        if len(hand) == 2:
            players.append(PlayerInput(name, (hand[0], hand[1]), chosen))
    r.unique_names(names)
    r.raise_if_any()
    assert len(field) == 2
    return Input(stake, (field[0], field[1]), tuple(players))


def evaluate(data: Body) -> RoundResult:
    """Parse and score a body (``InvalidInput`` with every problem found)."""
    return score(parse(data))


Row = tuple[PlayerInput, tuple[Triple, ...], Triple, Triple | None, int]
"""A player, their four triples, the best one, the one they chose (if any) and its value."""


def _row(p: PlayerInput, field: tuple[str, str]) -> Row:
    triples = all_triples(p.hand, field)
    best = max(triples, key=lambda t: t.value)
    chosen = triple(p.chosen) if p.chosen else None
    value = chosen.value if chosen else best.value
    return (p, triples, best, chosen, value)


def score(inp: Input) -> RoundResult:
    """Score one round (RULES 3)."""
    n = len(inp.players)
    pot = inp.stake * n
    rows = [_row(p, inp.field) for p in inp.players]

    top = max(row[4] for row in rows)
    winner_idx = [i for i, row in enumerate(rows) if row[4] == top]
    shares = split_evenly(pot, len(winner_idx))
    payout = dict(zip(winner_idx, shares, strict=True))

    results = tuple(
        PlayerResult(
            name=p.name,
            hand=p.hand,
            triples=triples,
            best=best,
            chosen=chosen,
            value=value,
            delta=Fraction(payout.get(i, 0) - inp.stake),
        )
        for i, (p, triples, best, chosen, value) in enumerate(rows)
    )
    return RoundResult(
        players=results,
        winners=tuple(inp.players[i].name for i in winner_idx),
        pot=pot,
    )


def explain_notes(result: RoundResult) -> tuple[Note, ...]:
    """Why a round scored as it did: the pot, and who takes it (R1, R2). Made from the
    scored round only when its result is shown or stored for showing (``to_dict``)."""
    n = len(result.players)
    top = max(p.value for p in result.players)
    winner_idx = [i for i, p in enumerate(result.players) if p.value == top]
    names = [p.name for p in result.players]
    opening = N_(
        "Each of the %(n)s players put up %(stake)s: the pot is %(pot)s.",
        n=n,
        stake=result.pot // n,
        pot=result.pot,
    )
    return (Note(opening), _winners_note(names, winner_idx, top, result.pot))


def _winners_note(names: list[str], winner_idx: list[int], top: int, pot: int) -> Note:
    """Who takes the pot: everybody (R2), tied winners (R1) or the one highest value."""
    if len(winner_idx) == len(names):
        return Note(
            N_("Everybody's hand is worth %(top)s: everybody takes their stake back.", top=top),
            "R2",
        )
    if len(winner_idx) > 1:
        who = [names[i] for i in winner_idx]
        base, extra = divmod(pot, len(winner_idx))
        if extra:
            text = N_(
                "%(who)s tie on %(top)s and split the pot: %(base)s each, and the %(extra)s "
                "unit(s) left over go one each to the first tied winner(s) in turn order.",
                who=who,
                top=top,
                base=base,
                extra=extra,
            )
        else:
            text = N_(
                "%(who)s tie on %(top)s and split the pot: %(base)s each.",
                who=who,
                top=top,
                base=base,
            )
        return Note(text, "R1")
    return Note(
        N_(
            "%(name)s has the highest value, %(top)s, and takes the pot of %(pot)s.",
            name=names[winner_idx[0]],
            top=top,
            pot=pot,
        )
    )


__all__ = [
    "GAME",
    "Input",
    "InvalidInput",
    "PlayerInput",
    "RoundResult",
    "evaluate",
    "explain_notes",
    "parse",
    "score",
]
