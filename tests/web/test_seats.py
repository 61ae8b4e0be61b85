"""Seats as the players sit (issue 30 part 1): a table keeps the order it is given, and a
table with no round yet can be reseated (API.md "Changing a table", added 2026-11-27)."""

from __future__ import annotations

import re

from tests.web.test_sessions_api import add, create, session
from tests.web.test_table_changes import BAKA_ROUND, TOKOTOKO_ROUND, journal, patch, undo


def names(s):
    return [p["name"] for p in s["players"]]


def test_the_api_seats_players_in_the_order_given(client):
    s = create(client, "tokan", ["Ben", "Aki", "Cy"])
    assert names(s) == ["Ben", "Aki", "Cy"]


def test_seats_reseat_the_same_players_before_the_first_round(client):
    s = create(client, "tokan", ["Aki", "Ben", "Cy"], first_dealer=1)
    after = patch(client, s["id"], {"seats": ["Cy", "Ben", "Aki"]})
    assert names(after) == ["Cy", "Ben", "Aki"]
    # The same person (Ben) still deals first, from his new seat.
    assert after["next_dealer"] == 1
    entry = journal(client, s["id"])[0]
    assert entry["action"] == "edit"
    assert "Cy" in entry["summary"]


def test_seats_with_a_first_dealer_as_a_draw_gives_them(client):
    s = create(client, "otoroku", ["Aki", "Ben", "Cy"])
    after = patch(client, s["id"], {"seats": ["Cy", "Aki", "Ben"], "first_dealer": 0})
    assert names(after) == ["Cy", "Aki", "Ben"]
    assert after["next_dealer"] == 0
    only_dealer = patch(client, s["id"], {"first_dealer": 2})
    assert names(only_dealer) == ["Cy", "Aki", "Ben"]
    assert only_dealer["next_dealer"] == 2


