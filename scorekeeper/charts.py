"""The running-totals chart, drawn on the server as SVG geometry for the table page.

Colours follow the players' seats, never their ranks: a colour says who, not whether they are
winning. Each line also has its own dash pattern and marker shape, so it can be told apart
without colour, and players level with each other are drawn a few pixels apart (ties stay
visible). Each line ends in its player's name, the names pushed apart so they never overlap;
the value axis is labelled with round figures. The colours themselves are CSS custom
properties (``--c0``..``--c7`` in app.css), so the chart follows the light or dark theme.

Geometry is whole pixels worked out in integers: totals are scaled by their common denominator
first (Baka's thirds), so no float is involved anywhere.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

COLOURS = 8
"""Colour slots (Okabe-Ito's eight, in app.css): seat i gets slot i % 8."""
DASHES = ("", "7 3", "2 3", "9 3 2 3")
"""Dash patterns: seat i gets (i + i // 8) % 4, so no two of 32 seats share colour and dash."""
MARKERS = 4
"""Marker shapes (circle, square, triangle, diamond): seat i gets (i + i // 4) % 4."""

FONT = 13
LABEL_GAP = 15  # vertical room one end label needs
MINUS = "\u2212"  # a negative tick's sign: a true minus, not the hyphen-minus
LABEL_CHARS = 9  # longest label before it is shortened with an ellipsis
TIE_GAP = 4  # pixels between lines that sit on the same total
TIE_SPREAD = 36  # most pixels a group of tied lines may spread over
MARKERS_EVERYWHERE = 120  # draw a marker at every point while points x players <= this
INSET = 7  # pixels between the plot's left edge (where tick labels end) and the first point


@dataclass(frozen=True, slots=True)
class Style:
    """How one seat's line is drawn: colour slot, dash pattern, marker shape."""

    colour: int
    dash: str
    shape: int

    def key(self) -> str:
        """The marker's path data in a 28 x 12 key (the standings show it beside a name)."""
        return marker(self.shape, 14, 6)


def seat_style(seat: int) -> Style:
    return Style(
        colour=seat % COLOURS,
        dash=DASHES[(seat + seat // COLOURS) % len(DASHES)],
        shape=(seat + seat // MARKERS) % MARKERS,
    )


@dataclass(frozen=True, slots=True)
class Tick:
    y: int
    label: str


@dataclass(frozen=True, slots=True)
class Line:
    seat: int
    name: str
    label: str
    style: Style
    points: str
    markers: tuple[str, ...]
    end: tuple[int, int]
    label_y: int


@dataclass(frozen=True, slots=True)
class Column:
    """The strip of the plot that stands for one point (what a finger or a pointer finds):
    from ``x`` over ``width`` pixels, the whole plot's height (the first and last reach the
    chart's left and right edges); the page names the point in it (an SVG ``<title>``)."""

    x: int
    width: int


@dataclass(frozen=True, slots=True)
class XLabel:
    """A label under the x axis, centred on its point's x (``x``), moved in only as far as it
    must to stay inside the chart's width."""

    x: int
    text: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    zero_y: int
    ticks: tuple[Tick, ...]
    rounds: int
    lines: tuple[Line, ...]
    columns: tuple[Column, ...]
    """One per point, in order: the page puts each point's ``<title>`` in its column."""
    xs: tuple[int, ...]
    """Each point's x, in order (where the page marks a settle-up)."""


def _tie_offsets(rows: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """How far each player's point is moved up or down: players level at a point are spread
    TIE_GAP apart (less when many are level)."""
    offsets = [[0] * n for _ in rows]
    for k, row in enumerate(rows):
        groups: dict[int, list[int]] = {}
        for i, v in enumerate(row):
            groups.setdefault(v, []).append(i)
        for seats in groups.values():
            m = len(seats)
            if m > 1:
                gap = max(1, min(TIE_GAP, TIE_SPREAD // (m - 1)))
                for j, i in enumerate(seats):
                    offsets[k][i] = ((2 * j - (m - 1)) * gap) // 2
    return offsets


def _line(
    seat: int,
    name: str,
    label: str,
    coords: Sequence[tuple[int, int]],
    every_point: bool,
    label_y: int,
) -> Line:
    """One player's line: its points, their markers (only the last unless ``every_point``)
    and where its name stands."""
    return Line(
        seat=seat,
        name=name,
        label=label,
        style=seat_style(seat),
        points=" ".join(f"{px},{py}" for px, py in coords),
        markers=tuple(
            marker(seat_style(seat).shape, px, py)
            for px, py in (coords if every_point else coords[-1:])
        ),
        end=coords[-1],
        label_y=label_y,
    )


def running_chart(
    names: Sequence[str],
    series: Sequence[Sequence[Fraction]],
    rounds: int | None = None,
    width: int = 360,
    plot_height: int = 180,
) -> Chart | None:
    """``series[k][i]`` is player i's total at the k-th point (k = 0 is the start);
    ``rounds`` is the number of the last round drawn (the x axis runs from 0 to it).
    """
    if len(series) < 2:
        return None
    n = len(names)
    scale = lcm(*(v.denominator for row in series for v in row))
    rows = [[int(v * scale) for v in row] for row in series]
    flat = [v for row in rows for v in row]
    low, high = min(min(flat), 0), max(max(flat), 0)
    ticks = nice_ticks(Fraction(low, scale), Fraction(high, scale))
    labels = [shorten(name) for name in names]

    top = 14
    inner_h = max(plot_height, n * LABEL_GAP)
    bottom = top + inner_h
    left = 6 + max(text_width(t[1], FONT - 2) for t in ticks)
    right = width - 16 - max(text_width(label, FONT) for label in labels)
    span = high - low or 1
    steps = len(rows) - 1

    def x(k: int) -> int:  # the first point stands INSET clear of the tick labels' column
        return left + INSET + (2 * k * (right - left - INSET) + steps) // (2 * steps)

    def y(v: int) -> int:
        return top + (2 * (high - v) * inner_h + span) // (2 * span)

    offsets = _tie_offsets(rows, n)
    coords = [[(x(k), y(row[i]) + offsets[k][i]) for k, row in enumerate(rows)] for i in range(n)]
    every_point = len(rows) * n <= MARKERS_EVERYWHERE
    xs = [x(k) for k in range(len(rows))]
    # The end columns reach the chart's edges (over the tick and name labels): half a step
    # alone is narrower than a finger.
    bounds = [0, *((a + b) // 2 for a, b in itertools.pairwise(xs)), width]
    columns = tuple(Column(a, max(1, b - a)) for a, b in itertools.pairwise(bounds))
    label_ys = spread([c[-1][1] for c in coords], top + FONT // 2, bottom)
    lines = tuple(
        _line(i, names[i], labels[i], coords[i], every_point, label_ys[i]) for i in range(n)
    )
    return Chart(
        width=width,
        height=bottom + 22,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        zero_y=y(0),
        ticks=tuple(Tick(y(int(v * scale)), text) for v, text in ticks),
        rounds=steps if rounds is None else rounds,
        lines=lines,
        columns=columns,
        xs=tuple(xs),
    )


def x_labels(chart: Chart, marks: Sequence[tuple[int, str]]) -> list[XLabel]:
    """Labels under the points they name: ``marks`` holds (point index, text) pairs, in
    order; one that would run into the label before it is left out."""
    out: list[XLabel] = []
    end: int | None = None  # where the last label placed ends
    for k, text in marks:
        half = (text_width(text, FONT - 2) + 1) // 2
        centre = min(max(chart.xs[k], half), chart.width - half)
        if end is None or centre - half > end + 4:
            out.append(XLabel(centre, text))
            end = centre + half
    return out


def nice_ticks(low: Fraction, high: Fraction, most: int = 5) -> list[tuple[Fraction, str]]:
    """Round values from ``low`` to ``high`` (zero among them), at most about ``most``, with
    their labels: steps of 1, 2 or 5 times a power of ten, never below 1; figures of 10,000
    and more in thousands (20k), millions (3M) and so on when every tick is a whole one; a
    negative one with a true minus sign (U+2212, "−200"), as typeset figures are."""
    span = high - low
    power, step = 1, 1
    while step * (most - 1) < span:
        for mantissa in (1, 2, 5):
            step = mantissa * power
            if step * (most - 1) >= span:
                break
        else:
            power *= 10
    first = -((-low) // step) * step  # the lowest multiple of step >= low
    biggest = max(-low, high)
    unit, suffix = next(
        (10**p, s)
        for p, s in ((12, "T"), (9, "G"), (6, "M"), (3, "k"), (0, ""))
        if step % 10**p == 0 and (p == 0 or biggest >= 10 ** (p + 1))
    )
    return [
        (Fraction(v), f"{MINUS if v < 0 else ''}{abs(v) // unit}{suffix}" if v else "0")
        for v in range(int(first), int(high) + 1, step)
    ]


def spread(wanted: Sequence[int], lowest: int, highest: int) -> list[int]:
    """Label positions as close to ``wanted`` as they can be, at least LABEL_GAP apart,
    within ``lowest``..``highest`` (the caller makes the room for all of them)."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [max(lowest, wanted[i]) for i in order]
    for j in range(1, len(placed)):
        placed[j] = max(placed[j], placed[j - 1] + LABEL_GAP)
    if placed and placed[-1] > highest:
        placed[-1] = highest
        for j in range(len(placed) - 2, -1, -1):
            placed[j] = min(placed[j], placed[j + 1] - LABEL_GAP)
    out = [0] * len(wanted)
    for j, i in enumerate(order):
        out[i] = placed[j]
    return out


def shorten(name: str) -> str:
    """An end label: the name, or its first characters and an ellipsis."""
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"


def text_width(text: str, size: int) -> int:
    """A generous estimate of how wide ``text`` is drawn: full width for CJK characters."""
    return sum(size if ord(c) >= 0x2E80 else (size * 5 + 7) // 9 for c in text)


def marker(shape: int, x: int, y: int) -> str:
    """SVG path data of a marker centred on (x, y): circle, square, triangle or diamond."""
    if shape == 0:
        return f"M{x - 4},{y}a4,4 0 1,0 8,0a4,4 0 1,0 -8,0z"
    if shape == 1:
        return f"M{x - 4},{y - 4}h8v8h-8z"
    if shape == 2:
        return f"M{x},{y - 5}l5,9h-10z"
    return f"M{x},{y - 5}l5,5l-5,5l-5,-5z"
