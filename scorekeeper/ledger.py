"""A table's running ledger, replayed from the entries as they were typed in (RULES 7).

Pure: no Flask, no database. A table stores what the players entered for each round; what
depends on earlier rounds (who deals, Baka's round of the game, Tokan's pot, who is still
seated, Otoroku's stones) is derived here, so a corrected or deleted round is followed by a
replay of everything after it. ``step`` scores one entry against the table's state: the one
path of every entry, from the pages, the API, an import and a replay. Its one shortcut: a
replay gives it how a round scored last time, which it reuses when the round's input is as
it was (``_score``). Where only the dealer or the pot moved, a game may score the round again
from that earlier score (``Game.rescore_cheaply``): that lives in the game's own
``shortcut.py`` (Toppa's and Baka's, Tokan's), each measured in docs/performance.md.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from scorekeeper.codec import amount_str
from scorekeeper.exact import plus
from scorekeeper.games import RULES, GameRules
from scorekeeper.jsonio import JSONObject, JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_, Msg
from scorekeeper.round_data import (
    EndResult,
    EngineInput,
    Entry,
    Result,
    as_engine_input,
    as_result,
    end_result,
    json_of,
)
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.rules.common import RoundResult, name_key, shown
from scorekeeper.state import PriorScore, State, Step, TableSpec, check_storable, spec_at
from scorekeeper.table_changes import edit_step, settle_step

__all__ = [
    "PriorScore",
    "ReplayError",
    "Replayed",
    "RoundRead",
    "State",
    "Step",
    "TableSpec",
    "added",
    "check_storable",
    "engine_input",
    "evaluated",
    "made_result",
    "read_round",
    "replaying",
    "round_step",
    "state_after",
    "step",
]


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


def _seat_players(
    game: GameRules, spec: TableSpec, state: State, data: Entry
) -> tuple[list[JSONObject], list[int]]:
    """The entry's players as engine players, and the table position of each.

    Players may be given by name (any of the seated players, in table order) or without
    names, one per seated player in table order. In a game players may leave (Tokan), those
    not named have left.
    """
    given = data.get("players")
    if not isinstance(given, list) or not all(isinstance(p, Mapping) for p in given):
        raise InvalidInput([Violation("players", N_("A list of the seated players is required"))])
    raw = given  # each one checked just above (JSON: a dict)
    named = [p.get("name") for p in raw]
    if all(n is None for n in named):
        positions = _unnamed_positions(spec, state, len(raw))
    else:
        positions = _named_positions(game, spec, state, named)
    players = []
    for p, pos in zip(raw, positions, strict=True):
        player = dict(p)
        player["name"] = spec.players[pos]
        players.append(player)
    return players, positions


def _seated_names(spec: TableSpec, state: State) -> str:
    """The seated players' names, in table order ("Aki, Ben")."""
    return ", ".join(spec.players[i] for i in state.seated)


def _unnamed_positions(spec: TableSpec, state: State, count: int) -> list[int]:
    """Players given without names: one per seated player, in table order."""
    seated = list(state.seated)
    if count != len(seated):
        why = N_(
            "This table seats %(n)s players (%(who)s), but %(k)s were entered; "
            "name the players to leave somebody out",
            n=len(seated),
            who=_seated_names(spec, state),
            k=count,
        )
        raise InvalidInput([Violation("players", why)])
    return seated


def _named_positions(
    game: GameRules, spec: TableSpec, state: State, named: Sequence[JSONValue]
) -> list[int]:
    """Players given by name: each a seated player, once, in table order; all of the seated
    unless players may leave (Tokan)."""
    errors: list[Violation] = []
    lookup = _seats_by_name(tuple(spec.players), tuple(state.seated))
    positions: list[int] = []
    for k, name in enumerate(named):
        key = name_key(name) if isinstance(name, str) else None
        if name is None:  # others are named: this one is not
            why = N_("Name every player of the round, or none of them")
            errors.append(Violation(f"players.{k}.name", why))
        elif key is None or key not in lookup:
            why = N_(
                "%(name)s is not a player seated at this table (seated: %(who)s)",
                name=repr(name) if isinstance(name, str) else shown(name),
                who=_seated_names(spec, state),
            )
            errors.append(Violation(f"players.{k}.name", why))
        elif lookup[key] in positions:
            errors.append(
                Violation(f"players.{k}.name", N_("%(name)s is entered twice", name=name))
            )
        else:
            positions.append(lookup[key])
    if not errors:
        errors += _order_and_count_errors(game, spec, state, positions)
    if errors:
        raise InvalidInput(errors)
    return positions


def _order_and_count_errors(
    game: GameRules, spec: TableSpec, state: State, positions: list[int]
) -> list[Violation]:
    """The named players in table order; every seated one named unless players may leave."""
    if positions != sorted(positions):
        return [Violation("players", N_("List the players in the table's seating order"))]
    if game.players_may_leave or len(positions) == len(state.seated):
        return []
    missing = [spec.players[i] for i in state.seated if i not in positions]
    why = N_("Every seated player takes part in the round: %(who)s missing", who=", ".join(missing))
    return [Violation("players", why)]


