"""A small SVG line chart of each player's running total, drawn on the server."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

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


def running_chart(
    names: Sequence[str],
    series: Sequence[Sequence[Fraction]],
    width: int = 320,
    height: int = 140,
    pad: int = 6,
) -> Chart | None:
    """``series[k][i]`` is player i's total at the k-th point (k = 0 is the start).

    Pixel positions are worked out in whole numbers: the totals are scaled by the common
    denominator first (Baka's thirds), so no float is involved anywhere.
    """
    if len(series) < 2:
        return None
    scale = lcm(*(v.denominator for row in series for v in row))
    rows = [[int(v * scale) for v in row] for row in series]
    flat = [v for row in rows for v in row]
    low, high = min(min(flat), 0), max(max(flat), 0)
    span = high - low or 1
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    steps = len(rows) - 1

    def x(k: int) -> int:
        return pad + (2 * k * inner_w + steps) // (2 * steps)

    def y(v: int) -> int:
        return pad + (2 * (high - v) * inner_h + span) // (2 * span)

    lines = tuple(
        Line(
            name,
            PALETTE[i % len(PALETTE)],
            " ".join(f"{x(k)},{y(row[i])}" for k, row in enumerate(rows)),
        )
        for i, name in enumerate(names)
    )
    return Chart(width, height, y(0), lines)
