"""The server-drawn running-totals chart: exact integer geometry, one line per player."""

from fractions import Fraction

from scorekeeper.charts import running_chart


def test_chart_geometry_with_thirds():
    series = [
        [Fraction(0), Fraction(0)],
        [Fraction(-55, 3), Fraction(55, 3)],
        [Fraction(-110, 3), Fraction(110, 3)],
    ]
    chart = running_chart(["A", "B"], series, width=106, height=52, pad=3)
    # x: 3, 53, 103; y spans 3 (top, +110/3) to 49 (bottom, -110/3) with 0 at 26.
    # -55/3 sits (110 + 55) x 46 / 220 = 34.5 px below the top: halves round up, so 3 + 35.
    assert chart.zero_y == 26
    assert chart.lines[0].points == "3,26 53,38 103,49"
    assert chart.lines[1].points == "3,26 53,15 103,3"


def test_no_chart_before_the_first_round():
    assert running_chart(["A"], [[Fraction(0)]]) is None
