"""The server-drawn running-totals chart: exact integer geometry, one line per player, colours
by seat, ties drawn apart, end labels that never overlap, round figures on the value axis."""

import itertools
import re
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.charts import (
    INSET,
    LABEL_GAP,
    TIE_GAP,
    XLabel,
    nice_ticks,
    running_chart,
    seat_style,
    shorten,
    text_width,
    x_labels,
)
from scorekeeper.exact import display
from scorekeeper.tables import store
from tests.helpers import EXAMPLE_A
from tests.web.test_long_tables import toppa_with
from tests.web.test_round_numbers import BAKA_ROUND


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
    first = chart.left + INSET  # clear of the tick labels, which end at chart.left - 4
    assert xs(a) == [first, first + (chart.right - first + 1) // 2, chart.right]
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


# -- the table page's chart: every step its own point, each named --------------------------

TOPPA_ROUND = {"players": [{"captured": EXAMPLE_A}, {}]}


def _open(client, game, players):
    resp = client.post("/api/v1/sessions", json={"name": "t", "game": game, "players": players})
    assert resp.status_code == 201
    return resp.get_json()["id"]


def _titles(page):
    return re.findall(r'<g class="hits">(.*?)</g>', page, re.S)[0].split("</rect>")[:-1]


def _totals(client, sid):
    return [
        Fraction(p["total"]) for p in client.get(f"/api/v1/sessions/{sid}").get_json()["players"]
    ]


def test_a_settle_up_is_a_step_of_its_own_after_the_last_rounds_real_totals(client, app):
    """API.md: a settle-up clears the running totals, which start again; the chart shows
    the totals after round 3 as they were, then a step to the settled ones (zero)."""
    sid = _open(client, "toppa", ["Aki", "Ben"])
    for _ in range(3):
        client.post(f"/api/v1/sessions/{sid}/rounds", json=TOPPA_ROUND)
    after_three = _totals(client, sid)
    assert any(after_three)
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    with app.app_context():
        steps = store.chart_steps(store.find_table(sid))
    assert [(s.kind, s.number) for s in steps] == [
        ("start", None),
        ("round", 1),
        ("round", 2),
        ("round", 3),
        ("settle", None),
    ]
    assert steps[3].totals == after_three
    assert steps[4].totals == [0, 0]

    page = client.get(f"/t/{sid}").get_data(as_text=True)
    titles = _titles(page)
    assert len(titles) == 5  # a hit area with a title per point
    aki, ben = (display(t, True) for t in after_three)
    assert titles[3].endswith(f"<title>After round 3: Aki {aki}, Ben {ben}</title>")
    assert titles[4].endswith("<title>Settled up: Aki 0, Ben 0</title>")
    # Drawn: the settle-up is a point of its own, on the zero line, right of round 3's.
    polyline = re.search(r"<polyline points=\"([^\"]+)\"", page).group(1).split()
    assert len(polyline) == 5
    x3, y3 = map(int, polyline[3].split(","))
    x4, y4 = map(int, polyline[4].split(","))
    assert x4 > x3 and y4 != y3
    # Marked by a dotted upright line at its x, said in words below the chart.
    assert re.findall(r'<line class="settled" x1="(\d+)"', page) == [str(x4)]
    assert "marks a settle-up" in page

    ja = client.get(f"/t/{sid}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    titles = _titles(ja)
    assert "精算" in titles[4] and "Settled" not in titles[4]
    assert f"Aki {aki}、Ben {ben}" in titles[3] or f"Aki {aki}, Ben {ben}" in titles[3]


def test_the_charts_titles_follow_every_write_and_the_pages_language(client):
    """The chart's section is kept between writes (``views.table_figures.chart_fragment``):
    a correction that leaves the number of rounds as it was still shows its new totals, a
    new round its own point, and each language its own words."""
    sid = _open(client, "toppa", ["Aki", "Ben"])
    client.post(f"/api/v1/sessions/{sid}/rounds", json=TOPPA_ROUND)
    first = _titles(client.get(f"/t/{sid}").get_data(as_text=True))
    aki, ben = (display(t, True) for t in _totals(client, sid))
    assert first[1].endswith(f"<title>After round 1: Aki {aki}, Ben {ben}</title>")

    swapped = {"players": [{}, {"captured": EXAMPLE_A}]}
    assert client.put(f"/api/v1/sessions/{sid}/rounds/1", json=swapped).status_code == 200
    corrected = _titles(client.get(f"/t/{sid}").get_data(as_text=True))
    assert corrected[1].endswith(f"<title>After round 1: Aki {ben}, Ben {aki}</title>")

    ja = _titles(client.get(f"/t/{sid}", headers={"Accept-Language": "ja"}).get_data(as_text=True))
    assert "After" not in ja[1] and len(ja) == 2

    client.post(f"/api/v1/sessions/{sid}/rounds", json=TOPPA_ROUND)
    again = _titles(client.get(f"/t/{sid}").get_data(as_text=True))
    assert len(again) == 3 and "<title>After round 2: " in again[2]


def _x_labels(page):
    """The x axis's labels: (x, text) of every ``tick x mid`` text."""
    found = re.findall(r'<text class="tick x mid" x="(\d+)"[^>]*>([^<]*)<', page)
    return [(int(x), t) for x, t in found]


def _polyline_xs(page):
    points = re.search(r"<polyline points=\"([^\"]+)\"", page).group(1).split()
    return [int(p.split(",")[0]) for p in points]


def test_x_labels_sit_under_the_points_they_name_not_under_a_settle_up(client):
    """Issue 30: after a settle-up (API.md) the last point is the settle-up's; "round 3"
    sits under round 3's point, the settle-up has no round label (its dotted line marks it)."""
    sid = _open(client, "toppa", ["Aki", "Ben"])
    for _ in range(3):
        client.post(f"/api/v1/sessions/{sid}/rounds", json=TOPPA_ROUND)
    assert client.post(f"/api/v1/sessions/{sid}/settle").status_code == 200
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    xs_ = _polyline_xs(page)
    assert _x_labels(page) == [(xs_[0], "0"), (xs_[3], "round 3")]
    ja = client.get(f"/t/{sid}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert [x for x, _ in _x_labels(ja)] == [xs_[0], xs_[3]]
    # A round after the settle-up is the last point again: its label sits at the right end.
    client.post(f"/api/v1/sessions/{sid}/rounds", json=TOPPA_ROUND)
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    labels = _x_labels(page)
    assert labels[-1] == (_polyline_xs(page)[-1], "round 4")


def test_an_x_label_moves_in_only_as_far_as_it_must_and_never_runs_into_another():
    chart = running_chart(["A"], [[Fraction(k)] for k in range(4)])
    assert chart is not None
    wide = "round 1000000"
    half = (text_width(wide, 11) + 1) // 2
    first, last = x_labels(chart, [(0, "0"), (3, wide)])
    assert first == XLabel(chart.xs[0], "0")
    assert chart.xs[3] + half > chart.width  # centred it would run off the chart
    assert last == XLabel(chart.width - half, wide)
    # Two labels that would overlap: the later one is left out.
    many = running_chart(["A"], [[Fraction(k)] for k in range(20)])
    assert many is not None and many.xs[1] - many.xs[0] < 2 * half
    assert x_labels(many, [(0, wide), (1, wide)]) == [XLabel(max(many.xs[0], half), wide)]


def test_a_game_end_gets_no_round_label(client):
    """R21: a game ended early is a point of its own; "round 1" stays under round 1."""
    sid = _open(client, "baka", ["Aki", "Ben", "Cy"])
    client.post(f"/api/v1/sessions/{sid}/rounds", json=BAKA_ROUND)
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"}).status_code == 201
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    xs_ = _polyline_xs(page)
    assert len(xs_) == 3
    assert _x_labels(page) == [(xs_[0], "0"), (xs_[1], "round 1")]


@given(st.integers(1, 200), st.integers(1, 8))
def test_tick_labels_stay_clear_of_the_start_markers(steps, n):
    """Issue 30: the value axis's labels end 4 px left of the plot (text-anchor end at
    chart.left - 4); every marker (at most 5 px from its point) starts right of chart.left."""
    series = [[Fraction(k * (i - 2)) for i in range(n)] for k in range(steps + 1)]
    chart = running_chart([f"P{i}" for i in range(n)], series)
    assert chart is not None
    assert chart.xs[0] - 5 >= chart.left
    assert min(xs(line)[0] for line in chart.lines) == chart.xs[0]


def test_a_game_end_is_a_point_and_thirds_stay_exact_in_titles(client, app):
    """R21: ending a game early is an entry of its own; the chart names it, with Baka's
    thirds as the page writes them."""
    sid = _open(client, "baka", ["Aki", "Ben", "Cy"])
    client.post(f"/api/v1/sessions/{sid}/rounds", json=BAKA_ROUND)
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"}).status_code == 201
    titles = _titles(client.get(f"/t/{sid}").get_data(as_text=True))
    assert [t.split("<title>")[1].split(":")[0] for t in titles] == [
        "At the start",
        "After round 1",
        "End of game 1",
    ]
    assert "Aki -18⅓, Ben -58⅓, Cy +76⅔" in titles[1]


def test_a_long_table_keeps_its_chart_small(client, app):
    """200 rounds: every point is still named, yet the chart stays a few kilobytes."""
    sid = toppa_with(client, 200)
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    svg = page[
        page.index('<svg class="chart"') : page.index("</svg>", page.index('<svg class="chart"'))
    ]
    titles = _titles(page)
    assert titles[-1].split("<title>")[1].startswith("After round 200:")
    assert len(titles) <= store.CHART_ROUNDS + 1
    assert len(svg.encode()) < 40_000


def test_every_point_has_a_column_of_its_own_across_the_plot():
    """Each point's title sits in a strip around it; the strips tile the plot."""
    for steps in (1, 2, 7, 200):
        series = [[Fraction(k), Fraction(-k)] for k in range(steps + 1)]
        chart = running_chart(["A", "B"], series)
        cols = chart.columns
        assert len(cols) == len(chart.xs) == steps + 1
        assert cols[0].x == 0  # the end columns reach the edges: wide enough for a finger
        assert cols[-1].x + cols[-1].width == chart.width or steps + 1 > chart.right - chart.left
        for c, nxt in itertools.pairwise(cols):
            assert c.x + c.width == nxt.x or c.width == 1
        for c, x in zip(cols, chart.xs, strict=True):
            assert c.x <= x <= c.x + c.width
