"""A small SVG line chart of each player's running total, drawn on the server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

PALETTE = ("#c0392b", "#1f6fb2", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    colour: str
    points: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    zero_y: int
    lines: tuple[Line, ...]
    low: Fraction
    high: Fraction


def running_chart(
    names: Sequence[str],
    series: Sequence[Sequence[Fraction]],
    width: int = 320,
    height: int = 140,
    pad: int = 6,
) -> Chart | None:
    """``series[k][i]`` is player i's total after round k (k = 0 is the start)."""
    if len(series) < 2:
        return None
    values = [v for row in series for v in row]
    low, high = min(min(values), Fraction(0)), max(max(values), Fraction(0))
    span = high - low or Fraction(1)
    steps = len(series) - 1

    def x(k: int) -> int:
        return pad + round(Fraction(k * (width - 2 * pad), steps))

    def y(v: Fraction) -> int:
        return pad + round((high - v) * (height - 2 * pad) / span)

    lines = tuple(
        Line(
            name,
            PALETTE[i % len(PALETTE)],
            " ".join(f"{x(k)},{y(row[i])}" for k, row in enumerate(series)),
        )
        for i, name in enumerate(names)
    )
    return Chart(width, height, y(Fraction(0)), lines, low, high)