def _seats_by_name(players: tuple[str, ...], seated: tuple[int, ...]) -> dict[str, int]:
    """The seated players' positions by their names casefolded."""
    return {name_key(players[i]): i for i in seated}


def dealer_index(state: State, positions: Sequence[int]) -> int:
    """The table's next dealer as a position among ``positions`` (the round's players).

    When the table's dealer is not seated (out of stones, left), the next seated player to
    the right deals.
    """
    if state.dealer in positions:
        return positions.index(state.dealer)
    later = [k for k, p in enumerate(positions) if p > state.dealer]
    return later[0] if later else 0


def seated_dealer(state: State) -> int:
    """Who deals next, as a player's index: the state's dealer when seated, else the next
    seated player to the right (``dealer_index``), as the next round will have it."""
    if not state.seated:
        return state.dealer
    return state.seated[dealer_index(state, state.seated)]


# -- a round's shapes (scorekeeper.round_data) -------------------------------------------------


def engine_input(
    game: GameRules, spec: TableSpec, state: State, data: Entry
) -> tuple[EngineInput, list[int]]:
    """A round's full input to the engine, from its entry and the table as it stands; and
    the table position of each of its players. InvalidInput with paths into ``data``."""
    players, positions = _seat_players(game, spec, state, data)
    game.check_seats(len(players))
    body: JSONObject = {k: v for k, v in json_of(data).items() if k not in ("players", "rules")}
    body["players"] = list[JSONValue](players)
    if game.has_dealer and data.get("dealer") is None:
        body["dealer"] = dealer_index(state, positions)
    game.complete(body, spec, state)
    return as_engine_input(body), positions


def evaluated(game: GameRules, body: EngineInput) -> Result:
    """A round's result as the API shows it, notes and all, scored from its full input (no
    table)."""
    return as_result(game.evaluate(body).to_dict())


def step(
    spec: TableSpec,
    state: State,
    kind: EntryKind,
    entry: Entry,
    earlier: PriorScore | None = None,
) -> Step:
    """Score one entry of a table against ``state``: the one path every entry takes.

    A round, the end of a game, a change of the table or a settle-up, scored against the
    table as it stood at ``state`` (``spec_at``). Pure; InvalidInput with paths into
    ``entry`` if it is bad. The pages and the API give the entry alone. A replay gives
    ``earlier``, how a later round scored last time, reused when the round's input is as it
    was. A round the engine scores now comes with its numbers (``Step.scored``); its result,
    notes and all, is made only where it is kept or shown (``made_result``): a replay and an
    import keep none, and it is rebuilt from the round's input when read.
    """
    if kind == EntryKind.EDIT:
        return edit_step(spec, state, entry)
    if kind == EntryKind.SETTLE:
        return settle_step(spec, state, entry)
    spec = spec_at(spec, state)
    game = RULES[spec.game]
    if kind == EntryKind.END:
        return _end(game, spec, state)
    seen = read_round(game, spec, state, entry)
    outcome, deltas, result, scored, rescored = _score(game, spec, seen, entry, earlier)
    after = state_after(
        state,
        seen,
        outcome,
        totals=added(state.totals, deltas),
        game_totals=added(state.game_totals, deltas),
    )
    check_storable(after, deltas)
    return round_step(
        game, spec, state, seen, outcome, deltas, after, result, rescored=rescored, scored=scored
    )


_Scored = tuple[Outcome, list[Fraction], Result | None, RoundResult | None, bool]
"""A round's outcome, its changes as the table's, its earlier result when one was reused,
the engine's numbers when it scored the round now, and whether it was scored again (False:
its earlier score reused as it was)."""


def _score(
    game: GameRules,
    spec: TableSpec,
    seen: RoundRead,
    entry: Entry,
    earlier: PriorScore | None,
) -> _Scored:
    """How a round scores: as ``earlier`` when its input is the same (the ledger's one
    shortcut); from ``earlier`` when its game can tell (``Game.rescore_cheaply``, each
    game's ``shortcut.py``); else by its engine."""
    n_table = len(spec.players)
    if earlier is not None and _reusable(earlier, seen.body, entry, n_table):
        if _same_body(earlier.body, seen.body):
            return earlier.outcome, list(earlier.deltas), earlier.result, None, False
        cheap = game.rescore_cheaply(earlier, seen.body)
        if cheap is not None:
            # Scored from the earlier score; its result is rebuilt from the new input when read.
            return cheap, list(earlier.deltas), None, None, True
    scored = game.evaluate(seen.full)
    return scored.outcome, seen.table_deltas(scored.deltas, n_table), None, scored, True


