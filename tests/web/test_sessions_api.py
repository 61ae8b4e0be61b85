"""The session API (API.md §Sessions) on every game: create, add, read, correct, delete."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B, TEN_CHAFF, rest_of_deck, suit

HALF_A = suit("pine", "plum", "cherry", "wisteria", "iris", "peony")


def create(client, game, players, **extra):
    resp = client.post(
        "/api/v1/sessions", json={"name": "Friday", "game": game, "players": players, **extra}
    )
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def add(client, sid, body, status=201):
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()


def session(client, sid):
    resp = client.get(f"/api/v1/sessions/{sid}")
    assert resp.status_code == 200
    return resp.get_json()


def totals(s):
    return [p["total"] for p in s["players"]]


def conserved(s):
    """RULES 7: every round's changes, with the pot's and the house's, sum to zero."""
    total = sum(Fraction(p["total"]) for p in s["players"])
    return total + Fraction(s["pot"]) + Fraction(s["house"]) == 0


def test_toppa_session_dealer_follows_the_winner_and_r8(client):
    s = create(client, "toppa", ["A", "B"])
    assert s["next_dealer"] == 0 and len(s["id"]) >= 22
    r1 = add(client, s["id"], {"players": [{"captured": EXAMPLE_A}, {}]})
    assert r1["number"] == 1 and r1["result"]["winner"] == "B"
    assert session(client, s["id"])["next_dealer"] == 1
    # RULES 8 example again, but a score of 0 (R8) keeps the deal with B.
    r2 = add(client, s["id"], {"players": [{"captured": HALF_A}, {"hand": TEN_CHAFF}]})
    assert r2["result"]["winner"] is None and r2["dealer"] == 1
    s = session(client, s["id"])
    assert s["next_dealer"] == 1
    assert totals(s) == ["-255", "255"]
    # Correct round 1 so A wins it: round 2's dealer becomes A, and A keeps the deal.
    resp = client.put(
        f"/api/v1/sessions/{s['id']}/rounds/1", json={"players": [{"captured": HALF_A}, {}]}
    )
    assert resp.status_code == 200
    s = resp.get_json()
    assert totals(s) == ["30", "-30"]
    assert s["rounds"][1]["dealer"] == 0 and s["next_dealer"] == 0
    assert s["rounds"][0]["version"] == 2


def test_baka_game_of_three_rounds_rotates_and_recomputes_after_delete(client):
    s = create(client, "baka", ["A", "B", "C"], first_dealer=1)
    sid = s["id"]
    body = {"players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}]}
    dealers = []
    for _ in range(4):
        r = add(client, sid, body)
        dealers.append((r["game_no"], r["game_round"], r["dealer"]))
    # First dealer B; round 2 the first dealer's right (C), round 3 the left (A).
    assert dealers[:3] == [(1, 1, 1), (1, 2, 2), (1, 3, 0)]
    assert dealers[3][:2] == (2, 1)
    s = session(client, sid)
    # RULES 8: -55/3, -175/3, +230/3 a round; four rounds.
    assert totals(s) == ["-220/3", "-700/3", "920/3"]
    assert conserved(s)
    resp = client.delete(f"/api/v1/sessions/{sid}/rounds/2")
    assert resp.status_code == 200
    s = resp.get_json()
    assert [r["number"] for r in s["rounds"]] == [1, 2, 3]
    assert [(r["game_no"], r["game_round"]) for r in s["rounds"]] == [(1, 1), (1, 2), (1, 3)]
    assert [r["dealer"] for r in s["rounds"]] == [1, 2, 0]
    assert totals(s) == ["-55", "-175", "230"]


def test_otoroku_banker_with_a_bust_and_house_fee(client):
    s = create(
        client,
        "otoroku",
        ["P1", "P2", "P3"],
        rules={"tera_zen_percent": 10},
        settings={"method": "banker", "wager": 15},
    )
    r = add(client, s["id"], {"players": [{"cards": [3, 4]}, {"cards": [9, 8]}, {"cards": [9, 5]}]})
    # P2 bust loses 15; P3 14 beats the dealer's 7: paid 15 less floor(1.5) = 1.
    assert r["result"]["players"][1]["buta"] is True
    assert r["deltas"] == ["0", "-15", "14"]
    s = session(client, s["id"])
    assert s["house"] == "1" and conserved(s)
    assert s["next_dealer"] == 0


def test_otoroku_void_round_does_not_count_and_length_ends_game(client):
    s = create(client, "otoroku", ["P1", "P2"], settings={"length": "3", "wager": 5})
    sid = s["id"]
    add(client, sid, {"players": [{"cards": [9, 8]}, {"cards": [10, 9]}]})  # void
    s = session(client, sid)
    assert s["next_round_of_game"] == 1 and s["next_dealer"] == 0
    for _ in range(3):
        r = add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [5, 5]}]})
    assert r["game_round"] == 3
    s = session(client, sid)
    assert s["game_no"] == 2 and s["next_round_of_game"] == 1


