"""Issue 20, point 5 and 7: a club's kept figures (``clubs.figures``) follow every write to
its tables: rounds entered, corrected, deleted, restored, undone, games ended, settle-ups,
changes of the table, a table leaving and joining again, the club's time zone. After any
sequence of them, what is kept equals the figures computed afresh from the tables' stored
rounds, and each table's figures sum to zero with the pot and the house."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.clubs import figures
from scorekeeper.clubs import reading as club_reading
from scorekeeper.clubs import service as club_service
from scorekeeper.models import db
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import changes, service, store
from scorekeeper.tables.checks import check_table
from tests.web.test_recompute import GAMES, SETTINGS, _apply_op, ops


def club_ops(game):
    """A table's writes (test_recompute's), with the club's own changes among them."""
    club_op = st.one_of(
        st.tuples(st.just("zone"), st.sampled_from(["Asia/Tokyo", "UTC", "America/Anchorage"])),
        st.tuples(st.just("leave"), st.none()),
        st.tuples(st.just("club-undo"), st.none()),
        # Another point value (taken only when every total is clear: after a settle-up).
        st.tuples(st.just("price"), st.sampled_from(["1/2", "3", None])),
    )
    return st.tuples(ops(game), st.lists(st.tuples(st.integers(0, 20), club_op), max_size=3)).map(
        lambda t: _interleave(*t)
    )


def _interleave(table_ops, club_ops_):
    out = list(table_ops)
    for at, op in club_ops_:
        out.insert(min(at, len(out)), op)
    return out


def _check(club):
    kept = figures.kept(club)
    assert kept == figures.fresh(club)
    by_table: dict[int, Fraction] = {}
    for (tid, _, _), row in kept.items():
        total = Fraction(str(row["points"])) + Fraction(str(row["house"]))
        by_table[tid] = by_table.get(tid, Fraction(0)) + total
    assert all(v == 0 for v in by_table.values()), by_table


def _run(app, game, sequence):
    names, extra, _ = GAMES[game]
    with app.test_request_context(method="POST"):
        club = club_service.create_club({"name": "Figures", "timezone": "Asia/Tokyo"})
        body = {"game": game.split("-")[0], "players": names, **extra}
        table = club_service.open_in_club(club, check_table(body))
        db.session.commit()
        token, club_token = table.token, club.token
        for op, arg in sequence:
            table = store.find_table(token)
            club = club_reading.find_club(club_token)
            try:
                if op == "zone":
                    club_service.change_club(club, {"timezone": arg})
                elif op == "leave":
                    club_service.change_club(club, {"detach": [token]})
                elif op == "club-undo":
                    club_service.undo(club)
                elif op == "price":
                    changes.edit_table(table, {"point_value": arg})
                else:
                    _apply_op(table, op, arg)
            except (InvalidInput, LookupError, service.Conflict):
                db.session.rollback()
                continue
            db.session.commit()
            db.session.expunge_all()
            _check(club_reading.find_club(club_token))
        club = club_reading.find_club(club_token)
        if store.find_table(token).club_id is None:  # back in the club: built again
            club_service.join(store.find_table(token), club)
            db.session.commit()
            db.session.expunge_all()
            club = club_reading.find_club(club_token)
        assert store.find_table(token).club_id == club.id
        _check(club)


@SETTINGS
@given(sequence=club_ops("toppa"))
def test_toppa_club_figures_follow_every_write(app, sequence):
    _run(app, "toppa", sequence)


@SETTINGS
@given(sequence=club_ops("baka"))
def test_baka_club_figures_follow_every_write(app, sequence):
    _run(app, "baka", sequence)


@SETTINGS
@given(sequence=club_ops("tokan"))
def test_tokan_club_figures_follow_every_write(app, sequence):
    # Players leave and join: who sat in a round follows the table's changes.
    _run(app, "tokan", sequence)


@SETTINGS
@given(sequence=club_ops("otoroku"))
def test_otoroku_club_figures_follow_every_write(app, sequence):
    _run(app, "otoroku", sequence)
