"""Phones at one table: the poll that notices another phone's write (304 while nothing
changed, from one read), and a stale submit resolved by the player, not renumbered.
Through the Flask test client with CSRF on."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from html.parser import HTMLParser

import pytest
from flask import template_rendered
from sqlalchemy import event

import scorekeeper
from scorekeeper.models import db
from tests.web.test_pages import (
    HALF_A,
    entry_form,
    new_table,
    pile_fields,
    totals,
)

OTHER_HALF = pile_fields("p0_pile", ["pine-crane", "pine-ribbon", "plum-ribbon", "plum-warbler"])
MINE = {**pile_fields("p0_pile", HALF_A), "rest": "1"}
THEIRS = {**OTHER_HALF, "rest": "1"}


@pytest.fixture()
def app(tmp_path):
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 't.sqlite'}"
    return scorekeeper.create_app(
        {"TESTING": True, "SECRET_KEY": "live-test", "SQLALCHEMY_DATABASE_URI": url}
    )  # CSRF stays on here


@contextmanager
def statements(app):
    """The SQL statements that read or write, run inside the block (not BEGIN and the like)."""
    seen: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(conn, cursor, statement, *args):
        if not re.match(r"\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b", statement, re.I):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


@contextmanager
def renders(app):
    """The templates rendered inside the block."""
    seen: list[str] = []

    def note(sender, template, context, **extra):
        seen.append(template.name)

    template_rendered.connect(note, app)
    try:
        yield seen
    finally:
        template_rendered.disconnect(note, app)


def token(url: str) -> str:
    return url.rsplit("/", 1)[1]


def version(client, url) -> str:
    page = client.get(url).get_data(as_text=True)
    return re.search(r'id="live" hidden data-poll="[^"]+" data-version="(\d+)"', page).group(1)


def enter(client, url, fields):
    form_url, base = entry_form(client, url)
    resp = client.post(form_url, data={**base, **fields})
    assert resp.status_code == 302, resp.status_code
    return resp


# -- the poll ---------------------------------------------------------------------------------


def test_an_unchanged_table_is_a_304_from_one_read_no_rendering_no_ledger(app, client, monkeypatch):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    tag = f'"v{version(client, url)}"'
    assert tag == '"v1"'

    # Nothing of the ledger or of a table's state may run to answer an unchanged poll.
    import scorekeeper.ledger
    import scorekeeper.tables.store

    def forbidden(*args, **kwargs):
        raise AssertionError("the unchanged-table poll did ledger work")

    for module, name in (
        (scorekeeper.ledger, "replaying"),
        (scorekeeper.ledger, "step"),
        (scorekeeper.tables.store, "state_of"),
        (scorekeeper.tables.store, "find_table"),
    ):
        monkeypatch.setattr(module, name, forbidden)
    with statements(app) as sql, renders(app) as templates:
        resp = client.get(f"/t/{token(url)}/live", headers={"If-None-Match": tag})
    assert resp.status_code == 304
    assert resp.get_data() == b""
    assert resp.headers["ETag"] == tag
    assert "no-cache" in resp.headers["Cache-Control"]
    assert templates == []
    assert len(sql) == 1, sql
    # The table's version and its club's (whose name the session shows): one indexed read.
    assert re.search(
        r"SELECT tables\.token, tables\.version, clubs\.id, clubs\.version\b.*\s+"
        r"FROM tables LEFT OUTER JOIN clubs ON clubs\.id = tables\.club_id\s+WHERE",
        sql[0],
    )


def test_a_changed_table_answers_where_it_stands(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    live = f"/t/{token(url)}/live"
    first = client.get(live)
    assert first.status_code == 200 and first.headers["ETag"] == '"v0"'
    assert first.get_json()["latest"] is None
    enter(client, url, MINE)
    resp = client.get(live, headers={"If-None-Match": '"v0"'})
    assert resp.status_code == 200
    assert resp.headers["ETag"] == '"v1"'
    body = resp.get_json()
    assert body["version"] == 1 and body["round_count"] == 1
    assert body["latest"] == {
        "action": "enter",
        "number": 1,
        "summary": "round 1 entered",
        "what": "Round 1",  # the round as the page's notice names it, in the page's language
        # The round's submission: the phone that kept it says it sent it (issue 39).
        "submission_id": session_rounds(client, url)[0]["submission_id"],
    }
    assert body["latest"]["submission_id"]
    assert body["table_url"] == f"/t/{token(url)}"
    assert client.get(live, headers={"If-None-Match": '"v1"'}).status_code == 304


def test_the_poll_of_no_table_is_404(client):
    for sid in ("A" * 32, "short", "x" * 300):
        resp = client.get(f"/t/{sid}/live", headers={"If-None-Match": '"v0"'})
        assert resp.status_code == 404, sid


def test_the_api_answers_an_unchanged_session_304_from_one_read(app, client):
    sid = client.post("/api/v1/sessions", json={"game": "toppa", "players": ["A", "B"]})
    sid = sid.get_json()["id"]
    resp = client.get(f"/api/v1/sessions/{sid}")
    tag = resp.headers["ETag"]
    with statements(app) as sql, renders(app):
        again = client.get(f"/api/v1/sessions/{sid}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert len(sql) == 1, sql
    # A page of rounds is its own representation: its tag differs, and so does the answer.
    paged = client.get(f"/api/v1/sessions/{sid}?limit=5", headers={"If-None-Match": tag})
    assert paged.status_code == 200 and paged.headers["ETag"] != tag
    assert (
        client.get(
            f"/api/v1/sessions/{sid}?limit=5", headers={"If-None-Match": paged.headers["ETag"]}
        ).status_code
        == 304
    )
    client.post(f"/api/v1/sessions/{sid}/rounds", json={"players": [{"captured": HALF_A}, {}]})
    changed = client.get(f"/api/v1/sessions/{sid}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.get_json()["round_count"] == 1


@pytest.mark.parametrize(
    "path",
    ["", "/history", "/rounds/1", "/rounds/new", "/rounds/1/edit"],
)
def test_every_page_showing_the_table_carries_its_version(client, path):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    page = client.get(url + path).get_data(as_text=True)
    assert f'data-poll="/t/{token(url)}/live" data-version="1"' in page
    # The script that polls (static/js/live.js, in the pages' one module script).
    assert re.search(r'<script type="module" src="/static/dist/app\.js(\?v=\w+)?"></script>', page)
    mode = {"/rounds/new": "entry", "/rounds/1/edit": "notice"}.get(path, "swap")
    assert f'data-mode="{mode}"' in page
    if path == "/rounds/new":
        assert 'data-number="2"' in page


def test_the_bare_conditional_route_the_bench_compares_with(client):
    assert client.get("/healthz/conditional", headers={"If-None-Match": '"ok"'}).status_code == 304
    assert client.get("/healthz/conditional").get_data() == b"ok"


# -- stale submits ------------------------------------------------------------------------------


class FormFields(HTMLParser):
    """What a browser sends when a form is submitted: hidden and typed fields, ticked boxes
    and radios, each select's chosen option."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields: dict[str, list[str]] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside or ("name" not in a and tag != "option"):
            return
        if tag == "input":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind in ("submit", "image", "button", "file"):
                return  # sent only when pressed (a file: as a file, not a field)
            self.fields.setdefault(a["name"], []).append(a.get("value") or "")
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select and "selected" in a:
            self.fields[self.select] = [a.get("value") or ""]

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def resubmit(page: str) -> dict[str, list[str]]:
    parser = FormFields("round-form")
    parser.feed(page)
    return parser.fields


