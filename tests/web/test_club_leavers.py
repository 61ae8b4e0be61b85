"""A Tokan player who leaves is left out of a tour (API.md); a club's figures count only the
tours a member played (a probe of 2026-11-29 found a member who never played listed first,
with a round, a table, a first place and the best rating). API.md "Clubs": standings'
``rounds`` are the rounds the member sat in; a rating match is the players who sat in at
least one round there that day."""

from __future__ import annotations

from fractions import Fraction


def _club_table(client, players):
    cid = client.post(
        "/api/v1/clubs", json={"name": "Leavers", "members": players, "timezone": "UTC"}
    ).get_json()["id"]
    sid = client.post(
        "/api/v1/sessions",
        json={"name": "t", "game": "tokan", "players": players, "club": cid},
    ).get_json()["id"]
    return cid, sid


def _tour(client, sid, *players):
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": list(players)})
    assert resp.status_code == 201, resp.get_json()
    return [Fraction(d) for d in resp.get_json()["deltas"]]


def _p(name, dice, left=0, right=0):
    return {"name": name, "dice": dice, "left": left, "right": right}


def _members(client, cid):
    got = client.get(f"/api/v1/clubs/{cid}/standings?game=tokan").get_json()["members"]
    return {m["name"]: m for m in got}


def test_a_player_left_out_of_every_tour_played_none(client):
    cid, sid = _club_table(client, ["A", "B", "C", "D"])
    deltas = _tour(client, sid, _p("A", [6, 6]), _p("B", [1, 1]), _p("C", [3, 4]))
    assert deltas[3] == 0  # D sat out: no change
    members = _members(client, cid)
    assert members["D"]["rounds"] == 0 and members["D"]["tables"] == 0
    assert members["D"]["firsts"] == 0 and members["D"]["average"] is None
    assert [members[n]["rounds"] for n in "ABC"] == [1, 1, 1]
    assert list(_members(client, cid))[-1] == "D"  # listed after those who played
    ratings = client.get(f"/api/v1/clubs/{cid}/ratings?game=tokan").get_json()
    rated = {r["name"]: r for r in ratings["members"]}
    assert "D" not in rated or rated["D"]["matches"] == 0
    me = client.get(f"/api/v1/clubs/{cid}/members/D").get_json()
    assert me["tables"] == [] and me["opponents"] == []


def test_a_player_who_leaves_counts_the_tours_played_and_no_more(client):
    cid, sid = _club_table(client, ["A", "B", "C", "D"])
    first = _tour(client, sid, _p("A", [6, 6]), _p("B", [1, 1]), _p("C", [3, 4]), _p("D", [3, 4]))
    second = _tour(client, sid, _p("A", [6, 6]), _p("B", [1, 1]), _p("C", [3, 4], left=1))
    members = _members(client, cid)
    assert members["D"]["rounds"] == 1
    assert Fraction(members["D"]["points"]) == first[3]  # D's one tour; 0 in the second
    assert [members[n]["rounds"] for n in "ABC"] == [2, 2, 2]
    me = client.get(f"/api/v1/clubs/{cid}/members/D").get_json()
    tokan = me["games"]["tokan"]
    assert tokan["rounds"] == 1 and Fraction(tokan["best_round"]) == first[3]
    against = {o["name"]: o for o in me["opponents"]}
    assert against["A"]["rounds"] == 1  # together in the first tour only
    assert Fraction(against["A"]["their_points"]) == first[0]
    assert second[3] == 0


def test_a_share_of_the_pot_without_a_round_is_ordered_by_its_figure(client):
    """A probe (2026-11-29): Dai, added to a continued Tokan table before its game ended,
    took a share of the pot split (R21) without sitting in a tour; the standings listed him
    last, after members with less, as if he had nothing. API.md: ordered by ``points`` (by
    ``money`` without ``game``); only members with zeros are listed last."""
    cid, sid = _club_table(client, ["A", "B", "C"])
    _tour(client, sid, _p("A", [6, 6]), _p("B", [1, 1]), _p("C", [3, 4]))
    resp = client.post("/api/v1/sessions", json={"continue_from": sid})
    assert resp.status_code == 201, resp.get_json()
    later = resp.get_json()["id"]
    assert client.patch(f"/api/v1/sessions/{later}", json={"add": ["D"]}).status_code == 200
    end = client.post(f"/api/v1/sessions/{later}/rounds", json={"kind": "end"})
    assert end.status_code == 201, end.get_json()
    members = _members(client, cid)
    assert members["D"]["rounds"] == 0 and Fraction(members["D"]["points"]) > 0
    order = list(members)
    points = [Fraction(members[n]["points"]) for n in order]
    assert points == sorted(points, reverse=True)
    assert order[0] == "D"


def test_rebuild_figures_mends_what_was_kept_before_migration_0016(client, app):
    """A review (2026-11-29): migration 0016 only marks the clubs' Tokan tables, and a table
    never written again kept its wrong figures. ``flask rebuild-figures`` works the marked
    ones out again (run once after the upgrade)."""
    from sqlalchemy import select, update

    from scorekeeper.models import ClubFigure, Table, db

    cid, sid = _club_table(client, ["A", "B", "C", "D"])
    _tour(client, sid, _p("A", [6, 6]), _p("B", [1, 1]), _p("C", [3, 4]))
    with app.app_context():  # as kept before 0016: D counted in the tour, table marked
        table = db.session.scalar(select(Table).where(Table.token == sid))
        db.session.execute(
            update(ClubFigure)
            .where(ClubFigure.table_id == table.id, ClubFigure.seat == 0)
            .values(rounds=5)
        )
        table.figures_through = None
        db.session.commit()
    assert _members(client, cid)["A"]["rounds"] == 5
    result = app.test_cli_runner().invoke(args=["rebuild-figures"])
    assert result.exit_code == 0, result.output
    assert "1 club tables" in result.output
    assert _members(client, cid)["A"]["rounds"] == 1
    again = app.test_cli_runner().invoke(args=["rebuild-figures"])
    assert "0 club tables" in again.output
