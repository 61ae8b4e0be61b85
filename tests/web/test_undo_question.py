"""Undo in the history asks first, saying what will change and the totals after it
(issue 17 part 6). The question's page changes nothing; its button does the undo.

The totals expected are worked out by hand from RULES.md: a Toppa round where Aki captures
RULES 8's pile is Aki -255 (the exchange cannot be done); one where Aki captures that pile
with eighteen more chaff (EXCHANGE_A) is Aki +95 (see tests/web/test_round_result.py).
"""

from __future__ import annotations

import html
import re

from tests.helpers import EXAMPLE_A
from tests.web.test_round_result import EXCHANGE_A, session, text

LOSE = {"players": [{"captured": EXAMPLE_A}, {}]}  # Aki -255
WIN = {"players": [{"captured": EXCHANGE_A}, {}]}  # Aki +95


def state(client, sid):
    """Everything a GET must leave as it was: the session (totals, rounds, version) and the
    journal."""
    return (
        client.get(f"/api/v1/sessions/{sid}").get_json(),
        client.get(f"/api/v1/sessions/{sid}/journal").get_json(),
    )


def ask(client, sid, seq):
    """The undo question for entry ``seq``: its sentence, and the page. Asking twice and
    asking at all changes nothing."""
    before = state(client, sid)
    resp = client.get(f"/t/{sid}/undo/{seq}")
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    assert state(client, sid) == before, "asking changed the table"
    m = re.search(r'<p class="undo-change">(.*?)</p>', page, re.S)
    return (text(m.group(1)) if m else None), page


def last_seq(client, sid):
    return client.get(f"/api/v1/sessions/{sid}/journal").get_json()["entries"][0]["seq"]


def api(client, method, url, body=None, status=200):
    resp = client.open(url, method=method, json=body)
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


def test_the_question_for_every_kind_of_entry(client):
    sid = session(client, "toppa", ["Aki", "Ben"])
    rounds = f"/api/v1/sessions/{sid}/rounds"
    for body in ({"dealer": 0, **LOSE}, WIN, LOSE):
        api(client, "POST", rounds, body, 201)
    # -255 + 95 - 255 = -415 now.
    line, _ = ask(client, sid, 3)
    assert line == "Round 3 will be deleted; the totals go back to Aki -160, Ben +160."

    api(client, "PUT", f"{rounds}/2", LOSE)  # round 2 now -255: -765
    line, _ = ask(client, sid, last_seq(client, sid))
    assert line == "Round 2 will go back to version 1; the totals go back to Aki -415, Ben +415."

    api(client, "DELETE", f"{rounds}/1")  # -765 + 255 = -510
    deleted = last_seq(client, sid)
    line, _ = ask(client, sid, deleted)
    assert line == "Round 1 will be restored; the totals go back to Aki -765, Ben +765."

    api(client, "POST", f"/api/v1/sessions/{sid}/undo", {"seq": deleted})  # back: -765
    line, _ = ask(client, sid, last_seq(client, sid))  # an undo, undone in turn
    assert line == "Round 1 will be deleted; the totals go back to Aki -510, Ben +510."

    api(client, "POST", f"/api/v1/sessions/{sid}/settle")  # every total 0
    line, _ = ask(client, sid, last_seq(client, sid))
    assert line == "The settle-up will be deleted; the totals go back to Aki -765, Ben +765."

    api(client, "PATCH", f"/api/v1/sessions/{sid}", {"rename": {"Ben": "Benjamin"}})
    line, _ = ask(client, sid, last_seq(client, sid))
    assert line == (
        "The change of the table will be undone (Benjamin is Ben again); the totals go back "
        "to Aki 0, Ben 0."
    )


def test_tokan_end_of_game_and_the_pot(client):
    sid = session(client, "tokan", ["A", "B", "C"])
    # The tour of test_round_result: A +5, B -11, C +4, 2 left in the pot.
    tour = {
        "players": [
            {"dice": [3, 5], "left": 3, "right": -2},
            {"dice": [2, 3], "left": 0, "right": 1},
            {"dice": [6, 6], "left": 5, "right": 5},
        ]
    }
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", tour, 201)
    line, _ = ask(client, sid, 1)
    assert line == "Tour 1 will be deleted; the totals go back to A 0, B 0, C 0. The pot holds 0."
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", {"kind": "end"}, 201)
    line, _ = ask(client, sid, last_seq(client, sid))
    assert line == (
        "The end of game 1 will be deleted; the totals go back to A +5, B -11, C +4. "
        "The pot holds 2."
    )


