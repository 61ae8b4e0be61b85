"""A table recomputed as far as needed after a correction, delete or restore (issue 9's bounded
work) must hold exactly what a replay of every round from the start holds: each round's
changes and result, the state before every round, the running totals, pot and house, and the
chart. Checkpoints are made every 3 rounds here so that every path through them is taken."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import database
from scorekeeper.cards import CARD_BY_ID, CARDS
from scorekeeper.exact import amount_str
from scorekeeper.ledger import made_result
from scorekeeper.models import Round, db
from scorekeeper.rules import InvalidInput
from scorekeeper.tables import changes, service, store
from scorekeeper.tables import replay as replays
from scorekeeper.tables.checks import check_table
from tests.helpers import EXAMPLE_A, score_in_order, suit

HALF = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
OTHER = suit("bushclover", "susuki", "chrysanthemum", "maple", "willow", "paulownia")


@st.composite
def tokan_entry(draw, names):
    players = []
    for name in names:
        left = draw(st.integers(-11, 11))
        players.append(
            {
                "name": name,
                "dice": [draw(st.integers(1, 6)), draw(st.integers(1, 6))],
                "left": left,
                "right": draw(st.integers(-11 - min(left, 0), 11 - max(left, 0))),
            }
        )
    # Now and then somebody leaves before the tour (in a game players may leave).
    if len(players) > 3 and draw(st.integers(0, 5)) == 0:
        del players[draw(st.integers(0, len(players) - 1))]
    return {"players": players}


@st.composite
def toppa_entry(draw, names):
    first = draw(st.sampled_from([HALF, OTHER, suit("pine", "plum"), suit("maple")]))
    return {"players": [{"captured": first}, {}]}


@st.composite
def baka_entry(draw, names):
    piles = [HALF, suit("bushclover", "susuki"), suit("maple"), suit("willow", "paulownia")]
    first = draw(st.sampled_from(piles))
    second = draw(st.sampled_from([p for p in piles if p is not first]))
    return {"players": [{"captured": first}, {"captured": second}, {}]}


@st.composite
def otoroku_entry(draw, names):
    deck = [c.id for c in CARDS if c.month <= 10]
    cards = draw(st.permutations(deck))
    players, pos = [], 0
    for name in names:
        k = draw(st.integers(2, 3))
        players.append({"name": name, "cards": [CARD_BY_ID[c].month for c in cards[pos : pos + k]]})
        pos += k
    # A player out of stones sits the rest of the game out.
    if draw(st.integers(0, 3)) == 0:
        del players[draw(st.integers(0, len(players) - 1))]
    return {"players": players}


GAMES = {
    "tokan": (["A", "B", "C", "D"], {}, tokan_entry),
    # A small stake: the pot often runs short, so a tour's result depends on what it held.
    "tokan-short": (["A", "B", "C", "D"], {"settings": {"stake": 2}}, tokan_entry),
    "toppa": (["A", "B"], {}, toppa_entry),
    "baka": (["A", "B", "C"], {}, baka_entry),
    # Played for stones: who is seated and when a game ends follow each game's results.
    "otoroku": (
        ["A", "B", "C"],
        {
            "settings": {"wager": 10, "length": "stones", "stones": 30},
            "rules": {"tera_zen_percent": 10},
        },
        otoroku_entry,
    ),
    "otoroku-rounds": (
        ["A", "B", "C"],
        {"settings": {"length": "3"}, "rules": {"tera_zen_percent": 20}},
        otoroku_entry,
    ),
}


def ops(game):
    names, _, entry = GAMES[game]
    pick = st.integers(0, 10**6)  # a round or journal entry, modulo how many there are
    one = st.one_of(
        st.tuples(st.just("enter"), entry(names)),
        st.tuples(st.just("end"), st.none()),
        st.tuples(st.just("correct"), st.tuples(pick, entry(names))),
        st.tuples(st.just("correct"), st.tuples(pick, entry(names))),
        st.tuples(st.just("delete"), pick),
        st.tuples(st.just("undo"), pick),
        st.tuples(st.just("settle"), st.none()),
        st.tuples(st.just("edit"), st.sampled_from(EDITS.get(game, [{"name": "Renamed"}]))),
    )
    opening = st.lists(st.tuples(st.just("enter"), entry(names)), min_size=4, max_size=12)
    return st.tuples(opening, st.lists(one, min_size=1, max_size=10)).map(lambda t: t[0] + t[1])


# Changes of the table that later entries depend on (who is seated, the settings in force).
EDITS = {
    "tokan-short": [{"add": ["E"]}, {"remove": ["D"]}],
    "tokan": [{"add": ["E"]}, {"remove": ["D"]}, {"remove": ["A"]}, {"add": ["D"]}],
    "otoroku": [{"settings": {"wager": 20}}, {"add": ["D"]}, {"remove": ["C"]}],
    "otoroku-rounds": [{"settings": {"length": "6"}}, {"settings": {"method": "banker"}}],
}


def _seated_only(table, entry, state):
    """A Tokan tour names the players still seated (those who left are gone for good)."""
    if table.game != "tokan":
        return entry
    seated = {table.players[i] for i in state.seated}
    return {**entry, "players": [p for p in entry["players"] if p["name"] in seated]}


def _apply_op(table, op, arg, planned=False):
    count = max(table.round_count, 1)
    if op == "enter":
        arg = _seated_only(table, arg, store.state_of(table))
    elif op == "correct":
        number = 1 + arg[0] % count
        arg = (arg[0], _seated_only(table, arg[1], store.state_before(table, number)))
    if planned and op in ("correct", "delete", "undo"):
        # As the views do: the table opened for the write, its replay planned on a snapshot.
        table = service.open_for(table.token, _replay_of(table, op, arg))
    if op == "settle":
        changes.record_settle(table)
    elif op == "edit":
        changes.edit_table(table, arg)
    elif op == "enter":
        service.enter_round(table, "round", arg)
    elif op == "end":
        service.end_game(table)
    elif op == "correct":
        service.correct_round(table, 1 + arg[0] % count, arg[1])
    elif op == "delete":
        service.delete_round(table, 1 + arg % count)
    else:
        service.undo(table, 1 + arg % max(table.version, 1))


def _replay_of(table, op, arg):
    """What ``_apply_op`` replays (``service.open_for``)."""
    count = max(table.round_count, 1)
    if op == "correct":
        return service.correcting(1 + arg[0] % count, arg[1])
    if op == "delete":
        return service.deleting(1 + arg % count)
    return service.undoing(1 + arg % max(table.version, 1))


def _unused_plans():
    """Plans worked out for a write that it left (each fitting write takes its own)."""
    return db.session.info.get(replays.PLANS) or []


def _check_against_full_replay(table):
    live = list(reversed(store.recent_rounds(table)))
    assert [r.number for r in live] == list(range(1, table.round_count + 1))
    spec = store.spec_of(table)
    steps = score_in_order(spec, [(r.kind, r.entry) for r in live], store.opening_state(table))
    state = store.opening_state(table)
    for rnd, step in zip(live, steps, strict=True):
        number = rnd.number
        assert store.state_before(table, number).to_json() == state.to_json(), number
        assert rnd.deltas == [amount_str(d) for d in step.deltas], number
        assert store.result_of(table, rnd) == made_result(step), number
        assert (rnd.dealer, rnd.game_no, rnd.game_round) == (
            step.dealer,
            step.game_no,
            step.game_round,
        ), number
        state = step.after
    assert table.state == state.to_json()
    chart = store.running_totals(table)
    n = len(state.totals)  # a player added and taken back again keeps a place at 0
    assert chart[-1][:n] == list(state.totals) and not any(chart[-1][n:])


def _run(app, monkeypatch, game, sequence, planned=False):
    monkeypatch.setattr(store, "CHECKPOINT", 3)
    monkeypatch.setattr(database, "PLAN_FROM", 0)
    names, extra, _ = GAMES[game]
    with app.test_request_context(method="POST"):
        body = {"game": game.split("-")[0], "players": names, **extra}
        table = service.open_table(check_table(body))
        db.session.commit()
        token = table.token
        for op, arg in sequence:
            table = store.find_table(token)
            try:
                _apply_op(table, op, arg, planned)
            except (InvalidInput, LookupError, service.Conflict):
                db.session.rollback()  # a refused write changes nothing; the next op goes on
                continue
            db.session.commit()
            db.session.expunge_all()
            assert not _unused_plans(), (op, arg)
            _check_against_full_replay(store.find_table(token))
        # Its export imports as the same table (rounds written in bulk, checked on the way).
        table = store.find_table(token)
        copy_token = service.import_table(service.export_table(table)).token
        db.session.commit()
        db.session.expunge_all()
        copy, table = store.find_table(copy_token), store.find_table(token)
        _check_against_full_replay(copy)
        assert copy.state == table.state
        assert [r.deltas for r in store.recent_rounds(copy)] == [
            r.deltas for r in store.recent_rounds(table)
        ]


SQLITE_ONLY = pytest.mark.skipif(
    bool(os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")),
    reason="PostgreSQL locks a table's row, not the database: nothing is planned there",
)

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(sequence=ops("tokan"))
def test_tokan_table_recomputed_matches_a_full_replay(app, monkeypatch, sequence):
    _run(app, monkeypatch, "tokan", sequence)


@SETTINGS
@given(sequence=ops("tokan-short"))
def test_tokan_table_whose_pot_runs_short_recomputed_matches_a_full_replay(
    app, monkeypatch, sequence
):
    _run(app, monkeypatch, "tokan-short", sequence)


@SETTINGS
@given(sequence=ops("toppa"))
def test_toppa_table_recomputed_matches_a_full_replay(app, monkeypatch, sequence):
    _run(app, monkeypatch, "toppa", sequence)


def test_a_settle_up_that_outlives_every_round_still_ends_the_chart(app, monkeypatch):
    # Found by CI: the settle-up's payments stay when the rounds before it are deleted, and
    # the chart's last point must be those totals, not the opening zeros.
    pile = [
        "pine-crane",
        "pine-ribbon",
        "plum-warbler",
        "plum-ribbon",
        "susuki-moon",
        "susuki-geese",
    ]
    entry = {"players": [{"captured": pile}, {}]}
    _run(app, monkeypatch, "toppa", [("enter", entry), ("settle", None), ("delete", 0)])


@SETTINGS
@given(sequence=ops("baka"))
def test_baka_table_recomputed_matches_a_full_replay(app, monkeypatch, sequence):
    _run(app, monkeypatch, "baka", sequence)


@SETTINGS
@given(sequence=ops("otoroku"))
def test_otoroku_stones_table_recomputed_matches_a_full_replay(app, monkeypatch, sequence):
    _run(app, monkeypatch, "otoroku", sequence)


@SETTINGS
@given(sequence=ops("otoroku-rounds"))
def test_otoroku_rounds_table_recomputed_matches_a_full_replay(app, monkeypatch, sequence):
    _run(app, monkeypatch, "otoroku-rounds", sequence)


@SETTINGS
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_write_planned_from_a_snapshot_first_matches_a_full_replay(app, monkeypatch, game, data):
    """A correction, delete or undo planned before it queues to write (``service.open_for``) uses
    its plan only when nothing changed since, and ends where a full replay does."""
    fits = []
    real = replays.Plan.fits

    def spy(plan, wanted):
        fits.append(real(plan, wanted))
        return fits[-1]

    monkeypatch.setattr(replays.Plan, "fits", spy)
    _run(app, monkeypatch, game, data.draw(ops(game)), planned=True)
    assert all(fits)  # each plan fitted its write: the snapshot was the table it then found


@SQLITE_ONLY
def test_a_plan_is_not_used_after_another_write_to_the_table(app, monkeypatch):
    monkeypatch.setattr(database, "PLAN_FROM", 0)
    with app.test_request_context(method="POST"):
        table = service.open_table(check_table({"game": "baka", "players": ["A", "B", "C"]}))
        piles = [HALF, suit("bushclover", "susuki"), suit("maple")]
        for k in range(7):
            entry = {"players": [{"captured": piles[k % 3]}, {"captured": piles[(k + 1) % 3]}, {}]}
            service.enter_round(table, "round", entry)
        db.session.commit()
        token = table.token
        plans = replays.plan(token, service.deleting(1))
        assert len(plans) == 1
        # Another phone enters a round before the delete gets its turn to write.
        table = store.find_table(token, lock=True)
        service.enter_round(
            table, "round", {"players": [{"captured": piles[2]}, {"captured": piles[0]}, {}]}
        )
        db.session.commit()
        used = []
        monkeypatch.setattr(replays, "_replay_later", _spying(replays._replay_later, used))
        table = store.find_table(token, lock=True)
        replays.use_plans(plans)
        service.delete_round(table, 1)
        db.session.commit()
        assert used, "the stale plan was not replayed again"
        db.session.expunge_all()
        _check_against_full_replay(store.find_table(token))


@SQLITE_ONLY
def test_a_plan_for_another_correction_is_not_used(app, monkeypatch):
    """Planned for one entry, a correction saved with another (the same table and version)
    replays again: the plan starts from the state the planned entry left."""
    monkeypatch.setattr(database, "PLAN_FROM", 0)
    with app.test_request_context(method="POST"):
        table = service.open_table(check_table({"game": "toppa", "players": ["A", "B"]}))
        for pile in (HALF, OTHER, HALF, suit("maple"), HALF):
            service.enter_round(table, "round", {"players": [{"captured": pile}, {}]})
        db.session.commit()
        token = table.token
        plans = replays.plan(token, service.correcting(1, {"players": [{}, {"captured": HALF}]}))
        assert len(plans) == 1
        table = store.find_table(token, lock=True)
        replays.use_plans(plans)
        used = []
        monkeypatch.setattr(replays, "_replay_later", _spying(replays._replay_later, used))
        service.correct_round(table, 1, {"players": [{"captured": suit("maple")}, {}]})
        db.session.commit()
        assert used, "the plan for another entry was used"
        db.session.expunge_all()
        _check_against_full_replay(store.find_table(token))


def _spying(real, calls):
    def spy(*args):
        calls.append(args)
        return real(*args)

    return spy


def _tour(*players):
    return {
        "players": [
            {"name": n, "dice": d, "left": left, "right": right} for n, d, (left, right) in players
        ]
    }


QUIET = _tour(("A", [3, 3], (0, 0)), ("B", [3, 3], (0, 0)), ("C", [3, 3], (0, 0)))
"""Every prediction achieved, nothing paid: the pot carries on as it was."""
PAYS_11 = _tour(("A", [3, 3], (-11, 0)), ("B", [3, 3], (0, 0)), ("C", [3, 3], (0, 0)))
"""A misses -11 against equal totals and pays 11 into the pot."""
SHORT = _tour(("A", [3, 5], (-2, -3)), ("B", [6, 5], (-1, 1)), ("C", [6, 6], (3, -3)))
"""With an empty pot and a stake of 2 the pot runs short; with 11 in it, it does not."""


def test_a_tour_is_scored_again_when_its_new_pot_runs_short_or_no_longer_does(app):
    """Tokan: a tour that did not run short, and would not with the pot an earlier correction
    leaves it, keeps its changes without being scored again; otherwise it is (RULES 6, R18)."""
    with app.test_request_context(method="POST"):
        table = service.open_table(
            check_table({"game": "tokan", "players": ["A", "B", "C"], "settings": {"stake": 2}})
        )
        for tour in (QUIET, SHORT, QUIET):
            service.enter_round(table, "round", tour)
        assert store.get_round(table, 2).outcome["pot_short"] is True
        assert store.get_round(table, 2).deltas == ["3", "0", "-3"]
        service.correct_round(table, 1, PAYS_11)
        db.session.commit()
        # 11 more in the pot: tour 2 no longer runs short, and everybody takes back more.
        assert store.get_round(table, 2).deltas == ["5", "2", "-1"]
        _check_against_full_replay(table)
        assert store.get_round(table, 2).outcome["pot_short"] is False
        service.correct_round(table, 1, QUIET)  # and back: 11 less, short again
        db.session.commit()
        assert store.get_round(table, 2).deltas == ["3", "0", "-3"]
        _check_against_full_replay(table)


def _entered(game):
    """Eight rounds for the tables whose loaded rounds are checked below."""
    piles = [HALF, suit("bushclover", "susuki"), suit("maple"), suit("willow", "paulownia")]
    for k in range(8):
        if game == "toppa":  # each wins in turn: a delete's replay stops at once
            won = [{"captured": EXAMPLE_A}, {}]
            yield {"players": won if k % 2 else won[::-1]}
        else:
            yield {"players": [{"captured": piles[k % 4]}, {"captured": piles[(k + 1) % 4]}, {}]}


@pytest.mark.parametrize("commit_first", [False, True])
@pytest.mark.parametrize("game", ["toppa", "baka", "otoroku"])
def test_rounds_already_loaded_hold_what_is_stored_after_a_delete_and_a_restore(
    app, game, commit_first
):
    """A delete or restore rewrites the later rounds' rows in statements of its own (their
    numbers, and what the replay changed: game numbers, dealers, ...), behind the rounds the
    session has already loaded: those must then read what the database holds, or anything
    reading them later in the same request would misname a round. After a Toppa delete,
    whose replay stops early, they used to be moved twice; Baka's replay runs to the end; the
    Otoroku table's stops after round 2 with a game fewer (a game more once restored), its
    later game numbers moved in the statements, and a correction to a void round moves them
    in a statement of its own. A round loaded before a commit (expired) reads what is stored
    too, not moved once more."""
    with app.test_request_context(method="POST"):
        if game == "otoroku":
            table = service.open_table(check_table(STONES_10))
            entered = OTOROKU_ENTERED
        else:
            names = ["A", "B", "C"] if game == "baka" else ["A", "B"]
            table = service.open_table(check_table({"game": game, "players": names}))
            entered = list(_entered(game))
        for entry in entered:
            service.enter_round(table, "round", entry)
        db.session.commit()
        count = len(entered)

        loaded = [store.get_round(table, n) for n in range(2, count + 1)]  # before the write
        if commit_first:
            db.session.commit()  # every loaded round expires

        def held_and_stored():
            columns = (Round.number, Round.round_no, Round.game_no, Round.game_round, Round.dealer)
            held = {r.id: tuple(getattr(r, c.key) for c in columns) for r in loaded}
            rows = db.session.execute(db.select(Round.id, *columns).where(Round.id.in_(list(held))))
            return held, {rid: tuple(rest) for rid, *rest in rows}

        gone = service.delete_round(table, 1)
        held, stored = held_and_stored()
        assert held == stored and sorted(v[0] for v in held.values()) == list(range(1, count))
        service.restore_round(table, gone.id)
        held, stored = held_and_stored()
        assert held == stored and sorted(v[0] for v in held.values()) == list(range(2, count + 1))
        if game == "otoroku":
            service.correct_round(table, 1, OTOROKU_VOID)  # moves the later game numbers
            held, stored = held_and_stored()
            assert held == stored and [v[2] for v in held.values()] == [1, 2, 2, 2]


def _otoroku_hand(**cards):
    return {"players": [{"name": n, "cards": c} for n, c in cards.items()]}


STONES_10 = {
    "game": "otoroku",
    "players": ["A", "B", "C"],
    "settings": {"wager": 10, "length": "stones", "stones": 10},
}
OTOROKU_ENTERED = [
    _otoroku_hand(A=[7, 4, 1], B=[10, 4], C=[1, 2]),
    _otoroku_hand(A=[3, 7], B=[4, 8], C=[4, 7]),
    _otoroku_hand(A=[3, 5], B=[9, 8, 7], C=[2, 6]),
    _otoroku_hand(A=[5, 9], C=[10, 5]),  # B is out of stones in game 3
    _otoroku_hand(A=[6, 3], C=[5, 8, 4]),
]
"""Played for 10 stones at a wager of 10: rounds 1 and 2 each end a game (one player is left
with stones), the last three make game 3."""
OTOROKU_VOID = _otoroku_hand(A=[8, 4, 6], B=[8, 6, 5], C=[8, 10, 1])
"""Every hand buta: a void round, which ends no game."""


def _numbers(token):
    """Each live entry's game and round of the game, in order."""
    table = store.find_table(token)
    return [(r.game_no, r.game_round) for r in reversed(store.recent_rounds(table))]


def _delete_and_restore(token, delete, deleted):
    """``delete`` an entry of the table (given the table) and restore it, checking each time
    the table against a replay from the start, and its numbers: ``deleted``, then as before."""
    before = _numbers(token)
    gone = delete(store.find_table(token)).id
    db.session.commit()
    db.session.expunge_all()
    assert _numbers(token) == deleted
    _check_against_full_replay(store.find_table(token))
    service.restore_round(store.find_table(token), gone)
    db.session.commit()
    db.session.expunge_all()
    assert _numbers(token) == before
    _check_against_full_replay(store.find_table(token))


def test_a_correction_that_leaves_one_game_fewer_moves_the_later_game_numbers(app, monkeypatch):
    """Deleted, round 1 of ``OTOROKU_ENTERED`` no longer ends game 1: round 2 does, and from
    there the table is as it was but for having played one game fewer. The replay stops
    there (RULES 7: the later rounds score as they did) and the rounds after it move from
    game 3 to game 2 in the statement that renumbers them (``replay._number_moves``);
    restored, they move back. Corrected to a void round, round 1 ends no game either: the
    same move, made by the correction alone (``replay._move_numbers``)."""
    monkeypatch.setattr(store, "CHECKPOINT", 3)
    corrected, renumbered = [], []
    monkeypatch.setattr(replays, "_move_numbers", _spying(replays._move_numbers, corrected))
    monkeypatch.setattr(replays, "_number_moves", _spying(replays._number_moves, renumbered))
    with app.test_request_context(method="POST"):
        table = service.open_table(check_table(STONES_10))
        token = table.token
        for hand in OTOROKU_ENTERED:
            service.enter_round(table, "round", hand)
        db.session.commit()
        entered = [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3)]
        assert _numbers(token) == entered

        deleted = [(1, 1), (2, 1), (2, 2), (2, 3)]
        _delete_and_restore(token, lambda t: service.delete_round(t, 1), deleted)
        assert not corrected
        assert [(m.after_number, m.game_no, m.games, m.rounds) for (m,) in renumbered] == [
            (2, 3, -1, 0),  # deleted: back after round 2, in game 3 as numbered before
            (1, 2, 1, 0),  # restored: back after round 2 (number 1 then), in game 2 then
        ]

        service.correct_round(store.find_table(token), 1, OTOROKU_VOID)
        db.session.commit()
        db.session.expunge_all()
        # A void round counts none of the game's rounds.
        assert _numbers(token) == [(1, 1), (1, 1), (2, 1), (2, 2), (2, 3)]
        assert [(m.after_number, m.game_no, m.games, m.rounds) for _, m in corrected] == [
            (2, 3, -1, 0)  # stopped after round 2, then in game 3 as numbered before
        ]
        _check_against_full_replay(store.find_table(token))


def test_deleting_the_end_of_a_game_moves_both_numbers_of_the_later_rounds(app, monkeypatch):
    """Toppa, games ended by hand: rounds 1 and 2, the end of game 1, rounds 3 to 5 in game 2.
    With the end deleted, the rounds after it play on in game 1; after round 3 the table is
    as it was but for the game and round-of-game numbers (no round reads them), so the
    replay stops and the rest move in the renumbering statement: one game fewer, two rounds
    more within the game (``replay._number_moves``, each CASE reading the row as it was).
    Restored, it all goes back."""
    monkeypatch.setattr(store, "CHECKPOINT", 3)
    renumbered = []
    monkeypatch.setattr(replays, "_number_moves", _spying(replays._number_moves, renumbered))
    wins = [{"players": [{"captured": EXAMPLE_A}, {}]}, {"players": [{}, {"captured": EXAMPLE_A}]}]
    with app.test_request_context(method="POST"):
        table = service.open_table(check_table({"game": "toppa", "players": ["A", "B"]}))
        token = table.token
        for k in range(5):
            service.enter_round(table, "round", wins[k % 2])
            if k == 1:
                service.end_game(table)
        db.session.commit()
        ended = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
        assert _numbers(token) == ended

        assert store.get_entry(store.find_table(token), 3).kind == "end"
        deleted = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)]
        _delete_and_restore(token, lambda t: service.delete_entry(t, 3), deleted)
        assert [(m.after_number, m.game_no, m.games, m.rounds) for (m,) in renumbered] == [
            (4, 2, -1, 2),  # deleted: back after round 3 (number 4 then), in game 2
            (3, 1, 1, -2),  # restored: back after round 3 (number 3 then), in game 1
        ]