def made_result(done: Step) -> Result | None:
    """The result of an entry as a page or the API shows it, notes and all: the one it came
    with, else made from the engine's numbers (``Step.scored``); None for a round scored
    again from its earlier score (rebuilt from its input when read)."""
    if done.result is not None or done.scored is None:
        return done.result
    return as_result(done.scored.to_dict())


def _reusable(earlier: PriorScore, body: EngineInput, entry: Entry, n_table: int) -> bool:
    """Whether ``earlier`` scored this round of this table: a body that leaves its players
    to its entry was scored from the same players."""
    if len(earlier.deltas) != n_table:
        return False
    return "players" in body or (
        earlier.entry_players is not None and earlier.entry_players == entry.get("players")
    )


def _same_body(a: EngineInput, b: EngineInput) -> bool:
    """``a == b``, the players (the bulk of a body) compared last: after an early correction
    a later round's body mostly differs in its dealer, round of the game or pot alone."""
    if a.keys() != b.keys():
        return False
    x, y = json_of(a), json_of(b)
    return all(x[k] == y[k] for k in x if k != "players") and x.get("players") == y.get("players")


@dataclass(frozen=True, slots=True)
class RoundRead:
    """A round's entry read against the table as it stands (``read_round``)."""

    full: EngineInput
    """The engine's full input."""
    positions: list[int]
    """The table position of each of the round's players."""
    body: EngineInput
    """``full`` as a row keeps it (``Game.stored_body``)."""

    def table_deltas(self, deltas: Sequence[Fraction], n_table: int) -> list[Fraction]:
        """The engine's changes (one per round player) as the table's (0 for the others)."""
        out = [Fraction(0)] * n_table
        for k, pos in enumerate(self.positions):
            out[pos] = deltas[k]
        return out


def read_round(game: GameRules, spec: TableSpec, state: State, entry: Entry) -> RoundRead:
    """A round's entry as the engine takes it and as a row keeps it; InvalidInput if bad."""
    full, positions = engine_input(game, spec, state, entry)
    # The players were built from the entry's, in table order from the first seat, when
    # their positions run 0, 1, ... (they are sorted and distinct).
    in_order = not positions or positions[-1] == len(positions) - 1
    body = game.stored_body(full, spec, players_in_order=in_order)
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
    game: GameRules,
    spec: TableSpec,
    state: State,
    seen: RoundRead,
    outcome: Outcome,
    deltas: Sequence[Fraction],
    after: State,
    result: Result | None,
    *,
    rescored: bool = True,
    scored: RoundResult | None = None,
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
        scored=scored,
    )


def added(totals: tuple[Fraction, ...], deltas: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Each total moved by its change (a player who sat out keeps the very same total)."""
    return tuple(plus(t, d) if d else t for t, d in zip(totals, deltas, strict=True))


def _end(game: GameRules, spec: TableSpec, state: State) -> Step:
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
    check_storable(replace(state, totals=totals), end.deltas)
    after = _new_game(
        spec, replace(state, totals=totals, pot=state.pot + end.pot_change), state.dealer
    )
    return Step(
        kind=EntryKind.END,
        body=as_engine_input({}),
        result=end_result(result),
        outcome=Outcome(),
        deltas=end.deltas,
        game_no=state.game_no,
        game_round=state.game_round,
        dealer=None,
        after=after,
    )


class ReplayError(InvalidInput):
    """A later round no longer fits after a correction; names the round. Its mistakes are
    the whole request's (field ""): the field of the later entry is none the client sent."""

    def __init__(self, number: int, inner: InvalidInput, what: Msg | None = None) -> None:
        """``number``: the entry's place; ``what``: how players name it ("Tour 3", "The
        settle-up"), when the caller knows (a game's end or a settle-up takes no number)."""
        self.number = number
        violations = [
            Violation(
                "",
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


@dataclass(frozen=True, slots=True)
class Replayed:
    """An entry a replay scores again: its kind, what the table keeps of it, how it scored
    last time (when known), and how players name it ("Tour 3", "The settle-up") should it
    no longer fit (None: "Round N", by its place)."""

    kind: EntryKind
    entry: Entry
    earlier: PriorScore | None = None
    named: Callable[[], Msg | None] | None = None


def replaying(
    spec: TableSpec,
    state: State,
    entries: Iterable[Replayed],
    number: int,
    first: int,
) -> Generator[Step, None, None]:
    """Each of ``entries`` scored in order from ``state`` (``step``), the first at place
    ``number``: the one replay loop, of a correction's later rounds and of whole tables
    alike. An entry that no longer fits is refused as ``ReplayError`` naming it, unless it
    is at place ``first`` (the entry the player changed: the refusal is theirs as it is)."""
    for item in entries:
        try:
            done = step(spec, state, item.kind, item.entry, item.earlier)
        except InvalidInput as exc:
            if number == first:
                raise
            raise ReplayError(number, exc, item.named() if item.named else None) from exc
        yield done
        state = done.after
        number += 1
