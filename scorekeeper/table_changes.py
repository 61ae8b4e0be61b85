"""How a change of the table and a settle-up step (``ledger.step`` sends them here).

A change of the players or the settings and a settle-up are entries of the table's sequence,
like the end of a game: a replay after a correction passes them at their place, so rounds
before a change are scored as they were played and rounds after it as the table then stood.
Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from scorekeeper.codec import amount_str, read_stored_amount
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import (
    EditEntry,
    EditResult,
    Entry,
    Result,
    Seat,
    SettleEntry,
    SettleResult,
    as_edit,
    as_engine_input,
    as_settle,
    edit_result,
    settle_result,
)
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.state import State, Step, TableSpec, check_storable

__all__ = ["between_games", "edit_step", "settle_step"]


def between_games(game: GameRules, state: State) -> bool:
    """No round of the current game has been played yet (every round is a game of its own
    where the game has no games of several rounds)."""
    return not game.multi_game or state.game_round == 1


# -- a change of the table ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Change:
    """A stored change of the table, read: who joins, leaves or comes back, which settings."""

    adds: list[Seat]
    leaving: list[int]
    returning: list[int]
    settings: dict[str, JSONValue]

    @classmethod
    def read(cls, data: EditEntry) -> _Change:
        return cls(
            adds=list(data.get("add") or []),
            leaving=[int(i) for i in data.get("remove") or []],
            returning=[int(i) for i in data.get("return") or []],
            settings=dict(data.get("settings") or {}),
        )

    @property
    def seats_change(self) -> bool:
        return bool(self.adds or self.leaving or self.returning)

    @property
    def seat_fields(self) -> list[str]:
        """What a refusal names: ``add`` (joining, coming back), ``remove`` (leaving)."""
        asked = (("add", self.adds or self.returning), ("remove", self.leaving))
        return [f for f, wanted in asked if wanted]


@dataclass(frozen=True, slots=True)
class _Seats:
    """The table's players after a change: every name so far, and who is away."""

    names: list[str]
    away: set[int]

    @property
    def present(self) -> list[int]:
        return [i for i in range(len(self.names)) if i not in self.away]


def edit_step(spec: TableSpec, state: State, stored: Entry) -> Step:
    """A change of the table: settings from here on, players joining, leaving, coming back.

    ``stored`` is what the table's service checked and stored: ``settings`` (the keys that
    change), ``add`` (``{"name", "position"}``, positions after the last), ``remove`` and
    ``return`` (table positions). Only whether it still fits is checked here (a correction
    upstream may have moved the end of a game).
    """
    game = RULES[spec.game]
    change = _Change.read(as_edit(stored))
    errors = _who_may_change(game, state, change) + _setting_errors(game, state, change)
    seats, seat_errors = _seats_after(spec, state, change)
    errors += seat_errors + _count_errors(game, change, seats)
    if errors:
        raise InvalidInput(errors)
    names = seats.names
    return Step(
        kind=EntryKind.EDIT,
        body=as_engine_input(dict(stored)),
        result=_edit_result(game, change, names, len(state.totals)),
        outcome=Outcome(),
        deltas=tuple(Fraction(0) for _ in names),
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=_state_after_edit(spec, state, change, seats),
    )


def _who_may_change(game: GameRules, state: State, change: _Change) -> list[Violation]:
    """Players join or leave only in a game that allows it, and only between games."""
    if not change.seats_change:
        return []
    errors: list[Violation] = []
    if not game.players_may_change:
        errors += [
            Violation(
                f, N_("%(game)s is played by %(n)s players", game=game.title, n=game.min_players)
            )
            for f in change.seat_fields
        ]
    if not between_games(game, state):
        errors += [
            Violation(f, N_("Players can join or leave only between games: end this game first"))
            for f in change.seat_fields
        ]
    return errors


def _setting_errors(game: GameRules, state: State, change: _Change) -> list[Violation]:
    """A setting that shapes a whole game changes only between games (the first one named)."""
    shaping = sorted(k for k in change.settings if k in game.game_settings)
    if not shaping or between_games(game, state):
        return []
    return [
        Violation(
            f"settings.{shaping[0]}",
            N_(
                "%(setting)s shapes a whole game: change it between games",
                setting=_setting_name(game, shaping[0]),
            ).capitalized(),
        )
    ]


def _seats_after(spec: TableSpec, state: State, change: _Change) -> tuple[_Seats, list[Violation]]:
    """Who sits at the table after the change, and what of it does not fit the table."""
    n = len(state.totals)
    errors: list[Violation] = []
    away = set(state.away)
    for pos in change.leaving:
        if not 0 <= pos < n or pos in away:
            errors.append(Violation("remove", N_("That player is not at the table")))
        away.add(pos)
    for pos in change.returning:
        if pos not in away:
            errors.append(Violation("add", N_("That player is already at the table")))
        away.discard(pos)
    names = list(spec.players[:n])
    for k, item in enumerate(change.adds):
        if item.get("position") != n + k:
            errors.append(Violation("add", N_("Players join after the last one")))
        names.append(str(item.get("name")))
    return _Seats(names, away), errors


def _count_errors(game: GameRules, change: _Change, seats: _Seats) -> list[Violation]:
    """A change of the players leaves as many as the game is played by."""
    present = len(seats.present)
    if not change.seats_change or game.min_players <= present <= game.max_players:
        return []
    return [
        Violation(
            "remove" if change.leaving else "add",
            N_(
                "%(game)s is played by %(minimum)s to %(maximum)s players, not %(n)s",
                game=game.title,
                minimum=game.min_players,
                maximum=game.max_players,
                n=present,
            ),
        )
    ]


