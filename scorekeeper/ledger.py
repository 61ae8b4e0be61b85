"""A table's running ledger, replayed from the entries as they were typed in (RULES 7).

Pure: no Flask, no database. A table stores what the players entered for each round; what
depends on earlier rounds (who deals, Baka's round of the game, Tokan's pot, who is still
seated, Otoroku's stones) is derived here, so a corrected or deleted round is followed by a
replay of everything after it. ``step`` scores one entry against the table's state: the one
path of every entry, from the pages, the API, an import and a replay (which wraps it in
``tables.rescore`` to reuse a round's earlier score).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import cast

from scorekeeper.codec import STORED_DIGITS, all_storable, amount_str, read_stored_amount
from scorekeeper.exact import plus
from scorekeeper.games import GAMES, Game
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import (
    EditResult,
    EndResult,
    EngineInput,
    Entry,
    Result,
    SettleResult,
    StoredBody,
    TableEntry,
    as_edit,
    as_settle,
    edit_result,
    end_result,
    settle_result,
)
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.state import PriorScore, State, TableSpec, spec_at

__all__ = [
    "PriorScore",
    "ReplayError",
    "RoundRead",
    "State",
    "Step",
    "TableSpec",
    "added",
    "check_storable",
    "engine_input",
    "evaluated",
    "initial_state",
    "read_round",
    "replay",
    "round_step",
    "state_after",
    "step",
    "table_entry",
]


@dataclass(frozen=True, slots=True)
class Step:
    """One entry scored against the table's state."""

    kind: EntryKind
    """Any kind: a round, the end of a game (R21), a change of the
    table or a settle-up."""
    body: StoredBody
    """The engine's input as the row keeps it (``Game.stored_body``); for a change of the
    table or a settle-up, its entry."""
    result: Result | None
    """The engine's result as the API shows it; None when it was not asked for (a replay
    leaves later rounds' results to be recomputed on reading) or reused unchanged."""
    outcome: Outcome
    deltas: tuple[Fraction, ...]
    """Each table player's change, in table order (0 for a player not seated)."""
    game_no: int
    game_round: int
    dealer: int | None
    after: State
    rescored: bool = True
    """False when the engine's input was as last time and its earlier score was reused."""


def initial_state(spec: TableSpec) -> State:
    return State.initial(spec)


def _new_game(spec: TableSpec, state: State, dealer: int) -> State:
    n = len(spec.players)
    return replace(
        state,
        dealer=dealer % n,
        game_no=state.game_no + 1,
        game_round=1,
        seated=tuple(i for i in range(n) if i not in state.away),
        game_totals=tuple(Fraction(0) for _ in range(n)),
        game_over=True,
    )


