"""Members' ratings per game (API.md "Seasons and ratings", issue 41): a match is one table's
club day, rated with openskill's Plackett-Luce model in the order the matches' last rounds
were entered; read from the tables' ledgers, so a correction moves them."""

from __future__ import annotations

from datetime import datetime

from openskill.models import PlackettLuce

from tests.helpers import EXAMPLE_A
from tests.web.test_clubs import add, make_club, table


def at(app, sid, number, when):
    """Move round ``number`` of table ``sid`` to ``when`` (UTC), as if entered then."""
    from scorekeeper.clubs import figures
    from scorekeeper.models import Round, Table, db

    with app.app_context():
        t = db.session.scalars(db.select(Table).where(Table.token == sid)).one()
        rnd = db.session.scalars(
            db.select(Round).where(Round.table_id == t.id, Round.number == number)
        ).one()
        rnd.created_at = when
        figures.noted(t)  # moved by hand, not by a write: counted again
        db.session.commit()


def win(client, sid, seat, n=2):
    """A Toppa round in which the player at ``seat`` captures EXAMPLE_A and the others
    nothing; the deltas, as scored (at two players the pile is under par, so that seat
    loses: the tests read who won from the deltas, never from ``seat``)."""
    players = [{} for _ in range(n)]
    players[seat] = {"captured": EXAMPLE_A}
    got = add(client, sid, {"players": players})
    return [p["delta"] for p in got["result"]["players"]]


def ratings(client, club, query="?game=toppa"):
    resp = client.get(f"/api/v1/clubs/{club['id']}/ratings{query}")
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def three_evenings(client, app):
    """Three evenings: a table of Aki and Ben (the 1st and the 3rd of December) and one of
    Ben and Cho (the 2nd). The points per match, in rating order."""
    club = make_club(client, members=("Aki", "Ben", "Cho", "Dai"))
    t1 = table(client, club, "toppa", ["Aki", "Ben"])
    t2 = table(client, club, "toppa", ["Ben", "Cho"])
    d1 = win(client, t1["id"], 0)
    d2 = win(client, t2["id"], 1)
    d3 = win(client, t1["id"], 1)
    at(app, t1["id"], 1, datetime(2026, 12, 1, 20))
    at(app, t2["id"], 1, datetime(2026, 12, 2, 20))
    at(app, t1["id"], 2, datetime(2026, 12, 3, 20))
    return (
        club,
        t1,
        t2,
        [
            (["Aki", "Ben"], d1, "2026-12-01"),
            (["Ben", "Cho"], d2, "2026-12-02"),
            (["Aki", "Ben"], d3, "2026-12-03"),
        ],
    )


def by_hand(played):
    """The ratings openskill gives, called directly: each match's players ranked by their
    points (equal points share a rank; lower is better)."""
    from fractions import Fraction

    model = PlackettLuce()
    now = {}
    count = {}
    last = {}
    for names, deltas, day in played:
        points = [Fraction(d) for d in deltas]
        ranks = [sum(1 for q in points if q > p) + 1 for p in points]
        teams = [[now.get(n, model.rating())] for n in names]
        for n, (r,) in zip(names, model.rate(teams, ranks=ranks), strict=True):
            now[n] = r
            count[n] = count.get(n, 0) + 1
            last[n] = day
    return {
        n: {
            "mu": round(r.mu, 6),
            "sigma": round(r.sigma, 6),
            "rating": round(r.ordinal(), 6),
            "matches": count[n],
            "provisional": count[n] < 5,
            "last_played": last[n],
        }
        for n, r in now.items()
    }


def test_ratings_are_openskill_match_by_match(client, app):
    """Issue 41 / API.md "Seasons and ratings": a small example worked by hand against
    openskill called directly."""
    club, _, _, played = three_evenings(client, app)
    got = ratings(client, club)
    assert got["game"] == "toppa" and got["season"] is None
    expected = by_hand(played)
    assert {m["name"]: {k: v for k, v in m.items() if k != "name"} for m in got["members"]} == (
        expected
    )
    shown = [m["rating"] for m in got["members"]]
    assert shown == sorted(shown, reverse=True)
    assert all(isinstance(m["mu"], float) for m in got["members"])
    assert len(got["members"]) == 3  # Dai never played