def _state_after_edit(spec: TableSpec, state: State, change: _Change, seats: _Seats) -> State:
    """The table after the change: new players at zero, the dealer seated, the settings."""
    joined = tuple(Fraction(0) for _ in change.adds)
    settings = dict(spec.settings if state.settings is None else state.settings)
    settings.update(change.settings)
    present = seats.present
    dealer = state.dealer
    if change.seats_change and dealer not in present:
        dealer = next((i for i in present if i > dealer), present[0])
    keeps_settings = bool(change.settings) or state.settings is not None
    return replace(
        state,
        dealer=dealer,
        totals=state.totals + joined,
        game_totals=state.game_totals + joined,
        seated=tuple(present) if change.seats_change else state.seated,
        away=tuple(sorted(seats.away)),
        settings=settings if keeps_settings else None,
        game_over=False,
    )


def _edit_result(game: GameRules, change: _Change, names: Sequence[str], n: int) -> Result:
    """What the change did, in words (``n``: the players before it)."""
    words = [_setting_words(game, key, value) for key, value in change.settings.items()]
    words += [N_("%(name)s joins", name=names[n + k]) for k in range(len(change.adds))]
    words += [N_("%(name)s leaves", name=names[i]) for i in change.leaving]
    words += [N_("%(name)s is back", name=names[i]) for i in change.returning]
    result: EditResult = {
        "edit": True,
        "changes": [str(w) for w in words],
        "changes_msg": [w.to_json() for w in words],  # what a page translates
        "players": [{"name": name, "delta": "0"} for name in names],
        "notes": [],
    }
    return edit_result(result)


def _setting_name(game: GameRules, key: str) -> Msg:
    """A setting as its field names it ("Stake"); its key when the game has no such one."""
    option = next((o for o in game.setting_options if o.key == key), None)
    if option is not None and isinstance(option.label, Msg):
        return option.label
    return Msg(option.label if option is not None else key)


def _setting_words(game: GameRules, key: str, value: JSONValue) -> Msg:
    """A setting changed, as the history says it ("Stake: 30")."""
    option = next((o for o in game.setting_options if o.key == key), None)
    shown = dict(option.choices).get(str(value), value) if option is not None else value
    return N_("%(setting)s: %(value)s", setting=_setting_name(game, key), value=shown)


# -- a settle-up --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Settled:
    """A stored settle-up's amounts, read: each player's, the pot's and the house's."""

    points: tuple[Fraction, ...]
    pot: Fraction
    house: Fraction


def settle_step(spec: TableSpec, state: State, stored: Entry) -> Step:
    """A settle-up: the amounts each player (and the pot and the house) settled then come off
    the running totals, which start again from zero. The amounts are kept as they were
    settled: a later correction of an earlier round shows as a balance still to settle."""
    data = as_settle(stored)
    settled = _read_settled(data)
    _check_settled(state, settled)
    deltas = tuple(-p for p in settled.points)
    after = replace(
        state,
        totals=tuple(t + d for t, d in zip(state.totals, deltas, strict=True)),
        pot=state.pot - settled.pot,
        house=state.house - settled.house,
        game_over=False,
    )
    check_storable(after, deltas)
    return Step(
        kind=EntryKind.SETTLE,
        body=as_engine_input(dict(stored)),
        result=_settle_result(data, spec.players[: len(state.totals)], deltas),
        # What it took from the pot and the house, as a round's outcome says it.
        outcome=Outcome(pot_after=after.pot, house=-settled.house),
        deltas=deltas,
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )


def _read_settled(data: SettleEntry) -> _Settled:
    """The settle-up's exact amounts; InvalidInput if one cannot be read."""
    try:
        return _Settled(
            points=tuple(read_stored_amount(a) for a in data["points"]),
            pot=read_stored_amount(data.get("pot", "0")),
            house=read_stored_amount(data.get("house", "0")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(
            [Violation("points", N_("A settle-up cannot be read: %(why)s", why=str(exc)))]
        ) from exc


def _check_settled(state: State, settled: _Settled) -> None:
    """One amount per player, summing to zero, and no more taken from the pot than it holds."""
    n = len(state.totals)
    count = len(settled.points)
    if count != n:
        why = N_("This settle-up is for %(count)s players, not %(n)s", count=count, n=n)
        raise InvalidInput([Violation("points", why)])
    if sum(settled.points, Fraction(0)) + settled.pot + settled.house != 0:
        raise InvalidInput([Violation("points", N_("A settle-up's amounts must sum to zero"))])
    if state.pot - settled.pot < 0:
        why = N_("The pot holds %(pot)s, less than was settled", pot=amount_str(state.pot))
        raise InvalidInput([Violation("pot", why)])


def _settle_result(data: SettleEntry, names: Sequence[str], deltas: Sequence[Fraction]) -> Result:
    """What the settle-up did: its payments and each player's change."""
    result: SettleResult = {
        "settle": True,
        "payments": list(data.get("payments") or []),
        "players": [
            {"name": name, "delta": amount_str(d)} for name, d in zip(names, deltas, strict=True)
        ],
        "notes": [],
    }
    return settle_result(result)
