"""A replay's scoring: ``ledger.step``, reusing how a later round scored last time.

Pure: no database. A correction early in a long table replays every later round; the
engine is pure, so a later round whose derived input is as it was last time scores as it
did (its earlier score is reused), and a game may know a round's new score from its earlier
one without scoring it again (``Game.rescore_cheaply``). A replay and an import leave a
rescored round's result out (it is rebuilt from the round's input when read), so its notes
are not made (``RoundResult.to_dict``); a reused round keeps its earlier result.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scorekeeper.games import RULES, GameRules
from scorekeeper.kinds import EntryKind
from scorekeeper.ledger import (
    RoundRead,
    Scorer,
    Step,
    added,
    check_storable,
    read_round,
    round_step,
    state_after,
    step,
)
from scorekeeper.round_data import Result, StoredBody, TableEntry
from scorekeeper.rules import Outcome
from scorekeeper.state import PriorScore, State, TableSpec, spec_at

_Scored = tuple[Outcome, list[Fraction], Result | None, bool]
"""A round's outcome, its changes as the table's, its result (None: left out) and whether
it was scored again (False: its earlier score reused)."""


def rescore(
    spec: TableSpec,
    state: State,
    kind: EntryKind,
    entry: TableEntry,
    earlier: PriorScore | None = None,
    *,
    keep_result: bool = False,
) -> Step:
    """``ledger.step``, for a replay or an import: a round reuses ``earlier`` (how it scored
    last time) when it can, and its result is built only with ``keep_result``."""
    if kind != EntryKind.ROUND:
        return step(spec, state, kind, entry)
    spec = spec_at(spec, state)
    game = RULES[spec.game]
    seen = read_round(game, spec, state, entry)
    outcome, deltas, result, rescored = _score(game, spec, seen, entry, earlier, keep_result)
    after = state_after(
        state,
        seen,
        outcome,
        totals=added(state.totals, deltas),
        game_totals=added(state.game_totals, deltas),
    )
    check_storable(after, deltas)
    return round_step(game, spec, state, seen, outcome, deltas, after, result, rescored=rescored)


def _score(
    game: GameRules,
    spec: TableSpec,
    seen: RoundRead,
    entry: TableEntry,
    earlier: PriorScore | None,
    keep_result: bool,
) -> _Scored:
    """How a round scores: as ``earlier`` when its input is the same, from it when the game
    can tell (``Game.rescore_cheaply``), else by its engine."""
    n_table = len(spec.players)
    if earlier is not None and _reusable(earlier, seen.body, entry, n_table):
        if _same_body(earlier.body, seen.body):
            return earlier.outcome, list(earlier.deltas), earlier.result, False
        cheap = game.rescore_cheaply(earlier, seen.body)
        if cheap is not None:
            # Scored from the earlier score; its result is rebuilt from the new input when read.
            return cheap, list(earlier.deltas), None, True
    scored = game.evaluate(seen.full)
    result = Result(scored.to_dict()) if keep_result else None
    return scored.outcome, seen.table_deltas(scored.deltas, n_table), result, True


def _reusable(earlier: PriorScore, body: StoredBody, entry: TableEntry, n_table: int) -> bool:
    """Whether ``earlier`` scored this round of this table: a body that leaves its players
    to its entry was scored from the same players."""
    if len(earlier.deltas) != n_table:
        return False
    return "players" in body or (
        earlier.entry_players is not None and earlier.entry_players == entry.get("players")
    )


def _same_body(a: StoredBody, b: StoredBody) -> bool:
    """``a == b``, the players (the bulk of a body) compared last: after an early correction
    a later round's body mostly differs in its dealer, round of the game or pot alone."""
    if a.keys() != b.keys():
        return False
    return all(a[k] == b[k] for k in a if k != "players") and a.get("players") == b.get("players")


def reusing(spec: TableSpec, earlier: Sequence[PriorScore | None]) -> Scorer:
    """A scorer for ``ledger.replay`` that reuses ``earlier`` (how each entry scored last
    time, if known); each rescored round's result is built, as ``ledger.step`` builds it."""

    def scored(state: State, k: int, kind: EntryKind, data: TableEntry) -> Step:
        prior = earlier[k] if k < len(earlier) else None
        return rescore(spec, state, kind, data, prior, keep_result=True)

    return scored