def _seat_players(  # noqa: C901  (split by one-path in issue 32)
    game: Game, spec: TableSpec, state: State, data: TableEntry
) -> tuple[list[JSONObject], list[int]]:
    """The entry's players as engine players, and the table position of each.

    Players may be given by name (any of the seated players, in table order) or without
    names, one per seated player in table order. In a game players may leave (Tokan), those
    not named have left.
    """
    given = data.get("players")
    if not isinstance(given, list) or not all(isinstance(p, Mapping) for p in given):
        raise InvalidInput([Violation("players", N_("A list of the seated players is required"))])
    raw = cast(list[JSONObject], given)  # each one checked just above (JSON: a dict)
    seated = list(state.seated)
    named = [p.get("name") for p in raw]
    if all(n is None for n in named):
        if len(raw) != len(seated):
            who = ", ".join(spec.players[i] for i in seated)
            raise InvalidInput(
                [
                    Violation(
                        "players",
                        N_(
                            "This table seats %(n)s players (%(who)s), but %(k)s were entered; "
                            "name the players to leave somebody out",
                            n=len(seated),
                            who=who,
                            k=len(raw),
                        ),
                    )
                ]
            )
        positions = seated
    else:
        errors: list[Violation] = []
        lookup = _seats_by_name(tuple(spec.players), tuple(state.seated))
        positions = []
        for k, name in enumerate(named):
            key = name.casefold() if isinstance(name, str) else None
            if key is None or key not in lookup:
                errors.append(
                    Violation(
                        f"players.{k}.name",
                        N_(
                            "%(name)s is not a player seated at this table (seated: %(who)s)",
                            name=repr(name),
                            who=", ".join(spec.players[i] for i in seated),
                        ),
                    )
                )
            elif lookup[key] in positions:
                errors.append(
                    Violation(f"players.{k}.name", N_("%(name)s is entered twice", name=name))
                )
            else:
                positions.append(lookup[key])
        if not errors and positions != sorted(positions):
            errors.append(Violation("players", N_("List the players in the table's seating order")))
        if not errors and not game.players_may_leave and len(positions) != len(seated):
            missing = [spec.players[i] for i in seated if i not in positions]
            errors.append(
                Violation(
                    "players",
                    N_(
                        "Every seated player takes part in the round: %(who)s missing",
                        who=", ".join(missing),
                    ),
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


def _seats_by_name(players: tuple[str, ...], seated: tuple[int, ...]) -> dict[str, int]:
    """The seated players' positions by their names casefolded."""
    return {players[i].casefold(): i for i in seated}


def dealer_index(state: State, positions: Sequence[int]) -> int:
    """The table's next dealer as a position among ``positions`` (the round's players).

    When the table's dealer is not seated (out of stones, left), the next seated player to
    the right deals.
    """
    if state.dealer in positions:
        return positions.index(state.dealer)
    later = [k for k, p in enumerate(positions) if p > state.dealer]
    return later[0] if later else 0


# -- a round's shapes (scorekeeper.round_data) -------------------------------------------------


def table_entry(game: Game, kind: EntryKind, entry: Entry | TableEntry) -> TableEntry:
    """What a table keeps of a round's entry (``Game.table_entry``): an unknown key refused
    by name, the keys the table decides dropped; nothing of a game's end. A kept entry
    (an earlier version put back) is checked again: the same."""
    return TableEntry(game.table_entry(kind, entry))


def engine_input(
    game: Game, spec: TableSpec, state: State, data: TableEntry
) -> tuple[EngineInput, list[int]]:
    """A round's full input to the engine, from its entry and the table as it stands; and
    the table position of each of its players. InvalidInput with paths into ``data``."""
    players, positions = _seat_players(game, spec, state, data)
    game.check_seats(len(players))
    body: JSONObject = {k: v for k, v in data.items() if k not in ("players", "rules")}
    body["players"] = list[JSONValue](players)
    if game.has_dealer and data.get("dealer") is None:
        body["dealer"] = dealer_index(state, positions)
    game.complete(body, spec, state)
    return EngineInput(body), positions


def evaluated(game: Game, body: EngineInput) -> Result:
    """A round's result as the API shows it, scored from its full input (no table)."""
    return Result(game.evaluate(body).to_dict())


def step(spec: TableSpec, state: State, kind: EntryKind, entry: TableEntry) -> Step:
    """Score one entry of a table against ``state``: the one path every entry takes.

    A round, the end of a game, a change of the table or a settle-up, scored against the
    table as it stood at ``state`` (``spec_at``). Pure; InvalidInput with paths into
    ``entry`` if it is bad. The pages, the API and an import call it as it is; a replay
    wraps it (``tables.rescore``) to reuse how a later round scored last time.
    """
    if kind == EntryKind.EDIT:
        return _edit(spec, state, entry)
    if kind == EntryKind.SETTLE:
        return _settle(spec, state, entry)
    spec = spec_at(spec, state)
    game = GAMES[spec.game]
    if kind == EntryKind.END:
        return _end(game, spec, state)
    seen = read_round(game, spec, state, entry)
    scored = game.evaluate(seen.full)
    deltas = seen.table_deltas(scored.deltas, len(spec.players))
    after = state_after(
        state,
        seen,
        scored.outcome,
        totals=added(state.totals, deltas),
        game_totals=added(state.game_totals, deltas),
    )
    _check_storable(after, deltas)
    result = Result(scored.to_dict())
    return round_step(game, spec, state, seen, scored.outcome, deltas, after, result)


@dataclass(frozen=True, slots=True)
class RoundRead:
    """A round's entry read against the table as it stands (``read_round``)."""

    full: EngineInput
    """The engine's full input."""
    positions: list[int]
    """The table position of each of the round's players."""
    body: StoredBody
    """``full`` as a row keeps it (``Game.stored_body``)."""

    def table_deltas(self, deltas: Sequence[Fraction], n_table: int) -> list[Fraction]:
        """The engine's changes (one per round player) as the table's (0 for the others)."""
        out = [Fraction(0)] * n_table
        for k, pos in enumerate(self.positions):
            out[pos] = deltas[k]
        return out


def read_round(game: Game, spec: TableSpec, state: State, entry: TableEntry) -> RoundRead:
    """A round's entry as the engine takes it and as a row keeps it; InvalidInput if bad."""
    full, positions = engine_input(game, spec, state, entry)
    # The players were built from the entry's, in table order from the first seat, when
    # their positions run 0, 1, ... (they are sorted and distinct).
    in_order = not positions or positions[-1] == len(positions) - 1
    body = StoredBody(game.stored_body(full, spec, players_in_order=in_order))
    return RoundRead(full, positions, body)


def state_after(
    state: State,
    seen: RoundRead,
    outcome: Outcome,
    *,
    totals: tuple[Fraction, ...],
    game_totals: tuple[Fraction, ...],
) -> State:
    """The table after a round that scored ``outcome``, with these running figures; who is
    seated and whether the game ended are ``round_step``'s."""
    positions = seen.positions
    return State(
        dealer=state.dealer if outcome.next_dealer is None else positions[outcome.next_dealer],
        totals=totals,
        pot=state.pot if outcome.pot_after is None else outcome.pot_after,
        house=plus(state.house, outcome.house) if outcome.house else state.house,
        game_no=state.game_no,
        game_round=state.game_round + (0 if outcome.void else 1),
        seated=state.seated,
        game_totals=game_totals,
        game_over=False,
        away=state.away,
        settings=state.settings,
    )


def round_step(
    game: Game,
    spec: TableSpec,
    state: State,
    seen: RoundRead,
    outcome: Outcome,
    deltas: Sequence[Fraction],
    after: State,
    result: Result | None,
    *,
    rescored: bool = True,
) -> Step:
    """The step of a round scored ``outcome`` and ``deltas`` (the table's) from ``state``,
    the game deciding who stays seated and whether the game ended."""
    positions = seen.positions
    engine_dealer = seen.body.get("dealer")
    dealer_pos = (
        positions[engine_dealer]
        if isinstance(engine_dealer, int) and 0 <= engine_dealer < len(positions)
        else None
    )
    seated = game.seated_after(spec, after, positions)
    if seated != after.seated:
        after = replace(after, seated=seated)
    if game.ends_game(spec, after, outcome):
        after = _new_game(spec, after, after.dealer)
    return Step(
        kind=EntryKind.ROUND,
        body=seen.body,
        result=result,
        outcome=outcome,
        deltas=tuple(deltas),
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=dealer_pos,
        after=after,
        rescored=rescored,
    )


def added(totals: tuple[Fraction, ...], deltas: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Each total moved by its change (a player who sat out keeps the very same total)."""
    return tuple(plus(t, d) if d else t for t, d in zip(totals, deltas, strict=True))


def _end(game: Game, spec: TableSpec, state: State) -> Step:
    """The table ends the current game; what it pays out is the game's (Tokan's pot, R21)."""
    if not game.can_end(state):
        raise InvalidInput([Violation("kind", N_("No round of this game has been played yet"))])
    end = game.end_game(spec, state)
    result: EndResult = {"game": spec.game, "end": True, "notes": []}
    result.update(end.result)  # type: ignore[typeddict-item]  # the game's own keys
    result["players"] = [
        {"name": name, "delta": amount_str(d)}
        for name, d in zip(spec.players, end.deltas, strict=True)
    ]
    totals = tuple(t + d for t, d in zip(state.totals, end.deltas, strict=True))
    _check_storable(replace(state, totals=totals), end.deltas)
    after = _new_game(
        spec, replace(state, totals=totals, pot=state.pot + end.pot_change), state.dealer
    )
    return Step(
        kind=EntryKind.END,
        body=StoredBody({}),
        result=end_result(result),
        outcome=Outcome(),
        deltas=end.deltas,
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )


def check_storable(state: State, deltas: Sequence[Fraction] = ()) -> None:
    """Refuse a state (and the changes that led to it) the table could not write and read
    back (see ``_check_storable``)."""
    _check_storable(state, deltas)


def _check_storable(after: State, deltas: Sequence[Fraction]) -> None:
    """Refuse a round whose figures the table could not write and read back.

    The bounds on stakes and wagers keep every table far inside this (a total of 13 digits
    after 100,000 rounds at the largest stakes); it guards what nothing else can.
    """
    if not all_storable((*deltas, *after.totals, *after.game_totals, after.pot, after.house)):
        raise InvalidInput(
            [
                Violation(
                    "",
                    N_(
                        "This would take a total beyond %(n)s digits, more than a table can keep",
                        n=f"{STORED_DIGITS:,}",
                    ),
                )
            ]
        )


class ReplayError(InvalidInput):
    """A later round no longer fits after a correction; names the round."""

    def __init__(self, number: int, inner: InvalidInput, what: Msg | None = None) -> None:
        """``number``: the entry's place; ``what``: how players name it ("Tour 3", "The
        settle-up"), when the caller knows (a game's end or a settle-up takes no number)."""
        self.number = number
        violations = [
            Violation(
                v.field,
                N_(
                    "Round %(n)s would no longer be valid: %(why)s",
                    n=number,
                    why=v.message,
                )
                if what is None
                else N_("%(what)s would no longer be valid: %(why)s", what=what, why=v.message),
            )
            for v in inner.violations
        ]
        super().__init__(violations)


def replay(
    spec: TableSpec,
    entries: Sequence[tuple[EntryKind, TableEntry]],
    start: State | None = None,
    first_number: int = 1,
) -> list[Step]:
    """Score ``entries`` in order from ``start`` (the table's beginning by default)."""
    state = start or initial_state(spec)
    steps = []
    for k, (kind, data) in enumerate(entries):
        try:
            done = step(spec, state, kind, data)
        except InvalidInput as exc:
            if k == 0:
                raise
            raise ReplayError(first_number + k, exc) from exc
        steps.append(done)
        state = done.after
    return steps


# -- changes of the table and settle-ups --------------------------------------------------------
#
# A change of the players or the settings and a settle-up are entries of the table's sequence,
# like the end of a game: a replay after a correction passes them at their place, so rounds
# before a change are scored as they were played and rounds after it as the table then stood.


def between_games(game: Game, state: State) -> bool:
    """No round of the current game has been played yet (every round is a game of its own
    where the game has no games of several rounds)."""
    return not game.multi_game or state.game_round == 1


def _edit(spec: TableSpec, state: State, stored: TableEntry) -> Step:  # noqa: C901  (split by one-path in issue 32)
    """A change of the table: settings from here on, players joining, leaving, coming back.

    ``data`` is what the table's service checked and stored: ``settings`` (the keys that
    change), ``add`` (``{"name", "position"}``, positions after the last), ``remove`` and
    ``return`` (table positions). Only whether it still fits is checked here (a correction
    upstream may have moved the end of a game).
    """
    game = GAMES[spec.game]
    data = as_edit(stored)
    n = len(state.totals)
    adds = list(data.get("add") or [])
    leaving = [int(i) for i in data.get("remove") or []]
    returning = [int(i) for i in data.get("return") or []]
    changes = dict(data.get("settings") or {})
    errors: list[Violation] = []
    seats_change = bool(adds or leaving or returning)
    # A refusal names what asked for it: ``add`` (joining, coming back), ``remove`` (leaving).
    seat_fields = [f for f, asked in (("add", adds or returning), ("remove", leaving)) if asked]
    if seats_change and not game.players_may_change:
        errors += [
            Violation(
                f, N_("%(game)s is played by %(n)s players", game=game.title, n=game.min_players)
            )
            for f in seat_fields
        ]
    if seats_change and not between_games(game, state):
        errors += [
            Violation(f, N_("Players can join or leave only between games: end this game first"))
            for f in seat_fields
        ]
    shaping = sorted(k for k in changes if k in game.game_settings)
    if shaping and not between_games(game, state):
        errors.append(
            Violation(
                f"settings.{shaping[0]}",
                N_(
                    "%(setting)s shapes a whole game: change it between games",
                    setting=_setting_name(game, shaping[0]),
                ).capitalized(),
            )
        )
    away = set(state.away)
    for pos in leaving:
        if not 0 <= pos < n or pos in away:
            errors.append(Violation("remove", N_("That player is not at the table")))
        away.add(pos)
    for pos in returning:
        if pos not in away:
            errors.append(Violation("add", N_("That player is already at the table")))
        away.discard(pos)
    names = list(spec.players[:n])
    for k, item in enumerate(adds):
        if item.get("position") != n + k:
            errors.append(Violation("add", N_("Players join after the last one")))
        names.append(str(item.get("name")))
    present = [i for i in range(len(names)) if i not in away]
    if seats_change and not game.min_players <= len(present) <= game.max_players:
        errors.append(
            Violation(
                "remove" if leaving else "add",
                N_(
                    "%(game)s is played by %(minimum)s to %(maximum)s players, not %(n)s",
                    game=game.title,
                    minimum=game.min_players,
                    maximum=game.max_players,
                    n=len(present),
                ),
            )
        )
    if errors:
        raise InvalidInput(errors)
    joined = tuple(Fraction(0) for _ in adds)
    settings = dict(spec.settings if state.settings is None else state.settings)
    settings.update(changes)
    dealer = state.dealer
    if seats_change and dealer not in present:
        dealer = next((i for i in present if i > dealer), present[0])
    after = replace(
        state,
        dealer=dealer,
        totals=state.totals + joined,
        game_totals=state.game_totals + joined,
        seated=tuple(present) if seats_change else state.seated,
        away=tuple(sorted(away)),
        settings=settings if changes or state.settings is not None else None,
        game_over=False,
    )
    words = [_setting_words(game, key, value) for key, value in changes.items()]
    words += [N_("%(name)s joins", name=names[n + k]) for k in range(len(adds))]
    words += [N_("%(name)s leaves", name=names[i]) for i in leaving]
    words += [N_("%(name)s is back", name=names[i]) for i in returning]
    result: EditResult = {
        "edit": True,
        "changes": [str(w) for w in words],
        "changes_msg": [w.to_json() for w in words],  # what a page translates
        "players": [{"name": name, "delta": "0"} for name in names],
        "notes": [],
    }
    return Step(
        kind=EntryKind.EDIT,
        body=StoredBody(dict(stored)),
        result=edit_result(result),
        outcome=Outcome(),
        deltas=tuple(Fraction(0) for _ in names),
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )


def _setting_name(game: Game, key: str) -> Msg:
    """A setting as its field names it ("Stake"); its key when the game has no such one."""
    option = next((o for o in game.setting_options if o.key == key), None)
    if option is not None and isinstance(option.label, Msg):
        return option.label
    return Msg(option.label if option is not None else key)


def _setting_words(game: Game, key: str, value: JSONValue) -> Msg:
    """A setting changed, as the history says it ("Stake: 30")."""
    option = next((o for o in game.setting_options if o.key == key), None)
    shown = dict(option.choices).get(str(value), value) if option is not None else value
    return N_("%(setting)s: %(value)s", setting=_setting_name(game, key), value=shown)


def _settle(spec: TableSpec, state: State, stored: TableEntry) -> Step:
    """A settle-up: the amounts each player (and the pot and the house) settled then come off
    the running totals, which start again from zero. The amounts are kept as they were
    settled: a later correction of an earlier round shows as a balance still to settle."""
    data = as_settle(stored)
    n = len(state.totals)
    try:
        points = tuple(read_stored_amount(a) for a in data["points"])
        pot = read_stored_amount(data.get("pot", "0"))
        house = read_stored_amount(data.get("house", "0"))
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(
            [Violation("points", N_("A settle-up cannot be read: %(why)s", why=str(exc)))]
        ) from exc
    if len(points) != n:
        raise InvalidInput(
            [
                Violation(
                    "points",
                    N_(
                        "This settle-up is for %(count)s players, not %(n)s", count=len(points), n=n
                    ),
                )
            ]
        )
    if sum(points, Fraction(0)) + pot + house != 0:
        raise InvalidInput([Violation("points", N_("A settle-up's amounts must sum to zero"))])
    if state.pot - pot < 0:
        raise InvalidInput(
            [
                Violation(
                    "pot",
                    N_(
                        "The pot holds %(pot)s, less than was settled",
                        pot=amount_str(state.pot),
                    ),
                )
            ]
        )
    deltas = tuple(-p for p in points)
    after = replace(
        state,
        totals=tuple(t + d for t, d in zip(state.totals, deltas, strict=True)),
        pot=state.pot - pot,
        house=state.house - house,
        game_over=False,
    )
    _check_storable(after, deltas)
    names = spec.players[:n]
    result: SettleResult = {
        "settle": True,
        "payments": list(data.get("payments") or []),
        "players": [
            {"name": name, "delta": amount_str(d)} for name, d in zip(names, deltas, strict=True)
        ],
        "notes": [],
    }
    return Step(
        kind=EntryKind.SETTLE,
        body=StoredBody(dict(stored)),
        result=settle_result(result),
        # What it took from the pot and the house, as a round's outcome says it.
        outcome=Outcome(pot_after=after.pot, house=-house),
        deltas=deltas,
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )
