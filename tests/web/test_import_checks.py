"""Import checks every figure it is given against the re-scored ledger (issue 9, item 4), and
every game's export imports cleanly."""

from __future__ import annotations

import copy
import html
import io
import json

import pytest

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B, rest_of_deck, suit

HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")


def create(client, game, players, **extra):
    resp = client.post(
        "/api/v1/sessions", json={"name": "Friday", "game": game, "players": players, **extra}
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


def add(client, sid, body):
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 201, resp.get_json()


def tokan(*rows):
    return {"players": [{"name": n, "dice": d, "left": a, "right": b} for n, d, a, b in rows]}


def played(client, game):
    """A table of ``game`` with a few rounds (and an ended game where the game has them)."""
    if game == "toppa":
        sid = create(client, "toppa", ["A", "B"], point_value="1/2")
        add(client, sid, {"players": [{"captured": HALF_A}, {}]})
        add(client, sid, {"players": [{}, {"captured": suit("iris", "pine")}]})
    elif game == "baka":
        sid = create(client, "baka", ["A", "B", "C"], rules={"yaku_settlement": "pairwise"})
        add(client, sid, {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]})
        add(
            client,
            sid,
            {
                "players": [
                    {},
                    {"captured": suit("iris")},
                    {"captured": rest_of_deck(suit("iris"), HALF_A)},
                ]
            },
        )
        add(client, sid, {"kind": "end"})
    elif game == "tokotoko":
        sid = create(client, "tokotoko", ["A", "B"], settings={"stake": 5})
        add(
            client,
            sid,
            {
                "stake": 7,
                "field": ["pine-chaff-2", "maple-deer"],
                "players": [
                    {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
                    {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
                ],
            },
        )
    elif game == "otoroku":
        sid = create(
            client,
            "otoroku",
            ["A", "B", "C"],
            rules={"tera_zen_percent": 10},
            settings={"method": "banker", "wager": 20},
        )
        add(
            client,
            sid,
            {"players": [{"cards": [3, 4]}, {"cards": [7, 8], "wager": 30}, {"cards": [6, 9]}]},
        )
        add(client, sid, {"players": [{"cards": [5, 5]}, {"cards": [10, 9]}, {"cards": [2, 3]}]})
    else:
        sid = create(client, "tokan", ["A", "B", "C", "D"], settings={"stake": 3})
        four = (("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 5, 5), ("D", [1, 2], 0, 0))
        add(client, sid, tokan(*four))
        add(client, sid, tokan(("A", [6, 6], 2, 1), ("B", [1, 1], 0, -2), ("C", [1, 1], -2, 0)))
        add(client, sid, {"kind": "end"})
        four = (("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 1, 0), ("D", [2, 2], 0, 0))
        add(client, sid, tokan(*four))
    return sid


GAMES = ["toppa", "baka", "tokotoko", "otoroku", "tokan"]


def exported(client, sid):
    resp = client.get(f"/api/v1/sessions/{sid}/export.json")
    assert resp.status_code == 200
    return resp.get_json()


def refused(client, data):
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 422, resp.get_json()
    return resp.get_json()["errors"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_exports_and_imports_to_the_same_table(client, game):
    sid = played(client, game)
    data = exported(client, sid)
    assert {"totals", "pot", "house"} <= set(data)
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    copy_ = resp.get_json()
    original = client.get(f"/api/v1/sessions/{sid}").get_json()
    for key in (
        "name",
        "game",
        "rules",
        "settings",
        "players",
        "pot",
        "house",
        "next_dealer",
        "point_value",
        "game_no",
        "seated",
    ):
        assert copy_[key] == original[key], key
    assert [r["result"] for r in copy_["rounds"]] == [r["result"] for r in original["rounds"]]
    assert exported(client, copy_["id"])["rounds"] == data["rounds"]
    # The page import takes the same file.
    resp = client.post(
        "/import",
        data={"file": (io.BytesIO(client.get(f"/t/{sid}/export.json").data), "t.json")},
        content_type="multipart/form-data",
    )
    assert resp.status_code == 302 and "/t/" in resp.headers["Location"]
    # Saved again by an editor that writes a byte-order mark first (a probe, 2026-11-29).
    marked = b"\xef\xbb\xbf" + client.get(f"/t/{sid}/export.json").data
    resp = client.post(
        "/import",
        data={"file": (io.BytesIO(marked), "t.json")},
        content_type="multipart/form-data",
    )
    assert resp.status_code == 302 and "/t/" in resp.headers["Location"]


def test_a_table_whose_players_changed_exports_the_same_after_import(client):
    """A probe (2026-11-30): every change of players came back from an import with
    ``"settings": {}`` it never had, so export, import, export differed."""
    sid = create(client, "tokotoko", ["A", "B", "C"])
    for body in ({"add": ["J1"]}, {"remove": ["B"]}, {"settings": {"stake": 20}}):
        assert client.patch(f"/api/v1/sessions/{sid}", json=body).status_code == 200
    data = exported(client, sid)
    edits = [r["input"] for r in data["rounds"] if r.get("kind") == "edit"]
    assert [sorted(e) for e in edits] == [["add"], ["remove"], ["settings"]]
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    assert exported(client, resp.get_json()["id"])["rounds"] == data["rounds"]


def test_edited_totals_are_refused_naming_the_first_difference(client):
    sid = played(client, "toppa")
    data = exported(client, sid)
    real = data["totals"][1]
    data["totals"][1] = "1000000"
    errors = refused(client, data)
    assert errors[0]["field"] == "totals.1"  # the API's field stays; the message names B
    shown = real.replace("-", "\u2212")
    assert errors[0]["message"] == f"B's total: the rounds give {shown}, not 1,000,000"


@pytest.mark.parametrize(
    ("amount", "said"),
    [
        (
            "9" * 5000,
            "'999999999999999999999999999999999999999… (5000 characters) has a part of more "
            "than 4,000 digits, more than a table can keep",
        ),
        ("9" * 20 + "/0", "'99999999999999999999/0' divides by zero"),
    ],
)
def test_an_amount_past_what_a_table_keeps_is_refused_in_those_words(client, amount, said):
    """A probe (2026-11-30): a round's change of 5,000 digits was refused as having "a part
    of more than 18 digits", where an import reads up to 4,000 (docs/api.md)."""
    data = exported(client, played(client, "toppa"))
    data["rounds"][0]["deltas"][0] = amount
    errors = refused(client, data)
    assert errors[0] == {"field": "rounds.0.deltas.0", "message": said}


def test_totals_are_checked_without_deltas(client):
    sid = played(client, "toppa")
    data = exported(client, sid)
    for r in data["rounds"]:
        del r["deltas"]
    data["totals"][0] = "1000000"
    assert refused(client, data)[0]["field"] == "totals.0"
    data["totals"] = exported(client, sid)["totals"]
    assert client.post("/api/v1/sessions/import", json=data).status_code == 201


def test_a_games_end_moved_before_its_rounds_is_refused_at_its_kind(client):
    """A hostile probe: a game's end moved before every round (or repeated) was refused at
    ``rounds.N.input.kind``, a key no export has; the kind is beside the input."""
    sid = create(client, "tokan", ["A", "B", "C"])
    tour = {"dice": [3, 4], "left": 1, "right": -1}
    client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": [tour] * 3})
    client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"})
    data = exported(client, sid)
    tour_entry, end = data["rounds"]
    assert end["kind"] == "end"
    for rounds, at in (([end, tour_entry], 0), ([tour_entry, end, end], 2)):
        errors = refused(client, {**data, "rounds": rounds})
        assert errors[0]["field"] == f"rounds.{at}.kind", errors
        assert errors[0]["message"] == "No round of this game has been played yet"


def test_an_edited_round_is_refused_naming_it(client):
    sid = played(client, "toppa")
    data = exported(client, sid)
    data["rounds"][1]["deltas"][0] = "-39"
    errors = refused(client, data)
    assert errors[0]["field"] == "rounds.1.deltas.0"
    assert errors[0]["message"].startswith("A in round 2: ")
    assert errors[0]["message"].endswith(", not \u221239")
    data = exported(client, sid)
    data["rounds"][0]["deltas"] = ["1"]
    assert refused(client, data)[0]["field"] == "rounds.0.deltas"
    data = exported(client, sid)
    data["rounds"][0]["deltas"] = ["10/0", "x"]
    assert refused(client, data)[0]["field"].startswith("rounds.0.deltas")
    data = exported(client, sid)
    data["rounds"][1]["number"] = 7
    assert refused(client, data)[0]["field"] == "rounds.1.number"


@pytest.mark.parametrize(("game", "key"), [("tokan", "pot"), ("otoroku", "house")])
def test_an_edited_pot_or_house_is_refused(client, game, key):
    sid = played(client, game)
    data = exported(client, sid)
    for value in ("999", "1/3", "abc", None, ["1"]):
        bad = copy.deepcopy(data)
        bad[key] = value
        if value is None:
            continue
        assert refused(client, bad)[0]["field"] == key, value


def test_totals_of_the_wrong_shape_are_refused(client):
    sid = played(client, "toppa")
    data = exported(client, sid)
    for value in (["0"], "0", ["0", "0", "0"], [None, "0"], ["1" * 30, "0"]):
        bad = {**data, "totals": value}
        assert refused(client, bad)[0]["field"].startswith("totals"), value


def test_a_refused_import_stores_nothing(client, app):
    from scorekeeper.models import Table, db

    sid = played(client, "tokan")
    data = exported(client, sid)
    data["pot"] = "12345"
    with app.app_context():
        before = db.session.query(Table).count()
    refused(client, data)
    resp = client.post(
        "/import",
        data={"file": (io.BytesIO(__import__("json").dumps(data).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert resp.status_code == 302
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Import refused" in page and "pot" in page
    with app.app_context():
        assert db.session.query(Table).count() == before


def test_an_import_scores_its_rounds_before_it_touches_the_database(client, monkeypatch):
    """Issue 9, bounded work: a large import must not hold the database's write lock (taken
    at a writing request's first statement) while it scores; nor take it for a file refused
    on the way."""
    from sqlalchemy import event

    from scorekeeper.models import db
    from scorekeeper.tables import transfer

    sid = played(client, "toppa")
    export = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    export["rounds"] = [copy.deepcopy(r) for r in export["rounds"] * 3]
    for k, item in enumerate(export["rounds"]):
        item.pop("deltas", None)
        item["number"] = k + 1
    export.pop("totals", None)
    events: list[str] = []
    real = transfer.ledger.step

    def scoring(*args, **kwargs):
        events.append("score")
        return real(*args, **kwargs)

    monkeypatch.setattr(transfer.ledger, "step", scoring)
    with client.application.app_context():
        engine = db.engine

    def began(_conn):
        events.append("begin")

    event.listen(engine, "begin", began)
    try:
        resp = client.post("/api/v1/sessions/import", json=export)
        assert resp.status_code == 201, resp.get_json()
        assert events.count("score") == len(export["rounds"])
        assert "begin" in events and "score" not in events[events.index("begin") :]
        # A file refused in its last round never began a transaction.
        events.clear()
        export["rounds"][-1]["input"] = {"players": [{"captured": ["no-such-card"]}, {}]}
        resp = client.post("/api/v1/sessions/import", json=export)
        assert resp.status_code == 422
        assert "begin" not in events
    finally:
        event.remove(engine, "begin", began)


def test_a_difference_names_the_player_on_the_import_page_and_in_the_api(client):
    """Issue 17 part 9: "Aki's total: the rounds give −835, not 1,000", not "totals.0"."""
    sid = create(client, "toppa", ["Aki", "Ben"])
    add(client, sid, {"players": [{"captured": suit("iris")}, {}]})
    data = exported(client, sid)
    real = data["totals"][0]
    assert real.startswith("-")  # Aki lost, so the message shows a true minus sign
    data["totals"][0] = "1000"
    errors = refused(client, data)
    assert errors[0]["field"] == "totals.0"
    message = f"Aki's total: the rounds give \u2212{real[1:]}, not 1,000"
    assert errors[0]["message"] == message
    resp = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "t.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    page = html.unescape(resp.get_data(as_text=True))
    assert message in page and "totals.0" not in page
    # A round's change names its player too.
    data = exported(client, sid)
    data["rounds"][0]["deltas"][1] = "7"
    errors = refused(client, data)
    assert errors[0]["field"] == "rounds.0.deltas.1"
    assert errors[0]["message"].startswith("Ben in round 1: the round gives ")
    assert errors[0]["message"].endswith(", not 7")


@pytest.mark.parametrize(
    ("value", "field"),
    [(5, "add"), ("Dai", "add"), ([5], "add.0"), (["Dai"], "add.0"), ([{"name": 5}], "add.0")],
)
def test_a_change_of_the_table_joining_players_of_the_wrong_shape_is_refused(client, value, field):
    # Found in review: an "add" that was no list was iterated (a 500); a string's letters
    # were read as players. Each is refused beside the round's input, nothing stored.
    sid = create(client, "tokan", ["A", "B", "C"])
    assert client.patch(f"/api/v1/sessions/{sid}", json={"add": ["D"]}).status_code == 200
    data = exported(client, sid)
    edit = next(r for r in data["rounds"] if r["kind"] == "edit")
    edit["input"]["add"] = value
    errors = refused(client, data)
    assert any(e["field"].endswith(f"input.{field}") for e in errors), errors


def test_an_exported_time_is_kept_and_an_impossible_one_refused_by_name(client):
    """Each round keeps the time its export gives; a date no calendar has (as export
    writes times) is refused at that round's ``at``, as any other misspelled time."""
    sid = played(client, "toppa")
    data = exported(client, sid)
    data["rounds"][0]["at"] = "2025-02-28T23:59:59Z"
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    kept = exported(client, resp.get_json()["id"])
    assert kept["rounds"][0]["at"] == "2025-02-28T23:59:59Z"
    assert kept["rounds"][1]["at"] == data["rounds"][1]["at"]
    for bad in ("2025-02-29T12:00:00Z", "2025-11-22T24:00:00Z", "2025-11-22T21:60:00Z"):
        data["rounds"][1]["at"] = bad
        errors = refused(client, data)
        assert [e["field"] for e in errors] == ["rounds.1.at"], errors
        assert "is not a time such as" in errors[0]["message"]
    # At the calendar's ends (a club's day of it, in its time zone, would leave the calendar)
    # or more than a day later than now (the exporting server's clock may run ahead):
    # refused by name, for a round and for a journal entry alike.
    for bad, says in (
        ("0001-01-01T00:00:00Z", "is before 1970"),
        ("1969-12-31T23:59:59Z", "is before 1970"),
        ("9999-12-31T23:59:59Z", "is later than now"),
        ("2099-01-01T00:00:00Z", "is later than now"),
    ):
        for where in ("rounds", "journal"):
            odd = exported(client, sid)
            odd[where][1]["at"] = bad
            errors = refused(client, odd)
            assert [e["field"] for e in errors] == [f"{where}.1.at"], errors
            assert says in errors[0]["message"]
    # An hour ahead of this server's clock: the exporting server's may run ahead. Kept.
    from datetime import UTC, datetime, timedelta

    ahead = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    data = exported(client, sid)
    data["rounds"][1]["at"] = ahead
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    assert exported(client, resp.get_json()["id"])["rounds"][1]["at"] == ahead


def test_a_club_reads_a_time_stored_at_the_calendar_s_end(client, app):
    """A round stored with a time in year 1 or 9999 (as imports kept before they refused
    them) leaves the club's day in the calendar: joining a club and moving its time zone
    answer as for any table, not a 500."""
    from datetime import datetime

    from scorekeeper.models import Round, db

    for at in (datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59, 59)):
        sid = played(client, "toppa")
        with app.app_context():
            for r in db.session.scalars(db.select(Round)):
                r.created_at = at
            db.session.commit()
        club = client.post("/api/v1/clubs", json={"name": "K", "members": ["A", "B"]})
        assert club.status_code == 201
        key = club.get_json()["id"]
        joined = client.patch(f"/api/v1/sessions/{sid}", json={"club": key})
        assert joined.status_code == 200, joined.get_json()
        moved = client.patch(f"/api/v1/clubs/{key}", json={"timezone": "Pacific/Kiritimati"})
        assert moved.status_code == 200, moved.get_json()
        assert client.get(f"/api/v1/clubs/{key}/standings").status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_an_import_stores_each_column_as_core_s_insert_would(client, app, monkeypatch, game):
    """On SQLite an import's rounds and journal go to the driver through each column's own
    conversion (``journal.insert_rows``): the same values, types and NULLs as Core's INSERT."""
    from sqlalchemy import insert, select

    from scorekeeper.models import JournalEntry, Round, Table, db
    from scorekeeper.tables import journal as journals

    data = exported(client, played(client, game))

    def stored(token: str) -> list[list[tuple]]:
        """The table's rounds and journal as the database returns them, but for their ids."""
        with app.app_context():
            out = []
            for model, order in ((Round, Round.number), (JournalEntry, JournalEntry.seq)):
                rows = db.session.execute(
                    select(model.__table__)
                    .join(Table, Table.id == model.table_id)
                    .where(Table.token == token)
                    .order_by(order)
                ).all()
                out.append(
                    [
                        tuple(v for k, v in r._mapping.items() if k not in ("id", "table_id"))
                        for r in rows
                    ]
                )
            return out

    driver = client.post("/api/v1/sessions/import", json=data).get_json()["id"]
    monkeypatch.setattr(
        journals, "insert_rows", lambda into, rows: db.session.execute(insert(into), rows)
    )
    core = client.post("/api/v1/sessions/import", json=data).get_json()["id"]
    rounds, journal = stored(driver)
    core_rounds, core_journal = stored(core)
    # The journal's last entry is each import's own ("imported from ..."), at its own time.
    assert rounds == core_rounds and journal[:-1] == core_journal[:-1] and rounds and journal[:-1]


# -- a CSV sent to the import (issue 39 item 7) ----------------------------------------------

CSV_REFUSED = (
    "This is a CSV file: Scorekeeper writes it for spreadsheets and cannot read it back. "
    "Import the table's JSON export instead (Export JSON on the table's page)."
)


def upload(client, raw: bytes, name: str, **headers):
    return client.post(
        "/import",
        data={"file": (io.BytesIO(raw), name)},
        content_type="multipart/form-data",
        follow_redirects=True,
        headers=headers,
    )


def test_a_csv_export_sent_to_the_import_is_refused_saying_to_send_the_json(client, app):
    from scorekeeper.models import Table, db

    sid = played(client, "toppa")
    raw = client.get(f"/t/{sid}/export.csv").get_data()
    assert raw.lstrip(b"\xef\xbb\xbf").startswith(b"round,game,round_of_game,")
    with app.app_context():
        before = db.session.query(Table).count()
    # The page: by its name, and by its first line whatever it is called.
    for name in ("Friday.csv", "Friday.json"):
        page = html.unescape(upload(client, raw, name).get_data(as_text=True))
        assert f"Import refused: {CSV_REFUSED}" in page, name
        assert "not a Scorekeeper JSON export" not in page
    # The API: 422 in its error shape, as the CSV's type or its first line says.
    for kind in ("text/csv", "application/json"):
        resp = client.post("/api/v1/sessions/import", data=raw, content_type=kind)
        assert resp.status_code == 422, kind
        assert resp.get_json() == {"errors": [{"field": "", "message": CSV_REFUSED}]}
    # A spreadsheet's own save of it (semicolons, quoted cells) is a CSV too.
    again = b'"round";"game";"round_of_game";"kind"\r\n1;1;1;round\r\n'
    assert client.post("/api/v1/sessions/import", data=again).status_code == 422
    with app.app_context():
        assert db.session.query(Table).count() == before


def test_a_csv_is_refused_in_japanese_and_other_text_as_before(client):
    sid = played(client, "toppa")
    raw = client.get(f"/t/{sid}/export.csv").get_data()
    page = html.unescape(upload(client, raw, "x.csv", **{"Accept-Language": "ja"}).text)
    assert "これはCSVファイルです。" in page and CSV_REFUSED not in page
    # What is neither JSON nor a CSV is still "not a JSON export" (400 from the API).
    page = html.unescape(upload(client, b"hello", "notes.txt").get_data(as_text=True))
    assert "That file is not a Scorekeeper JSON export." in page
    assert client.post("/api/v1/sessions/import", data=b"hello").status_code == 400
    # JSON named .csv is read as the JSON it is.
    data = exported(client, sid)
    assert upload(client, json.dumps(data).encode(), "t.csv").request.path.startswith("/t/")


@pytest.mark.parametrize(
    ("game", "players", "opening", "says"),
    [
        ("toppa", ["A", "B"], {"totals": ["-5", "0"], "pot": "5"}, "this game carries no pot"),
        ("toppa", ["A", "B"], {"totals": ["-5", "0"], "house": "5"}, "this game keeps no house"),
        ("tokotoko", ["A", "B"], {"totals": ["-5", "0"], "pot": "5"}, "carries no pot"),
        ("tokan", ["A", "B", "C"], {"totals": ["5", "0", "0"], "pot": "-5"}, "pot is below 0"),
        # A hostile-input probe (2026-11-29): a pot no tour takes (RULES 6: whole coins, within
        # the bound a tour's pot is read with) was imported, and then the table took no tour.
        ("tokan", ["A", "B", "C"], {"totals": ["-1/3", "0", "0"], "pot": "1/3"}, "(got 1/3)"),
        (
            "tokan",
            ["A", "B", "C"],
            {"totals": ["-2000000000000", "0", "0"], "pot": "2000000000000"},
            "at most 1,000,000,000,000",
        ),
        (
            "otoroku",
            ["A", "B", "C"],
            {"totals": ["1/7", "0", "0"], "house": "-1/7"},
            "the house holds whole coins",
        ),
    ],
)
def test_a_carried_over_pot_or_house_the_game_cannot_have_is_refused(
    client, game, players, opening, says
):
    """RULES 7: a pot carries over only at Tokan and never below zero, a house takes only
    Otoroku's fee. An import's opening (totals carried over) that says otherwise is refused
    at ``opening``; the same figures where the game has them are kept."""
    data = exported(client, create(client, game, players))
    data["opening"] = {"pot": "0", "house": "0", **opening}
    data["totals"] = opening["totals"]
    for key in ("pot", "house"):
        data[key] = data["opening"][key]
    errors = refused(client, data)
    assert [e["field"] for e in errors] == ["opening"], errors
    assert says in errors[0]["message"]


@pytest.mark.parametrize(
    ("game", "players", "opening"),
    [
        ("tokan", ["A", "B", "C"], {"totals": ["-5", "0", "0"], "pot": "5", "house": "0"}),
        ("otoroku", ["A", "B"], {"totals": ["-25", "-25"], "pot": "0", "house": "50"}),
        # Settled up, then a round corrected to a smaller fee: a house below 0, carried over.
        ("otoroku", ["A", "B"], {"totals": ["25", "25"], "pot": "0", "house": "-50"}),
    ],
)
def test_a_carried_over_pot_or_house_the_game_has_is_kept(client, game, players, opening):
    data = exported(client, create(client, game, players))
    data.update(opening=opening, totals=opening["totals"], pot=opening["pot"])
    data["house"] = opening["house"]
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    kept = client.get(f"/api/v1/sessions/{resp.get_json()['id']}").get_json()
    assert (kept["pot"], kept["house"]) == (opening["pot"], opening["house"])


def test_an_export_of_another_version_or_a_journal_out_of_order_is_refused(client):
    # A hostile-input probe (2026-11-29): version 3 was read as 2, and a journal listed
    # newest first was numbered by its places, "tour 4 entered" becoming entry 1.
    sid = played(client, "toppa")
    client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    data = exported(client, sid)
    assert len(data["journal"]) >= 2
    for version in (3, 0, "2", True):
        errors = refused(client, {**data, "version": version})
        assert [e["field"] for e in errors] == ["version"], version
    errors = refused(client, {**data, "journal": list(reversed(data["journal"]))})
    assert errors[0]["field"] == "journal.1.seq"
    assert "oldest first" in errors[0]["message"]
    kept = copy.deepcopy(data)
    for entry in kept["journal"]:
        del entry["seq"]  # optional: the places number them
    assert client.post("/api/v1/sessions/import", json=kept).status_code == 201
    assert client.post("/api/v1/sessions/import", json=data).status_code == 201


def test_a_clubs_export_sent_to_the_table_import_says_what_it_is(client):
    from tests.web.test_clubs import make_club, table

    club = make_club(client, members=("Aki", "Ben"))
    table(client, club, "toppa", ["Aki", "Ben"])
    raw = client.get(f"/api/v1/clubs/{club['id']}/export.json").get_data()
    said = (
        "This is a club's export, which holds an export of each of its tables: import one "
        "table's own export instead (Export JSON on the table's page)."
    )
    page = html.unescape(upload(client, raw, "club.json").get_data(as_text=True))
    assert f"Import refused: {said}" in page
    assert "format:" not in page  # the API's field, nothing to a player
    resp = client.post("/api/v1/sessions/import", data=raw, content_type="application/json")
    assert resp.status_code == 422
    assert resp.get_json() == {"errors": [{"field": "format", "message": said}]}
    # Any other JSON that is no table's export: said so, without the field either.
    page = html.unescape(upload(client, b'{"format": "x"}', "x.json").get_data(as_text=True))
    assert "Import refused: This is not a Scorekeeper table export" in page


def test_totals_past_eighteen_digits_are_checked_and_their_export_imports(client):
    """A hostile probe (2026-11-29): an opening of 18 digits grew past them with a round;
    checking the export's totals against it answered 500, and the table's own export (or a
    table continuing it) no longer imported. API.md: whatever a table holds reads back."""
    data = exported(client, played(client, "toppa"))
    big = "999999999999999999"
    data["opening"] = {"totals": [big, f"-{big}"], "pot": "0", "house": "0"}
    errors = refused(client, data)  # the export's totals are those without the opening
    assert errors[0]["field"] == "totals.0"
    assert "1,000,000,000,000,000,379, not 380" in errors[0]["message"]
    del data["totals"]
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    grown = resp.get_json()["id"]
    totals = [p["total"] for p in client.get(f"/api/v1/sessions/{grown}").get_json()["players"]]
    assert any(len(t.lstrip("-").split("/")[0]) > 18 for t in totals)
    again = client.post("/api/v1/sessions/import", json=exported(client, grown))
    assert again.status_code == 201, again.get_json()
    resp = client.post("/api/v1/sessions", json={"continue_from": grown})
    assert resp.status_code == 201, resp.get_json()
    later = client.post("/api/v1/sessions/import", json=exported(client, resp.get_json()["id"]))
    assert later.status_code == 201, later.get_json()
    assert [p["total"] for p in later.get_json()["players"]] == totals
    # Settled up, its points as long as its totals: the export still imports (a review).
    assert client.post(f"/api/v1/sessions/{grown}/settle", json={}).status_code == 200
    settled = client.post("/api/v1/sessions/import", json=exported(client, grown))
    assert settled.status_code == 201, settled.get_json()
    data["opening"]["totals"] = ["-1" + "0" * 4001, "1" + "0" * 4001]
    assert refused(client, data)[0]["field"] == "opening"


def test_an_import_of_one_round_says_one_round(client):
    """A hostile-page probe (2026-11-29): "Imported ... with 1 rounds"."""
    sid = create(client, "toppa", ["A", "B"])
    add(client, sid, {"players": [{"captured": HALF_A}, {}]})
    raw = client.get(f"/api/v1/sessions/{sid}/export.json").get_data()
    assert "with 1 round." in upload(client, raw, "t.json").get_data(as_text=True)
    ja = upload(client, raw, "t.json", **{"Accept-Language": "ja"}).get_data(as_text=True)
    assert "を1回分読み込みました" in ja
    add(client, sid, {"players": [{}, {"captured": HALF_A}]})
    raw = client.get(f"/api/v1/sessions/{sid}/export.json").get_data()
    assert "with 2 rounds." in upload(client, raw, "t.json").get_data(as_text=True)


def test_an_import_with_no_file_chosen_asks_for_one(client):
    """A hostile-page probe (2026-11-29): Import tapped with no file chosen said "That file
    is not a Scorekeeper JSON export", of no file."""
    resp = client.post(
        "/import", data={"file": (io.BytesIO(b""), "")}, content_type="multipart/form-data"
    )
    page = html.unescape(client.get(resp.headers["Location"]).get_data(as_text=True))
    assert "Choose a file to import: a table's JSON export." in page
    assert "not a Scorekeeper JSON export" not in page


def test_an_imported_journal_summary_keeps_no_control_or_bidi_characters(client):
    """A hostile probe (2026-11-29): an export's journal summary took a bidi override, a bell
    and a terminal escape, shown as they came on the table's history."""
    data = exported(client, played(client, "toppa"))
    data["journal"][0]["summary"] = "a\u202ebad\x07\x1b[31m end"
    resp = client.post("/api/v1/sessions/import", json=data)
    assert resp.status_code == 201, resp.get_json()
    entries = client.get(f"/api/v1/sessions/{resp.get_json()['id']}/journal").get_json()["entries"]
    summaries = [e["summary"] for e in entries]
    assert "abad [31m end" in summaries
    assert not any(ch in s for s in summaries for ch in "\u202e\x07\x1b")
    data["journal"][0]["summary"] = "\u202e\x07 "
    assert refused(client, data)[0]["field"] == "journal.0.summary"