def test_a_reseat_is_undone_like_other_edits(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    patch(client, s["id"], {"seats": ["Ben", "Aki"]})
    seq = journal(client, s["id"])[0]["seq"]
    back = undo(client, s["id"], seq)
    assert names(back) == ["Aki", "Ben"]
    again = undo(client, s["id"], journal(client, s["id"])[0]["seq"])
    assert names(again) == ["Ben", "Aki"]


def test_seats_after_a_round_are_refused_at_seats_and_change_nothing(client):
    """API.md: once the table has a round, ``seats`` is 422 at ``seats``."""
    s = create(client, "tokotoko", ["Aki", "Ben"])
    add(client, s["id"], TOKOTOKO_ROUND)
    before = session(client, s["id"])
    body = patch(client, s["id"], {"seats": ["Ben", "Aki"]}, status=422)
    assert [e["field"] for e in body["errors"]] == ["seats"]
    assert session(client, s["id"])["players"] == before["players"]


def test_undoing_a_reseat_after_a_round_is_refused(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    patch(client, s["id"], {"seats": ["Ben", "Aki"]})
    seq = journal(client, s["id"])[0]["seq"]
    add(client, s["id"], TOKOTOKO_ROUND)
    undo(client, s["id"], seq, status=409)
    assert names(session(client, s["id"])) == ["Ben", "Aki"]


def test_seats_must_name_every_player_once(client):
    s = create(client, "tokan", ["Aki", "Ben", "Cy"])
    sid = s["id"]
    cases = [
        ({"seats": ["Ben", "Aki"]}, "seats"),
        ({"seats": ["Ben", "Ben", "Aki"]}, "seats.1"),
        ({"seats": ["Ben", "Dai", "Aki"]}, "seats.1"),
        ({"seats": ["Ben", 3, "Aki"]}, "seats.1"),
        ({"seats": "Ben"}, "seats"),
        ({"first_dealer": 3}, "first_dealer"),
        ({"first_dealer": True}, "first_dealer"),
    ]
    for body, field in cases:
        answer = patch(client, sid, body, status=422)
        assert field in [e["field"] for e in answer["errors"]], (body, answer)
    assert names(session(client, sid)) == ["Aki", "Ben", "Cy"]
    assert journal(client, sid) == []


def test_a_carried_over_table_moves_its_totals_with_the_players(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    add(client, s["id"], TOKOTOKO_ROUND)
    old = session(client, s["id"])
    new = create(client, "tokotoko", ["Aki", "Ben"], continue_from=s["id"])
    after = patch(client, new["id"], {"seats": ["Ben", "Aki"]})
    by_name = {p["name"]: p["total"] for p in after["players"]}
    assert by_name == {p["name"]: p["total"] for p in old["players"]}
    assert names(after) == ["Ben", "Aki"]


def test_names_match_case_aside(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    after = patch(client, s["id"], {"seats": ["ben", "AKI"]})
    assert names(after) == ["Ben", "Aki"]


# -- the club page: the order ticked is the order seated -----------------------------------------


def _club(client):
    from tests.web.test_club_pages import start_club

    token, _ = start_club(client, members="Aki\nBen\nCho")
    return token


def _seated(client, resp):
    assert resp.status_code == 302, resp.text
    table = resp.headers["Location"].rsplit("/", 1)[-1]
    return names(session(client, table))


def test_a_club_table_seats_the_members_in_the_order_ticked(client):
    """The checkboxes post in page order (Aki, Ben); the seat list, as the page's script
    writes it, gives the order ticked (Ben, then Aki): Ben sits first."""
    token = _club(client)
    resp = client.post(
        f"/c/{token}/tables",
        data={"game": "toppa", "member": ["Aki", "Ben"], "seat": ["Ben", "Aki"]},
    )
    assert _seated(client, resp) == ["Ben", "Aki"]


def test_the_seat_list_puts_new_names_where_it_lists_them(client):
    token = _club(client)
    resp = client.post(
        f"/c/{token}/tables",
        data={
            "game": "tokan",
            "member": ["Aki", "Ben", "Cho"],
            "new_players": "Dai",
            # A stale name (no longer ticked) is left out; Cho, not listed, comes after.
            "seat": ["Dai", "Ben", "Zed", "Aki"],
        },
    )
    assert _seated(client, resp) == ["Dai", "Ben", "Aki", "Cho"]


def test_without_script_the_seat_buttons_show_the_form_again_in_the_new_order(client):
    token = _club(client)
    shown = client.post(
        f"/c/{token}/tables", data={"game": "toppa", "member": ["Aki", "Ben"], "move": "show"}
    )
    assert shown.status_code == 200
    listed = re.findall(r'name="seat" value="([^"]+)"', shown.text)
    assert listed == ["Aki", "Ben"]
    moved = client.post(
        f"/c/{token}/tables",
        data={"game": "toppa", "member": ["Aki", "Ben"], "seat": listed, "move": "down:0"},
    )
    assert moved.status_code == 200
    assert re.findall(r'name="seat" value="([^"]+)"', moved.text) == ["Ben", "Aki"]
    assert 'value="Ben" checked' in moved.text and 'value="Aki" checked' in moved.text
    # Nothing is opened by a move; the table opens with the order shown.
    from tests.web.test_club_pages import club_api

    assert club_api(client, token)["tables"] == []
    opened = client.post(
        f"/c/{token}/tables",
        data={"game": "toppa", "member": ["Aki", "Ben"], "seat": ["Ben", "Aki"]},
    )
    assert _seated(client, opened) == ["Ben", "Aki"]


def test_seat_moves_out_of_range_change_nothing(client):
    from scorekeeper.views.seating import moved

    assert moved(["A", "B"], "up:0") == ["A", "B"]
    assert moved(["A", "B"], "down:1") == ["A", "B"]
    assert moved(["A", "B"], "down:x") == ["A", "B"]
    assert moved(["A", "B"], "sideways:0") == ["A", "B"]
    assert moved(["A", "B", "C"], "up:2") == ["A", "C", "B"]


def seats_section(page: str) -> list[str]:
    """The seat list of the change page's *Seats* section (the rematch's form has its own)."""
    return re.findall(r'name="seat" value="([^"]+)"', page[: page.index('value="rematch"')])


# -- the table's "Change the table" page ---------------------------------------------------------


def test_the_change_page_reseats_a_table_before_its_first_round(client):
    s = create(client, "baka", ["Aki", "Ben", "Cy"])
    page = client.get(f"/t/{s['id']}/edit")
    assert seats_section(page.text) == ["Aki", "Ben", "Cy"]
    # Without script, an arrow shows the page again in the new order and changes nothing.
    moved = client.post(
        f"/t/{s['id']}/edit",
        data={"what": "seats", "seat": ["Aki", "Ben", "Cy"], "move": "up:2"},
    )
    assert moved.status_code == 200
    assert seats_section(moved.text) == ["Aki", "Cy", "Ben"]
    assert names(session(client, s["id"])) == ["Aki", "Ben", "Cy"]
    saved = client.post(
        f"/t/{s['id']}/edit",
        data={"what": "seats", "seat": ["Aki", "Cy", "Ben"], "dealer": "Cy"},
    )
    assert saved.status_code == 302
    after = session(client, s["id"])
    assert names(after) == ["Aki", "Cy", "Ben"]
    assert after["next_dealer"] == 1
    assert journal(client, s["id"])[0]["action"] == "edit"


def test_the_change_page_offers_no_seats_after_a_round(client):
    s = create(client, "tokotoko", ["Aki", "Ben"])
    add(client, s["id"], TOKOTOKO_ROUND)
    page = client.get(f"/t/{s['id']}/edit")
    assert 'id="seats"' not in page.text
    late = client.post(f"/t/{s['id']}/edit", data={"what": "seats", "seat": ["Ben", "Aki"]})
    assert late.status_code == 422
    assert "keep their seats" in late.text
    assert names(session(client, s["id"])) == ["Aki", "Ben"]


# -- the first-dealer draw, applied to a table (issue 30 part 6) ---------------------------------


def test_a_new_table_links_to_its_draw_and_the_draw_applies_the_first_dealer(client):
    s = create(client, "toppa", ["Aki", "Ben"])
    page = client.get(f"/t/{s['id']}")
    assert f'href="/t/{s["id"]}/draw"' in page.text
    draw = client.get(f"/t/{s['id']}/draw")
    assert draw.status_code == 200
    # A screen reader hears a drawn card as drawn, not as in an exposed hand.
    assert 'data-t-hand="drawn by {name}"' in draw.text
    assert "exposed hand" not in draw.text
    # Two cards each (RULES 4.7): Aki 1 + 10 -> 1, Ben 3 + 5 -> 8: Ben deals first.
    result = client.post(
        f"/t/{s['id']}/draw",
        data={
            "each": "2",
            "d0": ["pine-crane", "maple-deer"],
            "d1": ["cherry-curtain", "iris-bridge"],
        },
    )
    assert result.status_code == 200
    assert "<strong>Ben</strong> deals first" in result.text
    assert "Apply to this table" in result.text
    assert re.findall(r'name="dealer" value="([^"]+)"', result.text) == ["Ben"]
    seats = re.findall(r'name="seat" value="([^"]+)"', result.text)
    applied = client.post(
        f"/t/{s['id']}/edit", data={"what": "seats", "seat": seats, "dealer": "Ben"}
    )
    assert applied.status_code == 302
    after = session(client, s["id"])
    assert names(after) == ["Aki", "Ben"] and after["next_dealer"] == 1
    # The round form then has Ben as its dealer.
    form = client.get(f"/t/{s['id']}/rounds/new")
    assert re.search(r'<option value="1" selected>Ben</option>', form.text)
    assert journal(client, s["id"])[0]["action"] == "edit"


def test_an_otoroku_draw_seats_the_players_in_its_order(client):
    s = create(client, "otoroku", ["Aki", "Ben", "Cy"])
    # Cy draws January (deals), Aki March, Ben May: the seats are Cy, Aki, Ben (RULES 5.7).
    result = client.post(
        f"/t/{s['id']}/draw",
        data={"d0": ["cherry-curtain"], "d1": ["iris-bridge"], "d2": ["pine-crane"]},
    )
    assert result.status_code == 200, result.text
    seats = re.findall(r'name="seat" value="([^"]+)"', result.text)
    assert seats == ["Cy", "Aki", "Ben"]
    dealer = re.findall(r'name="dealer" value="([^"]+)"', result.text)
    assert dealer == ["Cy"]
    client.post(f"/t/{s['id']}/edit", data={"what": "seats", "seat": seats, "dealer": "Cy"})
    after = session(client, s["id"])
    assert names(after) == ["Cy", "Aki", "Ben"] and after["next_dealer"] == 0


def test_a_wrong_draw_is_said_and_offers_nothing_to_apply(client):
    s = create(client, "toppa", ["Aki", "Ben"])
    uneven = client.post(
        f"/t/{s['id']}/draw",
        data={"each": "2", "d0": ["pine-crane", "maple-deer"], "d1": ["iris-bridge"]},
    )
    assert uneven.status_code == 422
    assert "same number of cards" in uneven.text
    assert "Apply to this table" not in uneven.text
    tie = client.post(f"/t/{s['id']}/draw", data={"d0": ["pine-crane"], "d1": ["pine-ribbon"]})
    assert tie.status_code == 200 and "draw again" in tie.text
    assert "Apply to this table" not in tie.text


def test_after_the_first_round_the_draw_is_the_one_on_its_own(client):
    s = create(client, "toppa", ["Aki", "Ben"])
    client.post(f"/api/v1/sessions/{s['id']}/rounds", json={"players": [{"captured": []}, {}]})
    assert session(client, s["id"])["round_count"] == 1
    assert f'href="/t/{s["id"]}/draw"' not in client.get(f"/t/{s['id']}").text
    late = client.get(f"/t/{s['id']}/draw")
    assert late.status_code == 302 and "/check/draw/toppa" in late.headers["Location"]
    tokan = create(client, "tokan", ["A", "B", "C"])["id"]
    assert client.get(f"/t/{tokan}/draw").status_code == 404  # Tokan starts without a draw
    # On its own, from Check a hand, it still works and offers nothing to apply.
    alone = client.post("/check/draw/toppa", data={"d0": ["pine-crane"], "d1": ["maple-deer"]})
    assert alone.status_code == 200 and "deals first" in alone.text
    assert "Apply to this table" not in alone.text


# -- the start page ------------------------------------------------------------------------------


def test_the_start_page_seats_the_players_as_typed_or_as_the_seat_list_orders_them(client):
    typed = client.post("/tables", data={"game": "tokan", "name": "T", "players": "Ben\nAki\nCy"})
    assert _seated(client, typed) == ["Ben", "Aki", "Cy"]
    listed = client.post(
        "/tables",
        data={"game": "tokan", "name": "T", "players": "Ben\nAki\nCy", "seat": ["Cy", "Ben"]},
    )
    assert _seated(client, listed) == ["Cy", "Ben", "Aki"]


def test_without_script_the_start_page_moves_a_seat_and_shows_the_form_again(client):
    shown = client.post(
        "/tables", data={"game": "tokan", "name": "T", "players": "Ben\nAki\nCy", "move": "up:1"}
    )
    assert shown.status_code == 200
    assert re.findall(r'name="seat" value="([^"]+)"', shown.text) == ["Aki", "Ben", "Cy"]
    assert "Aki\nBen\nCy</textarea>" in shown.text
    assert "Table “T” is ready" not in shown.text


def test_seats_change_alone_and_a_game_without_dealer_has_no_first_dealer(client):
    """A reseat with a change of players in the same request is refused whole (its journal
    entry could be undone against neither order), and Tokan has no dealer to choose."""
    s = create(client, "otoroku", ["Aki", "Ben", "Cy", "Dai"])
    r = client.patch(
        f"/api/v1/sessions/{s['id']}",
        json={"seats": ["Cy", "Aki", "Ben", "Dai"], "remove": ["Aki"]},
    )
    assert r.status_code == 422
    assert [e["field"] for e in r.get_json()["errors"]] == ["seats"]
    assert names(session(client, s["id"])) == ["Aki", "Ben", "Cy", "Dai"]
    t = create(client, "tokan", ["Aki", "Ben", "Cy"])
    r = client.patch(f"/api/v1/sessions/{t['id']}", json={"first_dealer": 1})
    assert r.status_code == 422
    assert [e["field"] for e in r.get_json()["errors"]] == ["first_dealer"]
    r = client.patch(f"/api/v1/sessions/{t['id']}", json={"seats": ["Ben", "Aki", "Cy"]})
    assert r.status_code == 200
    assert "deals first" not in journal(client, t["id"])[0]["summary"]
    page = client.get(f"/t/{t['id']}/edit")
    assert 'name="dealer"' not in page.text


def test_a_seat_move_with_a_digit_that_is_no_number_changes_nothing(client):
    s = create(client, "baka", ["Aki", "Ben", "Cy"])
    for move in ("up:²", "down:" + "9" * 5000):
        r = client.post(
            f"/t/{s['id']}/edit", data={"what": "seats", "seat": ["Aki", "Ben", "Cy"], "move": move}
        )
        assert r.status_code == 200
        assert seats_section(r.text) == ["Aki", "Ben", "Cy"]


# -- a rematch ---------------------------------------------------------------------------------


def test_a_rematch_seats_the_players_as_chosen_on_its_form(client):
    """Issue 30 part 1: a rematch shows its seats before the new table opens, moves them
    without script, and opens the new table in that order; carried totals follow each player
    to their new seat."""
    s = create(client, "baka", ["Aki", "Ben", "Cy"])
    add(client, s["id"], BAKA_ROUND)
    before = {p["name"]: p["total"] for p in session(client, s["id"])["players"]}
    page = client.get(f"/t/{s['id']}/edit").get_data(as_text=True)
    rematch_form = page[page.index('value="rematch"') :]
    assert re.findall(r'name="seat" value="([^"]+)"', rematch_form) == ["Aki", "Ben", "Cy"]
    shown = client.post(
        f"/t/{s['id']}/edit",
        data={"what": "rematch", "carry": "yes", "seat": ["Aki", "Ben", "Cy"], "move": "down:0"},
    )
    assert shown.status_code == 200  # nothing started yet
    moved_form = shown.get_data(as_text=True)
    moved_form = moved_form[moved_form.index('value="rematch"') :]
    assert re.findall(r'name="seat" value="([^"]+)"', moved_form) == ["Ben", "Aki", "Cy"]
    made = client.post(
        f"/t/{s['id']}/edit",
        data={"what": "rematch", "carry": "yes", "seat": ["Ben", "Cy", "Aki"]},
    )
    assert made.status_code == 302
    new = session(client, made.headers["Location"].rsplit("/", 1)[1])
    assert names(new) == ["Ben", "Cy", "Aki"]
    assert {p["name"]: p["total"] for p in new["players"]} == before
    wrong = client.post(
        f"/t/{s['id']}/edit",
        data={"what": "rematch", "carry": "no", "seat": ["Ben", "Ben", "Aki"]},
    )
    assert wrong.status_code == 422
    assert "Seat every player still at the table once" in wrong.get_data(as_text=True)
