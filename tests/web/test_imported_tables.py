"""An imported table (issue 30, part 8): the night it was played, no Undo that cannot work,
and a corrected round still marked corrected."""

from __future__ import annotations

import re

import pytest

from tests.helpers import suit

# -- an imported table: its night, no Undo that cannot work, "corrected" kept ---------------

HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")


def imported(client, exported):
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def played_last_week(client):
    """A Toppa table whose round 1 was corrected, exported as if played on 20 November."""
    from tests.web.test_sessions_api import add, create

    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": HALF_A}, {}]})
    add(client, sid, {"players": [{}, {"captured": HALF_A}]})
    fixed = client.put(
        f"/api/v1/sessions/{sid}/rounds/1", json={"players": [{}, {"captured": HALF_A}]}
    )
    assert fixed.status_code == 200
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    for k, r in enumerate(exported["rounds"]):
        r["at"] = f"2026-11-20T21:0{k}:00Z"
    for k, j in enumerate(exported["journal"]):
        j["at"] = f"2026-11-20T20:5{k}:00Z"
    return exported


def test_a_corrected_round_stays_corrected_through_export_and_import(client):
    exported = played_last_week(client)
    assert [r["version"] for r in exported["rounds"]] == [2, 1]
    new = imported(client, exported)
    assert [r["version"] for r in new["rounds"]] == [2, 1]
    page = client.get(f"/t/{new['id']}/history").get_data(as_text=True)
    rounds = re.findall(r'<li class="round round".*?</li>', page, re.S)
    assert ["corrected" in r for r in rounds] == [False, True]  # newest first


def test_an_export_without_versions_imports_as_never_corrected(client):
    exported = played_last_week(client)
    for r in exported["rounds"]:
        del r["version"]  # an export from before versions were carried
    assert [r["version"] for r in imported(client, exported)["rounds"]] == [1, 1]


@pytest.mark.parametrize("bad", [0, -1, "2", True, 1.5, 10**7])
def test_an_exported_version_is_a_whole_number_from_1(client, bad):
    exported = played_last_week(client)
    exported["rounds"][1]["version"] = bad
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 422
    (error,) = resp.get_json()["errors"]
    assert error["field"] == "rounds.1.version" and "not a version" in error["message"]


def test_an_imported_history_offers_no_undo_it_cannot_do(client):
    new = imported(client, played_last_week(client))
    page = client.get(f"/t/{new['id']}/history").get_data(as_text=True)
    journal = re.search(r'<ol class="journal".*?</ol>', page, re.S).group(0)
    entries = re.findall(r"<li class=\"j-.*?</li>", journal, re.S)
    assert len(entries) > 3  # the exported history is kept, with the import's own entry
    assert "Undo" not in journal
    # A round entered after the import can be undone as ever.
    from tests.web.test_sessions_api import add

    add(client, new["id"], {"players": [{"captured": HALF_A}, {}]})
    page = client.get(f"/t/{new['id']}/history").get_data(as_text=True)
    journal = re.search(r'<ol class="journal".*?</ol>', page, re.S).group(0)
    assert journal.count(">Undo</a>") == 1


def test_an_imported_table_started_the_night_it_was_played(client):
    from tests.web.test_clubs import make_club

    new = imported(client, played_last_week(client))
    resp = client.get(f"/t/{new['id']}/export.csv")
    assert "2026-11-20" in resp.headers["Content-Disposition"]  # the file's date too
    club = make_club(client)
    joined = client.patch(f"/api/v1/sessions/{new['id']}", json={"club": club["id"]})
    assert joined.status_code == 200, joined.get_json()
    page = client.get(f"/c/{club['id']}").get_data(as_text=True)
    (started,) = re.findall(r'started <time datetime="([^"]+)" data-day>([^<]*)<', page)
    # The exported journal opens with the table's start, before its first round.
    assert started == ("2026-11-20T20:50:00Z", "2026-11-20 20:50 UTC")


def test_a_clubs_tables_say_the_day_even_without_script(client):
    from tests.web.test_clubs import make_club, table

    club = make_club(client)
    table(client, club, "toppa", ["Aki", "Ben"])
    page = client.get(f"/c/{club['id']}").get_data(as_text=True)
    assert re.search(
        r'started <time datetime="[^"]+Z" data-day>20\d\d-\d\d-\d\d \d\d:\d\d UTC<', page
    )
