"""A table as the ledger sees it: what it fixes for every round, and its state between rounds.

Pure data: no Flask, no database. ``scorekeeper.ledger`` moves a ``State`` on entry by entry,
each move a ``Step``; the game objects of ``scorekeeper.games`` read both to complete a
round's input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from scorekeeper.codec import (
    STORED_DIGITS,
    all_storable,
    decode_shape,
    decode_state,
    encode_shape,
    encode_state,
    encode_tally,
)
from scorekeeper.jsonio import JSONValue
from scorekeeper.kinds import EntryKind
from scorekeeper.messages import N_
from scorekeeper.round_data import EngineInput, Result, StateJSON, StateShape, TallyJSON
from scorekeeper.rules import InvalidInput, Outcome, Violation
from scorekeeper.rules.common import RoundResult


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table fixes for all its rounds."""

    game: str
    players: tuple[str, ...]
    rules: Mapping[str, JSONValue] = field(default_factory=dict)
    """House rules, each as its ``Option`` declares it (a choice's text, a flag, a number)."""
    settings: Mapping[str, JSONValue] = field(default_factory=dict)
    """Table settings (the stake, a game's length), likewise."""
    first_dealer: int = 0


def spec_at(spec: TableSpec, state: State) -> TableSpec:
    """The table as it stood at ``state``: the players seated so far (later ones were added
    by a change of the table) and the settings in force then."""
    players = spec.players[: len(state.totals)]
    settings = spec.settings if state.settings is None else state.settings
    if players == spec.players and settings is spec.settings:
        return spec
    return replace(spec, players=players, settings=settings)


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
    away: tuple[int, ...] = ()
    """Table positions of players who left the table (a change of the table): never seated
    in a new game, their totals kept."""
    settings: Mapping[str, JSONValue] | None = None
    """The table's settings from here on when a change of the table set them; None while they
    are the ones it was opened with (``TableSpec.settings``)."""

    def to_json(self) -> StateJSON:
        """The whole state as a table keeps it (``from_json`` reads it back)."""
        return encode_state(self)

    def shape(self) -> StateShape:
        """What a round keeps of the state after it: everything but the running figures.

        The totals, house and game totals only ever move by each round's changes, and the
        game and round numbers by one; the games read no more of them than the game totals
        (Otoroku's stones, which decide who is seated and when a game ends: both part of the
        shape) and the round of the game (``Game.reads_game_round``). So once a replay
        reaches a round whose shape is as before, every later round scores as before and
        only those figures move, by a fixed offset. The running figures are kept at
        checkpoints (``tally``), the numbers in each round's own columns.
        """
        return encode_shape(self)

    def tally(self) -> TallyJSON:
        """The running figures: totals, house and game totals (a round's checkpoint)."""
        return encode_tally(self.totals, self.house, self.game_totals)

    @classmethod
    def from_parts(
        cls,
        shape: StateShape,
        totals: tuple[Fraction, ...],
        house: Fraction,
        game_totals: tuple[Fraction, ...],
        game_no: int,
        game_round: int,
    ) -> State:
        """A state from a round's ``shape`` and the figures and numbers worked out for it."""
        return cls(
            **decode_shape(shape),
            totals=totals,
            house=house,
            game_totals=game_totals,
            game_no=game_no,
            game_round=game_round,
        )

    @classmethod
    def from_json(cls, data: StateJSON) -> State:
        return cls(**decode_state(data))

    @classmethod
    def initial(cls, spec: TableSpec) -> State:
        """A table before its first round."""
        n = len(spec.players)
        zero = tuple(Fraction(0) for _ in range(n))
        return cls(
            dealer=spec.first_dealer % n if n else 0,
            totals=zero,
            seated=tuple(range(n)),
            game_totals=zero,
        )


@dataclass(frozen=True, slots=True)
class PriorScore:
    """How a round scored when last computed: the engine's input, result and outcome."""

    body: EngineInput
    """As stored (``Game.stored_body``): its players may be left to its entry's."""
    result: Result | None
    outcome: Outcome
    deltas: tuple[Fraction, ...]
    entry_players: JSONValue = None
    """The players of the entry it was scored from (None: not known)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One entry scored against the table's state (``ledger.step``)."""

    kind: EntryKind
    """Any kind: a round, the end of a game (R21), a change of the
    table or a settle-up."""
    body: EngineInput
    """The engine's input as the row keeps it (``Game.stored_body``); for a change of the
    table or a settle-up, its entry."""
    result: Result | None
    """A result already made: a round's earlier one, reused with its score, or the result of
    an entry that is no round. A round scored now has ``scored`` instead, and its result is
    made from it only where it is kept or shown (``ledger.made_result``)."""
    outcome: Outcome
    deltas: tuple[Fraction, ...]
    """Each table player's change, in table order (0 for a player not seated)."""
    game_no: int
    game_round: int
    dealer: int | None
    after: State
    rescored: bool = True
    """False when the engine's input was as last time and its earlier score was reused."""
    scored: RoundResult | None = None
    """The engine's numbers, for a round it scored now (None: reused, or no round)."""


def check_storable(after: State, deltas: Sequence[Fraction] = ()) -> None:
    """Refuse a state (and the changes that led to it) the table could not write and read back.

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
                        n=format(STORED_DIGITS, ","),
                    ),
                )
            ]
        )
