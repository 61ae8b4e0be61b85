"""The round a club's record of the biggest round won links to (issue 41 item 3): kept beside
the figures (``ClubFigure.best_round``, migration 0013), the earliest round that made a seat's
best of the day, and followed by a correction; rows kept before that column find it among
the day's rounds."""

from __future__ import annotations

from tests.helpers import EXAMPLE_A
from tests.web.test_clubs import make_club, table
from tests.web.test_ratings import win


def _biggest(client, club):
    got = client.get(f"/api/v1/clubs/{club['id']}/records?game=toppa").get_json()["records"]
    return sorted((r["names"][0], r["round"]) for r in got if r["kind"] == "round")


def test_the_biggest_round_links_the_first_round_that_made_it_and_follows_a_correction(client, app):
    club = make_club(client, members=("Aki", "Ben"))
    t = table(client, club, "toppa", ["Aki", "Ben"])
    for _ in range(3):
        win(client, t["id"], 1)  # the same win for Aki, three times: round 1 made it first
    assert _biggest(client, club) == [("Aki", 1)]

    resp = client.put(
        f"/api/v1/sessions/{t['id']}/rounds/1", json={"players": [{"captured": EXAMPLE_A}, {}]}
    )
    assert resp.status_code == 200, resp.get_json()
    # Round 1 is now Ben's win, as big: Aki's best of the day was first made in round 2.
    assert _biggest(client, club) == [("Aki", 2), ("Ben", 1)]


def test_figures_kept_before_the_best_round_was_kept_still_link_the_round(client, app):
    from scorekeeper.models import Club, ClubFigure, db

    club = make_club(client, members=("Aki", "Ben"))
    t = table(client, club, "toppa", ["Aki", "Ben"])
    win(client, t["id"], 0)  # Ben's win in round 1
    win(client, t["id"], 1)  # Aki's in round 2
    kept = _biggest(client, club)
    assert kept == [("Aki", 2), ("Ben", 1)]
    with app.app_context():
        db.session.execute(db.update(ClubFigure).values(best_round=None))
        db.session.execute(db.update(Club).values(figures_version=Club.figures_version + 1))
        db.session.commit()
    assert _biggest(client, club) == kept


def test_a_record_set_twice_by_one_member_lists_them_once(client):
    """A hostile probe (2026-11-29): Ben, who won the equal biggest round at two tables, was
    listed twice for it (and for the most points in a day); docs/api.md lists a shared
    record once per holder, where they first set it."""
    club = make_club(client, members=("Aki", "Ben"))
    first = table(client, club, "toppa", ["Aki", "Ben"])
    second = table(client, club, "toppa", ["Aki", "Ben"])
    assert win(client, first["id"], 0)[1] == win(client, second["id"], 0)[1] == "255"
    got = client.get(f"/api/v1/clubs/{club['id']}/records?game=toppa").get_json()["records"]
    for kind in ("round", "day", "run"):
        holders = [r["names"][0] for r in got if r["kind"] == kind]
        assert holders == ["Ben"], (kind, holders)
    biggest = next(r for r in got if r["kind"] == "round")
    assert biggest["table"]["id"] == first["id"]  # where Ben first set it