def test_the_history_links_to_the_question_and_its_button_undoes(client):
    sid = session(client, "toppa", ["Aki", "Ben"])
    for body in ({"dealer": 0, **LOSE}, WIN):
        api(client, "POST", f"/api/v1/sessions/{sid}/rounds", body, 201)
    history = client.get(f"/t/{sid}/history").get_data(as_text=True)
    # No button in the history undoes anything by itself: Undo is a link to the question.
    assert not re.search(r'action="[^"]*/undo"', history)
    link = re.search(r'href="([^"]*/undo/1)"', history)
    assert link, "the history offers Undo for entry 1"
    line, page = ask(client, sid, 1)
    assert line == "Round 1 will be deleted; the totals go back to Aki +95, Ben -95."
    form = re.search(r'<form method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert form and form.group(1) == f"/t/{sid}/undo"
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
    assert fields["seq"] == "1" and fields["version"] == "2"
    done = client.post(form.group(1), data=fields, follow_redirects=True)
    assert "Done: undo of entry 1: round 1 deleted." in html.unescape(done.get_data(as_text=True))
    players = api(client, "GET", f"/api/v1/sessions/{sid}")["players"]
    assert [p["total"] for p in players] == ["95", "-95"]
    # A second tap (a hostile probe of the pages: it said another phone had changed the
    # table, so nothing was undone, when this phone's own first tap had undone it).
    again = client.post(form.group(1), data=fields, follow_redirects=True)
    said = html.unescape(again.get_data(as_text=True))
    assert "That was undone already (the button was tapped twice?)" in said
    assert "Another phone changed this table" not in said
    assert [p["total"] for p in api(client, "GET", f"/api/v1/sessions/{sid}")["players"]] == [
        "95",
        "-95",
    ]


def test_a_question_answered_before_another_write_undoes_nothing(client):
    sid = session(client, "toppa", ["Aki", "Ben"])
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", {"dealer": 0, **LOSE}, 201)
    _, page = ask(client, sid, 1)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', page.split("<form", 2)[-1]))
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", WIN, 201)  # another phone
    before = state(client, sid)
    done = client.post(f"/t/{sid}/undo", data=fields, follow_redirects=True)
    assert "nothing was undone" in html.unescape(done.get_data(as_text=True))
    assert state(client, sid) == before


def test_an_entry_that_cannot_be_undone_says_why_and_offers_no_button(client):
    sid = session(client, "toppa", ["Aki", "Ben"])
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", {"dealer": 0, **LOSE}, 201)
    api(client, "DELETE", f"/api/v1/sessions/{sid}/rounds/1")
    line, page = ask(client, sid, 1)  # round 1 entered, but it is deleted already
    assert line is None
    assert "Cannot undo:" in page and "already deleted" in page
    assert 'name="seq"' not in page
    assert client.get(f"/t/{sid}/undo/99").status_code == 404


def test_the_question_in_japanese(client):
    sid = session(client, "toppa", ["Aki", "Ben"])
    api(client, "POST", f"/api/v1/sessions/{sid}/rounds", {"dealer": 0, **LOSE}, 201)
    page = client.get(f"/t/{sid}/undo/1", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    line = text(re.search(r'<p class="undo-change">(.*?)</p>', page, re.S).group(1))
    assert "Aki 0" in line and "Ben 0" in line and "削除" in line


def test_a_long_table_answers_with_the_totals_the_undo_leaves(client):
    """Past 200 rounds the undo is planned on a read-only snapshot before it takes the write
    lock (service.open_for); the question's totals are still those the undo leaves."""
    import random

    from bench.long import tokan_tour  # a random but valid four-player tour

    rng = random.Random(17)
    data = {
        "format": "scorekeeper-table",
        "version": 1,
        "name": "long",
        "game": "tokan",
        "players": ["A", "B", "C", "D"],
        "rounds": [{"input": tokan_tour(rng, 4)} for _ in range(230)],
    }
    sid = api(client, "POST", "/api/v1/sessions/import", data, 201)["id"]
    api(client, "DELETE", f"/api/v1/sessions/{sid}/rounds/1")  # the pot of every tour moves
    seq = last_seq(client, sid)
    line, _ = ask(client, sid, seq)
    after = api(client, "POST", f"/api/v1/sessions/{sid}/undo", {"seq": seq})
    totals = ", ".join(
        f"{p['name']} {'+' if not p['total'].startswith(('-', '0')) else ''}{p['total']}"
        for p in after["players"]
    )
    assert (
        line
        == f"Tour 1 will be restored; the totals go back to {totals}. The pot holds {after['pot']}."
    )


def test_asking_waits_for_no_writer(app, client):
    """The question is a page that only shows (issue 40 item 5): while another writer holds
    the table's write lock (the queue's file lock and SQLite's own), it still answers at
    once, with the same sentence, and changes nothing."""
    from tests.web.test_showing_posts import while_another_writes

    sid = session(client, "toppa", ["Aki", "Ben"])
    for body in ({"dealer": 0, **LOSE}, WIN):
        api(client, "POST", f"/api/v1/sessions/{sid}/rounds", body, 201)
    line, _ = ask(client, sid, 2)
    assert line == "Round 2 will be deleted; the totals go back to Aki -255, Ben +255."
    answer = while_another_writes(app, lambda: ask(client, sid, 2)[0])
    assert answer is not None, "the question waited for the write lock"
    assert answer == line