def test_otoroku_stones_game_ends_when_one_player_has_stones(client):
    s = create(
        client,
        "otoroku",
        ["P1", "P2", "P3"],
        settings={"length": "stones", "stones": 10, "wager": 10},
    )
    sid = s["id"]
    # P2 (last player, dealer P1) wins 20: P1 and P3 are out of stones.
    r = add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [2, 2]}]})
    assert r["deltas"] == ["-10", "20", "-10"]
    s = session(client, sid)
    assert s["game_no"] == 2 and s["seated"] == ["P1", "P2", "P3"]


def test_otoroku_stones_leave_out_a_broke_player(client):
    s = create(
        client,
        "otoroku",
        ["P1", "P2", "P3", "P4"],
        settings={"length": "stones", "stones": 10, "wager": 10},
    )
    sid = s["id"]
    r = add(
        client,
        sid,
        {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [2, 2]}, {"cards": [3, 3]}]},
    )
    assert r["deltas"] == ["-10", "30", "-10", "-10"]
    s = session(client, sid)
    # P2 took the pot of 40: P1, P3, P4 are out (10 - 10 = 0) and the game is over.
    assert s["game_no"] == 2 and s["next_round_of_game"] == 1


def test_a_dealer_out_of_stones_is_not_named_as_the_next_dealer(client):
    """API.md's ``next_dealer`` is who deals next. When the dealer is out of stones, the next
    seated player to the right deals the next round (docs/rulings.md), and the session and
    the table page name that player, not the one out (found by an independent check)."""
    s = create(
        client,
        "otoroku",
        ["P0", "P1", "P2", "P3"],
        settings={"length": "stones", "stones": 20, "wager": 10, "method": "banker"},
    )
    sid = s["id"]
    # The dealer P0 goes bust against three bettors: 20 - 30 stones, out of the game.
    r = add(
        client,
        sid,
        {"players": [{"cards": [2, 2]}, {"cards": [7, 8]}, {"cards": [7, 8]}, {"cards": [6, 9]}]},
    )
    assert r["deltas"] == ["-30", "10", "10", "10"]
    s = session(client, sid)
    assert s["seated"] == ["P1", "P2", "P3"]
    assert s["next_dealer"] == 1
    page = client.get(f"/t/{sid}").get_data(as_text=True)
    assert "<strong>P1</strong> deals" in page
    r = add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [6, 9]}]})
    assert r["dealer"] == 1  # P1 deals it


