"""The round page's first lines: each player's change, one line saying why, then the buttons.

Every expected figure below is worked out by hand from RULES.md (its section 8 examples where
it has one), not read off the app's output.
"""

from __future__ import annotations

import html
import re

from tests.helpers import EXAMPLE_A, EXAMPLE_BAKA_B, suit


def session(client, game, players, rules=None):
    r = client.post(
        "/api/v1/sessions",
        json={"name": "t", "game": game, "players": players, "rules": rules or {}},
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def enter(client, sid, body):
    r = client.post(f"/api/v1/sessions/{sid}/rounds", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["number"]


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def why(page: str) -> str:
    m = re.search(r'<p class="why-line">(.*?)</p>', page, re.S)
    assert m, "no why-line on the page"
    return text(m.group(1))


def round_page(client, game, players, body, rules=None):
    sid = session(client, game, players, rules)
    number = enter(client, sid, body)
    resp = client.get(f"/t/{sid}/rounds/{number}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def test_toppa_exchange_that_cannot_be_done(client):
    # RULES 8, Toppa: D = 250 - 80 = 170 exceeds A's 115 card points: A pays 115-250-120.
    page = round_page(
        client, "toppa", ["A", "B"], {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]}
    )
    line = why(page)
    assert "B's yaku beat A's by 170" in line
    assert "more than A's 115 card points" in line
    assert "cannot be done" in line
    assert "A pays B 255" in line
    assert "(115 − 250 − 120)" in line


# A: RULES 8's pile (three chaff and the lightning) plus eighteen chaff: 115 card points;
# five brights 60, poetry ribbons 20, chaff 21: 20 + 10 x 9 = 110: yaku 190. B: the rest,
# 125 card points; boar-deer-butterfly 20, blue ribbons 20, real seven ribbons 40 + 10 x 1
# (the swallow), two chaff: yaku 90. D = 100 <= 125: B hands over cards worth 100, and A
# scores 115 + 100 - 120 = 95.
EXCHANGE_A = [
    *EXAMPLE_A,
    "pine-chaff-1",
    "pine-chaff-2",
    "cherry-chaff-1",
    "cherry-chaff-2",
    "paulownia-chaff-2",
    "paulownia-chaff-3",
    *[f"{s}-chaff-{k}" for s in ("wisteria", "iris", "peony", "bushclover") for k in (1, 2)],
    *[f"{s}-chaff-{k}" for s in ("chrysanthemum", "maple") for k in (1, 2)],
]


def test_toppa_exchange_of_cards(client):
    page = round_page(
        client, "toppa", ["A", "B"], {"dealer": 0, "players": [{"captured": EXCHANGE_A}, {}]}
    )
    assert why(page) == (
        "A's yaku beat B's by 100: B hands over cards worth 100, which leaves A 95 over 120, "
        "and B pays that."
    )
    changes = re.search(r'<ul class="changes">(.*?)</ul>', page, re.S)
    assert changes and text(changes.group(1)) == "A +95 B -95"


def test_toppa_equal_yaku(client):
    # Boar-deer-butterfly off. A: pine, plum, cherry, susuki, willow, paulownia whole: five
    # brights 60, poetry ribbons 20, seven ribbons 20 (4 ribbons + 3 other willow, R6); 11
    # chaff (no yaku): 100; card points 25 + 15 + 25 + 30 + 35 + 20 = 150. B: the other six
    # months: blue ribbons 20, 12 chaff 20, three rows 60: 100; 90 card points. Equal yaku:
    # no exchange, A scores 150 - 120 = 30 (RULES 4.5).
    page = round_page(
        client,
        "toppa",
        ["A", "B"],
        {
            "dealer": 0,
            "players": [
                {"captured": suit("pine", "plum", "cherry", "susuki", "willow", "paulownia")},
                {},
            ],
        },
        {"boar_deer_butterfly": False},
    )
    assert why(page) == (
        "Equal yaku (100 each), no exchange: A has 150 card points, 30 over 120, and B pays that."
    )


def test_baka_low_man_out_and_thirds(client):
    # RULES 8, Baka: card points 115 / 15 / 110; yaku 80 / 20 / 180, average 280/3 = 93⅓;
    # B is Low Man Out.
    page = round_page(
        client,
        "baka",
        ["A", "B", "C"],
        {
            "dealer": 0,
            "players": [{"captured": EXAMPLE_A}, {"captured": EXAMPLE_BAKA_B}, {}],
        },
    )
    line = why(page)
    assert "Low Man Out: B (15 card points), paid 40 by each other player" in line
    assert "yaku A 80, B 20, C 180, each against their average 93⅓" in line
    assert "card points A 115, B 15, C 110, each against 80" in line
    changes = re.search(r'<ul class="changes">(.*?)</ul>', page, re.S)
    assert changes and text(changes.group(1)) == "A -18⅓ B -58⅓ C +76⅔"


OTOROKU = {
    "dealer": 0,
    "wager": 10,
    "players": [
        {"cards": ["maple-deer", "wisteria-ribbon"]},  # 10 + 4 = 14
        {"cards": ["bushclover-boar", "susuki-geese"]},  # 7 + 8 = 15
        {"cards": ["peony-butterflies", "maple-ribbon"]},  # June + October: otoroku
    ],
}


def test_otoroku_everyone(client):
    # RULES 8, Otoroku, method everyone: P3 takes the pot of 30.
    page = round_page(
        client, "otoroku", ["P1", "P2", "P3"], OTOROKU, {"method": "everyone", "wager": 10}
    )
    line = why(page)
    assert line.startswith("P3 has the strongest hand, Otoroku")
    assert line.endswith("takes the pot of 30.")


def test_otoroku_banker(client):
    # RULES 8, Otoroku, method banker: P2's 15 and P3's otoroku each beat the dealer's 14.
    page = round_page(
        client, "otoroku", ["P1", "P2", "P3"], OTOROKU, {"method": "banker", "wager": 10}
    )
    line = why(page)
    assert line.startswith("Against the dealer P1's 14: P2 with 15 wins 10, P3 with Otoroku")
    assert line.endswith("wins 10.")


def test_tokan_pot_that_runs_short(client):
    # Four players, stake 22: the pot holds 88. A (12) and C (12) beat their neighbours B (2)
    # and Dai (2) by 10: +6 and +5 achieved, 11 each; B and Dai claim less: B -6 and -5,
    # achieved (11), Dai -1 and -1, achieved (2). 35 taken: 53 left. A, B and C tie at +11
    # and share 53: 17 each, 2 stay; Dai (+2) takes nothing back.
    page = round_page(
        client,
        "tokan",
        ["A", "B", "C", "Dai"],
        {
            "players": [
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -6, "right": -5},
                {"dice": [6, 6], "left": 6, "right": 5},
                {"dice": [1, 1], "left": -1, "right": -1},
            ]
        },
    )
    line = why(page)
    assert line.startswith("The pot held 88 with the stakes and 53 after the predictions")
    assert "ran short" in line
    assert "Dai took back 0 of 22" in line
    assert "A took back 17 of 22" in line
    assert line.endswith("2 carries over to the next tour.")


def test_tokan_pot_that_suffices(client):
    # A 8 claims +3 on B (5): achieved, takes 3; -2 on C (12): d = -4, achieved, takes 2.
    # B 5 claims 0 on C: missed by 7, pays 7; +1 on A: d = -3, pays 4. C 12 claims +5 on A:
    # d = 4, pays 1; +5 on B: d = 7, takes 5. Pot 66 + 12 - 10 = 68; 66 back, 2 carried.
    page = round_page(
        client,
        "tokan",
        ["A", "B", "C"],
        {
            "players": [
                {"dice": [3, 5], "left": 3, "right": -2},
                {"dice": [2, 3], "left": 0, "right": 1},
                {"dice": [6, 6], "left": 5, "right": 5},
            ]
        },
    )
    assert why(page) == (
        "The pot held 66 with the stakes and 68 after the predictions: everybody took back "
        "their stake, and 2 carries over to the next tour."
    )


def test_tokotoko_winning_triple(client):
    # RULES 8, Tokotoko: P2's best triple is pine + pine + wisteria = 1 + 1 + 4 = 6.
    page = round_page(
        client,
        "tokotoko",
        ["P1", "P2"],
        {
            "stake": 5,
            "field": ["pine-chaff-2", "maple-deer"],
            "players": [
                {"hand": ["plum-ribbon", "chrysanthemum-chaff-1"]},
                {"hand": ["pine-chaff-1", "wisteria-ribbon"]},
            ],
        },
    )
    line = why(page)
    assert line.startswith("P2 takes the pot of 10 with ")
    assert sorted(re.findall(r"(Pine|Wisteria) (\d)", line)) == [
        ("Pine", "1"),
        ("Pine", "1"),
        ("Wisteria", "4"),
    ]
    assert "= 6, value 6, the highest" in line


def yaku_lists(page: str) -> list[str]:
    return re.findall(r'<ul class="yaku">(.*?)</ul>', page, re.S)


def test_plain_cards_of_a_yaku_are_one_tile_with_a_count(client):
    # RULES 8, Toppa: B's chaff yaku holds 20 chaff (the lightning is A's): one tile.
    page = round_page(
        client, "toppa", ["A", "B"], {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]}
    )
    lists = " ".join(text(y) for y in yaku_lists(page))
    assert "Chaff × 20" in lists
    assert "Wisteria: Chaff × 2" in lists  # the wisteria row: cuckoo, ribbon, two chaff
    assert not re.search(r"Chaff \d", lists), "a plain card of a yaku got a tile of its own"
    assert page.count('data-count="20"') == 1
    # The captured pile still lists every card.
    assert "Pine: Chaff 2" in text(page)


