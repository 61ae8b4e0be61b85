"""The server-drawn running-totals chart: exact integer geometry, one line per player, colours
by seat, ties drawn apart, end labels that never overlap, round figures on the value axis."""

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.charts import (
    LABEL_GAP,
    TIE_GAP,
    nice_ticks,
    running_chart,
    seat_style,
    shorten,
)


def ys(line):
    return [int(p.split(",")[1]) for p in line.points.split()]


def xs(line):
    return [int(p.split(",")[0]) for p in line.points.split()]


def test_chart_geometry_with_thirds():
    series = [
        [Fraction(0), Fraction(0)],
        [Fraction(-55, 3), Fraction(55, 3)],
        [Fraction(-110, 3), Fraction(110, 3)],
    ]
    chart = running_chart(["A", "B"], series, rounds=2)
    top, bottom, zero = chart.top, chart.bottom, chart.zero_y
    assert (bottom - top) % 4 == 0 and zero == (top + bottom) // 2
    # -55/3 sits exactly three quarters of the way down: the thirds are scaled to integers
    # first, so nothing is rounded. At the start both are 0: drawn TIE_GAP apart.
    a, b = chart.lines
    assert ys(a) == [zero - TIE_GAP // 2, top + 3 * (bottom - top) // 4, bottom]
    assert ys(b) == [zero + TIE_GAP // 2, top + (bottom - top) // 4, top]
    assert xs(a) == [chart.left, (chart.left + chart.right) // 2, chart.right]
    assert chart.rounds == 2


def test_no_chart_before_the_first_round():
    assert running_chart(["A"], [[Fraction(0)]]) is None


def test_the_value_axis_has_round_figures_and_zero_on_the_zero_line():
    chart = running_chart(["A", "B"], [[Fraction(0)] * 2, [Fraction(-255), Fraction(255)]])
    assert [t.label for t in chart.ticks] == ["\u2212200", "0", "200"]  # a true minus
    assert [t.y for t in chart.ticks if t.label == "0"] == [chart.zero_y]
    assert chart.ticks[0].y > chart.zero_y > chart.ticks[-1].y  # up is more


def test_big_figures_are_shortened_on_the_axis():
    assert [t for _, t in nice_ticks(Fraction(-3), Fraction(40_000))] == ["0", "20k", "40k"]
    assert [t for _, t in nice_ticks(Fraction(-1500), Fraction(0))] == [
        "\u22121500",
        "\u22121000",
        "\u2212500",
        "0",
    ]
    assert [t for _, t in nice_ticks(Fraction(0), Fraction(10**13))] == ["0", "5T", "10T"]


def test_colours_follow_the_seat_not_the_rank():
    """The leader is not red and the last not blue: swapping who leads keeps every colour."""
    up = [[Fraction(0)] * 3, [Fraction(30), Fraction(-10), Fraction(-20)]]
    down = [[Fraction(0)] * 3, [Fraction(-30), Fraction(10), Fraction(20)]]
    one = running_chart(["A", "B", "C"], up)
    other = running_chart(["A", "B", "C"], down)
    assert [line.style for line in one.lines] == [line.style for line in other.lines]
    assert [line.style.colour for line in one.lines] == [0, 1, 2]


def test_every_seat_of_a_full_tokan_table_is_drawn_its_own_way():
    styles = [seat_style(i) for i in range(30)]
    assert len({(s.colour, s.dash) for s in styles}) == 30
    # The first eight differ in colour, and the first four in dash and marker too.
    assert len({s.colour for s in styles[:8]}) == 8
    assert len({(s.dash, s.shape) for s in styles[:4]}) == 4


def test_players_level_all_along_stay_visible():
    series = [[Fraction(v)] * 3 for v in (0, 10, -5, 20)]
    chart = running_chart(["A", "B", "C"], series)
    for k in range(4):
        at_k = sorted(ys(line)[k] for line in chart.lines)
        assert all(b - a >= TIE_GAP for a, b in itertools.pairwise(at_k))


def test_end_labels_never_overlap_and_stay_inside():
    names = [f"Player {i}" for i in range(6)]
    series = [[Fraction(0)] * 6, [Fraction(5)] * 5 + [Fraction(-5)]]
    chart = running_chart(names, series)
    label_ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= LABEL_GAP for a, b in itertools.pairwise(label_ys))
    assert chart.top <= label_ys[0] and label_ys[-1] <= chart.bottom
    assert [line.label for line in chart.lines] == [shorten(n) for n in names]


@given(
    st.integers(2, 30).flatmap(
        lambda n: st.lists(
            st.lists(st.fractions(-1000, 1000, max_denominator=3), min_size=n, max_size=n),
            min_size=1,
            max_size=12,
        )
    )
)
def test_labels_fit_whatever_the_totals(rows):
    n = len(rows[0])
    chart = running_chart([f"P{i}" for i in range(n)], [[Fraction(0)] * n, *rows])
    label_ys = sorted(line.label_y for line in chart.lines)
    assert all(b - a >= LABEL_GAP for a, b in itertools.pairwise(label_ys))
    assert chart.top <= label_ys[0] and label_ys[-1] <= chart.bottom
    assert chart.ticks and chart.right > chart.left
    for line in chart.lines:
        assert all(chart.left <= x <= chart.right for x in xs(line))


def test_long_names_are_shortened_at_the_line_end():
    assert shorten("Aki") == "Aki"
    assert shorten("Bartholomew Smith") == "Barthol" + "o…"
    assert len(shorten("x" * 40)) == 9
