"""A database written before migration 0006 (leaner rounds) reads and replays exactly as one
written after it.

Before 0006 every stored round repeated its table's house rules in its body, wrote out every
default of its state and outcome, and kept an ``updated_at`` and index entries nobody read.
Here tables are played on a new database, copied into one migrated only to 0005 in the old
way of writing them, and the app then migrates that one: both must answer the same, correct
the same, and a correction must still stop replaying where the table is back in its old
state (the old rows' defaults count as the same state).
"""

from __future__ import annotations

import json
import os
import uuid
from importlib.util import module_from_spec, spec_from_file_location

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, create_engine, insert, select, text
from sqlalchemy.engine import make_url

import scorekeeper
from scorekeeper.database import MIGRATIONS
from scorekeeper.models import Moment
from tests.helpers import suit

_SPEC = spec_from_file_location("migration_0007", MIGRATIONS / "versions" / "0007_round_numbers.py")
assert _SPEC is not None and _SPEC.loader is not None
MIGRATION_0007 = module_from_spec(_SPEC)
_SPEC.loader.exec_module(MIGRATION_0007)
HALF = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")
MORE = suit("pine", "plum", "cherry", "wisteria", "iris", "peony", "bushclover")
COPIED = ("tables", "journal", "rounds", "round_versions")  # in the order their keys need


@pytest.fixture()
def urls(tmp_path):
    """Two empty databases of the kind the suite runs on: SQLite files, or two databases
    made for this test on the PostgreSQL server (dropped after it)."""
    pg = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")
    if not pg:
        yield [f"sqlite:///{tmp_path / name}.sqlite" for name in ("new", "old")]
        return
    base = make_url(pg)
    names = [f"scorekeeper_migration_{uuid.uuid4().hex[:12]}" for _ in range(2)]
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        for name in names:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield [base.set(database=name).render_as_string(hide_password=False) for name in names]
    with admin.connect() as conn:
        for name in names:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def make_app(url):
    return scorekeeper.create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": url,
            "WTF_CSRF_ENABLED": False,
        }
    )


def upgrade_to(url, revision):
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    engine.dispose()


def play(client):
    """A Toppa, an Otoroku and a Tokan table, each a few rounds long; their tokens."""

    def create(game, players, **extra):
        resp = client.post(
            "/api/v1/sessions", json={"name": game, "game": game, "players": players, **extra}
        )
        assert resp.status_code == 201, resp.get_json()
        return resp.get_json()["id"]

    def add(token, body):
        resp = client.post(f"/api/v1/sessions/{token}/rounds", json=body)
        assert resp.status_code == 201, resp.get_json()

    toppa = create("toppa", ["A", "B"])
    for _ in range(6):
        add(toppa, {"players": [{"captured": HALF}, {}]})
    # A correction keeps the version before it (round_versions), for the history and undo.
    more = {"players": [{"captured": MORE}, {}]}
    fixed = client.put(f"/api/v1/sessions/{toppa}/rounds/4", json=more)
    assert fixed.status_code == 200, fixed.get_json()
    otoroku = create("otoroku", ["A", "B", "C"], rules={"tera_zen_percent": 10})
    hands = ([[1, 5], [10, 4], [3, 3, 2]], [[8, 7], [2, 2], [9, 6]], [[5, 5], [10, 1], [4, 4]])
    for cards in hands:
        add(otoroku, {"players": [{"cards": c} for c in cards]})
    tokan = create("tokan", ["A", "B", "C"], settings={"stake": 2})
    for dice in ([3, 4], [1, 1], [6, 5]):
        add(
            tokan,
            {
                "players": [
                    {"name": "A", "dice": dice, "left": 1, "right": 2},
                    {"name": "B", "dice": [2, 2], "left": -1, "right": 0},
                    {"name": "C", "dice": [5, 1], "left": 0, "right": -2},
                ]
            },
        )
    return toppa, otoroku, tokan


def old_way(row, table):
    """A round as the code before 0006 wrote it: its body whole, its state and outcome with
    every default written out, an ``updated_at``."""
    players = row["after"]["players"]
    row["after"] = {
        **row["after"],
        "pot": row["after"].get("pot", "0"),
        "seated": row["after"].get("seated", list(range(players))),
        "game_over": row["after"].get("game_over", False),
    }
    if row["outcome"] is not None:
        o = row["outcome"]
        row["outcome"] = {
            "next_dealer": o.get("next_dealer"),
            "pot_after": o.get("pot_after"),
            "house": o.get("house", "0"),
            "void": o.get("void", False),
            "game_over": o.get("game_over", False),
            **({"pot_short": o["pot_short"]} if "pot_short" in o else {}),
        }
    if row["kind"] == "round" and "players" not in row["body"]:
        names = table["players"]
        named = [{**p, "name": names[i]} for i, p in enumerate(row["entry"]["players"])]
        row["body"] = {**row["body"], "players": named}
    if row["kind"] == "round" and table["game"] == "toppa":
        row["body"] = {**row["body"], "rules": dict(table["rules"])}
    if row["kind"] == "round" and table["game"] == "otoroku":
        tera = table["rules"].get("tera_zen_percent", 0)
        row["body"] = {**row["body"], "rules": {"tera_zen_percent": tera}}
    row["updated_at"] = row["created_at"]
    return row


def copy_the_old_way(new_url, old_url, journal_by_place=False):
    """Copy every row of the new database into the old one, as the code before it wrote
    them: the columns the old schema has, rounds the way before 0006, and with
    ``journal_by_place`` the journal's numbers as before 0007 (each entry's place)."""
    source, target = create_engine(new_url), create_engine(old_url)
    new_meta, old_meta = MetaData(), MetaData()
    new_meta.reflect(source)
    old_meta.reflect(target)
    new_meta.tables["rounds"].c.created_at.type = Moment()  # as the models read it
    for column in ("result", "checkpoint"):  # None is SQL NULL there, as in the models
        old_meta.tables["rounds"].c[column].type.none_as_null = True
    with source.connect() as src, target.begin() as dst:
        tables = {r.id: r._asdict() for r in src.execute(select(new_meta.tables["tables"]))}
        rounds = new_meta.tables["rounds"]
        entries = {r.id: r._asdict() for r in src.execute(select(rounds))}
        for name in COPIED:
            rows = [r._asdict() for r in src.execute(select(new_meta.tables[name]))]
            if name == "rounds":
                rows = [old_way(r, tables[r["table_id"]]) for r in rows]
            if name == "journal" and journal_by_place:
                rows = [numbered_by_place(r, entries) for r in rows]
            kept = set(old_meta.tables[name].c.keys())
            rows = [{k: v for k, v in r.items() if k in kept} for r in rows]
            if rows:
                dst.execute(insert(old_meta.tables[name]), rows)
        if target.dialect.name == "postgresql":  # ids were given: move the sequences on
            for name in COPIED:
                dst.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                        f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {name}), false)"
                    )
                )
    source.dispose()
    target.dispose()


def numbered_by_place(row, entries):
    """A journal entry as the code before 0007 wrote it: the entry it concerns by its place
    among the table's entries (a game's end too); a change or a settle-up by none."""
    entry = entries.get(row["round_id"]) if row["round_id"] is not None else None
    if entry is None or row["action"] in ("edit", "settle"):
        return row
    place = entry["number"] if entry["number"] is not None else entry["deleted_number"]
    if row["number"] is None or row["number"] == place:
        return {**row, "number": place}
    # Its summary named the round by that place too ("tour 5 entered"), words and message.
    data = row["data"] if isinstance(row["data"], dict) else json.loads(row["data"])
    summary, data = MIGRATION_0007._renumbered(row["summary"], data, row["number"], place)
    return {**row, "number": place, "summary": summary, "data": data}


def raw_after(url, token, number, column="after"):
    engine = create_engine(url)
    with engine.connect() as conn:
        value = conn.execute(
            text(
                f"SELECT r.{column} FROM rounds r JOIN tables t ON t.id = r.table_id "
                "WHERE t.token = :token AND r.number = :number"
            ),
            {"token": token, "number": number},
        ).scalar_one()
    engine.dispose()
    return value if isinstance(value, dict) else json.loads(value)


def count(url, table):
    engine = create_engine(url)
    with engine.connect() as conn:
        n = conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
    engine.dispose()
    return n


def raw_times(url):
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, created_at FROM rounds ORDER BY id")).all()
    engine.dispose()
    return [tuple(r) for r in rows]


def test_a_database_from_before_0006_reads_and_corrects_as_a_new_one(urls):
    new_url, old_url = urls
    new = make_app(new_url).test_client()
    tokens = play(new)
    upgrade_to(old_url, "0005")
    copy_the_old_way(new_url, old_url)
    assert "seated" in raw_after(old_url, tokens[0], 6)  # written the old way
    assert {"players", "rules"} <= raw_after(old_url, tokens[0], 6, "body").keys()

    old = make_app(old_url).test_client()  # migrates to the newest revision
    assert raw_times(old_url) == raw_times(new_url)  # to the second, as stored now
    # Rebuilding the rounds table on SQLite must not take its rounds' earlier versions with it
    # (their foreign key cascades on delete).
    assert count(old_url, "round_versions") == count(new_url, "round_versions") == 1
    for token in tokens:
        for path in (
            f"/api/v1/sessions/{token}",
            f"/api/v1/sessions/{token}/export.json",
            f"/api/v1/sessions/{token}/journal",
        ):
            a, b = new.get(path), old.get(path)
            assert (a.status_code, b.status_code) == (200, 200)
            # The read-only link is new in 0010: each database draws its own.
            assert {**a.get_json(), "view_url": None} == {**b.get_json(), "view_url": None}
        assert old.get(f"/t/{token}").status_code == 200
        assert old.get(f"/t/{token}/history").status_code == 200

    # The same corrections on both answer the same.
    toppa, otoroku, tokan = tokens
    corrections = {
        toppa: {"players": [{"captured": MORE}, {}]},
        otoroku: {"players": [{"cards": [2, 3]}, {"cards": [10, 4]}, {"cards": [3, 3, 2]}]},
        tokan: {
            "players": [
                {"name": "A", "dice": [1, 2], "left": 3, "right": 0},
                {"name": "B", "dice": [2, 2], "left": -1, "right": 0},
                {"name": "C", "dice": [5, 1], "left": 0, "right": -2},
            ]
        },
    }
    for token, body in corrections.items():
        a = new.put(f"/api/v1/sessions/{token}/rounds/1", json=body)
        b = old.put(f"/api/v1/sessions/{token}/rounds/1", json=body)
        assert a.status_code == b.status_code == 200, (a.get_json(), b.get_json())
        assert {**a.get_json(), "view_url": None} == {**b.get_json(), "view_url": None}
    # A Toppa correction that leaves A the winner leaves the table as it was from round 2:
    # the replay stopped there, though round 2 holds its state the old way.
    assert "seated" in raw_after(old_url, toppa, 6)

    # The correction made before the migration is undone on both alike.
    for client in (new, old):
        journal = client.get(f"/api/v1/sessions/{toppa}/journal").get_json()["entries"]
        seq = next(e["seq"] for e in journal if e["action"] == "correct")
        undone = client.post(f"/api/v1/sessions/{toppa}/undo", json={"seq": seq})
        assert undone.status_code == 200, undone.get_json()
    assert {**new.get(f"/api/v1/sessions/{toppa}").get_json(), "view_url": None} == {
        **old.get(f"/api/v1/sessions/{toppa}").get_json(),
        "view_url": None,
    }

    # Submission ids stay unique within a table; rounds without one are many.
    body = {"players": [{"captured": HALF}, {}], "submission_id": "tap-1"}
    first = old.post(f"/api/v1/sessions/{toppa}/rounds", json=body)
    again = old.post(f"/api/v1/sessions/{toppa}/rounds", json=body)
    assert first.status_code == 201 and again.status_code != 201
    assert old.get(f"/api/v1/sessions/{toppa}").get_json()["round_count"] == 7


def test_a_database_from_before_0007_numbers_rounds_as_rounds(urls):
    """Before 0007 every entry took a number: a game's end, a change of the table and a
    settle-up too, and the journal numbered its entries by that place. Migrated, the table
    numbers its rounds only (API.md "Round numbers count rounds") and answers exactly as one
    played after the change."""
    new_url, old_url = urls
    new = make_app(new_url).test_client()

    def ok(resp):
        assert resp.status_code in (200, 201), resp.get_json()
        return resp.get_json()

    def tour(a):
        return {
            "players": [
                {"name": "A", "dice": a, "left": 1, "right": 0},
                {"name": "B", "dice": [5, 6], "left": 0, "right": 1},
                {"name": "C", "dice": [3, 4], "left": 2, "right": -1},
            ]
        }

    tokan = ok(
        new.post(
            "/api/v1/sessions", json={"name": "t", "game": "tokan", "players": ["A", "B", "C"]}
        )
    )["id"]
    for step in (
        tour([1, 2]),
        tour([6, 6]),
        {"kind": "end"},  # entry 3
        None,  # entry 4: a change of the table
        tour([2, 3]),  # entry 5: tour 3
        "settle",  # entry 6
        tour([5, 5]),  # entry 7: tour 4
        tour([4, 1]),  # entry 8: tour 5, deleted below
    ):
        if step is None:
            ok(new.patch(f"/api/v1/sessions/{tokan}", json={"settings": {"stake": 10}}))
        elif step == "settle":
            ok(new.post(f"/api/v1/sessions/{tokan}/settle"))
        else:
            ok(new.post(f"/api/v1/sessions/{tokan}/rounds", json=step))
    ok(new.delete(f"/api/v1/sessions/{tokan}/rounds/5"))
    baka = ok(
        new.post("/api/v1/sessions", json={"name": "b", "game": "baka", "players": ["A", "B", "C"]})
    )["id"]
    body = {"players": [{"captured": HALF + suit("bushclover")}, {"captured": []}, {}]}
    for _ in range(3):
        ok(new.post(f"/api/v1/sessions/{baka}/rounds", json=body))
    ok(new.post(f"/api/v1/sessions/{baka}/settle"))
    ok(new.post(f"/api/v1/sessions/{baka}/rounds", json=body))

    upgrade_to(old_url, "0006")
    copy_the_old_way(new_url, old_url, journal_by_place=True)
    engine = create_engine(old_url)
    with engine.connect() as conn:
        old_numbers = conn.execute(
            text(
                "SELECT j.action, j.number FROM journal j JOIN tables t ON t.id = j.table_id "
                "WHERE t.token = :token ORDER BY j.seq"
            ),
            {"token": tokan},
        ).all()
    engine.dispose()
    # As the old code wrote it: the end is entry 3, tours 3 and 4 entries 5 and 7.
    assert [tuple(r) for r in old_numbers] == [
        ("enter", 1),
        ("enter", 2),
        ("end", 3),
        ("edit", None),
        ("enter", 5),
        ("settle", None),
        ("enter", 7),
        ("enter", 8),
        ("delete", 8),
    ]
    with engine.connect() as conn:
        old_summaries = (
            conn.execute(
                text(
                    "SELECT j.summary FROM journal j JOIN tables t ON t.id = j.table_id "
                    "WHERE t.token = :token AND j.action = 'enter' ORDER BY j.seq"
                ),
                {"token": tokan},
            )
            .scalars()
            .all()
        )
    engine.dispose()
    assert old_summaries[2:] == ["tour 5 entered", "tour 7 entered", "tour 8 entered"]

    old = make_app(old_url).test_client()  # migrates to the newest revision
    for token in (tokan, baka):
        for path in (
            f"/api/v1/sessions/{token}",
            f"/api/v1/sessions/{token}/export.json",
            f"/api/v1/sessions/{token}/journal",
        ):
            a, b = new.get(path), old.get(path)
            assert (a.status_code, b.status_code) == (200, 200)
            # The read-only link is new in 0010: each database draws its own.
            assert {**a.get_json(), "view_url": None} == {**b.get_json(), "view_url": None}
        for path in (f"/t/{token}", f"/t/{token}/history"):
            assert old.get(path).status_code == 200
    s = old.get(f"/api/v1/sessions/{tokan}").get_json()
    assert [r["number"] for r in s["rounds"]] == [1, 2, 3, 4] and s["round_count"] == 4
    assert [(e["game_no"], e["after"]) for e in s["game_ends"]] == [(1, 2)]
    entries = old.get(f"/api/v1/sessions/{tokan}/journal").get_json()["entries"]
    assert [e["number"] for e in reversed(entries)] == [1, 2, None, None, 3, None, 4, 5, 5]
    s = old.get(f"/api/v1/sessions/{baka}").get_json()
    assert [r["number"] for r in s["rounds"]] == [1, 2, 3, 4]
    assert "Round 5 · game 2, round 2 of 3" in old.get(f"/t/{baka}").get_data(as_text=True)

    # Written to after the migration, both go on alike: round 1 corrected, round 4 deleted,
    # a round entered (round 4 again).
    for client in (new, old):
        ok(client.put(f"/api/v1/sessions/{tokan}/rounds/1", json=tour([3, 3])))
        ok(client.delete(f"/api/v1/sessions/{tokan}/rounds/4"))
        assert ok(client.post(f"/api/v1/sessions/{tokan}/rounds", json=tour([2, 2])))["number"] == 4
    a, b = (
        new.get(f"/api/v1/sessions/{tokan}").get_json(),
        old.get(f"/api/v1/sessions/{tokan}").get_json(),
    )
    for s in (a, b):  # written a moment apart on each
        for item in (*s["rounds"], *s["game_ends"]):
            item.pop("at")
        s.pop("view_url")  # new in 0010: each database draws its own
    assert a == b
    assert [r["number"] for r in b["rounds"]] == [1, 2, 3, 4]