def round_count(client, url) -> int:
    return len(re.findall(r'<li class="round round"', client.get(url + "/history").get_data(True)))


def two_phones_enter_round_one(client, url, mine=MINE):
    """Phone B opens the form, phone A enters round 1, then phone B saves its own entry."""
    form_url, phone_b = entry_form(client, url)
    enter(client, url, THEIRS)
    return form_url, client.post(form_url, data={**phone_b, **mine})


def test_a_stale_round_shows_theirs_and_keeps_mine_storing_nothing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    _, resp = two_phones_enter_round_one(client, url)
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "Round 1 was already entered from another phone" in page
    assert "Nothing of yours was saved" in page
    # Theirs: the stored round's cards and result.
    theirs = page.split('class="stale"')[1].split("</section>\n<h2")[0]
    assert "Pine: Crane" in theirs and 'data-delta="' in theirs
    # Mine: kept in the form, ticked as entered, ready to go as round 2.
    fields = resubmit(page)
    # (each plain card ticked by its own id now: the form sent their counts)
    assert set(fields["p0_pile"]) == set(HALF_A)
    assert fields["expected_number"] == ["2"]
    assert "Save mine as round 2" in page
    assert f'href="/t/{token(url)}/rounds/1">Discard mine</a>' in page
    assert round_count(client, url) == 1
    assert totals(client, url) != ["0", "0"]
    stored = totals(client, url)

    # Discard mine: a link to the stored round; nothing was or is stored.
    assert client.get(f"{url}/rounds/1").status_code == 200
    assert round_count(client, url) == 1 and totals(client, url) == stored


