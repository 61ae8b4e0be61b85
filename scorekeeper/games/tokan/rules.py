"""Tokan: a dice bluffing game with a common pot carried from tour to tour. RULES.md 6.

Players are listed in seating order: each player's left neighbour is the next in the list
(wrapping round), the right neighbour the previous one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from scorekeeper.exact import amount_str
from scorekeeper.jsonio import JSONObject
from scorekeeper.messages import N_, Msg, listed, ngettext
from scorekeeper.rules.common import (
    Body,
    Bound,
    InvalidInput,
    Note,
    Option,
    Outcome,
    Reader,
    Violation,
    shown,
)

GAME = "tokan"
TITLE = N_("Tokan")
MIN_PLAYERS, MAX_PLAYERS = 3, 30
#: The table's settings for Tokan: each player's stake per tour and tokens of each colour.
STAKE = Option(
    "stake",
    "int",
    22,
    N_("Stake"),
    hint=N_("per tour"),
    minimum=1,
    maximum=1_000_000,
    what=N_("a stake in whole coins"),
    checker=True,
)
TOKENS = Option(
    "tokens",
    "int",
    11,
    N_("Tokens of each colour"),
    minimum=0,
    maximum=1_000,
    what=N_("a number of tokens"),
    checker=True,
)
SETTINGS = (STAKE, TOKENS)
#: A die, and each prediction: never more tokens than a table may give a player.
DIE = Bound("players.<i>.dice", 1, 6, N_("a die"))
LEFT = Bound(
    "players.<i>.left",
    -TOKENS.bound().maximum,
    TOKENS.bound().maximum,
    N_("a prediction against the left neighbour (+N more, -N less)"),
)
RIGHT = Bound(
    "players.<i>.right",
    LEFT.minimum,
    LEFT.maximum,
    N_("a prediction against the right neighbour (+N more, -N less)"),
)
POT = Bound("pot", 0, 10**12, N_("a pot in whole coins"))
"""What the pot may hold before a tour. A table cannot come near it: only what the players
pay for missed predictions stays in the pot, at most 30 x 2 x 1,010 coins a tour."""
BOUNDS = (DIE, LEFT, RIGHT, POT)
#: What a round's body may hold, and each of its players.
KEYS = frozenset({"stake", "tokens", "pot", "players"})
PLAYER_KEYS = frozenset({"name", "dice", "left", "right"})
DEFAULT_STAKE = int(STAKE.default)
DEFAULT_TOKENS = int(TOKENS.default)


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    dice: tuple[int, int]
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class Input:
    players: tuple[PlayerInput, ...]
    stake: int = DEFAULT_STAKE
    tokens: int = DEFAULT_TOKENS
    pot: int = 0
    """What the pot held before this tour's stakes (carried from the last tour)."""


@dataclass(frozen=True, slots=True)
class Prediction:
    prediction: int
    difference: int

    @property
    def achieved(self) -> bool:
        """+N needs d >= N, -N needs d <= -N, and 0 needs equal totals (R20)."""
        if self.prediction > 0:
            return self.difference >= self.prediction
        if self.prediction < 0:
            return self.difference <= self.prediction
        return self.difference == 0

    @property
    def gain(self) -> int:
        return abs(self.prediction) if self.achieved else 0

    @property
    def pay(self) -> int:
        return 0 if self.achieved else abs(self.prediction - self.difference)

    def to_dict(self) -> JSONObject:
        return {
            "prediction": self.prediction,
            "difference": self.difference,
            "achieved": self.achieved,
            "gain": self.gain,
            "pay": self.pay,
        }


def achieved(prediction: int, difference: int) -> bool:
    return Prediction(prediction, difference).achieved


