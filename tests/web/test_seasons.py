"""A club's seasons (API.md "Seasons and ratings", issue 41): the whole list in a PATCH,
checked field by field with nothing stored half-way, journalled and undone like any change of
the club, and taken by standings, member pages and exports as a period."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.web.test_clubs import make_club, standings, table
from tests.web.test_ratings import at, win

WINTER = {"name": "Winter 2026", "from": "2026-12-01", "to": "2027-02-28"}
AUTUMN = {"name": "Autumn 2026", "from": "2026-09-01", "to": "2026-11-30"}


def patch(client, club, body):
    return client.patch(f"/api/v1/clubs/{club['id']}", json=body)


def test_seasons_are_named_and_carried_by_the_club(client):
    club = make_club(client)
    assert club["seasons"] == []
    resp = patch(client, club, {"seasons": [AUTUMN, WINTER]})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["seasons"] == [AUTUMN, WINTER]
    got = client.get(f"/api/v1/clubs/{club['id']}").get_json()
    assert got["seasons"] == [AUTUMN, WINTER]
    view = client.get(f"/api/v1/clubs/{club['view_url'].rsplit('/', 1)[1]}").get_json()
    assert view["seasons"] == [AUTUMN, WINTER]


@pytest.mark.parametrize(
    ("seasons", "field"),
    [
        ("Winter", "seasons"),
        ([WINTER, "Spring"], "seasons.1"),
        ([{**WINTER, "to": "2026-11-30"}], "seasons.0.to"),
        ([{**WINTER, "from": "1.12.2026"}], "seasons.0.from"),
        ([{**WINTER, "from": "2026-02-30"}], "seasons.0.from"),
        ([{**WINTER, "to": None}], "seasons.0.to"),
        ([{**WINTER, "from": ""}], "seasons.0.from"),
        ([{**WINTER, "name": ""}], "seasons.0.name"),
        ([{**WINTER, "name": 7}], "seasons.0.name"),
        ([{**WINTER, "name": "x" * 61}], "seasons.0.name"),
        ([{**WINTER, "colour": "blue"}], "seasons.0.colour"),
        ([WINTER, {**AUTUMN, "name": "winter 2026"}], "seasons.1.name"),
        ([WINTER, {"name": "Late", "from": "2027-02-28", "to": "2027-03-31"}], "seasons.1.from"),
        ([WINTER, {"name": "Inside", "from": "2027-01-01", "to": "2027-01-31"}], "seasons.1.from"),
    ],
)
def test_a_bad_season_is_refused_at_its_field_and_nothing_is_stored(client, seasons, field):
    club = make_club(client)
    resp = patch(client, club, {"name": "Renamed", "seasons": seasons})
    assert resp.status_code == 422
    errors = resp.get_json()["errors"]
    assert field in [e["field"] for e in errors], errors
    assert all(e["message"] for e in errors)
    got = client.get(f"/api/v1/clubs/{club['id']}").get_json()
    assert got["seasons"] == [] and got["name"] == club["name"] and got["version"] == 0


def test_a_season_change_is_journalled_and_undone(client):
    club = make_club(client)
    patch(client, club, {"seasons": [AUTUMN]})
    patch(client, club, {"seasons": [AUTUMN, WINTER]})
    entries = client.get(f"/api/v1/clubs/{club['id']}/journal").get_json()["entries"]
    assert entries[0]["action"] == "edit" and "Winter 2026" in entries[0]["summary"]
    resp = client.post(f"/api/v1/clubs/{club['id']}/undo", json={})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["seasons"] == [AUTUMN]
    resp = client.post(f"/api/v1/clubs/{club['id']}/undo", json={})
    assert resp.get_json()["seasons"] == []
    same = patch(client, club, {"seasons": []}).get_json()
    assert same["version"] == resp.get_json()["version"]  # nothing changed, nothing journalled


def _two_evenings(client, app):
    club = make_club(client, members=("Aki", "Ben"))
    t = table(client, club, "toppa", ["Aki", "Ben"])
    win(client, t["id"], 0)
    win(client, t["id"], 1)
    at(app, t["id"], 1, datetime(2026, 11, 20, 20))
    at(app, t["id"], 2, datetime(2026, 12, 5, 20))
    patch(client, club, {"seasons": [AUTUMN, WINTER]})
    return club, t


def test_standings_members_and_exports_take_a_season(client, app):
    club, _ = _two_evenings(client, app)
    by_season = standings(client, club, "?game=toppa&season=Winter%202026")
    by_days = standings(client, club, "?game=toppa&from=2026-12-01&to=2027-02-28")
    assert by_season["season"] == "Winter 2026"
    assert by_season["from"] == "2026-12-01" and by_season["to"] == "2027-02-28"
    assert by_season["members"] == by_days["members"]
    assert [m["rounds"] for m in by_season["members"]] == [1, 1]
    autumn = standings(client, club, "?game=toppa&season=autumn%202026")  # case aside
    assert autumn["season"] == "Autumn 2026" and autumn["members"] != by_season["members"]
    # Read as a season's name is kept: spaces collapsed, an invisible character dropped.
    for asked in ("Winter%20%20%202026", "%20Winter%E2%80%8B%202026%20"):
        assert standings(client, club, f"?game=toppa&season={asked}")["season"] == "Winter 2026"
    base = f"/api/v1/clubs/{club['id']}"
    aki = client.get(f"{base}/members/Aki?season=Winter%202026").get_json()
    assert aki["season"] == "Winter 2026" and aki["games"]["toppa"]["rounds"] == 1
    csv_season = client.get(f"{base}/export.csv?game=toppa&season=Winter%202026")
    csv_days = client.get(f"{base}/export.csv?game=toppa&from=2026-12-01&to=2027-02-28")
    assert csv_season.status_code == 200
    assert csv_season.get_data() == csv_days.get_data()


@pytest.mark.parametrize("path", ["standings", "members/Aki", "export.csv", "ratings"])
def test_an_unknown_season_is_404_naming_it(client, app, path):
    club, _ = _two_evenings(client, app)
    resp = client.get(f"/api/v1/clubs/{club['id']}/{path}?game=toppa&season=Spring")
    assert resp.status_code == 404
    error = resp.get_json()["errors"][0]
    assert error["field"] == "season" and "Spring" in error["message"]


def test_a_season_and_days_together_are_refused(client, app):
    club, _ = _two_evenings(client, app)
    resp = client.get(f"/api/v1/clubs/{club['id']}/standings?season=Winter%202026&from=2026-12-01")
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["field"] == "season"


@pytest.mark.parametrize("path", ["ratings", "records"])
@pytest.mark.parametrize(
    ("query", "field"),
    [("&season=Winter%202026&from=2026-12-01", "season"), ("&to=2026-12-31", "to")],
)
def test_ratings_and_records_refuse_days(client, app, path, query, field):
    """A probe (2026-11-30): ratings and records, over a season or all time, answered 200
    to ``from`` or ``to`` and ignored them (docs/api.md: a season with days is 422 at
    ``season``); days alone gave all-time figures saying nothing."""
    club, _ = _two_evenings(client, app)
    resp = client.get(f"/api/v1/clubs/{club['id']}/{path}?game=toppa{query}")
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {
            "field": field,
            "message": "These figures are over a season or all time: ask for a season, not "
            "from and to",
        }
    ]


@pytest.mark.parametrize("blank", ["", "  ", None])
def test_a_season_without_a_day_asks_for_it(client, blank):
    """A day left empty is asked for, not said to be "'' is not a date" (a probe, 11-29)."""
    club = make_club(client)
    resp = patch(client, club, {"seasons": [{**WINTER, "from": blank}]})
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {
            "field": "seasons.0.from",
            "message": "A season needs its first and last day (write them as 2026-11-24)",
        }
    ]