def test_japanese_why_line_and_tiles(client):
    sid = session(client, "toppa", ["A", "B"])
    enter(client, sid, {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]})
    page = client.get(f"/t/{sid}/rounds/1", headers={"Accept-Language": "ja"}).get_data(
        as_text=True
    )
    line = why(page)
    assert "交換できません" in line and "255" in line
    assert "カス × 20" in text(page)


def test_the_buttons_come_right_after_the_why_line(client):
    page = round_page(
        client, "toppa", ["A", "B"], {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]}
    )
    why_at = page.index('class="why-line"')
    actions = page.index('class="round-actions"')
    assert why_at < actions < page.index('<ul class="players">')
    block = page[actions : page.index('<ul class="players">')]
    assert ">Next round</a>" in block
    assert 'aria-label="Correct this round">Correct</a>' in block
    # Delete still asks first: its button opens the question, whose button deletes.
    assert ">Delete</summary>" in block and ">Yes, delete round 1</button>" in block
    assert "<details" in block


def test_after_a_correction_the_page_leads_on_too(client):
    sid = session(client, "toppa", ["A", "B"])
    enter(client, sid, {"dealer": 0, "players": [{"captured": EXAMPLE_A}, {}]})
    r = client.put(
        f"/api/v1/sessions/{sid}/rounds/1",
        json={"dealer": 0, "players": [{"captured": EXCHANGE_A}, {}]},
    )
    assert r.status_code == 200
    page = client.get(f"/t/{sid}/rounds/1").get_data(as_text=True)
    assert why(page).startswith("A's yaku beat B's by 100")
    assert 'class="round-actions"' in page


