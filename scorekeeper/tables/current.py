"""A table as it stands now: its players so far, its settings from here on, its point value.

Read by the checks of a change (``patch_checks``), by the changes themselves (``changes``)
and by the pages; nothing here writes."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.codec import read_stored_amount
from scorekeeper.models import Table
from scorekeeper.state import State, TableSpec, spec_at
from scorekeeper.tables import store


def current_spec(table: Table, state: State | None = None) -> TableSpec:
    """The table as it stands: its players so far and its settings from now on."""
    return spec_at(store.spec_of(table), state or store.state_of(table))


def players_now(table: Table, state: State | None = None) -> list[str]:
    """Every player with a position at the table (those who left too), in table order."""
    return list(table.players[: len((state or store.state_of(table)).totals)])


def point_value(table: Table) -> Fraction | None:
    return read_stored_amount(table.point_value) if table.point_value else None


def padded(deltas: list[str], n: int) -> list[str]:
    """A stored round's changes for ``n`` players (players who joined later changed by 0)."""
    return (list(deltas) + ["0"] * n)[:n]


def padded_amounts(totals: list[Fraction], n: int) -> list[Fraction]:
    """Running totals from before players joined, for ``n`` players (0 until they joined)."""
    return (list(totals) + [Fraction(0)] * n)[:n]


def all_clear(state: State) -> bool:
    """Whether every total, the pot and the house are zero (at the start, or settled up)."""
    return not any(state.totals) and not state.pot and not state.house