def test_a_match_is_a_table_day_with_its_rounds_added_up(client, app):
    """Two rounds at one table on one day are one match, ranked by the day's sums."""
    club = make_club(client, members=("Aki", "Ben"))
    t1 = table(client, club, "toppa", ["Aki", "Ben"])
    d1 = win(client, t1["id"], 0)
    d2 = win(client, t1["id"], 1)
    at(app, t1["id"], 1, datetime(2026, 12, 1, 20))
    at(app, t1["id"], 2, datetime(2026, 12, 1, 21))
    got = {m["name"]: m for m in ratings(client, club)["members"]}
    assert got["Aki"]["matches"] == 1
    from fractions import Fraction

    day = [str(Fraction(a) + Fraction(b)) for a, b in zip(d1, d2, strict=True)]
    expected = by_hand([(["Aki", "Ben"], day, "2026-12-01")])
    assert {n: m["rating"] for n, m in got.items()} == {n: e["rating"] for n, e in expected.items()}


def test_a_correction_moves_the_ratings(client, app):
    club, t1, _, played = three_evenings(client, app)
    before = ratings(client, club)
    resp = client.put(
        f"/api/v1/sessions/{t1['id']}/rounds/2", json={"players": [{"captured": EXAMPLE_A}, {}]}
    )
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    rnd = answer if "result" in answer else answer["rounds"][1]
    corrected = [p["delta"] for p in rnd["result"]["players"]]
    after = ratings(client, club)
    assert after != before
    played[2] = (played[2][0], corrected, played[2][2])
    expected = by_hand(played)
    assert {m["name"]: m["rating"] for m in after["members"]} == {
        n: e["rating"] for n, e in expected.items()
    }
    assert client.delete(f"/api/v1/sessions/{t1['id']}/rounds/2").status_code in (200, 204)
    gone = {m["name"]: m for m in ratings(client, club)["members"]}
    assert gone["Aki"]["matches"] == 1


def test_the_same_ledgers_give_the_same_ratings(client, app):
    club, *_ = three_evenings(client, app)
    first = ratings(client, club)
    from scorekeeper.clubs import ratings as module

    module._KEPT.clear()
    module._MATCHES.clear()  # read again from the kept figures too
    assert ratings(client, club) == first


def test_ratings_are_kept_until_a_write(client, app, monkeypatch):
    """Issue 41 item 5: a second read rates no match again; a write does."""
    club, t1, _, _ = three_evenings(client, app)
    from scorekeeper.clubs import ratings as module

    calls = []
    real = module.rate
    monkeypatch.setattr(module, "rate", lambda found: calls.append(1) or real(found))
    ratings(client, club)
    ratings(client, club)
    assert len(calls) == 1
    win(client, t1["id"], 1)
    ratings(client, club)
    assert len(calls) == 2


def test_bad_game_or_season_is_said(client, app):
    club = make_club(client)
    base = f"/api/v1/clubs/{club['id']}/ratings"
    for query in ("", "?game=chess", "?game="):
        resp = client.get(base + query)
        assert resp.status_code == 422
        assert resp.get_json()["errors"][0]["field"] == "game"
        # A hostile probe: no game given was said as "null is not a game here".
        message = resp.get_json()["errors"][0]["message"]
        assert "null" not in message
        if query != "?game=chess":
            assert message == "Name a game: one of tokotoko, toppa, baka, otoroku, tokan"
        records = client.get(base.replace("/ratings", "/records") + query)
        assert records.get_json()["errors"][0]["message"] == message
    resp = client.get(base + "?game=toppa&season=Nope")
    assert resp.status_code == 404
    error = resp.get_json()["errors"][0]
    assert error["field"] == "season" and "Nope" in error["message"]
    assert client.get("/api/v1/clubs/nope-not-a-club/ratings?game=toppa").status_code == 404


def test_a_season_rates_only_its_own_matches(client, app):
    club, _, _, played = three_evenings(client, app)
    resp = client.patch(
        f"/api/v1/clubs/{club['id']}",
        json={"seasons": [{"name": "Late", "from": "2026-12-02", "to": "2026-12-31"}]},
    )
    assert resp.status_code == 200, resp.get_json()
    got = ratings(client, club, "?game=toppa&season=Late")
    assert got["season"] == "Late"
    expected = by_hand(played[1:])
    assert {m["name"]: m["matches"] for m in got["members"]} == {
        n: e["matches"] for n, e in expected.items()
    }
    assert {m["name"]: m["rating"] for m in got["members"]} == {
        n: e["rating"] for n, e in expected.items()
    }