def test_a_round_without_its_pile_halves(client):
    """Every month whole in one pile: no chaff tile of a count below 2 is drawn with ×."""
    page = round_page(
        client,
        "toppa",
        ["A", "B"],
        {"dealer": 0, "players": [{"captured": suit("wisteria", "iris")}, {}]},
    )
    lists = " ".join(text(y) for y in yaku_lists(page))
    assert "Wisteria: Chaff × 2" in lists and "Iris: Chaff × 2" in lists


def scored(app, client, game, body):
    """A stateless score (the check page's and the API's result, the same shape as a stored
    round's) and its why-line in English."""
    from scorekeeper.games import why_line

    resp = client.post(f"/api/v1/score/{game}", json=body)
    assert resp.status_code == 200, resp.get_json()
    with app.test_request_context():
        return str(why_line(resp.get_json()))


BAKA_EXAMPLE = [{"name": "A", "captured": EXAMPLE_A}, {"name": "B", "captured": EXAMPLE_BAKA_B}]


def test_baka_pairwise_and_forfeited_cards(app, client):
    # RULES 4.6 options on RULES 8's Baka deal.
    line = scored(
        app,
        client,
        "baka",
        {
            "dealer": 0,
            "rules": {"yaku_settlement": "pairwise"},
            "players": [*BAKA_EXAMPLE, {"name": "C"}],
        },
    )
    assert "yaku A 80, B 20, C 180, each paid by every other player" in line
    line = scored(
        app,
        client,
        "baka",
        {
            "dealer": 0,
            "rules": {"low_man_out_forfeits_cards": True},
            "players": [*BAKA_EXAMPLE, {"name": "C"}],
        },
    )
    assert line.endswith("card points do not count this round (Low Man Out).")


def test_otoroku_void_round(app, client):
    # RULES 5.6: every hand over its limit (15; the last player 16), each bust only by its
    # last card (R13): 10 + 4 + 5 = 19, 9 + 8 = 17, and the last player's 10 + 7 = 17.
    line = scored(
        app,
        client,
        "otoroku",
        {
            "method": "everyone",
            "dealer": 0,
            "wager": 10,
            "players": [
                {"name": "P1", "cards": ["wisteria-ribbon", "iris-bridge", "maple-deer"]},
                {"name": "P2", "cards": ["chrysanthemum-cup", "susuki-geese"]},
                {"name": "P3", "cards": ["maple-ribbon", "bushclover-boar"]},
            ],
        },
    )
    assert line.startswith("Every hand is buta: the round is void")


def test_tokotoko_everybody_ties(app, client):
    # Field pine (1) + cherry (3); both hands wisteria (4) + willow (2): best 4 + 2 + 3 = 9.
    line = scored(
        app,
        client,
        "tokotoko",
        {
            "stake": 5,
            "field": ["pine-chaff-1", "cherry-chaff-1"],
            "players": [
                {"name": "P1", "hand": ["wisteria-chaff-1", "willow-ribbon"]},
                {"name": "P2", "hand": ["wisteria-chaff-2", "willow-swallow"]},
            ],
        },
    )
    assert line == "Everybody ties at 9: every stake goes back."


def test_an_odd_stored_result_gets_no_why_line_rather_than_an_error():
    # A line that cannot be read from a result (an old or damaged one) is left out; the
    # detail below it still explains the round. Otoroku's banker line looked for a dealer
    # with next(), whose StopIteration went through.
    from scorekeeper.games import why_line

    banker_without_dealer = {
        "game": "otoroku",
        "method": "banker",
        "players": [{"name": "A", "delta": "0", "role": "bettor"}],
    }
    assert why_line(banker_without_dealer) is None
    assert why_line({"game": "toppa", "players": [{"name": "A"}]}) is None
    assert why_line({"game": "no such game", "players": [{"name": "A"}]}) is None
