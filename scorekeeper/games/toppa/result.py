"""A Toppa or Baka round's result: each player's pile, yaku and payment, and what comes next.

The settlement (``settle``) makes the numbers; the notes saying why are made from them
(``notes.explain_notes``) only when the result is shown or stored for showing (``to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.exact import amount_str, display
from scorekeeper.games.toppa.house_rules import Rules
from scorekeeper.games.toppa.notes import explain_notes
from scorekeeper.games.toppa.variant import Variant
from scorekeeper.games.toppa.yaku import Yaku
from scorekeeper.jsonio import JSONObject
from scorekeeper.rules.common import Outcome


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    pile: tuple[str, ...]
    """The captured cards (the API's ``captured``)."""
    card_points: int
    teyaku: tuple[Yaku, ...]
    dekiyaku: tuple[Yaku, ...]
    delta: Fraction
    low_man_out: bool = False
    parts: tuple[tuple[str, Fraction], ...] = ()
    """The settlement steps that make up ``delta`` (label, amount)."""

    @property
    def yaku_total(self) -> int:
        return sum(y.points for y in self.teyaku) + sum(y.points for y in self.dekiyaku)

    def to_dict(self, variant: Variant) -> JSONObject:
        out: JSONObject = {
            "name": self.name,
            "captured": list(self.pile),
            "card_points": self.card_points,
            "teyaku": [y.to_dict() for y in self.teyaku],
            "dekiyaku": [y.to_dict() for y in self.dekiyaku],
            "yaku_total": self.yaku_total,
            "delta": amount_str(self.delta),
            "delta_display": display(self.delta, signed=True),
            "parts": [{"step": k, "amount": amount_str(v)} for k, v in self.parts],
        }
        if not variant.exchange:
            out["low_man_out"] = self.low_man_out
        return out


@dataclass(frozen=True, slots=True)
class RoundResult:
    variant: Variant
    rules: Rules
    """The house rules it was scored with (which the notes name)."""
    players: tuple[PlayerResult, ...]
    winner: str | None
    next_dealer: int
    dealer: int
    round: int
    settlement: str | None = None
    exchange: tuple[str, ...] | None = None
    """Toppa: cards the lower player could hand over, when an exact set exists."""

    @property
    def game(self) -> str:
        """The game's id."""
        return self.variant.id

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def game_over(self) -> bool:
        return self.round == self.variant.rounds

    @property
    def outcome(self) -> Outcome:
        return Outcome(next_dealer=self.next_dealer, game_over=self.game_over)

    def to_dict(self) -> JSONObject:
        out: JSONObject = {
            "game": self.game,
            "players": [p.to_dict(self.variant) for p in self.players],
            "winner": self.winner,
            "dealer": self.dealer,
            "next_dealer": self.next_dealer,
            "notes": [n.to_dict() for n in explain_notes(self)],
        }
        if self.variant.exchange:
            out["settlement"] = self.settlement
            out["exchange_cards"] = list(self.exchange) if self.exchange is not None else None
        else:
            out["round"] = self.round
            out["game_over"] = self.game_over
        return out
