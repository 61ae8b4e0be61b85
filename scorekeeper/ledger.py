"""A table's running ledger, replayed from the entries as they were typed in (RULES 7).

Pure: no Flask, no database. A table stores what the players entered for each round; what
depends on earlier rounds (who deals, Baka's round of the game, Tokan's pot, who is still
seated, Otoroku's stones) is derived here, so a corrected or deleted round is followed by a
replay of everything after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from scorekeeper.exact import amount_str, parse_amount
from scorekeeper.rules import GAMES, InvalidInput, Violation
from scorekeeper.rules.tokan import split_pot

#: Settings of a table besides the engine's house rules, with their defaults.
SETTING_DEFAULTS: dict[str, dict[str, Any]] = {
    "tokotoko": {"stake": 1},
    "toppa": {},
    "baka": {},
    "otoroku": {"method": "everyone", "wager": 10, "length": "12", "stones": 100},
    "tokan": {"stake": 22, "tokens": 11},
}
OTOROKU_LENGTHS = ("12", "6", "3", "stones")
BAKA_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table fixes for all its rounds."""

    game: str
    players: tuple[str, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0

    def setting(self, key: str) -> Any:
        return self.settings.get(key, SETTING_DEFAULTS[self.game].get(key))


@dataclass(frozen=True, slots=True)
class State:
    """The table between two rounds."""

    dealer: int
    """Table position of whoever deals the next round."""
    totals: tuple[Fraction, ...]
    pot: Fraction = Fraction(0)
    house: Fraction = Fraction(0)
    game_no: int = 1
    game_round: int = 1
    """The next round's number within the current game (void Otoroku rounds do not count)."""
    seated: tuple[int, ...] = ()
    """Table positions still playing this game (Tokan leavers, Otoroku players out of stones)."""
    game_totals: tuple[Fraction, ...] = ()
    """Each player's result within the current game (Otoroku stones)."""
    game_over: bool = False
    """The last entry ended a game; the next round starts a new one."""

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "totals": [amount_str(t) for t in self.totals],
            "pot": amount_str(self.pot),
            "house": amount_str(self.house),
            "game_no": self.game_no,
            "game_round": self.game_round,
            "seated": list(self.seated),
            "game_totals": [amount_str(t) for t in self.game_totals],
            "game_over": self.game_over,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        return cls(
            dealer=int(data["dealer"]),
            totals=tuple(parse_amount(t) for t in data["totals"]),
            pot=parse_amount(data["pot"]),
            house=parse_amount(data["house"]),
            game_no=int(data["game_no"]),
            game_round=int(data["game_round"]),
            seated=tuple(int(i) for i in data["seated"]),
            game_totals=tuple(parse_amount(t) for t in data["game_totals"]),
            game_over=bool(data["game_over"]),
        )


@dataclass(frozen=True, slots=True)
class Step:
    """One entry scored against the table's state."""

    kind: str
    """'round', or 'end' (the table ends the game; Tokan splits its pot, R21)."""
    body: dict[str, Any]
    """The engine's input, with everything the table derived filled in."""
    result: dict[str, Any]
    deltas: tuple[Fraction, ...]
    """Each table player's change, in table order (0 for a player not seated)."""
    pot_change: Fraction
    house_change: Fraction
    game_no: int
    game_round: int
    dealer: int | None
    after: State


def initial_state(spec: TableSpec) -> State:
    n = len(spec.players)
    zero = tuple(Fraction(0) for _ in range(n))
    return State(
        dealer=spec.first_dealer % n if n else 0,
        totals=zero,
        seated=tuple(range(n)),
        game_totals=zero,
    )


def _new_game(spec: TableSpec, state: State, dealer: int) -> State:
    n = len(spec.players)
    return replace(
        state,
        dealer=dealer % n,
        game_no=state.game_no + 1,
        game_round=1,
        seated=tuple(range(n)),
        game_totals=tuple(Fraction(0) for _ in range(n)),
        game_over=True,
    )


def stones_left(spec: TableSpec, state: State) -> tuple[Fraction, ...] | None:
    """Otoroku's stones per player in the current game, or None when the game has no stones."""
    if spec.game != "otoroku" or spec.setting("length") != "stones":
        return None
    stock = Fraction(int(spec.setting("stones")))
    return tuple(stock + t for t in state.game_totals)


def _seat_players(
    spec: TableSpec, state: State, data: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], list[int]]:
    """The entry's players as engine players, and the table position of each.

    Players may be given by name (any of the seated players, in table order) or without
    names, one per seated player in table order. Tokan players who are not named have left.
    """
    raw = data.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, Mapping) for p in raw):
        raise InvalidInput([Violation("players", "A list of the seated players is required")])
    seated = list(state.seated)
    named = [p.get("name") for p in raw]
    if all(n is None for n in named):
        if len(raw) != len(seated):
            who = ", ".join(spec.players[i] for i in seated)
            raise InvalidInput(
                [
                    Violation(
                        "players",
                        f"This table seats {len(seated)} players ({who}), but {len(raw)} were "
                        "entered; "
                        "name the players to leave somebody out",
                    )
                ]
            )
        positions = seated
    else:
        errors: list[Violation] = []
        lookup = {spec.players[i].casefold(): i for i in seated}
        positions = []
        for k, name in enumerate(named):
            key = name.casefold() if isinstance(name, str) else None
            if key is None or key not in lookup:
                errors.append(
                    Violation(
                        f"players.{k}.name",
                        f"{name!r} is not a player seated at this table "
                        f"(seated: {', '.join(spec.players[i] for i in seated)})",
                    )
                )
            elif lookup[key] in positions:
                errors.append(Violation(f"players.{k}.name", f"{name} is entered twice"))
            else:
                positions.append(lookup[key])
        if not errors and positions != sorted(positions):
            errors.append(Violation("players", "List the players in the table's seating order"))
        if not errors and spec.game != "tokan" and len(positions) != len(seated):
            missing = [spec.players[i] for i in seated if i not in positions]
            errors.append(
                Violation(
                    "players",
                    f"Every seated player takes part in the round: {', '.join(missing)} missing",
                )
            )
        if errors:
            raise InvalidInput(errors)
    players = []
    for p, pos in zip(raw, positions, strict=True):
        player = dict(p)
        player["name"] = spec.players[pos]
        players.append(player)
    return players, positions