def test_otoroku_stones_players_out_sit_the_next_round_out(client):
    s = create(
        client,
        "otoroku",
        ["P1", "P2", "P3", "P4"],
        settings={"length": "stones", "stones": 10, "wager": 5},
    )
    sid = s["id"]
    # Dealer P1; P2 wins the pot of 20: P1, P3, P4 drop to 5 stones each, all still in.
    add(
        client,
        sid,
        {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [2, 2]}, {"cards": [3, 3]}]},
    )
    # P2 deals now. P3 wins again: P1, P2 (25 -> 20)... P1 and P4 are out of stones.
    r = add(
        client,
        sid,
        {"players": [{"cards": [3, 4]}, {"cards": [3, 4]}, {"cards": [7, 8]}, {"cards": [3, 3]}]},
    )
    assert r["dealer"] == 1 and r["deltas"] == ["-5", "-5", "15", "-5"]
    s = session(client, sid)
    assert s["seated"] == ["P2", "P3"]
    # The next round lists only the seated players; a broke player is refused by name.
    resp = client.post(
        f"/api/v1/sessions/{sid}/rounds",
        json={"players": [{"name": "P1", "cards": [3, 4]}, {"name": "P2", "cards": [7, 8]}]},
    )
    assert resp.status_code == 422
    r = add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [7, 8]}]})
    assert r["deltas"] == ["0", "-5", "5", "0"]