def test_save_mine_stores_it_as_the_next_round_once(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, resp = two_phones_enter_round_one(client, url)
    fields = resubmit(resp.get_data(as_text=True))
    saved = client.post(form_url, data=fields)
    assert saved.status_code == 302 and saved.headers["Location"].endswith("/rounds/2")
    # A double tap of "Save mine as round 2" stores nothing more.
    again = client.post(form_url, data=fields)
    assert again.status_code == 302 and again.headers["Location"].endswith("/rounds/2")
    assert round_count(client, url) == 2
    shown = client.get(f"{url}/rounds/2").get_data(as_text=True)
    assert "Poetry Ribbons" in shown  # round 2 is mine (HALF_A), not theirs


def test_the_same_round_from_two_phones_says_so(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, phone_b = entry_form(client, url)
    enter(client, url, MINE)
    page = client.post(form_url, data={**phone_b, **MINE}).get_data(as_text=True)
    assert "most likely you both entered the same round" in page
    assert round_count(client, url) == 1


def test_a_stale_save_choice_taken_by_a_third_phone_asks_again(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, resp = two_phones_enter_round_one(client, url)
    fields = resubmit(resp.get_data(as_text=True))
    enter(client, url, THEIRS)  # round 2 from yet another phone
    again = client.post(form_url, data=fields)
    assert again.status_code == 409
    page = again.get_data(as_text=True)
    assert "Round 2 was already entered from another phone" in page
    assert resubmit(page)["expected_number"] == ["3"]
    assert round_count(client, url) == 2


def test_an_expired_form_on_a_stale_page_stores_nothing(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, resp = two_phones_enter_round_one(client, url)
    fields = resubmit(resp.get_data(as_text=True))
    fields["csrf_token"] = ["forged"]
    assert client.post(form_url, data=fields).status_code == 400
    assert round_count(client, url) == 1


def edit_page(client, url, number=1):
    page = client.get(f"{url}/rounds/{number}/edit").get_data(as_text=True)
    return resubmit(page)


def with_entry(fields, entry):
    kept = {k: v for k, v in fields.items() if k in ("csrf_token", "based_on", "dealer")}
    return {**kept, **{k: v if isinstance(v, list) else [v] for k, v in entry.items()}}


def test_a_correction_colliding_with_another_shows_both(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    phone_a = edit_page(client, url)
    phone_b = edit_page(client, url)
    assert re.fullmatch(r"\d+\.1", phone_a["based_on"][0])
    done = client.post(f"{url}/rounds/1/edit", data=with_entry(phone_a, THEIRS))
    assert done.status_code == 302
    theirs_totals = totals(client, url)
    mine = {**pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"}
    resp = client.post(f"{url}/rounds/1/edit", data=with_entry(phone_b, mine))
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "Round 1 was changed after you opened this correction (from another phone, or" in page
    assert "Keep theirs" in page and "Save mine over it" in page
    assert totals(client, url) == theirs_totals  # nothing stored
    fields = resubmit(page)
    assert set(fields["p0_pile"]) == {"pine-crane", "pine-ribbon"}
    assert fields["based_on"][0].endswith(".2")

    # Save mine over it: stored as the round's next version.
    saved = client.post(f"{url}/rounds/1/edit", data=fields)
    assert saved.status_code == 302
    assert totals(client, url) != theirs_totals
    history = client.get(f"{url}/rounds/1").get_data(as_text=True)
    assert "Version 2" in history and "Version 1" in history


def test_a_correction_tapped_twice_is_stored_once(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    fields = with_entry(edit_page(client, url), THEIRS)
    assert client.post(f"{url}/rounds/1/edit", data=fields).status_code == 302
    second = client.post(f"{url}/rounds/1/edit", data=fields)
    assert second.status_code == 302
    assert "already reads as you corrected it" in client.get(url).get_data(as_text=True)
    page = client.get(f"{url}/rounds/1").get_data(as_text=True)
    assert "Version 1" in page and "Version 2" not in page


# -- stale forms that another phone's delete, round or new player overtook ---------------------


def test_a_correction_of_a_round_deleted_meanwhile_saves_nothing_and_says_so(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    for fields in (MINE, THEIRS, MINE):
        enter(client, url, fields)
    phone_b = edit_page(client, url, 2)
    before = [r["input"] for r in session_rounds(client, url)]
    client.delete(f"/api/v1/sessions/{token(url)}/rounds/2")  # phone A deletes round 2
    after_delete = [r["input"] for r in session_rounds(client, url)]
    fix = {**pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"}
    resp = client.post(f"{url}/rounds/2/edit", data=with_entry(phone_b, fix))
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/history")
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Round 2 was deleted from another phone after you opened this correction" in page
    # The round now numbered 2 (the old round 3) is untouched.
    assert (
        [r["input"] for r in session_rounds(client, url)]
        == after_delete
        == [
            before[0],
            before[2],
        ]
    )


def test_a_correction_of_a_round_that_moved_up_corrects_that_round(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    for fields in (MINE, THEIRS, MINE):
        enter(client, url, fields)
    phone_b = edit_page(client, url, 3)
    client.delete(f"/api/v1/sessions/{token(url)}/rounds/1")  # round 3 is round 2 now
    fix = {**pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"}
    resp = client.post(f"{url}/rounds/3/edit", data=with_entry(phone_b, fix))
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/rounds/2")
    rounds = session_rounds(client, url)
    assert len(rounds) == 2
    assert rounds[1]["input"]["players"][0]["captured"] == ["pine-crane", "pine-ribbon"]
    assert rounds[0]["version"] == 1  # the old round 2, untouched


def test_a_stale_round_saved_as_the_next_lets_the_table_choose_its_dealer(client):
    """Baka's dealers rotate: the form phone B opened showed Aki dealing round 1; saved as
    round 2 after phone A's round 1, it is dealt by Ben, not pinned to Aki."""
    url = new_table(client, "baka", ["Aki", "Ben", "Cy"])
    form_url = f"{url}/rounds/new"
    phone_b = resubmit(client.get(form_url).get_data(as_text=True))
    assert phone_b["dealer"] == ["0"] and phone_b["dealer_shown"] == ["0"]
    piles = {
        **pile_fields("p0_pile", HALF_A),
        **pile_fields("p1_pile", ["bushclover-boar", "bushclover-ribbon"]),
        "rest": "2",
    }
    enter(client, url, piles)  # phone A: round 1, dealt by Aki
    resp = client.post(
        form_url,
        data={**phone_b, **{k: [v] if isinstance(v, str) else v for k, v in piles.items()}},
    )
    assert resp.status_code == 409
    fields = resubmit(resp.get_data(as_text=True))
    assert fields["dealer"] == ["1"] and fields["dealer_shown"] == ["1"]  # Ben deals now
    assert client.post(form_url, data=fields).status_code == 302
    rounds = session_rounds(client, url)
    assert [r["dealer"] for r in rounds] == [0, 1]
    assert "dealer" not in rounds[1]["input"]  # not pinned: the table decides
    # Posted as it was first shown, too, (Aki, whom the table no longer names) it is not pinned.
    enter(client, url, piles)
    assert session_rounds(client, url)[2]["dealer"] == 2


def test_a_tokan_tour_from_a_form_opened_before_a_player_joined_is_refused(client):
    url = new_table(client, "tokan", ["Aki", "Ben", "Cy"])
    form_url = f"{url}/rounds/new"
    phone_b = resubmit(client.get(form_url).get_data(as_text=True))
    resp = client.patch(f"/api/v1/sessions/{token(url)}", json={"add": ["Dai"]})
    assert resp.status_code == 200, resp.get_json()
    tour = {}
    for i in range(3):
        tour.update({f"p{i}_seated": "1", f"p{i}_d1": "3", f"p{i}_d2": "4"})
        tour.update({f"p{i}_left_n": "0", f"p{i}_right_n": "0"})
    resp = client.post(form_url, data={**phone_b, **tour})
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "The players at this table changed after this page was opened" in page
    assert session_rounds(client, url) == []  # no tour stored (the change is no round)
    # The form comes back drawn for the table as it is now, with Dai's row, and saves.
    fields = resubmit(page)
    assert fields["p3_name"] == ["Dai"]
    for i in range(4):
        fields.update({f"p{i}_d1": ["3"], f"p{i}_d2": ["4"], f"p{i}_seated": ["1"]})
        fields.update({f"p{i}_left_n": ["0"], f"p{i}_right_n": ["0"]})  # none starts at 0
    resp = client.post(form_url, data=fields)
    assert resp.status_code == 302, resp.get_data(as_text=True)[:2000]
    assert [(r["kind"], r["number"]) for r in session_rounds(client, url)] == [("round", 1)]


@pytest.mark.parametrize(
    ("game", "players", "seats"),
    [
        ("toppa", ["Aki", "Ben"], ["Ben", "Aki"]),
        ("baka", ["Aki", "Ben", "Cy"], ["Cy", "Ben", "Aki"]),
    ],
)
def test_a_pile_form_opened_before_the_players_changed_seats_is_refused(
    client, game, players, seats
):
    """A hostile-page probe (2026-11-29): phone A's form showed Aki's pile first; phone B
    reseated Ben first; A's 24 cards were saved as Ben's (+30). The form names who sits
    where, as Otoroku's and Tokan's do, and is refused when that changed."""
    url = new_table(client, game, players)
    form_url = f"{url}/rounds/new"
    phone_a = resubmit(client.get(form_url).get_data(as_text=True))
    assert phone_a["p0_name"] == ["Aki"]
    resp = client.patch(f"/api/v1/sessions/{token(url)}", json={"seats": seats})
    assert resp.status_code == 200, resp.get_json()
    piles = pile_fields("p0_pile", HALF_A)
    resp = client.post(
        form_url,
        data={**phone_a, **{k: [v] if isinstance(v, str) else v for k, v in piles.items()}},
    )
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "The players at this table changed after this page was opened" in page
    assert session_rounds(client, url) == []
    assert resubmit(page)["p0_name"] == [seats[0]]


def test_a_tokotoko_form_opened_before_a_rename_is_refused(client):
    url = new_table(client, "tokotoko", ["Aki", "Ben", "Cy"])
    form_url = f"{url}/rounds/new"
    phone_a = resubmit(client.get(form_url).get_data(as_text=True))
    assert [phone_a[f"p{i}_name"] for i in range(3)] == [["Aki"], ["Ben"], ["Cy"]]
    resp = client.patch(f"/api/v1/sessions/{token(url)}", json={"rename": {"Aki": "Dai"}})
    assert resp.status_code == 200, resp.get_json()
    assert client.post(form_url, data=phone_a).status_code == 409
    assert session_rounds(client, url) == []


def test_a_hand_typed_before_a_player_left_is_not_drawn_under_the_next_player(client):
    """A hostile-page probe (2026-11-29): Otoroku's form, refused because Ben left, was drawn
    again with each typed hand one seat on (Ben's unbeatable 6 9 under Cy's name), and Save
    stored it so (Cy +20). Tokotoko's card left out moved the same way. The form is drawn
    again for the players there are now, empty: a hand is typed again for its player."""
    url = new_table(client, "otoroku", ["Aki", "Ben", "Cy", "Dai"])
    form_url = f"{url}/rounds/new"
    phone_a = resubmit(client.get(form_url).get_data(as_text=True))
    typed = {"p0_values": ["3 4"], "p1_values": ["6 9"], "p2_values": ["2 2"], "p3_values": ["5 5"]}
    resp = client.patch(f"/api/v1/sessions/{token(url)}", json={"remove": ["Ben"]})
    assert resp.status_code == 200, resp.get_json()
    resp = client.post(form_url, data={**phone_a, **typed})
    assert resp.status_code == 409
    again = resubmit(resp.get_data(as_text=True))
    assert [again[f"p{i}_name"] for i in range(3)] == [["Aki"], ["Cy"], ["Dai"]]
    assert all(again.get(f"p{i}_values", [""]) == [""] for i in range(3))
    assert client.post(form_url, data=again).status_code == 422  # no hand: nothing stored
    assert session_rounds(client, url) == []
    tokotoko = new_table(client, "tokotoko", ["Aki", "Ben", "Cy"])
    phone_b = resubmit(client.get(f"{tokotoko}/rounds/new").get_data(as_text=True))
    client.patch(f"/api/v1/sessions/{token(tokotoko)}", json={"rename": {"Aki": "Dai"}})
    resp = client.post(f"{tokotoko}/rounds/new", data={**phone_b, "p1_leave": ["field-0"]})
    assert resp.status_code == 409
    assert not re.search(r'value="field-0"[^>]*selected', resp.get_data(as_text=True))


def test_a_round_form_opened_before_a_rematch_is_refused_once(client):
    """A hostile-page probe (2026-11-29): another phone started a rematch (the game went on
    at a new table) while this phone's form was open; Save stored the round at the old
    table, missing from the new one where play went on. It is refused once, the link to the
    new table over the form and the cards kept; Save again keeps it at the old table."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url = f"{url}/rounds/new"
    phone_a = resubmit(client.get(form_url).get_data(as_text=True))
    assert phone_a["seen"]
    rematch = client.post("/api/v1/sessions", json={"continue_from": token(url)})
    assert rematch.status_code == 201
    new_url = "/t/" + rematch.get_json()["id"]
    resp = client.post(form_url, data={**phone_a, **MINE})
    assert resp.status_code == 409
    page = resp.get_data(as_text=True)
    assert "This game continued at a new table after this page was opened" in page
    # The link is where the message says: just below it (a phone-size screenshot, 11-30).
    assert "its link is just below" in page
    assert page.index(f'href="{new_url}"') > page.index("its link is just below")
    assert session_rounds(client, url) == []
    again = resubmit(page)
    assert set(again["p0_pile"]) == set(HALF_A)  # the cards are kept
    assert client.post(form_url, data=again).status_code == 302
    assert len(session_rounds(client, url)) == 1
    # A form drawn after the rematch saves at once.
    later = resubmit(client.get(form_url).get_data(as_text=True))
    assert client.post(form_url, data={**later, **MINE}).status_code == 302


def test_a_round_form_sent_again_says_whether_a_change_was_dropped(client):
    """A double tap saves a round once and says so. A hostile-page probe (2026-11-29): the
    same form sent again after the Back button and a change (its submission id the same)
    landed on round 1 saying "tapped twice", the change dropped without a word."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url = f"{url}/rounds/new"
    fields = resubmit(client.get(form_url).get_data(as_text=True))
    assert client.post(form_url, data={**fields, **MINE}).status_code == 302
    stored = session_rounds(client, url)[0]["input"]
    twice = client.post(form_url, data={**fields, **MINE}, follow_redirects=True)
    assert "Round 1 was already saved (the button was tapped twice)." in twice.text
    changed = client.post(form_url, data={**fields, **THEIRS}, follow_redirects=True)
    said = "Round 1 was already saved from this form as first entered; what was changed since"
    assert said in changed.text
    assert [r["input"] for r in session_rounds(client, url)] == [stored]


def session_rounds(client, url):
    return client.get(f"/api/v1/sessions/{token(url)}").get_json()["rounds"]


# -- no debug text, and weak comparison of ETags ----------------------------------------------


def test_no_page_shows_a_python_object(client):
    """A template that prints a Jinja global (a helper function) shows "<function ... at 0x...>":
    no page may carry such debug text, in either language."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    paths = [
        "/",
        "/check/",
        url,
        url + "/history",
        url + "/rounds/1",
        url + "/rounds/new",
        url + "/rounds/1/edit",
        url + "/edit",
        url + "/settle",
    ]
    for lang in ("en", "ja"):
        for path in paths:
            resp = client.get(path, headers={"Accept-Language": lang})
            assert resp.status_code == 200, path
            page = resp.get_data(as_text=True)
            assert "<function" not in page and " at 0x" not in page, (lang, path)
            assert "&lt;function" not in page, (lang, path)
    # The pages that only show the table carry no round number for the script; the form does.
    for path in ("", "/history", "/rounds/1"):
        assert 'data-number=""' in client.get(url + path).get_data(as_text=True), path


@pytest.mark.parametrize(
    "header",
    ['W/"v{v}"', '"v{v}"', '"v9", "v{v}"', 'W/"v9", W/"v{v}"', '"x", W/"v{v}"', "*"],
)
def test_if_none_match_uses_weak_comparison_on_the_poll_and_the_api(client, header):
    """RFC 9110 13.1.2: If-None-Match compares weakly, so W/"v1" matches the tag "v1"; a list
    matches when any member does, and * matches any current representation."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    sid = token(url)
    h = {"If-None-Match": header.format(v=1)}
    live = client.get(f"/t/{sid}/live", headers=h)
    assert live.status_code == 304 and live.headers["ETag"] == '"v1"'
    api = client.get(f"/api/v1/sessions/{sid}", headers=h)
    assert api.status_code == 304 and api.headers["ETag"] == '"v1"'
    # A page of rounds is compared with its own tag, weakly too.
    paged = {"If-None-Match": header.format(v="1-limit5")}
    assert client.get(f"/api/v1/sessions/{sid}?limit=5", headers=paged).status_code == 304
    assert (
        client.get("/healthz/conditional", headers={"If-None-Match": 'W/"ok"'}).status_code == 304
    )


@pytest.mark.parametrize("header", ['W/"v0"', '"v0", W/"v2"', 'W/"v10"', '"v1x"'])
def test_if_none_match_of_another_version_answers_the_table(client, header):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    sid = token(url)
    h = {"If-None-Match": header}
    assert client.get(f"/t/{sid}/live", headers=h).status_code == 200
    assert client.get(f"/api/v1/sessions/{sid}", headers=h).status_code == 200


def test_star_on_no_table_is_still_404(client):
    h = {"If-None-Match": "*"}
    assert client.get(f"/t/{'A' * 32}/live", headers=h).status_code == 404
    assert client.get(f"/api/v1/sessions/{'A' * 32}", headers=h).status_code == 404


def mine_would_score(page: str) -> list[str]:
    """The changes the stale page says the player's own entry would score."""
    block = page.split('class="mine-score"')[1].split("</section>")[0]
    return re.findall(r'data-delta="([^"]+)"', block)


def stored_deltas(client, url, number) -> list[str]:
    shown = client.get(f"{url}/rounds/{number}").get_data(as_text=True)
    first = shown.split('<ul class="changes">')[1].split("</ul>")[0]
    return re.findall(r'data-delta="([^"]+)"', first)


def test_a_stale_round_shows_what_mine_would_score_as_the_next_round(client):
    """Issue 30: beside theirs, what my own entry scores if saved as round 2 (worked out
    without storing), and saving it stores exactly that."""
    url = new_table(client, "toppa", ["Aki", "Ben"])
    form_url, resp = two_phones_enter_round_one(client, url)
    page = resp.get_data(as_text=True)
    assert "Yours, if saved as round 2, would score:" in page
    would = mine_would_score(page)
    theirs = page.split('class="theirs"')[1]
    assert len(would) == 2 and would != re.findall(r'data-delta="([^"]+)"', theirs)[:2]
    assert round_count(client, url) == 1  # worked out, not stored
    assert client.post(form_url, data=resubmit(page)).status_code == 302
    assert stored_deltas(client, url, 2) == would


def test_a_stale_correction_shows_what_mine_would_score_over_theirs(client):
    url = new_table(client, "toppa", ["Aki", "Ben"])
    enter(client, url, MINE)
    phone_a, phone_b = edit_page(client, url), edit_page(client, url)
    client.post(f"{url}/rounds/1/edit", data=with_entry(phone_a, THEIRS))
    mine = {**pile_fields("p0_pile", ["pine-crane", "pine-ribbon"]), "rest": "1"}
    page = client.post(f"{url}/rounds/1/edit", data=with_entry(phone_b, mine)).get_data(True)
    assert "Yours, if saved over theirs, would score:" in page
    would = mine_would_score(page)
    # RULES 4.5: Aki's 25 card points cannot pay Ben's 340 of yaku: 25 - 340 - 120.
    assert would == ["-435", "435"]
    assert would != stored_deltas(client, url, 1)  # theirs, stored now, scores otherwise
    assert client.post(f"{url}/rounds/1/edit", data=resubmit(page)).status_code == 302
    assert stored_deltas(client, url, 1) == would