def _dealer_index(data: Mapping[str, Any], state: State, positions: Sequence[int]) -> int:
    """The engine position of the dealer: the entry's own if given, else the table's."""
    given = data.get("dealer")
    if given is not None:
        return given if isinstance(given, int) else -1
    if state.dealer in positions:
        return positions.index(state.dealer)
    # The table's dealer is not seated (out of stones, left): the next seated to the right.
    later = [k for k, p in enumerate(positions) if p > state.dealer]
    return later[0] if later else 0


@dataclass(frozen=True, slots=True)
class Scored:
    """A round as last computed: the engine's input, its result and the table's deltas."""

    body: Mapping[str, Any]
    result: dict[str, Any]
    deltas: tuple[Fraction, ...]


def apply(
    spec: TableSpec,
    state: State,
    kind: str,
    data: Mapping[str, Any],
    earlier: Scored | None = None,
) -> Step:
    """Score one entry against ``state``; InvalidInput with paths into ``data`` if it is bad.

    ``earlier`` is how this entry scored last time: the engine is pure, so when the derived
    input is the same as then (a correction upstream changed nothing it depends on), the
    earlier result is reused and only the running state moves on.
    """
    if kind == "end":
        return _end(spec, state)
    game = GAMES[spec.game]
    players, positions = _seat_players(spec, state, data)
    body: dict[str, Any] = {k: v for k, v in data.items() if k not in ("players", "rules")}
    body["players"] = players
    n_table = len(spec.players)
    g = spec.game
    if g in ("toppa", "baka"):
        body["rules"] = dict(spec.rules)
        body["dealer"] = _dealer_index(data, state, positions)
        if g == "baka":
            body["round"] = state.game_round
    elif g == "tokotoko":
        body.setdefault("stake", spec.setting("stake"))
    elif g == "otoroku":
        body["method"] = spec.setting("method")
        body.setdefault("wager", spec.setting("wager"))
        body["rules"] = {"tera_zen_percent": int(spec.rules.get("tera_zen_percent", 0))}
        body["dealer"] = _dealer_index(data, state, positions)
    elif g == "tokan":
        if len(players) < 3:
            raise InvalidInput(
                [
                    Violation(
                        "players",
                        f"Only {len(players)} players would stay: Tokan needs 3, so the game is "
                        "over. "
                        "End the game to split the pot",
                    )
                ]
            )
        body["stake"] = spec.setting("stake")
        body["tokens"] = spec.setting("tokens")
        body["pot"] = amount_str(state.pot)

    if earlier is not None and earlier.body == body and len(earlier.deltas) == n_table:
        rd = earlier.result
        deltas = list(earlier.deltas)
    else:
        result = game.evaluate(body)
        rd = result.to_dict()
        deltas = [Fraction(0)] * n_table
        for k, pos in enumerate(positions):
            deltas[pos] = result.deltas[k]
    pot_change = Fraction(0)
    house_change = Fraction(0)
    if g == "tokan":
        pot_change = Fraction(rd["pot_after"]) - state.pot
    if g == "otoroku":
        house_change = Fraction(rd["house"])

    totals = tuple(t + d for t, d in zip(state.totals, deltas, strict=True))
    game_totals = tuple(t + d for t, d in zip(state.game_totals, deltas, strict=True))
    seated = tuple(positions) if g == "tokan" else state.seated
    engine_dealer = body.get("dealer")
    dealer_pos = positions[engine_dealer] if isinstance(engine_dealer, int) else None
    next_dealer = state.dealer
    if "next_dealer" in rd:
        next_dealer = positions[rd["next_dealer"]]
    counts = not (g == "otoroku" and rd.get("void"))
    after = replace(
        state,
        dealer=next_dealer,
        totals=totals,
        pot=state.pot + pot_change,
        house=state.house + house_change,
        game_round=state.game_round + (1 if counts else 0),
        seated=seated,
        game_totals=game_totals,
        game_over=False,
    )
    if g == "baka" and after.game_round > BAKA_ROUNDS:
        after = _new_game(spec, after, next_dealer)
    elif g == "otoroku":
        stones = stones_left(spec, after)
        if stones is not None:
            still_in = tuple(i for i in range(n_table) if stones[i] > 0)
            after = replace(after, seated=still_in)
            if len(still_in) <= 1:
                after = _new_game(spec, after, next_dealer)
        elif after.game_round > int(spec.setting("length")):
            after = _new_game(spec, after, next_dealer)
    return Step(
        kind="round",
        body=body,
        result=rd,
        deltas=tuple(deltas),
        pot_change=pot_change,
        house_change=house_change,
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=dealer_pos,
        after=after,
    )


