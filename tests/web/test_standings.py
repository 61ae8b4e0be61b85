"""The table page's standings and chart (issue 11 item 4): sorted by total, the leader marked
in words, the Otoroku house and the Tokan pot as rows of their own, a chart whose colours say
who (by seat) and whose lines end in the players' names."""

from __future__ import annotations

import re

from tests.helpers import EXAMPLE_A
from tests.web.test_sessions_api import add, create, tokan_body


def page(client, sid):
    resp = client.get(f"/t/{sid}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def standings(html):
    """(place, name, total, leader badge) per row of the players' part, top to bottom."""
    body = html.split('<table class="standings">', 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(
        r'<tr class="([^"]*)" data-seat="\d+">\s*<td class="rank">(\d+)</td>\s*'
        r'<th scope="row">(?:<svg.*?</svg> )?([^<]+)(.*?)</th>\s*<td data-total="([^"]*)"',
        body,
        re.S,
    )
    return [
        (int(place), name.strip(), total, re.sub(r"<[^>]+>|★", "", rest).strip())
        for _cls, place, name, rest, total in rows
    ]


def toppa_with_ben_ahead(client):
    s = create(client, "toppa", ["Aki", "Ben"])
    add(client, s["id"], {"players": [{"captured": EXAMPLE_A}, {}]})
    return s["id"]


def test_standings_are_sorted_by_total_and_the_leader_is_named(client):
    sid = toppa_with_ben_ahead(client)
    html = page(client, sid)
    assert standings(html) == [(1, "Ben", "255", "Leader"), (2, "Aki", "-255", "")]
    assert 'class="leader"' in html  # marked by a word and a row tint, not colour alone
    # The name stays in the text colour (the chart's colours are the players'); the sign is
    # in the number.
    assert 'class="pos">+255</td>' in html and 'class="neg">-255</td>' in html


def test_no_leader_before_the_first_round_nor_when_everyone_is_level(client):
    s = create(client, "toppa", ["Aki", "Ben"])
    assert [row[3] for row in standings(page(client, s["id"]))] == ["", ""]
    t = create(client, "tokan", ["A", "B", "C"])
    add(client, t["id"], tokan_body(*((n, [3, 3], 0, 0) for n in "ABC")))
    rows = standings(page(client, t["id"]))
    assert [(place, badge) for place, _, _, badge in rows] == [(1, "")] * 3


def test_equal_totals_share_a_place(client):
    s = create(client, "tokan", ["A", "B", "C"])
    # A 12 against B 2 and C 2 (RULES 6's tie at the cut): B and C level behind A.
    add(
        client,
        s["id"],
        tokan_body(("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0)),
    )
    rows = standings(page(client, s["id"]))
    assert [(place, name) for place, name, _, _ in rows] == [(1, "A"), (2, "B"), (2, "C")]


def test_ranks_and_leaders():
    from scorekeeper.views.table_figures import ranked

    def rows(*totals):
        return [{"seat": i, "total": t} for i, t in enumerate(totals)]

    out = ranked(rows(5, 9, 9, -3, 5), started=True)
    assert [(r["seat"], r["rank"], r["leader"]) for r in out] == [
        (1, 1, True),
        (2, 1, True),
        (0, 3, False),
        (4, 3, False),
        (3, 5, False),
    ]
    assert not any(r["leader"] for r in ranked(rows(0, 0), started=True))
    assert not any(r["leader"] for r in ranked(rows(3, -3), started=False))


def test_the_otoroku_house_is_a_row_of_its_own(client):
    s = create(
        client,
        "otoroku",
        ["P1", "P2", "P3"],
        rules={"tera_zen_percent": 10},
        settings={"method": "banker", "wager": 15},
    )
    add(client, s["id"], {"players": [{"cards": [3, 4]}, {"cards": [9, 8]}, {"cards": [9, 5]}]})
    html = page(client, s["id"])
    accounts = html.split('<tbody class="accounts">', 1)[1].split("</tbody>", 1)[0]
    assert 'data-house="1"' in accounts and ">House <small>" in accounts
    assert "data-pot" not in accounts
    assert [name for _, name, _, _ in standings(html)] == ["P3", "P1", "P2"]


def test_the_tokan_pot_is_a_row_of_its_own(client):
    s = create(client, "tokan", ["A", "B", "C"])
    add(
        client,
        s["id"],
        tokan_body(("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0)),
    )
    html = page(client, s["id"])
    accounts = html.split('<tbody class="accounts">', 1)[1].split("</tbody>", 1)[0]
    assert 'data-pot="1"' in accounts and "data-house" not in accounts


def test_games_without_house_or_pot_have_no_such_rows(client):
    assert '<tbody class="accounts">' not in page(client, toppa_with_ben_ahead(client))


def test_the_chart_names_each_line_and_labels_its_axis(client):
    sid = toppa_with_ben_ahead(client)
    html = page(client, sid)
    chart = html.split('<svg class="chart"', 1)[1].split("</svg>", 1)[0]
    # Colours by seat: Aki (seat 0, last) is slot c0, Ben (seat 1, leading) is c1.
    assert re.search(r'<g class="c0">.*?>Aki</text></g>', chart, re.S)
    assert re.search(r'<g class="c1">.*?>Ben</text></g>', chart, re.S)
    ticks = re.findall(r'<text class="tick" [^>]*>([^<]+)</text>', chart)
    assert ticks == ["\u2212200", "0", "200"]  # a true minus sign
    assert ">round 1</text>" in chart
    # Nothing needs 'unsafe-inline': no style attribute, and no colour written in the page.
    assert "style=" not in html and not re.search(r'stroke="#', chart)