def test_tokotoko_session(client):
    s = create(client, "tokotoko", ["P1", "P2"], settings={"stake": 5})
    r = add(
        client,
        s["id"],
        {
            "field": ["pine-chaff-2", "maple-deer"],
            "players": [
                {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
                {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
            ],
        },
    )
    assert r["deltas"] == ["-5", "5"]


def tokan_body(*players):
    return {
        "players": [
            {"name": n, "dice": d, "left": left, "right": right} for n, d, left, right in players
        ]
    }


def test_tokan_pot_carries_over_players_leave_and_r21_split(client):
    s = create(client, "tokan", ["A", "B", "C", "D"])
    sid = s["id"]
    # Tour 1 (all zero predictions, all dice equal): everybody reclaims; pot stays 0.
    add(
        client,
        sid,
        tokan_body(
            ("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 0, 0), ("D", [3, 3], 0, 0)
        ),
    )
    # Tour 2: D leaves. A 12, B 2, C 2 as in the tie-at-the-cut test: 1 coin stays.
    r = add(
        client, sid, tokan_body(("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0))
    )
    assert r["result"]["pot_after"] == "1"
    s = session(client, sid)
    assert s["seated"] == ["A", "B", "C"] and s["pot"] == "1" and conserved(s)
    # D cannot come back in this game.
    resp = client.post(
        f"/api/v1/sessions/{sid}/rounds",
        json=tokan_body(
            ("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 0, 0), ("D", [3, 3], 0, 0)
        ),
    )
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["field"] == "players.3.name"
    # Fewer than 3 staying: refused, the game must end instead.
    resp = client.post(
        f"/api/v1/sessions/{sid}/rounds", json=tokan_body(("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0))
    )
    assert resp.status_code == 422
    # End of the game (R21): the pot of 1 cannot be split among 3: it stays unclaimed.
    r = add(client, sid, {"kind": "end"})
    assert r["result"]["unclaimed"] == "1"
    s = session(client, sid)
    assert s["game_no"] == 2 and s["seated"] == ["A", "B", "C", "D"] and conserved(s)


def test_tokan_correction_recomputes_the_carried_pot(client):
    s = create(client, "tokan", ["A", "B", "C"])
    sid = s["id"]
    add(client, sid, tokan_body(("A", [6, 6], 10, 1), ("B", [1, 1], 0, -10), ("C", [1, 1], -10, 0)))
    add(client, sid, tokan_body(("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 0, 0)))
    assert session(client, sid)["pot"] == "1"
    resp = client.put(
        f"/api/v1/sessions/{sid}/rounds/1",
        json=tokan_body(("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 0, 0)),
    )
    s = resp.get_json()
    assert s["pot"] == "0"
    assert s["rounds"][1]["result"]["pot_before"] == "0"
    assert totals(s) == ["0", "0", "0"]


def test_r21_split_with_coins_to_share(client):
    s = create(client, "tokan", ["A", "B", "C"], settings={"stake": 3})
    sid = s["id"]
    # Stake 3: A and B claim +0/-0 equal dice; C misses by 5 twice and pays 10 into the pot.
    r = add(client, sid, tokan_body(("A", [3, 3], 0, 0), ("B", [3, 3], 0, 0), ("C", [3, 3], 5, 5)))
    assert r["result"]["pot_after"] == "10"
    r = add(client, sid, {"kind": "end"})
    # 10 split among 3: 3 each, 1 unclaimed.
    assert r["deltas"] == ["3", "3", "3"] and r["result"]["unclaimed"] == "1"
    s = session(client, sid)
    assert s["pot"] == "1" and conserved(s)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "go", "players": ["A", "B"]}, "game"),
        ({"game": "toppa", "players": ["A"]}, "players"),
        ({"game": "toppa", "players": ["A", "a"]}, "players.1"),
        (
            {"game": "toppa", "players": ["A", "B"], "rules": {"yaku_values": 3}},
            "rules.yaku_values",
        ),
        (
            {"game": "otoroku", "players": ["A", "B"], "settings": {"length": "7"}},
            "settings.length",
        ),
        ({"game": "toppa", "players": ["A", "B"], "point_value": "0.5"}, "point_value"),
    ],
)
def test_create_validation(client, body, field):
    resp = client.post("/api/v1/sessions", json=body)
    assert resp.status_code == 422
    assert field in [e["field"] for e in resp.get_json()["errors"]]


def test_invalid_round_stores_nothing(client, app):
    s = create(client, "toppa", ["A", "B"])
    pile = [c for c in HALF_A if c != "pine-chaff-1"]
    resp = client.post(
        f"/api/v1/sessions/{s['id']}/rounds", json={"players": [{"captured": pile}, {}]}
    )
    assert resp.status_code == 422
    assert resp.get_json()["errors"][0]["field"] == "players.0.captured"
    assert session(client, s["id"])["rounds"] == []


def test_double_tap_and_stale_view(client):
    s = create(client, "toppa", ["A", "B"])
    sid = s["id"]
    body = {"players": [{"captured": HALF_A}, {}], "submission_id": "tap-1", "expected_number": 1}
    first = add(client, sid, body)
    again = add(client, sid, body, status=200)
    assert first["number"] == again["number"] == 1
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={**body, "submission_id": "tap-2"})
    assert resp.status_code == 409
    assert (
        "Round 1 was already entered from another phone" in resp.get_json()["errors"][0]["message"]
    )
    assert len(session(client, sid)["rounds"]) == 1


def test_a_round_expected_past_the_table_s_end_says_the_table_changed(client):
    """A page that counted more rounds than the table has (one was deleted meanwhile) is
    told so, not that another phone entered its round (found by a probe)."""
    s = create(client, "toppa", ["A", "B"])
    sid = s["id"]
    for _ in range(3):
        add(client, sid, {"players": [{"captured": HALF_A}, {}]})
    assert client.delete(f"/api/v1/sessions/{sid}/rounds/3").status_code == 200
    body = {"players": [{"captured": HALF_A}, {}], "expected_number": 4}
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 409
    said = resp.get_json()["errors"][0]["message"]
    assert "another phone" not in said
    assert "a round was deleted or taken back): this would be round 3, not 4" in said
    assert len(session(client, sid)["rounds"]) == 2


def test_unknown_ids_are_404(client):
    assert client.get("/api/v1/sessions/nope").status_code == 404
    s = create(client, "toppa", ["A", "B"])
    assert client.delete(f"/api/v1/sessions/{s['id']}/rounds/5").status_code == 404
    assert (
        client.put(f"/api/v1/sessions/{s['id']}/rounds/1", json={"players": [{}, {}]}).status_code
        == 404
    )


def test_export_import_round_trip(client):
    s = create(
        client, "baka", ["A", "B", "C"], rules={"yaku_settlement": "pairwise"}, point_value="1/2"
    )
    sid = s["id"]
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
    exported = client.get(f"/api/v1/sessions/{sid}/export.json").get_json()
    resp = client.post("/api/v1/sessions/import", json=exported)
    assert resp.status_code == 201
    copy = resp.get_json()
    original = session(client, sid)
    assert copy["id"] != sid
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
    ):
        assert copy[key] == original[key]
    assert [r["result"] for r in copy["rounds"]] == [r["result"] for r in original["rounds"]]
    tampered = {**exported, "rounds": [{**exported["rounds"][0], "deltas": ["1", "-1", "0"]}]}
    resp = client.post("/api/v1/sessions/import", json=tampered)
    assert resp.status_code == 422


def test_a_delete_that_would_leave_a_game_s_end_without_a_round_names_that_end(client):
    """The entry a delete leaves first is not one the player sent: what no longer fits is
    named (found by a probe: deleting the only round of an ended game said "No round of this
    game has been played yet", as if the DELETE were a game's end)."""
    s = create(client, "toppa", ["A", "B"])
    sid = s["id"]
    add(client, sid, {"players": [{"captured": HALF_A}, {}]})
    assert client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"}).status_code == 201
    resp = client.delete(f"/api/v1/sessions/{sid}/rounds/1")
    assert resp.status_code == 422
    [error] = resp.get_json()["errors"]
    assert error["message"] == (
        "The end of game 1 would no longer be valid: No round of this game has been played yet"
    )
    # A hostile probe: this was said at "kind", a field the DELETE never sent.
    assert error["field"] == ""
    assert [r["number"] for r in session(client, sid)["rounds"]] == [1]  # nothing changed
    # The undo of that round's entry cannot be done as such either: API.md's 409.
    resp = client.post(f"/api/v1/sessions/{sid}/undo", json={"seq": 1})
    assert resp.status_code == 409
    assert resp.get_json()["errors"][0]["message"] == (
        "Entry 1 (round 1 entered) can no longer be undone: The end of game 1 would no longer "
        "be valid: No round of this game has been played yet"
    )
    assert [r["number"] for r in session(client, sid)["rounds"]] == [1]


def test_a_round_naming_some_players_asks_for_every_name_or_none(client):
    """A hostile probe (2026-11-29): a round naming only its first player was refused with
    "None is not a player seated at this table", in Python's word for JSON's null."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    body = {"players": [{"name": "Aki", "captured": HALF_A}, {}]}
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {"field": "players.1.name", "message": "Name every player of the round, or none of them"}
    ]
    body["players"][1]["name"] = 7
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert resp.get_json()["errors"][0]["message"].startswith("7 is not a player seated")


def test_a_game_s_end_with_another_key_is_refused_naming_it(client):
    """A hostile probe (2026-11-29): {"kind": "end", "extra": 1} ended the game, though
    docs/api.md says an unknown key of a round's body is a 422 naming it."""
    sid = create(client, "otoroku", ["Aki", "Ben", "Cy"])["id"]
    add(client, sid, {"players": [{"cards": [3, 4]}, {"cards": [3, 4]}, {"cards": [7, 8]}]})
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end", "extra": 1})
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {"field": "extra", "message": "A game's end takes no 'extra'"}
    ]
    assert session(client, sid)["game_ends"] == []
    resp = client.post(f"/api/v1/sessions/{sid}/rounds", json={"kind": "end"})
    assert resp.status_code == 201


def test_a_settle_up_with_a_misspelt_version_is_refused_naming_it(client):
    """A hostile probe (2026-11-29): a settle-up's body took any key without a word, so a
    client that misspelt "version" lost the 409 that guards against a stale settle-up."""
    sid = create(client, "toppa", ["Aki", "Ben"])["id"]
    add(client, sid, {"players": [{"captured": HALF_A}, {}]})
    resp = client.post(f"/api/v1/sessions/{sid}/settle", json={"verison": 0})
    assert resp.status_code == 422
    assert resp.get_json()["errors"] == [
        {"field": "verison", "message": "A settle-up reads only version, not 'verison'"}
    ]
    assert client.get(f"/api/v1/sessions/{sid}").get_json()["version"] == 1