def _end(spec: TableSpec, state: State) -> Step:
    """The table ends the current game; Tokan's pot is split among the seated (R21)."""
    if state.game_round == 1 and not (spec.game == "tokan" and state.pot >= len(state.seated)):
        raise InvalidInput([Violation("kind", "No round of this game has been played yet")])
    n = len(spec.players)
    deltas = [Fraction(0)] * n
    pot_change = Fraction(0)
    result: dict[str, Any] = {"game": spec.game, "end": True, "notes": []}
    if spec.game == "tokan" and state.pot:
        seated_names = [spec.players[i] for i in state.seated]
        shares, odd = split_pot(int(state.pot), seated_names)
        for i in state.seated:
            deltas[i] = Fraction(shares[spec.players[i]])
        pot_change = -sum(deltas, Fraction(0))
        result["split"] = {name: amount_str(v) for name, v in shares.items()}
        result["unclaimed"] = amount_str(odd)
        result["notes"] = [
            {
                "text": f"The pot of {amount_str(state.pot)} is split equally among the "
                f"{len(seated_names)} players still seated: {amount_str(deltas[state.seated[0]])} "
                f"each; {odd} odd coin(s) stay in the pot, unclaimed.",
                "ruling": "R21",
            }
        ]
    result["players"] = [
        {"name": spec.players[i], "delta": amount_str(deltas[i])} for i in range(n)
    ]
    totals = tuple(t + d for t, d in zip(state.totals, deltas, strict=True))
    after = _new_game(spec, replace(state, totals=totals, pot=state.pot + pot_change), state.dealer)
    return Step(
        kind="end",
        body={},
        result=result,
        deltas=tuple(deltas),
        pot_change=pot_change,
        house_change=Fraction(0),
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )


class ReplayError(InvalidInput):
    """A later round no longer fits after a correction; names the round."""

    def __init__(self, number: int, inner: InvalidInput) -> None:
        self.number = number
        violations = [
            Violation(v.field, f"Round {number} would no longer be valid: {v.message}")
            for v in inner.violations
        ]
        super().__init__(violations)


def replay(
    spec: TableSpec,
    entries: Sequence[tuple[str, Mapping[str, Any]]],
    start: State | None = None,
    first_number: int = 1,
    earlier: Sequence[Scored | None] = (),
) -> list[Step]:
    """Score ``entries`` in order from ``start`` (the table's beginning by default)."""
    state = start or initial_state(spec)
    steps = []
    for k, (kind, data) in enumerate(entries):
        try:
            step = apply(spec, state, kind, data, earlier[k] if k < len(earlier) else None)
        except InvalidInput as exc:
            if k == 0:
                raise
            raise ReplayError(first_number + k, exc) from exc
        steps.append(step)
        state = step.after
    return steps