@dataclass(frozen=True, slots=True)
class PlayerResult:
    name: str
    dice: tuple[int, int]
    left: Prediction
    right: Prediction
    reclaimed: int
    stake: int

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def gain(self) -> int:
        return self.left.gain + self.right.gain

    @property
    def pay(self) -> int:
        return self.left.pay + self.right.pay

    @property
    def net(self) -> int:
        return self.gain - self.pay

    @property
    def delta(self) -> Fraction:
        return Fraction(self.net - self.stake + self.reclaimed)

    def to_dict(self) -> JSONObject:
        return {
            "name": self.name,
            "dice": list(self.dice),
            "total": self.total,
            "left": self.left.to_dict(),
            "right": self.right.to_dict(),
            "gain": self.gain,
            "pay": self.pay,
            "net": self.net,
            "stake": self.stake,
            "reclaimed": self.reclaimed,
            "delta": amount_str(self.delta),
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    players: tuple[PlayerResult, ...]
    stake: int
    pot_before: int
    pot_after: int

    @property
    def deltas(self) -> tuple[Fraction, ...]:
        return tuple(p.delta for p in self.players)

    @property
    def pot_change(self) -> Fraction:
        return Fraction(self.pot_after - self.pot_before)

    @property
    def outcome(self) -> Outcome:
        return Outcome(
            pot_after=Fraction(self.pot_after),
            pot_short=any(p.reclaimed < p.stake for p in self.players),
        )

    def to_dict(self) -> JSONObject:
        return {
            "game": GAME,
            "players": [p.to_dict() for p in self.players],
            "stake": self.stake,
            "pot_before": amount_str(self.pot_before),
            "pot_after": amount_str(self.pot_after),
            "pot_change": amount_str(self.pot_change),
            "notes": [n.to_dict() for n in explain_notes(self)],
        }


def dice_missing(name: object, missing: int) -> Msg:
    """A player's dice not (all) entered: ``missing`` of the 2 (the form's bar says it too)."""
    faces = {"name": name, "minimum": DIE.minimum, "maximum": DIE.maximum}
    if missing == 2:
        return N_(
            "Enter both dice %(name)s rolled (each shows %(minimum)s to %(maximum)s)", **faces
        )
    return N_(
        "Enter the other die %(name)s rolled (each shows %(minimum)s to %(maximum)s)", **faces
    )


def _pot(r: Reader, data: Body) -> int:
    """The pot carried in: whole coins within ``POT`` (0 after a message)."""
    pot_value = r.amount(data, "pot", "pot", default=Fraction(0))
    if pot_value.denominator != 1 or not POT.minimum <= pot_value <= POT.maximum:
        r.add(
            "pot",
            N_(
                "The pot holds whole coins, from %(minimum)s to %(maximum)s (got %(value)s)",
                minimum=POT.minimum,
                maximum=format(POT.maximum, ","),
                value=shown(pot_value.numerator) if pot_value.denominator == 1 else str(pot_value),
            ),
        )
        pot_value = Fraction(0)
    return int(pot_value)


def _not_dice(real: list[str]) -> Msg:
    """What was entered for dice that are not dice (one or several values)."""
    if len(real) == 1:
        return N_(
            "%(value)s is not a die: each die shows %(minimum)s to %(maximum)s",
            value=real[0],
            minimum=DIE.minimum,
            maximum=DIE.maximum,
        )
    return N_(
        "%(values)s are not dice: each die shows %(minimum)s to %(maximum)s",
        values=listed(real),
        minimum=DIE.minimum,
        maximum=DIE.maximum,
    )


def _dice(r: Reader, p: Body, path: str, name: str) -> list[int]:
    """A player's good dice; one message for their dice, however many are wrong (an empty
    tour is one mistake per player, not one per die)."""
    raw = r.items(p, "dice", path, what=N_("a list of the player's 2 dice"))
    dice: list[int] = []
    bad: list[object] = []
    for d in raw or []:
        if isinstance(d, bool) or not isinstance(d, int) or not DIE.minimum <= d <= DIE.maximum:
            bad.append(d)
        else:
            dice.append(d)
    if raw is not None and len(raw) != 2:
        r.add(path, N_("Each player rolls exactly 2 dice, not %(n)s", n=len(raw)))
    elif bad and all(d is None for d in bad):
        r.add(path, dice_missing(name, len(bad)))
    elif bad:
        r.add(path, _not_dice([shown(d) for d in bad if d is not None]))
    return dice


def too_many(way: str, name: object, n: object, limit: object) -> Msg:
    """More tokens of a colour claimed than a player holds (the form's bar says it too)."""
    if way == "more":
        return N_(
            "%(name)s claims 'more' by %(n)s in all, but holds only %(limit)s blue tokens",
            name=name,
            n=n,
            limit=limit,
        )
    return N_(
        "%(name)s claims 'less' by %(n)s in all, but holds only %(limit)s red tokens",
        name=name,
        n=n,
        limit=limit,
    )


def _predictions(
    r: Reader, p: Body, i: int, name: str, limit: int
) -> tuple[int | None, int | None]:
    """A player's left and right predictions, each within its bound, and together within
    the blue ('more') and red ('less') tokens the player holds."""
    left = r.within(p, "left", LEFT, i=i)
    right = r.within(p, "right", RIGHT, i=i)
    if left is None or right is None:
        return left, right
    sides = (("left", left), ("right", right))
    for way, sign in (("more", 1), ("less", -1)):
        claimed = [(side, v * sign) for side, v in sides if v * sign > 0]
        total = sum(n for _, n in claimed)
        if total > limit:
            # The mistake sits beside every prediction that spends tokens of that colour:
            # either may be the one to lower.
            for side, _ in claimed:
                r.add(f"players.{i}.{side}", too_many(way, name, total, limit))
    return left, right


def parse(data: Body) -> Input:
    r = Reader()
    stake = r.whole_option(data, STAKE, "stake")
    tokens = r.whole_option(data, TOKENS, "tokens")
    pot = _pot(r, data)
    raw_players = r.players(data, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    names = [r.name(p, f"players.{i}.name", i) for i, p in enumerate(raw_players)]
    r.unique_names(names)
    limit = tokens if tokens is not None else DEFAULT_TOKENS
    players: list[PlayerInput] = []
    for i, p in enumerate(raw_players):
        dice = _dice(r, p, f"players.{i}.dice", names[i])
        left, right = _predictions(r, p, i, names[i], limit)
        if len(dice) == 2 and left is not None and right is not None:
            players.append(PlayerInput(names[i], (dice[0], dice[1]), left, right))
    r.raise_if_any()
    inp = Input(tuple(players), stake or DEFAULT_STAKE, limit, pot)
    _check_pot_covers(inp)
    return inp


def _gains_and_pays(inp: Input) -> list[tuple[Prediction, Prediction]]:
    n = len(inp.players)
    totals = [sum(p.dice) for p in inp.players]
    out = []
    for i, p in enumerate(inp.players):
        left_total = totals[(i + 1) % n]
        right_total = totals[(i - 1) % n]
        out.append(
            (
                Prediction(p.left, totals[i] - left_total),
                Prediction(p.right, totals[i] - right_total),
            )
        )
    return out


def _check_pot_covers(inp: Input) -> None:
    """Refuse a tour whose achieved predictions would take more than the pot holds."""
    preds = _gains_and_pays(inp)
    gains = sum(a.gain + b.gain for a, b in preds)
    pays = sum(a.pay + b.pay for a, b in preds)
    available = inp.pot + inp.stake * len(inp.players) + pays
    if gains > available:
        raise InvalidInput(
            [
                Violation(
                    "stake",
                    N_(
                        "The achieved predictions take %(gains)s coins but the pot "
                        "holds only %(available)s: raise the stake per tour",
                        gains=gains,
                        available=available,
                    ),
                )
            ]
        )


def evaluate(data: Body) -> RoundResult:
    """Parse and score a body (``InvalidInput`` with every problem found)."""
    return score(parse(data))


def _opening(n: int, stake: int, carried: int, pot: int) -> Note:
    """What the ``n`` players put in the pot, and what it holds then (R18)."""
    if carried:
        opening = N_(
            "%(n)s players each put %(stake)s in the pot, on top of %(carried)s carried over: "
            "it holds %(pot)s.",
            n=n,
            stake=stake,
            carried=carried,
            pot=pot,
        )
    else:
        opening = N_(
            "%(n)s players each put %(stake)s in the pot: it holds %(pot)s.",
            n=n,
            stake=stake,
            pot=pot,
        )
    return Note(opening, "R18")


def _zero_note(name: str, left: bool, pr: Prediction) -> Note:
    """Whether a prediction of 0 on the left or the right is achieved (R20)."""
    if pr.achieved and left:
        text = N_(
            "%(name)s's prediction of 0 on the left is achieved: the totals are equal.",
            name=name,
        )
    elif pr.achieved:
        text = N_(
            "%(name)s's prediction of 0 on the right is achieved: the totals are equal.",
            name=name,
        )
    elif left:
        text = N_(
            "%(name)s's prediction of 0 on the left is missed: the totals differ by %(d)s.",
            name=name,
            d=abs(pr.difference),
        )
    else:
        text = N_(
            "%(name)s's prediction of 0 on the right is missed: the totals differ by %(d)s.",
            name=name,
            d=abs(pr.difference),
        )
    return Note(text, "R20")


def _short_note(who: list[str], each: int, pot: int) -> Note:
    """The pot runs short at ``who`` (one player, or players tied): what each takes back."""
    if len(who) == 1:
        return Note(
            N_(
                "The pot runs short: %(who)s takes back only %(each)s, and the "
                "players after take nothing.",
                who=who,
                each=each,
            )
        )
    return Note(
        ngettext(
            "The pot runs short at a tie: %(who)s share what is left, "
            "%(each)s each in whole coins; %(num)s odd coin stays in the pot.",
            "The pot runs short at a tie: %(who)s share what is left, "
            "%(each)s each in whole coins; %(num)s odd coins stay in the pot.",
            pot,
            who=listed(who),
            each=each,
        )
    )


def _reclaim(inp: Input, net: list[int], pot: int) -> tuple[list[int], int]:
    """Stakes taken back, best net result first, while the pot holds them; a tie where it
    runs short shares what is left in whole coins. Returns each player's reclaimed coins and
    what the pot carries on."""
    n = len(inp.players)
    reclaimed = [0] * n
    order = sorted(range(n), key=lambda i: -net[i])
    for _, group_iter in groupby(order, key=lambda i: net[i]):
        group = list(group_iter)
        need = inp.stake * len(group)
        if pot >= need:
            for i in group:
                reclaimed[i] = inp.stake
            pot -= need
            continue
        each = pot // len(group)
        for i in group:
            reclaimed[i] = each
        pot -= each * len(group)
        break
    return reclaimed, pot


def score(inp: Input) -> RoundResult:
    n = len(inp.players)
    preds = _gains_and_pays(inp)
    pot = inp.pot + inp.stake * n
    net = [a.gain + b.gain - a.pay - b.pay for a, b in preds]
    for a, b in preds:
        pot += a.pay + b.pay
        pot -= a.gain + b.gain
    reclaimed, pot = _reclaim(inp, net, pot)
    results = tuple(
        PlayerResult(p.name, p.dice, preds[i][0], preds[i][1], reclaimed[i], inp.stake)
        for i, p in enumerate(inp.players)
    )
    return RoundResult(results, inp.stake, inp.pot, pot)


def explain_notes(result: RoundResult) -> tuple[Note, ...]:
    """Why a tour scored as it did: the pot at each stage, predictions of 0 (R20) and how the
    stakes were taken back. Made from the scored tour only when its result is shown or stored
    for showing (``to_dict``)."""
    players = result.players
    pot = result.pot_before + result.stake * len(players)
    notes = [_opening(len(players), result.stake, result.pot_before, pot)]
    pot += sum(p.pay - p.gain for p in players)
    notes.append(Note(N_("After the predictions are settled the pot holds %(pot)s.", pot=pot)))
    for p in players:
        for left, pr in ((True, p.left), (False, p.right)):
            if pr.prediction == 0:
                notes.append(_zero_note(p.name, left, pr))
    notes.append(_taken_back(result))
    notes.append(Note(N_("The pot carries %(pot)s to the next tour.", pot=result.pot_after)))
    return tuple(notes)


def _taken_back(result: RoundResult) -> Note:
    """How the stakes were taken back: all of them, or where the pot ran short (at the best
    net result among those who took back less than their stake)."""
    short = [p.net for p in result.players if p.reclaimed < p.stake]
    if not short:
        return Note(N_("Everybody takes back their stake, best net result first."))
    group = [p for p in result.players if p.net == max(short)]
    return _short_note([p.name for p in group], group[0].reclaimed, result.pot_after)


def split_pot(pot: int, players: Sequence[str]) -> tuple[dict[str, int], int]:
    """At the end of a game, share the pot equally among the seated players (R21).

    Returns each player's whole-coin share and the odd coins left unclaimed.
    """
    if not players:
        return {}, pot
    each, odd = divmod(pot, len(players))
    return {p: each for p in players}, odd


__all__ = [
    "Input",
    "InvalidInput",
    "PlayerInput",
    "RoundResult",
    "achieved",
    "evaluate",
    "explain_notes",
    "parse",
    "score",
    "split_pot",
]
