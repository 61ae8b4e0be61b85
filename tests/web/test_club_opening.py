"""A club's page opens on figures that mean something (issue 30, part 2), and head to head
and a member's chart never add one game's points to another's (shared/API.md "Clubs",
changed 2026-11-27)."""

from __future__ import annotations

import re
from datetime import timedelta
from fractions import Fraction

from tests.helpers import EXAMPLE_A
from tests.web.test_i18n import JA
from tests.web.test_round_numbers import tour

TOPPA_ROUND = {"players": [{"captured": EXAMPLE_A}, {}]}


def club(client, members=("Aki", "Ben", "Cy")):
    resp = client.post(
        "/api/v1/clubs", json={"name": "Club", "members": list(members), "timezone": "UTC"}
    )
    assert resp.status_code == 201
    return resp.get_json()["id"]


def table(client, cid, game, players, **extra):
    resp = client.post(
        "/api/v1/sessions",
        json={"name": game, "game": game, "players": players, "club": cid, **extra},
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


def enter(client, sid, body, times=1):
    for _ in range(times):
        resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
        assert resp.status_code == 201, resp.get_json()


def two_games(client):
    """An unpriced Toppa table and an unpriced Tokan table of one club, played tonight."""
    cid = club(client)
    toppa = table(client, cid, "toppa", ["Aki", "Ben"])
    enter(client, toppa, TOPPA_ROUND, 2)
    tokan = table(client, cid, "tokan", ["Aki", "Ben", "Cy"])
    enter(client, tokan, tour((6, 6), (1, 2)))
    return cid, toppa, tokan


def points_by_block(page):
    """{section id: [data-points...]} of the per-game standings blocks."""
    out = {}
    for gid, body in re.findall(
        r'<section class="game-standings" id="standings-(\w+)">(.*?)</section>', page, re.S
    ):
        out[gid] = re.findall(r'data-points="([^"]+)"', body)
    return out


def test_unpriced_tables_of_two_games_open_on_points_per_game(client):
    cid, _, _ = two_games(client)
    page = client.get(f"/c/{cid}").get_data(as_text=True)
    blocks = points_by_block(page)
    # The most recently played game first, each ranked on its own, not all zero.
    assert list(blocks) == ["tokan", "toppa"]
    for gid, points in blocks.items():
        assert any(Fraction(p) for p in points), gid
    assert len(blocks["toppa"]) == 2  # only who played Toppa is ranked in it
    api = client.get(f"/api/v1/clubs/{cid}/standings?game=toppa").get_json()
    expected = {m["name"]: m["points"] for m in api["members"] if m["rounds"]}
    assert sorted(blocks["toppa"]) == sorted(expected.values())
    # Tonight is the period, and the period and the view are links, one tap away.
    current = re.findall(r'<a class="button" href="[^"]*" aria-current="page">([^<]+)</a>', page)
    assert current == ["Tonight", "Points per game"]
    money = re.search(r'<a class="button secondary" href="([^"]+)">Money, all games</a>', page)
    assert money is not None
    in_money = client.get(money.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert "game-standings" not in in_money and 'data-money="0"' in in_money
    ja = client.get(f"/c/{cid}", headers=JA).get_data(as_text=True)
    assert list(points_by_block(ja)) == ["tokan", "toppa"]


def test_priced_tables_open_on_money_across_games(client):
    cid = club(client)
    toppa = table(client, cid, "toppa", ["Aki", "Ben"], point_value="10")
    enter(client, toppa, TOPPA_ROUND)
    page = client.get(f"/c/{cid}").get_data(as_text=True)
    assert "game-standings" not in page
    money = re.findall(r'data-money="([^"]+)"', page)
    assert any(Fraction(m) for m in money)
    current = re.findall(r'aria-current="page">([^<]+)</a>', page)
    assert current == ["Tonight", "Money, all games"]


def test_an_empty_tonight_falls_back_to_the_last_club_day_played(client, app, monkeypatch):
    cid, _, _ = two_games(client)
    from scorekeeper.views import club_page
    from scorekeeper.views import clubs as club_views

    later = club_views.now() + timedelta(days=3)
    monkeypatch.setattr(club_views, "now", lambda: later)
    monkeypatch.setattr(club_page, "now", lambda: later)
    page = client.get(f"/c/{cid}").get_data(as_text=True)
    assert "Last played:" in page
    assert list(points_by_block(page)) == ["tokan", "toppa"]
    # Tonight itself (asked for) is empty and says so.
    tonight = re.search(r'href="([^"]+)">Tonight</a>', page).group(1).replace("&amp;", "&")
    assert "No round in this period." in client.get(tonight).get_data(as_text=True)


def test_a_club_without_rounds_opens_as_before(client):
    cid = club(client)
    page = client.get(f"/c/{cid}")
    assert page.status_code == 200 and "Last played" not in page.get_data(as_text=True)


def test_head_to_head_is_per_game(client):
    """API.md (changed 2026-11-27): one entry per opponent and game."""
    cid, _, _ = two_games(client)
    stats = client.get(f"/api/v1/clubs/{cid}/members/Aki").get_json()
    pairs = sorted((o["name"], o["game"]) for o in stats["opponents"])
    assert pairs == [("Ben", "tokan"), ("Ben", "toppa"), ("Cy", "tokan")]
    ben_toppa = next(o for o in stats["opponents"] if o["game"] == "toppa")
    assert ben_toppa["rounds"] == 2
    assert ben_toppa["points"] == stats["games"]["toppa"]["points"]
    page = client.get(f"/c/{cid}/members/Aki").get_data(as_text=True)
    h2h = page.split('id="head-to-head"')[1]
    assert h2h.count("<tr>") == 3 + 1  # the header and one row per opponent and game
    assert "Toppa" in h2h and "Tokan" in h2h


def test_a_members_chart_plots_points_when_there_is_no_money(client):
    cid, _, _ = two_games(client)
    stats = client.get(f"/api/v1/clubs/{cid}/members/Aki").get_json()
    page = client.get(f"/c/{cid}/members/Aki").get_data(as_text=True)
    chart = page.split('<svg class="chart member-chart"')[1].split("</svg>")[0]
    # A line per game, each ending in its points, not a flat line at 0 money.
    lines = re.findall(r"<polyline points=\"([^\"]+)\"", chart)
    assert len(lines) == 2
    assert "points per game" in chart
    for game in ("toppa", "tokan"):
        assert Fraction(stats["games"][game]["points"])
    ys = {int(p.split(",")[1]) for line in lines for p in line.split()}
    assert len(ys) > 1  # not flat
    # Issue 30: each point is named: the club day and each game's points then.
    titles = re.findall(r"<title>([^<]*)</title>", chart)
    assert len(titles) == len(lines[0].split())
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d: Toppa [+-]?\d+, Tokan [+-]?\d+", titles[-1]
    ) or re.fullmatch(r"\d{4}-\d\d-\d\d: Tokan [+-]?\d+, Toppa [+-]?\d+", titles[-1]), titles


def test_odd_views_are_no_error(client):
    cid, _, _ = two_games(client)
    for query, status in (
        ("view=bogus", 200),
        ("view=points&game=toppa", 200),
        ("view=money", 200),
        ("view=points&from=2026-13-40", 422),
    ):
        resp = client.get(f"/c/{cid}?{query}")
        assert resp.status_code == status, query
    bad = client.get(f"/c/{cid}?view=points&from=2026-13-40").get_data(as_text=True)
    assert "is not a date" in bad and "game-standings" in bad  # all time, per game
    one = client.get(f"/c/{cid}?view=points&game=toppa").get_data(as_text=True)
    assert "game-standings" not in one and "Toppa, in points" in one


def test_the_page_s_csv_links_export_the_points_it_shows(client):
    """The club page opens on points per game: its CSV links give those points, one file a
    game, never the money view's zeros of unpriced tables."""
    cid, _, _ = two_games(client)
    page = client.get(f"/c/{cid}").get_data(as_text=True)
    links = re.findall(r'href="([^"]*/export\.csv[^"]*)"', page)
    assert sorted(re.search(r"game=(\w+)", link)[1] for link in links) == ["tokan", "toppa"]
    toppa = next(link for link in links if "game=toppa" in link).replace("&amp;", "&")
    rows = client.get(toppa).get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    points = {r.split(",")[0]: r.split(",")[header.index("points")] for r in rows[1:]}
    assert int(points["Aki"]) == -int(points["Ben"]) != 0  # Toppa's points are whole
